// First: zod must be told not to compile parsers (CSP: no eval) before any route module builds a schema.
import "./lib/zod-config";
import { isRouteErrorResponse, Links, Meta, Outlet, redirect, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { preload } from "react-dom";
// The stylesheet is a React stylesheet resource (links below, with a precedence), not a side-effect import:
// React Router would put it after the page's module preloads, and a browser on HTTP/1.1 (six connections)
// fetched the one render-blocking file after a dozen scripts. React writes it ahead of them.
import stylesheet from "./app.css?url";
// The Latin files of the two fonts every page uses, as app.css declares them (cut by scripts/font-subsets.ts);
// other scripts' faces come from @fontsource, fetched only for text that needs them.
import frauncesLatin from "./fonts/fraunces-latin.woff2?url";
import interLatin from "./fonts/inter-latin.woff2?url";
import { ToastArea } from "./components/ui/toast";
import { IconSpriteContext, SHIPPED_ICON_SPRITE } from "./components/ui/icon";
import { getErrorPageTexts } from "./components/ui/error-page-texts";
import { ErrorPage } from "./components/ui/error-page";
import { pageTitle } from "./features/layout/meta";
import { useRootData } from "./features/layout/root-data";
import { ScrollToTop } from "./features/layout/scroll-to-top";
import { SiteShell } from "./features/layout/site-shell";
import { createApiClient } from "./lib/api.server";
import { crossSiteMiddleware } from "./lib/cross-site.server";
import { requestBodyMiddleware } from "./lib/request-body.server";
import { cacheControlMiddleware } from "./features/page-cache/cache-control.server";
import { publicPageContext } from "./features/page-cache/public-page.server";
import { clientAddressOf } from "./lib/client-address.server";
import { requestIdOf } from "./lib/request-id.server";
import { readSession } from "./lib/session.server";
import { apiContext, callerContext, preferencesContext, sessionContext } from "./lib/context.server";
import { flashMiddleware } from "./lib/flash.server";
import { viewerCookieMiddleware } from "./features/recently-viewed/viewer.server";
import { authMiddleware } from "~/features/auth/auth.server";
import { readPreferences, resolvePreferences } from "./lib/preferences.server";
import { getRedirectMap, getStoreSettings, normalisePath } from "./lib/shop-data.server";
import { ecommerceEventsMiddleware } from "./features/analytics/ecommerce.server";
import { BottomDock, CookieBanner } from "./features/consent/cookie-banner";
import { lazy, Suspense } from "react";
import { EditorPreviewGuard } from "./features/editor-preview/editor-preview";
import { ReloadOnNewVersion } from "./features/app-version/reload-on-new-version";
import { rootLoader } from "./features/layout/root-loader.server";

// The tag manager's loader is fetched only by shoppers who allowed analytics: most pages never load it.
const Analytics = lazy(() => import("./features/analytics/analytics"));

/**
 * A path that is not valid percent-encoding (`/store/%E0%A4%A`) names no page: it answers 400 (the request
 * itself is malformed, which a 404 would hide) before any code tries to decode it. A thrown Response is
 * the error page on a page route and this line of text on a resource route, which has no error page.
 */
const malformedUrlMiddleware: Route.MiddlewareFunction = ({ request }) => {
  try {
    decodeURIComponent(new URL(request.url).pathname);
  } catch {
    throw new Response("Bad Request: the address is not valid percent-encoding.\n", {
      status: 400,
      statusText: "Bad Request",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
};

/** Old URLs on the API's redirect list answer 301 before any route runs. */
const redirectMiddleware: Route.MiddlewareFunction = async ({ request }, next) => {
  const url = new URL(request.url);
  const target = (await getRedirectMap()).get(normalisePath(url.pathname));
  if (target) throw redirect(target, 301);
  return next();
};

/**
 * One API client per request, carrying the shopper's currency and country. A cookie naming a currency or
 * country the store no longer offers falls back to the store default, so the API never sees it.
 */
const apiMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const preferences = resolvePreferences(await getStoreSettings(), await readPreferences(request));
  const session = await readSession(request);
  context.set(preferencesContext, preferences);
  context.set(sessionContext, session);
  const caller = {
    currencyCode: preferences.currencyCode,
    countryCode: preferences.countryCode,
    clientAddress: clientAddressOf(request),
    requestId: requestIdOf(request),
    // A page (GET, HEAD) the API cannot serve answers the "back shortly" page; a form's action, a toast.
    page: request.method === "GET" || request.method === "HEAD",
    // A page that may be shared names what it shows by the keys of the API's answers it is made from (decision 064).
    surrogateKeys: context.get(publicPageContext)?.surrogateKeys,
  };
  context.set(callerContext, caller);
  context.set(apiContext, createApiClient({ ...caller, token: session.token ?? undefined, signal: request.signal }));
  return next();
};

/**
 * Resource routes that answer from their URL alone: the generated covers and blog pictures, the products' uploaded
 * images (passed on from the API, which routes/media-image.ts calls as nobody in particular), and the icon sprite.
 * A page shows a dozen covers, each a request of its own; the shop's context (the redirect list, the settings,
 * the session, the viewer cookie) would cost each two API calls and set nothing the picture uses, and a cookie it
 * set (a sign-in that expired, a flash cleared) would make the picture's answer uncacheable.
 */
const SELF_CONTAINED_ROUTES: ReadonlySet<string> = new Set([
  "media/covers/:file",
  "media/images/:file",
  "media/blog/:file",
  "icons/sprite.svg",
]);

/** `middleware`, skipped for the self-contained routes above (by their pattern, with or without a leading slash). */
function forShopRoutes(middleware: Route.MiddlewareFunction): Route.MiddlewareFunction {
  return (args, next) => (SELF_CONTAINED_ROUTES.has(args.pattern.replace(/^\//, "")) ? next() : middleware(args, next));
}

// The cross-site check comes first: a refused request must run nothing else and set no cookie. Then the
// body's: no action, nor anything that reads the session, runs for a body too large or not a form. Then the
// one that marks personal answers uncacheable, around everything that may set a cookie or render a basket.
export const middleware: Route.MiddlewareFunction[] = [
  crossSiteMiddleware,
  requestBodyMiddleware,
  cacheControlMiddleware,
  malformedUrlMiddleware,
  ...[redirectMiddleware, apiMiddleware, viewerCookieMiddleware, authMiddleware, flashMiddleware, ecommerceEventsMiddleware].map(
    forShopRoutes,
  ),
];

/** The root's data, every page's (features/layout/root-loader.server.ts); the layout's hooks read its type from there. */
export function loader(args: Route.LoaderArgs) {
  return rootLoader(args);
}

/**
 * The logo's little book as the tab icon (public/favicon.svg, and the .ico and PNGs made from it by
 * scripts/generate-icons.mjs) and the web app manifest. All served by the storefront itself.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", type: "image/svg+xml", href: "/favicon.svg" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function meta({ loaderData, error, location }: Route.MetaArgs) {
  const matches = [{ id: "root", loaderData }];
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    return [{ title: pageTitle(getErrorPageTexts(status, location.pathname).title, matches) }, { name: "robots", content: "noindex" }];
  }
  return [{ title: pageTitle(undefined, matches) }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRootData();
  // The fonts are fetched first, before the stylesheet, so text is drawn in its own font from the first paint
  // instead of swapping (and shifting the page) when the font arrives. As React font preloads, they are
  // written at the top of <head>.
  for (const font of [interLatin, frauncesLatin]) preload(font, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf8f3" />
        <Meta />
        <Links />
      </head>
      <body>
        <IconSpriteContext value={rootData?.iconSpriteUrl ?? SHIPPED_ICON_SPRITE}>
          {children}
          <BottomDock>
            <ScrollToTop />
            {rootData?.cookieBanner ? <CookieBanner markup={rootData.cookieBanner} /> : null}
          </BottomDock>
          <ToastArea flash={rootData?.flash ?? null} />
        </IconSpriteContext>
        <EditorPreviewGuard origin={rootData?.editorPreviewOrigin ?? null} />
        {rootData?.tagManagerScriptUrl ? (
          <Suspense fallback={null}>
            <Analytics scriptUrl={rootData.tagManagerScriptUrl} queued={rootData.queuedEcommerceEvents} />
          </Suspense>
        ) : null}
        {/* Restores the position on back/forward; new pages start at the top, or at their #hash. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The error page (docs/storefront-behaviour/errors-and-edge-cases.md), inside the site's chrome when the root data
 * loaded. A 404 says 'Page Not Found: {path}'; anything that is not a route error response is a 500.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <SiteShell data={useRootData()}>
      <ErrorPage texts={getErrorPageTexts(status, location.pathname)} />
      <ReloadOnNewVersion error={error} />
    </SiteShell>
  );
}
