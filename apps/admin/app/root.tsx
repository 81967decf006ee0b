import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { createAdminApi } from "./lib/api.server";
import { apiContext, cspNonceContext } from "./lib/context.server";
import { clearCookie, FLASH_COOKIE, readCookie, SESSION_COOKIE } from "./lib/cookies.server";
import { crossSiteMiddleware } from "./lib/cross-site.server";

/** server.mjs writes the socket's (or a trusted proxy's) client address into this header, over anything sent. */
const CLIENT_ADDRESS_HEADER = "x-quire-client-address";

/** One API client per request, as the member of staff whose session cookie came with it (or as nobody). */
const apiMiddleware: Route.MiddlewareFunction = ({ request, context }) => {
  context.set(
    apiContext,
    createAdminApi({
      token: readCookie(request, SESSION_COOKIE) ?? undefined,
      clientAddress: request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined,
      requestId: request.headers.get("x-request-id") ?? undefined,
      signal: request.signal,
    }),
  );
};

/**
 * Every answer of the back office is personal: never stored by a browser's or proxy's cache, unless its route says
 * otherwise (the shop's public pictures, named by their content). The cross-site check comes first: a refused
 * request runs nothing else and sets no cookie.
 */
const noStoreMiddleware: Route.MiddlewareFunction = async (_args, next) => {
  const response = (await next()) as Response;
  if (!response.headers.get("Cache-Control")?.startsWith("public")) response.headers.set("Cache-Control", "private, no-store");
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [crossSiteMiddleware, noStoreMiddleware, apiMiddleware];

/** The message a form left for this page, shown once: the cookie is cleared as it is read. */
export function loader({ request, context }: Route.LoaderArgs) {
  const flash = readCookie(request, FLASH_COOKIE);
  const nonce = context.get(cspNonceContext);
  return data({ flash, nonce }, flash ? { headers: { "Set-Cookie": clearCookie(request, FLASH_COOKIE) } } : undefined);
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404
      ? "There is nothing at this address."
      : status === 403
        ? "Your role does not allow this. An owner can change your role under Staff."
        : status === 503
          ? "The shop's API cannot be reached. Try again in a moment."
          : "Something went wrong on our side. Try again; if it keeps happening, the server's log has the details.";
  return (
    <main className="mx-auto max-w-xl p-8">
      <title>{`Error ${status} · Quire back office`}</title>
      <h1 className="text-2xl font-semibold">{status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Something went wrong"}</h1>
      <p className="mt-3">{message}</p>
      <p className="mt-6">
        <a href="/">Back to the back office</a>
      </p>
    </main>
  );
}
