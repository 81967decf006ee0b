import { t as errorText } from "~/lib/i18n/messages/error";
import { t as mediaText } from "~/lib/i18n/messages/media-server";

/**
 * Book covers drawn as SVG from a slug, a title and an author, so the demo catalogue has a distinct,
 * decent-looking cover per product without shipping image files. The seed writes image URLs of the form
 * `/media/covers/<slug>.svg?t=<title>&a=<author>&p=<palette 0-11>`; the same query always draws the same
 * cover, which is what lets the route cache it for a year.
 */

export const COVER_WIDTH = 400;
export const COVER_HEIGHT = 600;

/** Longest accepted inputs, in characters; longer ones answer 400 rather than drawing a mess. */
export const COVER_LIMITS = { slug: 200, title: 200, author: 120, query: 1200 } as const;

interface Palette {
  background: string;
  ink: string;
}

/** Twelve background/ink pairs, each readable (ink on background well above 4.5:1). */
export const COVER_PALETTES: readonly Palette[] = [
  { background: "#1f2a44", ink: "#f3e9d2" }, // navy, cream
  { background: "#a8472a", ink: "#fbebd9" }, // terracotta, shell
  { background: "#23422f", ink: "#e8d9a8" }, // forest, straw
  { background: "#e0a526", ink: "#2b1d0e" }, // mustard, umber
  { background: "#4a2545", ink: "#f2c6c2" }, // plum, blush
  { background: "#0f5257", ink: "#f4d35e" }, // teal, sunflower
  { background: "#f2c6c2", ink: "#5b1f2b" }, // blush, claret
  { background: "#2e2e2e", ink: "#f08a5d" }, // charcoal, coral
  { background: "#a7bfa0", ink: "#1e3328" }, // sage, pine
  { background: "#6b1e23", ink: "#ebd5b3" }, // oxblood, parchment
  { background: "#bfd7ea", ink: "#0b3c5d" }, // sky, ink blue
  { background: "#f1e4c7", ink: "#7a2e1f" }, // linen, rust
];

const MOTIFS = ["rings", "stripes", "sun", "waves", "dots", "arches"] as const;
export type CoverMotif = (typeof MOTIFS)[number];

export interface CoverInput {
  slug: string;
  title: string;
  author: string;
  /** Index into COVER_PALETTES. */
  palette: number;
}

/** FNV-1a, 32 bit: a stable, well-spread hash so a slug always picks the same motif and palette. */
export function hashSlug(slug: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < slug.length; i += 1) {
    hash ^= slug.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function coverMotif(slug: string): CoverMotif {
  return MOTIFS[hashSlug(slug) % MOTIFS.length]!;
}

// Characters XML 1.0 forbids (C0 controls other than tab/newline/return, unpaired surrogates, U+FFFE/F):
// escaping cannot make them legal, so they are dropped.
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text made safe for XML character data and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(XML_FORBIDDEN, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Whitespace collapsed (newlines and tabs included) and trimmed, so input cannot break the layout. */
function tidy(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Greedy word wrap to at most `maxChars` characters per line and `maxLines` lines. Words longer than a
 * line are split; text that does not fit ends the last line with an ellipsis. Counts code points, so an
 * emoji or accented letter is never cut in half.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = tidy(text)
    .split(" ")
    .filter(Boolean)
    .flatMap((word) => {
      const chars = Array.from(word);
      if (chars.length <= maxChars) return [word];
      // A broken word gets a hyphen, so the break reads as one; the last piece may use the full line.
      const width = Math.max(1, maxChars - 1);
      const pieces: string[] = [];
      let rest = chars;
      while (rest.length > maxChars) {
        pieces.push(`${rest.slice(0, width).join("")}-`);
        rest = rest.slice(width);
      }
      pieces.push(rest.join(""));
      return pieces;
    });

  const lines: string[] = [];
  let current = "";
  let truncated = false;
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (Array.from(candidate).length <= maxChars) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      truncated = true;
      break;
    }
  }
  if (!truncated && current) lines.push(current);
  if (truncated) {
    const last = Array.from(lines[maxLines - 1]!);
    lines[maxLines - 1] = `${last
      .slice(0, Math.max(1, maxChars - 1))
      .join("")
      .trimEnd()}…`;
  }
  return lines;
}

