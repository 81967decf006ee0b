// The local mail catcher `npm start` and `npm run dev` run when no SMTP_URL is set (docs/decisions/015):
// MailDev, an SMTP server that keeps every message and shows it in a web inbox, so a sign-up or reset link
// is one click away instead of a line among the API's JSON logs. This module only decides; start.mjs runs it.

const DEFAULT_SMTP_PORT = 1025;
const DEFAULT_WEB_PORT = 1080;
// Past this many messages MailDev drops the oldest (and their files), so a long-lived .data/mail stays small
// and quick to load at start-up.
const KEPT_MESSAGES = 1000;

/**
 * @typedef {object} MailCatcherPlan
 * @property {number} smtpPort
 * @property {number} webPort
 * @property {string} smtpUrl  what the API's SMTP_URL becomes
 * @property {string} inboxUrl the web inbox, as printed
 * @property {string} healthUrl answers 200 once MailDev is serving
 * @property {string} emailsUrl MailDev's REST list of received messages
 * @property {string[]} args   MailDev's command-line arguments
 */

/**
 * Whether to run the catcher and how, from the environment `npm start` was given. Null when SMTP_URL names a
 * real server or MAIL_CATCHER=off; throws on a value it cannot use, so a typo stops start-up with its name.
 * @param {Record<string, string | undefined>} env
 * @param {{ mailDirectory: string }} options where received messages are kept (under DATA_DIR)
 * @returns {MailCatcherPlan | null}
 */
export function planMailCatcher(env, { mailDirectory }) {
  const mode = (env.MAIL_CATCHER ?? "").trim().toLowerCase();
  if (!["", "on", "off"].includes(mode)) throw new Error(`MAIL_CATCHER must be "on" or "off", not "${env.MAIL_CATCHER}"`);
  if (env.SMTP_URL || mode === "off") return null;

  const smtpPort = portFrom(env, "MAIL_CATCHER_PORT", DEFAULT_SMTP_PORT);
  const webPort = portFrom(env, "MAIL_CATCHER_WEB_PORT", DEFAULT_WEB_PORT);
  if (smtpPort === webPort) throw new Error(`MAIL_CATCHER_PORT and MAIL_CATCHER_WEB_PORT must differ (both are ${smtpPort})`);

  // Loopback only: the inbox holds working sign-up and password-reset links, which nobody else on the
  // network should be able to read.
  const host = "127.0.0.1";
  const webUrl = `http://${host}:${webPort}`;
  return {
    smtpPort,
    webPort,
    smtpUrl: `smtp://${host}:${smtpPort}`,
    inboxUrl: `http://localhost:${webPort}`,
    healthUrl: `${webUrl}/api/healthz`,
    emailsUrl: `${webUrl}/api/email`,
    args: [
      "--smtp",
      String(smtpPort),
      "--ip",
      host,
      "--web",
      String(webPort),
      "--web-ip",
      host,
      "--mail-directory",
      mailDirectory,
      "--max-emails",
      String(KEPT_MESSAGES),
    ],
  };
}

/**
 * A TCP port from `name`, or `fallback` when unset; anything but a whole number from 1 to 65535 throws.
 * @param {Record<string, string | undefined>} env
 * @param {string} name
 * @param {number} fallback
 */
function portFrom(env, name, fallback) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) throw new Error(`${name} must be a port number from 1 to 65535, not "${raw}"`);
  return port;
}
