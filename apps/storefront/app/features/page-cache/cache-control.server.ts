import type { MiddlewareFunction } from "react-router";
import { PRIVATE_NO_STORE } from "~/lib/cache-control.server";
import { getEnv } from "~/lib/env.server";
import { readSession } from "~/lib/session.server";
import {
  PUBLIC_CACHE_CONTROL,
  PUBLIC_PAGE_VARY,
  SURROGATE_KEY_HEADER,
  pageRequestOf,
  publicPageContext,
  publicPageKey,
  surrogateKeyHeaderOf,
  type PublicPage,
} from "./public-page.server";

/**
 * What kind of page an answer is: a document, or a page's data for a client-side navigation (a `.data` request, whose
 * address React Router has stripped of `.data` before any middleware sees it: its answer is a turbo-stream script).
 */
function pageKindOf(response: Response): "document" | "data" | null {
  const type = response.headers.get("Content-Type") ?? "";
  return type.startsWith("text/html") ? "document" : type.startsWith("text/x-script") ? "data" : null;
}

/**
 * Whether an answer must not be cached: it sets a cookie (a cache would hand that cookie, a sign-in or a
 * basket, to the next visitor), or it is a page for a shopper who is signed in or has a basket (their name,
 * their basket's count and their prices are on it). Files such as covers and icons keep the caching they ask for.
 */
export async function isPersonalAnswer(request: Request, response: Response): Promise<boolean> {
  if (response.headers.has("Set-Cookie")) return true;
  if (pageKindOf(response) === null) return false;
  const session = await readSession(request);
  return session.token !== null || session.anonymousCartId !== null;
}

/** `response` with these headers set; an answer whose headers are immutable (one passed on from fetch) is copied. */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

/**
 * How a page may be cached, decided once for every route and every way of rendering (documents, `.data`, resource
 * routes): the root's middleware sees each answer on its way out, whatever set its cookies (a flash, the session,
 * the basket, a preference).
 * - A page that may be shared (public-page.server.ts: no personal cookie, no secret in its address), answered 200
 *   without a cookie, is `public` for shared caches and names what it shows in `Surrogate-Key` (decision 064).
 * - Any answer that is personal (a cookie set, a sign-in, a basket) is `private, no-store`, as is every other page
 *   whose route did not say how it may be cached (an error page, a page's data, a page with analytics consent).
 * - Files (covers, icons, the sitemap) keep the caching they ask for.
 * - With PAGE_CACHE=off no page is shared, and one that is not personal keeps what its route gave it.
 *
 * The answer's kind is read from its type, not its address: React Router hands middleware a `.data` request's address
 * without `.data`.
 */
export const cacheControlMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // With no cache to keep them (PAGE_CACHE=off), no page is shared: every one is streamed as it renders.
  const sharing = getEnv().PAGE_CACHE !== "off";
  const publicPage: PublicPage | null =
    sharing && (await publicPageKey(pageRequestOf(request))) !== null ? { surrogateKeys: new Set() } : null;
  context.set(publicPageContext, publicPage);
  const response = await next();
  if (await isPersonalAnswer(request, response)) return withHeaders(response, { "Cache-Control": PRIVATE_NO_STORE });
  const kind = pageKindOf(response);
  // Without a cache (PAGE_CACHE=off) a page that is not personal is left as its route made it, as before decision 064.
  if (kind === null || response.headers.has("Cache-Control") || !sharing) return response;
  // Only documents are shared: a page's data is asked for by a browser that has the document already.
  const shared = publicPage !== null && kind === "document" && response.status === 200;
  const surrogateKeyHeader = shared ? surrogateKeyHeaderOf(publicPage.surrogateKeys) : null;
  if (surrogateKeyHeader === null) return withHeaders(response, { "Cache-Control": PRIVATE_NO_STORE });
  return withHeaders(response, {
    "Cache-Control": PUBLIC_CACHE_CONTROL,
    Vary: PUBLIC_PAGE_VARY,
    [SURROGATE_KEY_HEADER]: surrogateKeyHeader,
  });
};
