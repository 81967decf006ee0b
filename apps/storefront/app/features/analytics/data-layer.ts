/**
 * The analytics data layer (docs/storefront-behaviour/consent-and-analytics.md): `window.dataLayer`, read by the tag
 * manager. Nothing is pushed, and the array does not exist, unless tracking is on: analytics consent given and a
 * container id configured. <Analytics> switches it on for the page; every push goes through here.
 */
type DataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

let tracking = false;

/** Called by <Analytics> only, which renders only when tracking is on: from now on this page may push. */
export function startTracking() {
  tracking = true;
  window.dataLayer ??= [];
}

/** Pushes one entry when tracking is on; does nothing otherwise (and on the server). */
export function pushToDataLayer(entry: DataLayerEntry) {
  if (!tracking || typeof window === "undefined") return;
  (window.dataLayer ??= []).push(entry);
}

/**
 * Routes whose page view is not reported: their addresses carry a secret (an emailed link's token), which must
 * never reach a third party, or they only pass the shopper on. (Opened from the email, such a page loads no
 * tag manager at all, root.tsx; this covers arriving there from a page that did.)
 */
export const PAGE_VIEW_EXCLUDED_ROUTES: ReadonlySet<string> = new Set([
  "auth-reset-password",
  "auth-sign-up-complete",
  "auth-invite-complete",
  "newsletter-confirm",
  "newsletter-unsubscribe",
  "back-in-stock-confirm",
  "order-status",
]);

/** The route name a page view reports: the route's id, without the file path's "routes/" of unnamed routes. */
export function routeNameOf(routeId: string): string {
  return routeId.replace(/^routes\//, "");
}
