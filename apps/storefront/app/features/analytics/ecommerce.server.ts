/**
 * Where the e-commerce events come from on the server, for shoppers who gave analytics consent
 * on a shop with a tag manager; for everyone else nothing here calls the API or sets a cookie.
 *
 * - A page's own event (view_item, view_cart, begin_checkout, purchase, the lists and promotions it shows) is
 *   built by its loader (`pageEcommerceEvent`) and sent in its data as `analytics`; the page pushes it once per
 *   visit.
 * - A form's event (add_to_cart, remove_from_cart, add_to_wishlist, add_shipping_info, add_payment_info,
 *   refund) is queued by its action (`trackEcommerceEvent`) into a short-lived cookie, whether the form posted
 *   by JavaScript or not, because most actions answer with a redirect that would lose action data. The next
 *   root loader (the redirect's page, or the revalidation after a fetcher) takes it, resolves its items and
 *   hands the events to the page: a form that works without JavaScript still reports its event when
 *   JavaScript runs. The cookie carries variant ids and quantities only, never a payload, and lives a minute.
 */
import type { AnalyticsItem, CartLineItem, Order, ProductSummary } from "@quire/contracts";
import { MAX_ANALYTICS_ITEMS } from "@quire/contracts";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { ApiClient } from "~/lib/api.server";
import { apiContext, preferencesContext } from "~/lib/context.server";
import { readConsent, tagManagerFor } from "../consent/consent.server";
import {
  buildEcommerceEvent,
  ECOMMERCE_EVENTS,
  type EcommerceDetails,
  type EcommerceEvent,
  type EcommerceEventName,
  type EcommerceLine,
  type QueuedEcommerceEvents,
  toCurrencyUnits,
} from "./ecommerce";

const secure = process.env.NODE_ENV === "production" && !process.env.ALLOW_INSECURE_COOKIES;

/** Most events one cookie carries (a burst of forms before a page reads them); older ones give way. */
const MAX_QUEUED_EVENTS = 5;

const QueuedLineSchema = z.object({
  variantId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(100_000),
  unitPrice: z
    .object({ amount: z.number().int().min(0), originalPrice: z.number().int().min(0).nullable() })
    .nullable()
    .optional(),
});
const QueuedEventSchema = z.object({
  event: z.enum(ECOMMERCE_EVENTS),
  currency: z.string().regex(/^[A-Z]{3}$/),
  lines: z.array(QueuedLineSchema).max(MAX_ANALYTICS_ITEMS),
  details: z.record(z.string().max(40), z.union([z.string().max(200), z.number()])).optional(),
  value: z.number().int().min(0).optional(),
});
type QueuedEvent = z.infer<typeof QueuedEventSchema>;
const QueueSchema = z.array(QueuedEventSchema).max(MAX_QUEUED_EVENTS);

const eventsCookie = createCookie("analytics_events", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60, secure });

interface EventsSlot {
  tracking: boolean;
  /** Events the request's cookie brought from an earlier form. */
  incoming: QueuedEvent[];
  /** Events this request's action queued. */
  queued: QueuedEvent[];
  taken: boolean;
}
const eventsContext = createContext<EventsSlot>({ tracking: false, incoming: [], queued: [], taken: false });

async function readQueue(request: Request): Promise<{ present: boolean; events: QueuedEvent[] }> {
  const raw: unknown = await eventsCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { present: false, events: [] };
  const parsed = QueueSchema.safeParse(raw);
  return { present: true, events: parsed.success ? parsed.data : [] };
}

/**
 * Reads whether this request is tracked and the queued events into the request context; on the way out, sets
 * the cookie with what an action queued, or clears it once the root loader took it (or it was unreadable).
 */
export const ecommerceEventsMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const tracking = tagManagerFor(await readConsent(request)) !== null;
  const { present, events } = tracking ? await readQueue(request) : { present: false, events: [] };
  const slot: EventsSlot = { tracking, incoming: events, queued: [], taken: false };
  context.set(eventsContext, slot);
  const response = await next();
  if (slot.queued.length > 0 && !slot.taken) {
    const kept = [...slot.incoming, ...slot.queued].slice(-MAX_QUEUED_EVENTS);
    response.headers.append("Set-Cookie", await eventsCookie.serialize(kept));
  } else if (present && (slot.taken || events.length === 0)) {
    response.headers.append("Set-Cookie", await eventsCookie.serialize("", { maxAge: 0 }));
  }
  return response;
};

/** Whether this request's shopper is tracked: analytics consent given and a tag manager configured. */
export function isTracked(context: Readonly<RouterContextProvider>): boolean {
  return context.get(eventsContext).tracking;
}

/**
 * Queues a form's event for the page the shopper sees next; does nothing for shoppers who are not tracked.
 * `value` is in minor units and replaces the lines' total (an order's grand total).
 */
