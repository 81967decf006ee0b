/*
 * The back office's three cookies, all HttpOnly, SameSite=Lax, on the whole path, and Secure over HTTPS (the
 * request's own protocol: a local demo runs over plain HTTP). None is signed: each holds either an opaque token
 * the API checks on every call (the session, the second-factor challenge) or a message the person's own browser
 * shows back to them (the flash), so a forged value gains nothing.
 */

/** The member of staff's session token (`qs_…`), as long as the API keeps the session (12 hours). */
export const SESSION_COOKIE = "quire_staff_session";
/** Between the password and the authenticator code: the API's five-minute challenge. */
export const CHALLENGE_COOKIE = "quire_staff_challenge";
/** A message for the next page after a form's redirect ("Order Q-1042 marked as shipped"). */
export const FLASH_COOKIE = "quire_staff_flash";

const SESSION_SECONDS = 12 * 60 * 60;
const CHALLENGE_SECONDS = 5 * 60;
const FLASH_SECONDS = 60;

/** A cookie's value from the Cookie header, or null. Values are URI-encoded when set. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

function setCookie(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export const sessionCookie = (request: Request, token: string, expiresAt: string) =>
  setCookie(
    request,
    SESSION_COOKIE,
    token,
    Math.max(0, Math.min(SESSION_SECONDS, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000))),
  );
export const challengeCookie = (request: Request, challenge: string) => setCookie(request, CHALLENGE_COOKIE, challenge, CHALLENGE_SECONDS);
export const flashCookie = (request: Request, message: string) => setCookie(request, FLASH_COOKIE, message.slice(0, 300), FLASH_SECONDS);
export const clearCookie = (request: Request, name: string) => setCookie(request, name, "", 0);
