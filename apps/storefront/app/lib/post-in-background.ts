/**
 * Posts a form to one of the storefront's own routes from the browser, outside the router: no navigation, no
 * pending state, and no loader runs again when it answers. For what a page reports about itself once shown
 * (a product view, notices read), which must never race the shopper's next click: a router fetcher's answer
 * arriving during a navigation makes the router load that navigation again. It passes the cross-site check
 * as any same-origin POST does (the browser sends Origin and Sec-Fetch-Site), carries the shop's cookies,
 * and outlives the page (keepalive). A failure is dropped: what it reports is asked again on a later page, or
 * is a convenience (decision 020).
 */
export function postInBackground(path: string, fields: Record<string, string>): void {
  fetch(path, { method: "POST", body: new URLSearchParams(fields), credentials: "same-origin", keepalive: true }).catch(() => {});
}