export function trackEcommerceEvent(
  context: Readonly<RouterContextProvider>,
  event: EcommerceEventName,
  input: { lines: EcommerceLine[]; details?: EcommerceDetails; value?: number; currency?: string },
): void {
  const slot = context.get(eventsContext);
  if (!slot.tracking || input.lines.length === 0) return;
  const currency = input.currency ?? context.get(preferencesContext).currencyCode;
  const queued = QueuedEventSchema.safeParse({
    event,
    currency,
    lines: input.lines.slice(0, MAX_ANALYTICS_ITEMS),
    details: input.details,
    value: input.value,
  });
  if (queued.success) slot.queued.push(queued.data);
}

/** The analytics items of these variants, in one call per hundred. */
export async function loadAnalyticsItems(api: ApiClient, variantIds: readonly number[]): Promise<Map<number, AnalyticsItem>> {
  const ids = [...new Set(variantIds)];
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += MAX_ANALYTICS_ITEMS) chunks.push(ids.slice(start, start + MAX_ANALYTICS_ITEMS));
  const answers = await Promise.all(chunks.map((VariantIds) => api.call("listAnalyticsItems", { query: { VariantIds } })));
  return new Map(answers.flatMap(({ data }) => data.map((item) => [item.productVariantId, item] as const)));
}

/** The root loader's part: the events queued by earlier forms (and this request's), resolved; null when none. */
export async function takeQueuedEcommerceEvents(context: Readonly<RouterContextProvider>): Promise<QueuedEcommerceEvents | null> {
  const slot = context.get(eventsContext);
  const queue = [...slot.incoming, ...slot.queued];
  if (!slot.tracking || queue.length === 0) return null;
  slot.taken = true;
  const items = await loadAnalyticsItems(
    context.get(apiContext),
    queue.flatMap((queued) => queued.lines.map((line) => line.variantId)),
  );
  const events = queue.map((queued) => buildEcommerceEvent(queued.event, { ...queued, items }));
  return { id: crypto.randomUUID(), events };
}

/** One event a page reports; `value` in minor units replaces the lines' total (an order's grand total). */
export interface PageEventInput {
  event: EcommerceEventName;
  lines: EcommerceLine[];
  details?: EcommerceDetails;
  value?: number;
  currency?: string;
}

/**
 * A page's own events for its lines (a list, a product, a cart, an order), or null when the shopper is not
 * tracked: loaders send it as `analytics`, and only tracked shoppers' pages carry it or cost the API call.
 */
export async function pageEcommerceEvents(
  context: Readonly<RouterContextProvider>,
  events: readonly PageEventInput[],
): Promise<EcommerceEvent[] | null> {
  if (!isTracked(context)) return null;
  const variantIds = events.flatMap((event) => event.lines.map((line) => line.variantId));
  const items = variantIds.length > 0 ? await loadAnalyticsItems(context.get(apiContext), variantIds) : new Map<number, AnalyticsItem>();
  const currency = context.get(preferencesContext).currencyCode;
  return events.map((event) => buildEcommerceEvent(event.event, { ...event, currency: event.currency ?? currency, items }));
}

/** The page event of a list of product cards (view_item_list), each card reported by its default variant. */
export function productListEvent(listId: string, listName: string, products: readonly ProductSummary[]): PageEventInput {
  return {
    event: "view_item_list",
    lines: products.map((product) => ({ variantId: product.defaultVariantId, quantity: 1 })),
    details: { item_list_id: listId, item_list_name: listName },
  };
}

/** A cart's (or a checkout's) lines as an event reports them: each at the price the cart charges. */
export function cartLinesOf(lines: readonly CartLineItem[]): EcommerceLine[] {
  return lines.map((line) => ({ variantId: line.variant.id, quantity: line.quantity, unitPrice: line.unitPrice }));
}

/**
 * A cart line's quantity changed from what `before` had to `quantity` (0: removed): add_to_cart for units
 * added, remove_from_cart for units taken out, each with the number of units that changed.
 */
export function trackQuantityChange(context: Readonly<RouterContextProvider>, before: CartLineItem | undefined, quantity: number): void {
  if (!before || quantity === before.quantity) return;
  const [line] = cartLinesOf([before]);
  const event = quantity > before.quantity ? "add_to_cart" : "remove_from_cart";
  trackEcommerceEvent(context, event, { lines: [{ ...line!, quantity: Math.abs(quantity - before.quantity) }] });
}

/**
 * An order's purchase or refund: its lines at the prices paid, its grand total as the value, the order number
 * as the transaction. A line whose variant is gone from the catalogue is left out of the items.
 */
export function orderEvent(event: "purchase" | "refund", order: Order, details: EcommerceDetails): PageEventInput {
  return {
    event,
    currency: order.currencyCode,
    value: order.grandTotal.amount,
    lines: order.items.flatMap((line) =>
      line.productVariantId === null
        ? []
        : [
            {
              variantId: line.productVariantId,
              quantity: line.quantity,
              unitPrice: { amount: line.unitPrice.amount, originalPrice: null },
            },
          ],
    ),
    details: {
      transaction_id: order.publicId,
      shipping: toCurrencyUnits(order.deliveryCharge.amount),
      tax: toCurrencyUnits(order.taxes.amount.amount),
      ...details,
    },
  };
}
