import { useEffect, useEffectEvent } from "react";
import { useLocation, useMatches } from "react-router";
import { ANALYTICS_LIST_ATTRIBUTE, ANALYTICS_PRODUCT_ATTRIBUTE, ANALYTICS_PROMOTION_ATTRIBUTE } from "./analytics-attributes";
import type { EcommerceEvent, QueuedEcommerceEvents } from "./ecommerce";
import { PAGE_VIEW_EXCLUDED_ROUTES, pushToDataLayer, routeNameOf, startTracking } from "./data-layer";

const SCRIPT_ID = "tag-manager";
/** Orders whose purchase this browser has reported, newest last: a reload of the thank-you page is no sale. */
const REPORTED_PURCHASES_KEY = "quire.analytics.purchases";
const REPORTED_PURCHASES_KEPT = 20;

/**
 * Pushes an e-commerce event as tag managers expect one: the previous event's `ecommerce` object cleared
 * first, so its fields do not merge into this one.
 */
function pushEcommerceEvent(event: EcommerceEvent) {
  pushToDataLayer({ ecommerce: null });
  pushToDataLayer({ ...event });
}

/** True the first time this browser reports the purchase of `transactionId`. */
function firstReportOfPurchase(transactionId: string): boolean {
  try {
    const reported: unknown = JSON.parse(localStorage.getItem(REPORTED_PURCHASES_KEY) ?? "[]");
    const list = Array.isArray(reported) ? reported.filter((id): id is string => typeof id === "string") : [];
    if (list.includes(transactionId)) return false;
    localStorage.setItem(REPORTED_PURCHASES_KEY, JSON.stringify([...list, transactionId].slice(-REPORTED_PURCHASES_KEPT)));
    return true;
  } catch {
    // Storage refused (private mode, full): report it; the tag manager deduplicates by transaction id too.
    return true;
  }
}

/** The lists and promotions the page showed, for the select_item and select_promotion their clicks report. */
const shownLists = new Map<string, EcommerceEvent>();
const shownPromotions = new Map<string, EcommerceEvent>();

function pushPageEvents(events: readonly EcommerceEvent[]) {
  shownLists.clear();
  shownPromotions.clear();
  for (const event of events) {
    const { item_list_id: listId, promotion_id: promotionId, transaction_id: transactionId } = event.ecommerce;
    if (event.event === "view_item_list" && typeof listId === "string") shownLists.set(listId, event);
    if (event.event === "view_promotion" && typeof promotionId === "string") shownPromotions.set(promotionId, event);
    if (event.event === "purchase" && typeof transactionId === "string" && !firstReportOfPurchase(transactionId)) continue;
    pushEcommerceEvent(event);
  }
}

/**
 * A click on a product of a shown list (select_item) or on a shown promotion (select_promotion), found by the
 * data attributes the lists and promotions carry. Listened for in the capture phase, so it is pushed before
 * the link navigates.
 */
function reportSelection(target: EventTarget | null) {
  if (!(target instanceof Element)) return;
  const link = target.closest("a[href]");
  if (!link) return;
  const promotionId = link.closest(`[${ANALYTICS_PROMOTION_ATTRIBUTE}]`)?.getAttribute(ANALYTICS_PROMOTION_ATTRIBUTE);
  const promotion = promotionId ? shownPromotions.get(promotionId) : undefined;
  if (promotion) {
    pushEcommerceEvent({ event: "select_promotion", ecommerce: promotion.ecommerce });
    return;
  }
  const productId = Number(link.closest(`[${ANALYTICS_PRODUCT_ATTRIBUTE}]`)?.getAttribute(ANALYTICS_PRODUCT_ATTRIBUTE));
  const listId = link.closest(`[${ANALYTICS_LIST_ATTRIBUTE}]`)?.getAttribute(ANALYTICS_LIST_ATTRIBUTE);
  const list = listId ? shownLists.get(listId) : undefined;
  const item = list?.ecommerce.items.find((candidate) => candidate.id === productId);
  if (!list || !item) return;
  const { items: _all, value: _listValue, ...details } = list.ecommerce;
  pushEcommerceEvent({
    event: "select_item",
    ecommerce: { ...details, value: item.variants[0]?.basePrice ?? 0, items: [{ ...item, quantity: 1 }] },
  });
}

interface PageAnalyticsData {
  analytics?: EcommerceEvent[] | null;
}

/**
 * Loads the tag manager and reports what the shopper does; the root renders it (and the browser fetches this
 * module) only when the root loader says tracking is on (analytics consent and a configured container id).
 * Renders nothing. Everything the data layer receives is pushed from here, in order: the page view, then the
 * page's own events (from its loaders' `analytics`), then the events of the forms that led here (`queued`).
 * The script is added by this effect rather than written into the HTML: its origin is allowed by this page's
 * Content-Security-Policy (server.mjs) exactly when the loader said so, and a page without JavaScript runs no
 * tag manager anyway.
 */
export default function Analytics({ scriptUrl, queued }: { scriptUrl: string; queued: QueuedEcommerceEvents | null }) {
  const location = useLocation();
  const matches = useMatches();
  const routeId = matches.at(-1)?.id ?? "";

  useEffect(() => {
    startTracking();
    if (document.getElementById(SCRIPT_ID)) return;
    pushToDataLayer({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = document.createElement("script");
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = scriptUrl;
    document.head.append(script);
  }, [scriptUrl]);

  // A page view after each route change, the first page's included; a change of hash alone is no new page
  // (docs/storefront-behaviour/consent-and-analytics.md).
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (PAGE_VIEW_EXCLUDED_ROUTES.has(routeId)) return;
    pushToDataLayer({ event: "content-view", routeName: routeNameOf(routeId), fullPath });
  }, [scriptUrl, routeId, fullPath]);

  // The page's own events, once per visit (location.key): a revalidation after a form on the same page does
  // not view it again.
  const pushVisitEvents = useEffectEvent(() => {
    pushPageEvents(matches.flatMap((match) => (match.loaderData as PageAnalyticsData | undefined)?.analytics ?? []));
  });
  useEffect(() => pushVisitEvents(), [scriptUrl, location.key]);

  // The forms' events, once per batch the root loader handed over.
  const pushQueuedEvents = useEffectEvent(() => {
    for (const event of queued?.events ?? []) pushEcommerceEvent(event);
  });
  useEffect(() => pushQueuedEvents(), [scriptUrl, queued?.id]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => reportSelection(event.target);
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, []);

  return null;
}
