/**
 * The analytics e-commerce events and their product item, as the data layer receives them
 * (docs/storefront-behaviour/consent-and-analytics.md). Pure and shared: the server builds events from the API's
 * analytics items (ecommerce.server.ts), the page pushes them (analytics.tsx). Amounts here are decimal currency
 * units (12.99), the form tag managers and their reports read, unlike the API's minor units; they are converted
 * from minor units exactly (toDecimalAmount), never by float division.
 */
import type { AnalyticsItem } from "@quire/contracts";
import { ANALYTICS_CATEGORY_LEVELS } from "@quire/contracts/constants";
import { toDecimalAmount } from "@quire/money";

export const ECOMMERCE_EVENTS = [
  "view_item_list",
  "select_item",
  "view_item",
  "add_to_wishlist",
  "view_cart",
  "add_to_cart",
  "remove_from_cart",
  "begin_checkout",
  "add_shipping_info",
  "add_payment_info",
  "purchase",
  "refund",
  "view_promotion",
  "select_promotion",
] as const;
export type EcommerceEventName = (typeof ECOMMERCE_EVENTS)[number];

/** What a refund event reports as its shipping and its tax, whatever the order's were: a fixed 0.01 each. */
export const REFUND_SHIPPING_AND_TAX = 0.01;

/** The analytics product item: sku, id, name, quantity, variants, price.originalPrice, categories (6 levels). */
export interface AnalyticsProductItem {
  id: number;
  sku: string;
  name: string;
  quantity: number;
  variants: { sku: string; name: string; isMaster: boolean; basePrice: number; discount: number }[];
  price: { originalPrice: number };
  categories: { id: number; name: string }[];
}

/** Event details beyond currency, value and items (list, transaction, promotion...): plain values only. */
export type EcommerceDetails = Record<string, string | number>;

export interface EcommerceEvent {
  event: EcommerceEventName;
  ecommerce: { currency: string; value: number; items: AnalyticsProductItem[]; [detail: string]: string | number | AnalyticsProductItem[] };
}

/** One line an event reports: a variant, how many, and, where a line has its own price (a cart, an order), it. */
export interface EcommerceLine {
  variantId: number;
  quantity: number;
  unitPrice?: { amount: number; originalPrice: number | null } | null;
}

export const toCurrencyUnits = (minor: number): number => Number(toDecimalAmount(minor));

function unitPriceOf(item: AnalyticsItem, line: EcommerceLine) {
  const price = line.unitPrice !== undefined ? line.unitPrice : item.price;
  // Prices hidden from this shopper (or none in this currency) report as 0: the item was seen all the same.
  const amount = price?.amount ?? 0;
  const original = Math.max(price?.originalPrice ?? amount, amount);
  return { amount, original };
}

/** The product item of one line (prices in minor units), with the minor-unit total its value adds. */
function productItemOf(item: AnalyticsItem, line: EcommerceLine): { item: AnalyticsProductItem; minorTotal: number } {
  const { amount, original } = unitPriceOf(item, line);
  return {
    minorTotal: amount * line.quantity,
    item: {
      id: item.productId,
      sku: item.sku,
      name: item.productName,
      quantity: line.quantity,
      variants: [
        {
          sku: item.sku,
          name: item.variantName,
          isMaster: item.isMaster,
          basePrice: toCurrencyUnits(amount),
          discount: toCurrencyUnits(original - amount),
        },
      ],
      price: { originalPrice: toCurrencyUnits(original) },
      categories: item.categories.slice(0, ANALYTICS_CATEGORY_LEVELS).map(({ id, name }) => ({ id, name })),
    },
  };
}

/**
 * An event for these lines, each matched to its analytics item by variant id (a line whose variant the API no
 * longer shows is left out). Its value is the lines' total unless `value` (minor units) says otherwise, as an
 * order's grand total does.
 */
export function buildEcommerceEvent(
  event: EcommerceEventName,
  input: {
    currency: string;
    lines: EcommerceLine[];
    items: ReadonlyMap<number, AnalyticsItem>;
    details?: EcommerceDetails;
    value?: number;
  },
): EcommerceEvent {
  let minorTotal = 0;
  const items: AnalyticsProductItem[] = [];
  for (const line of input.lines) {
    const found = input.items.get(line.variantId);
    if (!found) continue;
    const built = productItemOf(found, line);
    minorTotal += built.minorTotal;
    items.push(built.item);
  }
  return {
    event,
    ecommerce: { ...input.details, currency: input.currency, value: toCurrencyUnits(input.value ?? minorTotal), items },
  };
}

/** Events handed to the page from the forms' queue, with an id the page pushes them under once. */
export interface QueuedEcommerceEvents {
  id: string;
  events: EcommerceEvent[];
}
