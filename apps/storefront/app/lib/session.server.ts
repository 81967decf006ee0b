import { createCookie } from "react-router";

const secure = process.env.NODE_ENV === "production" && !process.env.ALLOW_INSECURE_COOKIES;

/**
 * The signed-in customer's access token, kept in a cookie. HttpOnly so page scripts
 * never see it; the storefront's server sends it to the API as `Authorization: Bearer`.
 */
export const tokenCookie = createCookie("quire_token", { path: "/", sameSite: "lax", httpOnly: true, secure, maxAge: 60 * 60 * 24 * 30 });

/**
 * The anonymous cart's id, in a cookie rather than local storage so that server rendering sees the cart
 * (docs/decisions/002). Removed once the cart is merged into a customer's on sign-in.
 */
export const anonymousCartCookie = createCookie("quire_cart", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure,
  maxAge: 60 * 60 * 24 * 90,
});

export interface Session {
  /** Bearer token of the signed-in customer; null for anonymous visitors. */
  token: string | null;
  /** The anonymous cart's id, while there is one. */
  anonymousCartId: string | null;
}

const TOKEN = /^[A-Za-z0-9._-]{20,4096}$/;
const ANONYMOUS_ID = /^[A-Za-z0-9_-]{22,128}$/;

/** Reads the session cookies; anything malformed counts as absent (hasUnreadableTokenCookie tells which). */
export async function readSession(request: Request): Promise<Session> {
  const header = request.headers.get("Cookie");
  const token: unknown = await tokenCookie.parse(header);
  const anonymousCartId: unknown = await anonymousCartCookie.parse(header);
  return {
    token: typeof token === "string" && TOKEN.test(token) ? token : null,
    anonymousCartId: typeof anonymousCartId === "string" && ANONYMOUS_ID.test(anonymousCartId) ? anonymousCartId : null,
  };
}

/**
 * Whether the request carries a quire_token cookie that holds no token (tampered, truncated or from an
 * older format). readSession counts it as absent; the cookie is then cleared so it stops being sent.
 */
export async function hasUnreadableTokenCookie(request: Request): Promise<boolean> {
  const value: unknown = await tokenCookie.parse(request.headers.get("Cookie"));
  // parse answers null when there is no such cookie, and "" or {} when it is empty or cannot be decoded.
  return value !== null && !(typeof value === "string" && TOKEN.test(value));
}

/**
 * When a token stops being valid, from its `exp` claim; null when it carries none or cannot be read. The
 * storefront never verifies the signature (the API does on every call): this only spares an API call, and
 * a sign-in page, for a token that has plainly run out (a token past its expiry is cleared).
 */
export function readTokenExpiry(token: string): Date | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (typeof claims !== "object" || claims === null || !("exp" in claims) || typeof claims.exp !== "number") return null;
    return Number.isFinite(claims.exp) ? new Date(claims.exp * 1000) : null;
  } catch {
    return null;
  }
}

/** Whether a token has run out at `now` (a token without a readable expiry is left to the API to judge). */
export function isTokenExpired(token: string, now = new Date()): boolean {
  const expiresAt = readTokenExpiry(token);
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/** Set-Cookie for a new sign-in: the cookie lives as long as the token does (at most the cookie's maxAge). */
export async function tokenCookieHeader(token: string, now = new Date()): Promise<string> {
  const expiresAt = readTokenExpiry(token);
  const seconds = expiresAt ? Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) : undefined;
  return tokenCookie.serialize(token, seconds === undefined ? {} : { maxAge: Math.min(seconds, 60 * 60 * 24 * 30) });
}

/** Set-Cookie that forgets the sign-in token. */
export function clearTokenCookieHeader(): Promise<string> {
  return tokenCookie.serialize("", { maxAge: 0 });
}

/**
 * The Set-Cookie values that sign the visitor out of the storefront (sign-out clears the
 * token and resets the cart): the token and the guest cart's id. Used alike by the sign-out button, a 401
 * from the API and a token found past its expiry, so every way out leaves the same state.
 */
export async function signedOutCookieHeaders(): Promise<string[]> {
  return [await clearTokenCookieHeader(), await clearAnonymousCartCookieHeader()];
}

/** Set-Cookie that forgets the anonymous cart (merged into the customer's, or reset at sign-out). */
export function clearAnonymousCartCookieHeader(): Promise<string> {
  return anonymousCartCookie.serialize("", { maxAge: 0 });
}
