import {
  RETURN_WINDOW_DAYS,
  type LatestPayment,
  type Order,
  type OrderRefund,
  type OrderStatus,
  type OrderStatusChange,
  type TaxClass,
} from "@quire/contracts";
import { money } from "@quire/money";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { toAddressAnswer } from "../addresses/address-format";
import { listTransitions } from "../state-machines/state-transitions.service";
import { orderMachine } from "./order-status";
import { findStoreBankDetails } from "../stores/stores.service";
import { renderPackingSlip } from "./packing-slip";
import { renderProformaInvoice } from "./proforma-invoice";
import * as repository from "./orders.repository";

export type OrderReader = { customerId: number } | { anonymousId: string | null };

/** An order as its buyer sees it, from its stored snapshot (with its latest payment and status changes, when read). */
export function toOrder(
  { order, lines }: { order: repository.OrderRow; lines: repository.OrderLineRow[] },
  latestPayment: LatestPayment | null = null,
  history: OrderStatusChange[] = [],
  returnable: OrderReturnability = NOT_RETURNABLE,
  refunds: OrderRefund[] = [],
): Order {
  const currency = order.currencyCode;
  const m = (amount: number) => money(amount, currency);
  return {
    id: order.id,
    publicId: order.publicId,
    status: order.status,
    placedAt: order.placedAt.toISOString(),
    email: order.email,
    currencyCode: currency,
    items: lines.map((line) => ({
      id: line.id,
      productVariantId: line.variantId,
      sku: line.sku,
      productName: line.productName,
      variantName: line.variantName,
      quantity: line.quantity,
      unitPrice: m(line.unitAmount),
      addons: line.addons.map((addon) => ({ name: addon.name, unitPrice: m(addon.unitAmount), taxClass: addon.taxClass })),
      taxClass: line.taxClass,
      total: m(line.total),
      returnableQuantity: returnable.quantities.get(line.id) ?? 0,
    })),
    subTotal: m(order.subTotal),
    discountCodes: order.discountLines.map((discount) => ({
      code: discount.code,
      kind: discount.kind as Order["discountCodes"][number]["kind"],
      amount: m(discount.amount),
    })),
    cartAndCodeDiscount: m(order.discountTotal),
    deliveryCharge: m(order.deliveryCharge),
    deliveryOption: { name: order.deliveryOptionName, kind: order.deliveryOptionKind },
    taxes: {
      amount: m(order.taxTotal),
      included: order.pricesIncludeTax,
      lines: order.taxLines.map((line) => ({
        taxClass: line.taxClass as TaxClass,
        ratePercent: line.basisPoints / 100,
        amount: m(line.amount),
      })),
    },
    grandTotal: m(order.grandTotal),
    deliveryAddress: toAddressAnswer(order.deliveryAddress),
    billingAddress: toAddressAnswer(order.billingAddress),
    referenceNumber: order.referenceNumber,
    customerComment: order.customerComment,
    latestPayment,
    refunds,
    trackingReference: order.trackingReference,
    history,
    returnableUntil: returnable.until?.toISOString() ?? null,
  };
}

/** What of an order may still be returned: until when, and how many of each line. */
export interface OrderReturnability {
  until: Date | null;
  quantities: ReadonlyMap<number, number>;
}
export const NOT_RETURNABLE: OrderReturnability = { until: null, quantities: new Map() };

/**
 * Until when a delivered order's lines may be returned (RETURN_WINDOW_DAYS after delivery); null when it is not
 * delivered or the window has closed. How many of each line is for the returns module to say.
 */
export function returnWindowOf(order: repository.OrderRow, now = new Date()): Date | null {
  if (order.status !== "delivered" || !order.deliveredAt) return null;
  const until = new Date(order.deliveredAt.getTime() + RETURN_WINDOW_DAYS * 86_400_000);
  return until > now ? until : null;
}

/** An order's status changes as the merchant reads them: who moved it (by kind) and why, oldest first. */
export function listOrderHistory(db: Db, orderId: number) {
  return listTransitions(db, orderMachine.name, orderId);
}

