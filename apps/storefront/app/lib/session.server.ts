import { createCookie } from "react-router";

const secure = process.env.NODE_ENV === "production" && !process.env.ALLOW_INSECURE_COOKIES;

/**
 * The signed-in customer's access token (spec section 9: cookies hold the token). HttpOnly so page scripts
 * never see it; the storefront's server sends it to the API as `Authorization: Bearer`.
 */
export const tokenCookie = createCookie("quire_token", { path: "/", sameSite: "lax", httpOnly: true, secure, maxAge: 60 * 60 * 24 * 30 });

/**
 * The anonymous cart's id. The spec keeps it in local storage; a cookie lets server rendering see the cart
 * (docs/decisions/002). Removed once the cart is merged into a customer's on sign-in.
 */
export const anonymousCartCookie = createCookie("quire_cart", { path: "/", sameSite: "lax", httpOnly: true, secure, maxAge: 60 * 60 * 24 * 90 });

export interface Session {
  /** Bearer token of the signed-in customer; null for anonymous visitors. */
  token: string | null;
  /** The anonymous cart's id, while there is one. */
  anonymousCartId: string | null;
}

const TOKEN = /^[A-Za-z0-9._-]{20,4096}$/;
const ANONYMOUS_ID = /^[A-Za-z0-9_-]{22,128}$/;

/** Reads the session cookies; anything malformed counts as absent. */
export async function readSession(request: Request): Promise<Session> {
  const header = request.headers.get("Cookie");
  const token: unknown = await tokenCookie.parse(header);
  const anonymousCartId: unknown = await anonymousCartCookie.parse(header);
  return {
    token: typeof token === "string" && TOKEN.test(token) ? token : null,
    anonymousCartId: typeof anonymousCartId === "string" && ANONYMOUS_ID.test(anonymousCartId) ? anonymousCartId : null,
  };
}
