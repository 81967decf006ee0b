/*
 * The HTML part of every mail, made from its text: the shop's name on top, the text's paragraphs in the
 * storefront's paper, ink and accent colours, each link clickable, and the mail's one action (its `actionUrl`,
 * the line that says what it is just above it) as a button. The text part stays the message as written, so the
 * two say the same thing; a mail reader without HTML shows the text.
 *
 * Mail clients read only a narrow part of HTML and CSS: one centred table, inline styles, no web fonts, no
 * scripts, no images.
 */

const COLOURS = { paper: "#fbf8f3", surface: "#ffffff", ink: "#1f1a15", muted: "#5e554b", accent: "#8e3b24", line: "#e2dacd" };
const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A line of text as HTML: escaped, its addresses made links. */
function lineHtml(line: string): string {
  let html = "";
  let last = 0;
  for (const match of line.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(/[.,;:!?)]+$/, "");
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:${COLOURS.accent};word-break:break-all">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

function buttonHtml(label: string, url: string): string {
  return (
    `<p style="margin:24px 0 16px"><a href="${escapeHtml(url)}" style="display:inline-block;background:${COLOURS.accent};font-family:${SANS};` +
    `color:#ffffff;font-weight:600;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(label)}</a></p>`
  );
}

/**
 * The paragraphs of a text body (blank lines between them), with the action's address, alone on its line, drawn
 * as a button named by the line that leads to it ("See your order at any time:"), just above it or ending the
 * paragraph before; "Open" when no line does.
 */
function bodyHtml(textBody: string, actionUrl: string | null): string {
  const paragraph = `margin:0 0 16px;font-family:${SANS};font-size:16px;line-height:1.5;color:${COLOURS.ink}`;
  const blocks = textBody.split(/\n{2,}/).map((block) => block.split("\n"));
  let label = "Open";
  const block = actionUrl ? blocks.findIndex((lines) => lines.some((line) => line.trim() === actionUrl)) : -1;
  if (block !== -1) {
    const at = blocks[block]!.findIndex((line) => line.trim() === actionUrl);
    const leading = at > 0 ? blocks[block]! : block > 0 && at === 0 ? blocks[block - 1]! : null;
    const leadLine = leading ? (at > 0 ? at - 1 : leading.length - 1) : -1;
    if (leading && leadLine >= 0 && leading[leadLine]!.trim().endsWith(":")) {
      label = leading[leadLine]!.trim().slice(0, -1);
      leading.splice(leadLine, 1);
    }
  }
  return blocks
    .map((lines) => {
      const at = actionUrl ? lines.findIndex((line) => line.trim() === actionUrl) : -1;
      const text = (part: string[]) => (part.length ? `<p style="${paragraph}">${part.map(lineHtml).join("<br>")}</p>` : "");
      if (at === -1 || !actionUrl) return text(lines);
      return text(lines.slice(0, at)) + buttonHtml(label, actionUrl) + text(lines.slice(at + 1));
    })
    .join("\n");
}

/** The shop's name as a mail's sender shows it: the display name of MAIL_FROM ("Quire Books <shop@…>"). */
export function senderName(from: string): string | null {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1]?.trim();
  return name ? name : null;
}

/** The HTML part of a mail: its subject as the title, the shop's name on top, its text's paragraphs and action. */
export function renderMailHtml(message: { subject: string; textBody: string; actionUrl: string | null }, shopName: string | null): string {
  const header = shopName
    ? `<tr><td style="padding:0 0 16px;font-family:${SERIF};font-size:22px;font-weight:600;color:${COLOURS.ink}">${escapeHtml(shopName)}</td></tr>`
    : "";
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(message.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLOURS.paper}">`,
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:${COLOURS.paper}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px">`,
    header,
    `<tr><td style="background:${COLOURS.surface};border:1px solid ${COLOURS.line};border-radius:8px;padding:24px">`,
    bodyHtml(message.textBody, message.actionUrl),
    "</td></tr>",
    shopName
      ? `<tr><td style="padding:16px 0 0;font-family:${SANS};font-size:13px;color:${COLOURS.muted}">${escapeHtml(shopName)}</td></tr>`
      : "",
    "</table></td></tr></table></body></html>",
  ].join("\n");
}
