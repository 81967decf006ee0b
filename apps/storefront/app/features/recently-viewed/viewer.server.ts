import { randomBytes } from "node:crypto";
import { MergeViewedProductsBodySchema, ViewerAnonymousIdSchema } from "@quire/contracts";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { ApiRequestError, createApiClient } from "~/lib/api.server";
import { callerContext, sessionContext } from "~/lib/context.server";

const secure = process.env.NODE_ENV === "production" && !process.env.ALLOW_INSECURE_COOKIES;

/**
 * Who an anonymous visitor is for "recently viewed": a random id (144 bits) of this storefront's making,
 * kept in an HttpOnly cookie. It is not the cart's id: a visitor has a history before they have a cart, and
 * the cart id is a bearer secret that should travel in as few calls as possible.
 */
const viewerCookie = createCookie("quire_viewer", { path: "/", sameSite: "lax", httpOnly: true, secure, maxAge: 60 * 60 * 24 * 180 });

/** Whose history a call reads or writes: the signed-in customer (by token), or the anonymous viewer id. */
export interface Viewer {
  signedIn: boolean;
  anonymousId: string | null;
}

const viewerContext = createContext<Viewer | null>(null);

async function readViewerId(request: Request): Promise<string | null> {
  const value: unknown = await viewerCookie.parse(request.headers.get("Cookie"));
  const parsed = ViewerAnonymousIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * For the route that records views (routes/recently-viewed.ts): an anonymous visitor without a viewer id gets
 * one, set in a cookie on the way out. Signed-in customers' views belong to their account and need none.
 */
export const viewerMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const signedIn = context.get(sessionContext).token !== null;
  let anonymousId = await readViewerId(request);
  const created = !signedIn && anonymousId === null;
  if (created) anonymousId = randomBytes(18).toString("base64url");
  context.set(viewerContext, { signedIn, anonymousId });
  const response = await next();
  if (created && anonymousId) response.headers.append("Set-Cookie", await viewerCookie.serialize(anonymousId));
  return response;
};

/** This request's viewer: as the middleware settled it, else from the cookie (pages that only read history). */
export async function getViewer(context: Readonly<RouterContextProvider>, request: Request): Promise<Viewer> {
  const settled = context.get(viewerContext);
  if (settled) return settled;
  const signedIn = context.get(sessionContext).token !== null;
  return { signedIn, anonymousId: signedIn ? null : await readViewerId(request) };
}

/** The viewer cookie as the request brought it, for code that gets no request (storing a new sign-in). */
const viewerCookieContext = createContext<string | null>(null);

/** Root middleware: reads the viewer cookie once, so a sign-in can merge the history it names. */
export const viewerCookieMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(viewerCookieContext, await readViewerId(request));
  return next();
};

/**
 * On a new sign-in: moves the anonymous history named by the quire_viewer cookie into the customer's
 * (PUT /viewed-products/merge) and answers the Set-Cookie value that removes the cookie; none without one.
 * The id is removed, not kept for later anonymous browsing: it has done its work, and browsing after a
 * sign-out (perhaps by someone else at a shared computer) should not go on under an id once tied to this
 * customer; the next recorded view hands out a fresh one. A merge that fails never fails the
 * sign-in: it is logged and the cookie kept, so the next sign-in tries again.
 */
export async function mergeViewedHistory(context: Readonly<RouterContextProvider>, token: string): Promise<string[]> {
  const anonymousId = context.get(viewerCookieContext);
  if (!anonymousId) return [];
  try {
    const api = createApiClient({ ...context.get(callerContext), token });
    await api.call("mergeViewedProducts", { body: MergeViewedProductsBodySchema.parse({ anonymousId }) });
  } catch (error) {
    console.warn(
      "Could not merge recently viewed products; the visitor's id stays for later:",
      error instanceof Error ? error.message : error,
    );
    // A 400 or 404 would come again on every try; anything else (the API down, a 5xx, a refused token) may pass later.
    const hopeless = error instanceof ApiRequestError && (error.status === 400 || error.status === 404);
    if (!hopeless) return [];
  }
  return [await viewerCookie.serialize("", { maxAge: 0 })];
}
