/**
 * What the storefront's request log (lib/log.server.ts) may carry. A log is read by more people, and kept
 * longer, than the data it mentions: it never holds a sign-in, reset or invite token, an anonymous cart id,
 * a cookie or an Authorization header, and no personal data such as an email address or a search.
 */

import { TOKEN_PATHS } from "./token-paths.server";

const REDACTED = "[redacted]";

/** Query parameter names whose value is a secret or an identifier, whatever it looks like. */
const SECRET_NAME = /(?:id|ids)$|token|secret|password|passcode|key|session|signature|auth|code$|email/i;

/** Values that look like an identifier or a secret under any name: UUIDs, JWTs, long random strings, emails. */
const SECRET_VALUES = [
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^[\w-]+\.[\w-]+\.[\w-]+$/,
  /^(?=.*\d)(?=.*[A-Za-z])[\w+/=-]{20,}$/,
  /@/,
];

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * The search box's text (the search page's and the suggestions' `q`): what a shopper typed may be a name or
 * a health condition, so the log says a search ran, not what it was for. The API's log hides it too.
 */
const SEARCH_TEXT_NAME = /^q$/i;

function isSecretParam(name: string, value: string): boolean {
  return SECRET_NAME.test(name) || SEARCH_TEXT_NAME.test(name) || SECRET_VALUES.some((pattern) => pattern.test(value));
}

/**
 * The URL as the request log shows it: tokens in emailed-link paths and secret or id-like query values
 * replaced by "[redacted]"; everything else as the client sent it, so a line still says what was asked.
 */
export function redactUrlForLog(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const redactedPath = path.replace(TOKEN_PATHS, (_whole, prefix: string, data: string | undefined) => `${prefix}${REDACTED}${data ?? ""}`);
  if (queryStart === -1) return redactedPath;

  const query = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      return isSecretParam(decoded(name), decoded(pair.slice(equals + 1))) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${redactedPath}?${query}`;
}