/** Bigger type for short titles; each size fits about 320 px of line. */
function titleLayout(title: string): { size: number; maxChars: number; maxLines: number } {
  const length = Array.from(title).length;
  if (length <= 14) return { size: 54, maxChars: 11, maxLines: 3 };
  if (length <= 32) return { size: 44, maxChars: 13, maxLines: 4 };
  if (length <= 60) return { size: 36, maxChars: 16, maxLines: 5 };
  return { size: 30, maxChars: 20, maxLines: 6 };
}

function motifMarkup(motif: CoverMotif, ink: string, variation: number): string {
  const stroke = `stroke="${ink}" fill="none"`;
  switch (motif) {
    case "rings": {
      const cx = 120 + (variation % 160);
      return Array.from(
        { length: 6 },
        (_, i) => `<circle cx="${cx}" cy="440" r="${24 + i * 22}" ${stroke} stroke-width="3" opacity="${0.55 - i * 0.07}"/>`,
      ).join("");
    }
    case "stripes": {
      const tilt = 40 + (variation % 60);
      return Array.from(
        { length: 9 },
        (_, i) => `<line x1="${-60 + i * 60}" y1="520" x2="${-60 + i * 60 + tilt}" y2="340" ${stroke} stroke-width="14" opacity="0.22"/>`,
      ).join("");
    }
    case "sun": {
      const rays = Array.from({ length: 12 }, (_, i) => {
        const angle = (Math.PI * (i + 0.5)) / 12;
        const x1 = 200 + Math.cos(angle) * 92;
        const y1 = 470 - Math.sin(angle) * 92;
        const x2 = 200 + Math.cos(angle) * 150;
        const y2 = 470 - Math.sin(angle) * 150;
        return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" ${stroke} stroke-width="4" stroke-linecap="round" opacity="0.5"/>`;
      }).join("");
      return `<path d="M120 470 A80 80 0 0 1 280 470 Z" fill="${ink}" opacity="0.35"/>${rays}<line x1="40" y1="470" x2="360" y2="470" ${stroke} stroke-width="3" opacity="0.5"/>`;
    }
    case "waves": {
      const amplitude = 10 + (variation % 14);
      return Array.from({ length: 5 }, (_, i) => {
        const y = 380 + i * 30;
        return `<path d="M0 ${y} Q50 ${y - amplitude} 100 ${y} T200 ${y} T300 ${y} T400 ${y}" ${stroke} stroke-width="4" opacity="${0.5 - i * 0.06}"/>`;
      }).join("");
    }
    case "dots": {
      const offset = variation % 2;
      const dots: string[] = [];
      for (let row = 0; row < 5; row += 1) {
        for (let col = 0; col < 8; col += 1) {
          if ((row + col + offset) % 2 === 0)
            dots.push(`<circle cx="${60 + col * 40}" cy="${370 + row * 36}" r="7" fill="${ink}" opacity="0.4"/>`);
        }
      }
      return dots.join("");
    }
    case "arches": {
      const count = 3 + (variation % 2);
      return Array.from({ length: count }, (_, i) => {
        const half = 130 - i * 30;
        return `<path d="M${200 - half} 520 V${470 - half * 0.4} A${half} ${half} 0 0 1 ${200 + half} ${470 - half * 0.4} V520" ${stroke} stroke-width="4" opacity="${0.55 - i * 0.1}"/>`;
      }).join("");
    }
  }
}

