import { parse as parseCookies } from "cookie";
import { SURROGATE_KEY_HEADER, surrogateKeys } from "@quire/contracts/constants";
import { createContext } from "react-router";
import { consentFromCookieHeader } from "~/features/consent/consent.server";
import { pathHoldsToken } from "~/lib/token-paths.server";
import { preferencesFromCookieHeader } from "~/lib/preferences.server";

/*
 * Which pages may be shared (decision 064): a page every shopper without a basket, a sign-in or other personal state
 * sees alike, which a cache (this process's memory, or Varnish in front of several) may keep and hand to the next
 * such shopper. The rule is written once, here: the app marks such pages `Cache-Control: public` and names what
 * they show (cache-control.server.ts); the page cache of server.mjs keys them by `publicPageKey`.
 */

/**
 * The cookies that make a page personal: a sign-in, a basket, a history of viewed products, a toast waiting to be
 * shown, analytics events waiting to be pushed, the receipt of a just-placed order. Present at all, readable or not,
 * they make the page the shopper's own.
 */
export const PERSONAL_COOKIES = ["quire_token", "quire_cart", "quire_viewer", "flash", "analytics_events", "quire_last_order"] as const;

/** The query parameters that carry a secret (a merchant's preview link): such a page is never shared. */
const SECRET_QUERY_PARAMETERS = ["preview"];

/**
 * How long a shared cache may keep a public page (`s-maxage`), and serve it stale while it fetches a new copy
 * (`stale-while-revalidate`). A change forgets the page at once through the API's change feed; these bound how long a
 * page lives when that feed is lost.
 */
export const PUBLIC_PAGE_SHARED_SECONDS = 300;
export const PUBLIC_PAGE_STALE_SECONDS = 30;
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_PAGE_SHARED_SECONDS}, stale-while-revalidate=${PUBLIC_PAGE_STALE_SECONDS}`;

/**
 * What a public page varies on besides its address: a cache that knows no better (a proxy between the shop and a
 * shopper) keys by the whole Cookie header, so it never hands a shopper with a basket a page kept for one without.
 */
export const PUBLIC_PAGE_VARY = "Cookie, Sec-Fetch-Dest";

/**
 * The longest Surrogate-Key header a public page may carry: Varnish keeps response headers under 8 KB. A page that
 * shows more (none of the shop's does) is not shared, rather than shared under a list that would miss some purges.
 */
export const SURROGATE_KEY_HEADER_MAX = 6000;

/** The parts of a request the rule reads: so server.mjs asks with Express's request, the app with the Fetch one. */
export interface PageRequest {
  method: string;
  url: string;
  cookie: string | null | undefined;
  secFetchDest: string | null | undefined;
}

/** The Fetch API request's parts the rule reads. */
export function pageRequestOf(request: Request): PageRequest {
  return {
    method: request.method,
    url: request.url,
    cookie: request.headers.get("Cookie"),
    secFetchDest: request.headers.get("Sec-Fetch-Dest"),
  };
}

/**
 * The key a public page is kept under, or null when the request's page is not public (not a GET of a document, a
 * personal cookie, a secret in the address, analytics consent). The key is the whole address (its origin too: the
 * canonical link and the structured data carry it), the currency and country chosen, the consent state and whether
 * the page is loaded into a frame (which hides the cookie banner): everything a public page varies on, nothing else.
 *
 * Analytics consent makes a page personal: a tracked shopper's page carries an event id of its own view.
 */
export async function publicPageKey(request: PageRequest): Promise<string | null> {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || pathHoldsToken(url.pathname)) return null;
  if (SECRET_QUERY_PARAMETERS.some((name) => url.searchParams.has(name))) return null;
  const cookies = request.cookie ? parseCookies(request.cookie) : {};
  if (PERSONAL_COOKIES.some((name) => cookies[name] !== undefined)) return null;
  const consent = await consentFromCookieHeader(request.cookie);
  if (consent?.analytics) return null;
  const { currencyCode = "", countryCode = "" } = await preferencesFromCookieHeader(request.cookie);
  const consentState = consent === null ? "none" : consent.marketing ? "marketing" : "refused";
  const frame = request.secFetchDest === "iframe" ? "frame" : "page";
  return [url.href, currencyCode, countryCode, consentState, frame].join("\n");
}

/** A page being made to be shared: where the API's answers name what it shows (api.server.ts collects them). */
export interface PublicPage {
  surrogateKeys: Set<string>;
}

/**
 * This request's page when it may be shared, else null: set by the root's middleware (cache-control.server.ts), read
 * by the API client's set-up, the root loader (no form key on a shared page) and the entry (the whole page at once).
 */
export const publicPageContext = createContext<PublicPage | null>(null);

/** The Surrogate-Key header of a public page: the keys of every page, then those its API answers named, sorted. */
export function surrogateKeyHeaderOf(collected: Iterable<string>): string | null {
  const keys = new Set([surrogateKeys.settings, surrogateKeys.menu, ...collected]);
  const header = [...keys].sort().join(" ");
  return header.length <= SURROGATE_KEY_HEADER_MAX ? header : null;
}

export { SURROGATE_KEY_HEADER };
