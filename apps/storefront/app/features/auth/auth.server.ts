import type { CurrentCustomer, SignInResult } from "@quire/contracts";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { ApiRequestError, createApiClient } from "~/lib/api.server";
import { isCustomerBlocked, pageLocationOf, signedInDestination, signInLocation } from "~/lib/auth-redirects";
import { guardApiClient } from "~/lib/api-failure.server";
import { getPageAccess } from "~/lib/auth-routes.server";
import { apiContext, callerContext, sessionContext } from "~/lib/context.server";
import { mustSignIn } from "~/lib/route-access";
import {
  clearAnonymousCartCookieHeader,
  clearTokenCookieHeader,
  hasUnreadableTokenCookie,
  isTokenExpired,
  signedOutCookieHeaders,
  tokenCookieHeader,
} from "~/lib/session.server";
import { getStoreSettings } from "~/lib/shop-data.server";
import { flashToastHeader } from "~/lib/flash.server";
import type { ToastMessage } from "~/components/ui/toast";
import { mergeViewedHistory } from "~/features/recently-viewed/viewer.server";

/** The signed-in customer, asked of the API at most once per request and only when something needs it. */
const customerContext = createContext<() => Promise<CurrentCustomer | null>>(async () => null);

/**
 * The session and access rules for every request (docs/storefront-behaviour/accounts.md), run by the root after the
 * API client exists:
 * - a token past its expiry signs the visitor out without asking the API (token and guest cart cookies
 *   cleared, as sign-out does); a token cookie that holds no token at all is cleared;
 * - a route whose metadata requires authentication sends an anonymous visitor to /auth/login with a
 *   redirect_url, unless it is guest-allowed and the store allows anonymous checkout;
 * - the request's API client applies the 401/403 rules to every call (lib/api-failure.server.ts), so the
 *   first call that finds the token refused, the start-up customer call included, signs out and goes to
 *   /auth/login;
 * - the signed-in customer is fetched lazily (GET /customers/current/), so anonymous visitors and
 *   resource routes cost no call and a page costs one at most.
 */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const from = pageLocationOf(new URL(request.url));
  let session = context.get(sessionContext);
  const expired = session.token !== null && isTokenExpired(session.token);
  if (expired) {
    // Signed out from here on: this request's pages already see the visitor as sign-out leaves them.
    session = { ...session, token: null, anonymousCartId: null };
    context.set(sessionContext, session);
    context.set(apiContext, createApiClient(context.get(callerContext)));
  }
  let clearing: string[] = [];
  if (expired) clearing = await signedOutCookieHeaders();
  else if (session.token === null && (await hasUnreadableTokenCookie(request))) clearing = [await clearTokenCookieHeader()];

  const access = getPageAccess(from.pathname, pattern);
  if (access.requiredAuthentication && session.token === null) {
    const { anonymousCustomerProductPolicy: policy } = await getStoreSettings();
    if (mustSignIn(access, { isSignedIn: false, policy })) {
      const headers = new Headers();
      for (const cookie of clearing) headers.append("Set-Cookie", cookie);
      throw redirect(signInLocation(from), { headers });
    }
  }

  const api = guardApiClient(context.get(apiContext), from, { signedIn: session.token !== null });
  context.set(apiContext, api);
  let customer: Promise<CurrentCustomer | null> | undefined;
  context.set(customerContext, () => {
    customer ??= session.token ? api.call("getCurrentCustomer").then((answer) => answer.data) : Promise.resolve(null);
    return customer;
  });

  const response = await next();
  for (const cookie of clearing) response.headers.append("Set-Cookie", cookie);
  return response;
};

/** The signed-in customer of this request, or null for an anonymous visitor. */
export function getCurrentCustomer(context: Readonly<RouterContextProvider>): Promise<CurrentCustomer | null> {
  return context.get(customerContext)();
}

/** Whether the request carries a live sign-in token (no API call; the API still judges the token). */
export function isSignedIn(context: Readonly<RouterContextProvider>): boolean {
  return context.get(sessionContext).token !== null;
}

/**
 * Stores a new sign-in (from sign-in, sign-up, invite or reset completion) and answers the redirect: the
 * token goes into its HttpOnly cookie and a guest cart is merged into the customer's.
 */
export async function completeSignIn(
  context: Readonly<RouterContextProvider>,
  result: SignInResult,
  returnTo: string,
  toast?: ToastMessage,
): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await tokenCookieHeader(result.token));
  // A customer the API still blocks (403) cannot merge yet: accepting the policy or changing the password does it.
  if (
    !isCustomerBlocked({ passwordChangeRequired: result.passwordChangeRequired, needsAcceptPrivacyPolicy: result.needsAcceptPrivacyPolicy })
  ) {
    for (const cookie of await mergeGuestCart(context, result.token)) headers.append("Set-Cookie", cookie);
  }
  // Recently viewed history is no protected call, so it follows every sign-in, blocked customers' too.
  for (const cookie of await mergeViewedHistory(context, result.token)) headers.append("Set-Cookie", cookie);
  if (toast) headers.append("Set-Cookie", await flashToastHeader(toast));
  return redirect(signedInDestination(result, returnTo), { status: 303, headers });
}

/**
 * Merges the guest cart named by the quire_cart cookie into the signed-in customer's (PUT /baskets/:id/merge)
 * and answers the Set-Cookie values that remove the cookie; none when there is no guest cart. A merge that
 * fails for a reason other than an unknown or closed cart keeps the cookie, so a later sign-in (or the next
 * call of this) merges it instead of losing the books.
 */
export async function mergeGuestCart(context: Readonly<RouterContextProvider>, token: string): Promise<string[]> {
  const anonymousId = context.get(sessionContext).anonymousCartId;
  if (!anonymousId) return [];
  const api = createApiClient({ ...context.get(callerContext), token });
  try {
    await api.call("mergeGuestCart", { params: { id: anonymousId } });
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status >= 500) {
      console.warn("Could not merge the guest cart; it stays for later:", error instanceof Error ? error.message : error);
      return [];
    }
    // 401/403: the customer cannot merge yet (blocked until they accept the policy or change the password).
    if (error.status === 401 || error.status === 403) return [];
    // Any other 4xx: the id is malformed, unknown or already merged; keeping it would only repeat this.
  }
  return [await clearAnonymousCartCookieHeader()];
}

/** POST /auth/sign-in with the shopper's currency and country; failures are the caller's to show. */
export async function signInWithPassword(context: Readonly<RouterContextProvider>, credentials: { email: string; password: string }) {
  const api = createApiClient(context.get(callerContext));
  return (await api.call("signIn", { body: credentials })).data;
}

/**
 * Signs out: ends the session at the API, clears the token and the guest cart cookie.
 * The API's answer does not matter: a token it no longer accepts is signed out already.
 */
export async function signOutHeaders(context: Readonly<RouterContextProvider>): Promise<Headers> {
  const { token } = context.get(sessionContext);
  if (token) {
    const api = createApiClient({ ...context.get(callerContext), token });
    await api.call("signOut").catch((error: unknown) => {
      if (!(error instanceof ApiRequestError)) throw error;
    });
  }
  const headers = new Headers();
  for (const cookie of await signedOutCookieHeaders()) headers.append("Set-Cookie", cookie);
  return headers;
}