/** The cover as a complete SVG document. Every piece of input text is escaped. */
export function renderCoverSvg(input: CoverInput): string {
  const palette = COVER_PALETTES[input.palette] ?? COVER_PALETTES[0]!;
  const hash = hashSlug(input.slug);
  const motif = coverMotif(input.slug);
  const title = tidy(input.title);
  const author = tidy(input.author);

  const layout = titleLayout(title);
  const titleLines = wrapText(title, layout.maxChars, layout.maxLines);
  const lineHeight = Math.round(layout.size * 1.12);
  const titleTop = 96 + layout.size;
  const titleMarkup = titleLines.map((line, i) => `<tspan x="200" y="${titleTop + i * lineHeight}">${escapeXml(line)}</tspan>`).join("");
  const ruleY = titleTop + (titleLines.length - 1) * lineHeight + 30;

  const authorLines = wrapText(author.toUpperCase(), 26, 2);
  const authorMarkup = authorLines
    .map((line, i) => `<tspan x="200" y="${560 - (authorLines.length - 1 - i) * 24}">${escapeXml(line)}</tspan>`)
    .join("");

  const label = author ? mediaText("media.cover.label", { title, author }) : title;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" role="img">`,
    `<title>${escapeXml(label)}</title>`,
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="${palette.background}"/>`,
    // A darker strip on the left reads as the hinge of a hardback.
    `<rect width="14" height="${COVER_HEIGHT}" fill="#000" opacity="0.12"/>`,
    // The motif stays inside the frame, whatever its shape.
    `<clipPath id="inside-frame"><rect x="29" y="29" width="${COVER_WIDTH - 58}" height="${COVER_HEIGHT - 58}"/></clipPath>`,
    `<g clip-path="url(#inside-frame)">${motifMarkup(motif, palette.ink, hash >>> 8)}</g>`,
    `<rect x="28" y="28" width="${COVER_WIDTH - 56}" height="${COVER_HEIGHT - 56}" fill="none" stroke="${palette.ink}" stroke-width="2" opacity="0.6"/>`,
    `<text fill="${palette.ink}" font-family="Georgia, 'Times New Roman', serif" font-size="${layout.size}" font-weight="600" text-anchor="middle">${titleMarkup}</text>`,
    `<line x1="170" y1="${ruleY}" x2="230" y2="${ruleY}" stroke="${palette.ink}" stroke-width="3"/>`,
    authorMarkup
      ? `<text fill="${palette.ink}" font-family="'Helvetica Neue', Arial, sans-serif" font-size="17" letter-spacing="3" text-anchor="middle">${authorMarkup}</text>`
      : "",
    `</svg>`,
  ].join("");
}

export type CoverRequest =
  { ok: true; cover: CoverInput } | { ok: false; status: 400 | 404; code: string; message: string; field?: string };

const COVER_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;
const PALETTE_PARAM = /^(?:[0-9]|1[01])$/;

/** "the-secret-garden" → "The Secret Garden": the title when the URL gives none. */
function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * Reads `<slug>.svg?t=&a=&p=`. A file name that is not a slug is not a cover (404); oversized or malformed
 * query values are refused (400) so nobody can make the server draw arbitrary amounts of text.
 */
export function parseCoverRequest(file: string, search: string): CoverRequest {
  const match = COVER_FILE.exec(file);
  if (!match || file.length > COVER_LIMITS.slug + 4) {
    return { ok: false, status: 404, code: "not_found", message: errorText("error.404_desc", { path: `/media/covers/${file}` }) };
  }
  const slug = match[1]!;
  if (search.length > COVER_LIMITS.query) {
    return {
      ok: false,
      status: 400,
      code: "cover_query_too_long",
      message: mediaText("media.cover.query_too_long", { max: COVER_LIMITS.query }),
    };
  }
  const params = new URLSearchParams(search);
  const title = params.get("t");
  const author = params.get("a") ?? "";
  const palette = params.get("p");

  if (title !== null && Array.from(title).length > COVER_LIMITS.title) {
    return {
      ok: false,
      status: 400,
      code: "cover_title_too_long",
      message: mediaText("media.cover.title_too_long", { max: COVER_LIMITS.title }),
      field: "t",
    };
  }
  if (Array.from(author).length > COVER_LIMITS.author) {
    return {
      ok: false,
      status: 400,
      code: "cover_author_too_long",
      message: mediaText("media.cover.author_too_long", { max: COVER_LIMITS.author }),
      field: "a",
    };
  }
  if (palette !== null && !PALETTE_PARAM.test(palette)) {
    return { ok: false, status: 400, code: "cover_palette_invalid", message: mediaText("media.cover.palette_invalid"), field: "p" };
  }
  return {
    ok: true,
    cover: {
      slug,
      title: title !== null && tidy(title) ? title : titleFromSlug(slug),
      author,
      palette: palette === null ? hashSlug(slug) % COVER_PALETTES.length : Number(palette),
    },
  };
}

/** The generated cover's URL, for a product the API gives no image for. Palette follows the slug. */
export function coverUrlFor(input: { slug: string; title: string; author: string }): string {
  const params = new URLSearchParams({ t: Array.from(input.title).slice(0, COVER_LIMITS.title).join("") });
  const author = Array.from(input.author).slice(0, COVER_LIMITS.author).join("");
  if (author) params.set("a", author);
  return `/media/covers/${input.slug}.svg?${params.toString()}`;
}