/** An order's status changes as its buyer may see them: from, to and when, never who or why (OrderStatusChangeSchema). */
export async function listOrderStatusChanges(db: Db, orderId: number): Promise<OrderStatusChange[]> {
  const transitions = await listTransitions(db, orderMachine.name, orderId);
  return transitions.map((entry) => ({
    // The order machine's rows hold its own states only (the transition function checks every edge).
    from: entry.fromState as OrderStatus,
    to: entry.toState as OrderStatus,
    at: entry.createdAt.toISOString(),
  }));
}

/**
 * The caller's own order with its lines: a guest reads it with the anonymousId of the basket it was placed from
 * (the storefront keeps it in the same HttpOnly cookie); anyone else's order is a 404, not a 403, so ids reveal
 * nothing. What it shows of payments and returns is added by flows/order-view.flow.ts.
 */
export async function requireReadableOrder(db: Db, ctx: Pick<RequestContext, "store">, reader: OrderReader, orderId: number) {
  const owner =
    "customerId" in reader ? { customerId: reader.customerId } : reader.anonymousId === null ? null : { anonymousId: reader.anonymousId };
  if (!owner) throw new AppError("order_not_found");
  const found = await repository.findOrderForOwner(db, { storeId: ctx.store.id, orderId, ...owner });
  if (!found) throw new AppError("order_not_found");
  return found;
}

/** One of the store's orders with its lines, for the merchant; 404 when it has none. */
export async function requireStoreOrder(db: Db, input: { storeId: number; orderId: number }) {
  const found = await repository.findStoreOrder(db, input);
  if (!found) throw new AppError("order_not_found");
  return found;
}

/** GET /orders: the signed-in customer's orders, newest first, a page at a time. */
export async function listOrders(
  db: Db,
  ctx: Pick<RequestContext, "store">,
  customerId: number,
  page: { PageNumber: number; PageSize: number },
) {
  const { rows, total } = await repository.listOrdersPage(db, {
    storeId: ctx.store.id,
    customerId,
    limit: page.PageSize,
    offset: (page.PageNumber - 1) * page.PageSize,
  });
  return {
    results: rows.map((row) => ({
      id: row.id,
      publicId: row.publicId,
      status: row.status,
      placedAt: row.placedAt.toISOString(),
      grandTotal: money(row.grandTotal, row.currencyCode),
      itemCount: row.itemCount,
    })),
    total,
    pageNumber: page.PageNumber,
    pageSize: page.PageSize,
    totalPages: Math.ceil(total / page.PageSize),
  };
}

/**
 * The PDF of a proforma invoice for an order waiting for its bank transfer; 404 for a store with no bank details.
 * Which orders have one (their latest payment is a proforma invoice) is the caller's to check.
 */
export async function renderOrderProforma(db: Db, order: Order, issuedAt: Date) {
  const facts = await repository.findProformaFacts(db, order.id);
  const store = facts ? await findStoreBankDetails(db, facts.storeId) : null;
  if (!facts || !store?.bank) throw new AppError("order_not_found", "This order has no proforma invoice");
  const pdf = await renderProformaInvoice({
    storeName: store.name,
    order: { ...order, customerName: facts.customerName },
    bank: store.bank,
    dueBy: order.status === "awaiting_payment" ? facts.dueBy : null,
    issuedAt,
  });
  return { pdf, fileName: `proforma-${order.publicId}.pdf` };
}

/** GET /admin/orders/:id/packing-slip: one of the store's orders as a packing slip (PDF), without prices; 404 for none. */
export async function renderOrderPackingSlip(db: Db, input: { storeId: number; storeName: string; orderId: number }) {
  const stored = await requireStoreOrder(db, input);
  const { order } = stored;
  const pdf = await renderPackingSlip({
    storeName: input.storeName,
    order: { ...toOrder(stored), customerName: `${order.firstName} ${order.lastName}` },
  });
  return { pdf, fileName: `packing-slip-${order.publicId}.pdf` };
}

/**
 * Whether any order, whatever its status, has a line for one of these variants: such a product is kept for its
 * orders (the catalogue archives it rather than deleting it).
 */
export function isAnyVariantOrdered(db: Db, variantIds: number[]): Promise<boolean> {
  return repository.anyOrderLineOfVariants(db, variantIds);
}
