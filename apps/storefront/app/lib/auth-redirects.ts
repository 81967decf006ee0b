import type { ApiErrorCode } from "@quire/contracts";
import { pagePathOf } from "./page-path";
import { getSafeRedirectPath } from "./safe-redirect";

/** Where a failed call's rules send the shopper (docs/storefront-behaviour/errors-and-edge-cases.md). */
export const SIGN_IN_PATH = "/auth/login";
export const ACCOUNT_SETTINGS_PATH = "/account/settings";
export const PRIVACY_POLICY_PATH = "/privacy-policy";
/** The error code the API answers when the shop forces a new password; also the settings page's message. */
export const PASSWORD_CHANGE_REQUIRED = "password_change_required" satisfies ApiErrorCode;
/** The query parameter that carries the page to return to after signing in. */
export const REDIRECT_PARAM = "redirect_url";

export interface PageLocation {
  pathname: string;
  search: string;
}

/**
 * The page a request is about. A client-side navigation asks for "/cart.data" (or "/_root.data" for the
 * home page) with a `_routes` parameter; the shopper is on "/cart", so that is where they come back to.
 */
export function pageLocationOf(url: URL): PageLocation {
  let pathname = url.pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length) || "/";
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return { pathname, search: search ? `?${search}` : "" };
}

/** `path` with `redirect_url` pointing back at `from` (not when `from` is an auth page: that would loop). */
export function withReturnTo(path: string, from: PageLocation): string {
  if (from.pathname.startsWith("/auth/") || from.pathname === PRIVACY_POLICY_PATH) {
    // Keep the page the shopper was heading for before they reached the auth page.
    const previous = new URLSearchParams(from.search).get(REDIRECT_PARAM);
    return previous ? `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: previous })}` : path;
  }
  if (from.pathname === "/" && from.search === "") return path;
  return `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: pagePathOf(from) })}`;
}

/** The sign-in page, returning to `from` afterwards. */
export function signInLocation(from: PageLocation): string {
  return withReturnTo(SIGN_IN_PATH, from);
}

/** The account settings page with the forced-password message. */
export const PASSWORD_CHANGE_LOCATION = `${ACCOUNT_SETTINGS_PATH}?message=${PASSWORD_CHANGE_REQUIRED}`;

/** Where a sign-in leads: the same-site page a redirect_url query value names, or home. */
export function getReturnPath(url: URL): string {
  return getSafeRedirectPath(url.searchParams.get(REDIRECT_PARAM), "/");
}

/**
 * Where a fresh sign-in goes: the forced password change first, then the privacy policy (returning to the
 * page after acceptance), else the page the customer came for (docs/storefront-behaviour/accounts.md).
 */
export function signedInDestination(
  result: { needsAcceptPrivacyPolicy: boolean; passwordChangeRequired: boolean },
  returnTo: string,
): string {
  if (result.passwordChangeRequired) return PASSWORD_CHANGE_LOCATION;
  if (result.needsAcceptPrivacyPolicy) {
    const { pathname, search } = new URL(returnTo, "http://quire.invalid");
    return withReturnTo(PRIVACY_POLICY_PATH, { pathname, search });
  }
  return returnTo;
}

/** What the API knows about a signed-in customer that blocks their protected calls (with a 403). */
export interface CustomerStanding {
  passwordChangeRequired: boolean;
  needsAcceptPrivacyPolicy: boolean;
}

/** True while the API answers this customer's protected calls 403. */
export function isCustomerBlocked(standing: CustomerStanding): boolean {
  return standing.passwordChangeRequired || standing.needsAcceptPrivacyPolicy;
}

/**
 * Where a blocked customer must go first, or null: the forced password change, then the privacy policy,
 * as the API's 403s would send them at their next protected call. Null on the page that resolves it.
 */
export function getCustomerDetour(standing: CustomerStanding, from: PageLocation): string | null {
  if (standing.passwordChangeRequired) return from.pathname === ACCOUNT_SETTINGS_PATH ? null : PASSWORD_CHANGE_LOCATION;
  if (standing.needsAcceptPrivacyPolicy) return from.pathname === PRIVACY_POLICY_PATH ? null : withReturnTo(PRIVACY_POLICY_PATH, from);
  return null;
}
