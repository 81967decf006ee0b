import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter, type MiddlewareFunction } from "react-router";
import stylesheetHref from "~/app.css?url";
import { t } from "~/features/i18n/translate";
import { ErrorPage } from "~/features/layout/error-page";
import { Logo } from "~/features/layout/logo";
import { FALLBACK_STORE_NAME } from "~/features/layout/root-data";
import { Container } from "~/components/ui/container";
import { judgeCrossSite } from "./cross-site";
import { redactUrlForLog } from "./request-log.server";

/**
 * The one cross-site check (lib/cross-site.ts) for every request that may change something. It is the root
 * route's first middleware, so it runs before any other middleware, action or loader of every route, page
 * and resource route alike (a route added later included), under `npm start` and `npm run dev` both.
 * React Router's own origin check covers page routes only and answers a bare 400, so it is switched off
 * (react-router.config.ts) in favour of this one.
 *
 * A refused request runs nothing and sets no cookie: the middleware answers before the rest of the
 * pipeline (the flash, viewer and session middlewares that may write cookies) ever runs. A browser gets the
 * error page, rendered here rather than by the root ErrorBoundary because a resource route has no boundary
 * to render; anything else gets a line of text.
 */
export const crossSiteMiddleware: MiddlewareFunction<Response> = ({ request }) => {
  const verdict = judgeCrossSite(request);
  if (verdict.allowed) return;
  console.warn(`refused a cross-site ${request.method} ${redactUrlForLog(new URL(request.url).pathname)}: ${verdict.reason.slice(0, 200)}`);
  return refusedResponse(request);
};

function refusedResponse(request: Request): Response {
  const wantsPage =
    !new URL(request.url).pathname.endsWith(".data") &&
    (request.headers.get("sec-fetch-dest") === "document" || (request.headers.get("accept") ?? "").includes("text/html"));
  const headers = { "Cache-Control": "no-store", "Content-Type": wantsPage ? "text/html; charset=utf-8" : "text/plain; charset=utf-8" };
  const body = wantsPage
    ? `<!DOCTYPE html>${renderToStaticMarkup(<RefusedPage path={new URL(request.url).pathname} />)}`
    : `${t("error.cross_site_title")}.\n`;
  return new Response(body, { status: 403, statusText: "Forbidden", headers });
}

/** The error page with the logo, the site's stylesheet and no script: nothing to hydrate, nothing to allow. */
function RefusedPage({ path }: { path: string }) {
  const title = t("error.cross_site_title");
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | ${FALLBACK_STORE_NAME}`}</title>
        <link rel="stylesheet" href={stylesheetHref} />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <StaticRouter location={path}>
          <div className="flex min-h-dvh flex-col">
            <header className="border-b border-line bg-paper">
              <Container className="flex h-16 items-center md:h-20">
                <Logo storeName={FALLBACK_STORE_NAME} />
              </Container>
            </header>
            <main className="flex-1">
              <ErrorPage
                texts={{
                  status: 403,
                  title,
                  description: t("error.cross_site_desc"),
                  actionLabel: t("error.cross_site_action"),
                  actionHref: "/store",
                }}
              />
            </main>
          </div>
        </StaticRouter>
      </body>
    </html>
  );
}
