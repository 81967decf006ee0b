import type { MiddlewareFunction } from "react-router";
import { readSession } from "./session.server";

/** What no shared cache (a CDN, a proxy) may keep, and the browser may not store either. */
export const PRIVATE_NO_STORE = "private, no-store";

/** A page rendered for the browser: a document, or its data for a client-side navigation (`.data`). */
function isPage(request: Request, response: Response): boolean {
  return new URL(request.url).pathname.endsWith(".data") || (response.headers.get("Content-Type") ?? "").startsWith("text/html");
}

/**
 * Whether an answer must not be cached: it sets a cookie (a cache would hand that cookie, a sign-in or a
 * basket, to the next visitor), or it is a page for a shopper who is signed in or has a basket (their name,
 * their basket's count and their prices are on it). Public pages of an anonymous shopper without a basket,
 * and files such as covers and icons, keep the caching they ask for.
 */
export async function isPersonalAnswer(request: Request, response: Response): Promise<boolean> {
  if (response.headers.has("Set-Cookie")) return true;
  if (!isPage(request, response)) return false;
  const session = await readSession(request);
  return session.token !== null || session.anonymousCartId !== null;
}

/**
 * The one place answers are marked personal (`Cache-Control: private, no-store`), for every route and every
 * way of rendering (documents, `.data`, resource routes): the root's middleware sees each answer on its way out,
 * whatever set its cookies (a flash, the session, the basket, a preference).
 */
export const cacheControlMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (!(await isPersonalAnswer(request, response))) return response;
  try {
    response.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return response;
  } catch {
    // An answer whose headers are immutable (one passed on from fetch) is copied with the header set.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return copy;
  }
};
