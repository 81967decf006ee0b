import { randomBytes } from "node:crypto";
import { ViewerAnonymousIdSchema } from "@quire/contracts";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { sessionContext } from "~/lib/context.server";

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
 * For pages that record views (the product page): an anonymous visitor without a viewer id gets one, set
 * in a cookie on the way out. Signed-in customers' views belong to their account and need none.
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
