import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import stylesheetHref from "~/app.css?url";
import { Container } from "~/components/ui/container";
import { ErrorPage } from "~/components/ui/error-page";
import type { ErrorPageTexts } from "~/components/ui/error-page-texts";
import { Logo } from "~/components/ui/logo";
import { FALLBACK_STORE_NAME } from "~/lib/store-name";

/**
 * The answer of a middleware that refuses a request before any route runs (a form from another site, a body
 * too large or not a form): the shop's error page for a browser, a line of text for anything else. Rendered
 * here rather than by the root ErrorBoundary because a resource route has no boundary to render, and because
 * nothing of the refused request (its session, its basket) is read to render it. Never cached.
 */
export function refusalResponse(request: Request, texts: ErrorPageTexts): Response {
  const url = new URL(request.url);
  const wantsPage =
    !url.pathname.endsWith(".data") &&
    (request.headers.get("sec-fetch-dest") === "document" || (request.headers.get("accept") ?? "").includes("text/html"));
  const body = wantsPage
    ? `<!DOCTYPE html>${renderToStaticMarkup(<RefusalPage path={url.pathname} texts={texts} />)}`
    : `${texts.title}.\n`;
  return new Response(body, {
    status: texts.status,
    headers: {
      "Cache-Control": "no-store",
      "Content-Type": wantsPage ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
    },
  });
}

/** The error page with the logo, the site's stylesheet and no script: nothing to hydrate, nothing to allow. */
function RefusalPage({ path, texts }: { path: string; texts: ErrorPageTexts }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${texts.title} | ${FALLBACK_STORE_NAME}`}</title>
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
              <ErrorPage texts={texts} />
            </main>
          </div>
        </StaticRouter>
      </body>
    </html>
  );
}
