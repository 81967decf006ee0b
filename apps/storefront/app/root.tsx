import { isRouteErrorResponse, Links, Meta, Outlet, redirect, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { createApiClient } from "./lib/api.server";
import { apiContext, preferencesContext } from "./lib/context.server";
import { readPreferences } from "./lib/preferences.server";
import { getCategoryTree, getMainMenu, getRedirectMap, getStoreSettings, normalisePath } from "./lib/shop-data.server";

/** Old URLs answer 301 before any route runs (spec section 2: redirect list loaded once). */
const redirectMiddleware: Route.MiddlewareFunction = async ({ request }, next) => {
  const url = new URL(request.url);
  const target = (await getRedirectMap()).get(normalisePath(url.pathname));
  if (target) throw redirect(target, 301);
  return next();
};

/** One API client per request, carrying the shopper's currency and country. */
const apiMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const preferences = await readPreferences(request);
  context.set(preferencesContext, preferences);
  context.set(apiContext, createApiClient(preferences));
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [redirectMiddleware, apiMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, categoryTree, menu] = await Promise.all([getStoreSettings(), getCategoryTree(), getMainMenu()]);
  const preferences = context.get(preferencesContext);
  const currencyCode =
    preferences.currencyCode && settings.currencyCodes.includes(preferences.currencyCode) ? preferences.currencyCode : settings.defaultCurrencyCode;
  const countryCode =
    preferences.countryCode && settings.countryCodes.includes(preferences.countryCode) ? preferences.countryCode : settings.defaultCountryCode;
  return { settings, categoryTree, menu, currencyCode, countryCode };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main>
      <h1>{status}</h1>
    </main>
  );
}

