import { PRIVATE_NO_STORE } from "./cache-control.server";

/*
 * The addresses that carry an emailed secret: a password reset, an invitation, a confirmation link, a guest's
 * order, an account's deletion. Whoever sees such an address can act as its owner, so the request log hides the token
 * (request-log.server.ts) and such a page loads no third party's script (root.tsx: no tag manager).
 */

/**
 * The routes (routes.ts) whose `:token` is an emailed secret. A unit test fails when routes.ts has a `:token`
 * route missing here.
 */
export const TOKEN_ROUTES = [
  "auth/reset-password/:token",
  "auth/sign-up/complete/:token",
  "auth/invite/complete/:token",
  "notifications/back-in-stock/confirm/:token",
  "newsletter/confirm/:token",
  "newsletter/unsubscribe/:token",
  "order-status/:token",
  "order-status/proforma-invoice/:token",
  "account/delete/:token",
];
/** A path of one of TOKEN_ROUTES, as a page or as its `.data` request: group 1 is the part before the token, group 2 `.data`. */
export const TOKEN_PATHS = new RegExp(`^(/(?:${TOKEN_ROUTES.map((route) => route.replace(/:token$/, "")).join("|")}))[^/]+?(\\.data)?$`);

/**
 * The headers of every page whose address or form holds an emailed secret (an order link, the withdrawal form's token
 * step, an account's deletion link): no cache keeps it, no Referer carries its address away.
 */
export const EMAILED_SECRET_HEADERS = { "Cache-Control": PRIVATE_NO_STORE, "Referrer-Policy": "no-referrer" } as const;

/** Whether `pathname` (as the URL has it) is the address of a page or data request that carries an emailed secret. */
export function pathHoldsToken(pathname: string): boolean {
  return TOKEN_PATHS.test(pathname);
}
