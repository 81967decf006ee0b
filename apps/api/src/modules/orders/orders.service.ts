import {
  RETURN_WINDOW_DAYS,
  type LatestPayment,
  type Order,
  type OrderStatus,
  type OrderStatusChange,
  type TaxClass,
} from "@quire/contracts";
import { money } from "@quire/money";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { toAddressAnswer } from "../checkout/address-format";
import { findLatestPayments, findPaymentByPublicId } from "../payments/payments.repository";
import { listReturnableLines } from "../returns/returns.repository";
import { listTransitions } from "../state-machines/state-transitions.repository";
import { orderMachine } from "./order-status";
import { renderProformaInvoice } from "./proforma-invoice";
import * as repository from "./orders.repository";

export type OrderReader = { customerId: number } | { anonymousId: string | null };

/** An order as its buyer sees it, from its stored snapshot (with its latest payment and status changes, when read). */
export function toOrder(
  { order, lines }: { order: repository.OrderRow; lines: repository.OrderLineRow[] },
  latestPayment: LatestPayment | null = null,
  history: OrderStatusChange[] = [],
  returnable: OrderReturnability = NOT_RETURNABLE,
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
const NOT_RETURNABLE: OrderReturnability = { until: null, quantities: new Map() };

/**
 * A delivered order's lines may be returned until RETURN_WINDOW_DAYS after delivery, each up to what was
 * delivered and is not already in a return (POST /order-returns checks the same, with the order locked).
 */
async function returnabilityOf(db: Db, order: repository.OrderRow, now = new Date()): Promise<OrderReturnability> {
  if (order.status !== "delivered" || !order.deliveredAt) return NOT_RETURNABLE;
  const until = new Date(order.deliveredAt.getTime() + RETURN_WINDOW_DAYS * 86_400_000);
  if (until <= now) return NOT_RETURNABLE;
  const lines = await listReturnableLines(db, order.id);
  return { until, quantities: new Map(lines.map((line) => [line.id, Math.max(line.quantity - line.returned, 0)])) };
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
 * GET /orders/:id: the caller's own order. A guest reads it with the anonymousId of the basket it was placed
 * from (the storefront keeps it in the same HttpOnly cookie); anyone else's order is a 404, not a 403, so ids
 * reveal nothing.
 */
export async function getOrder(db: Db, ctx: Pick<RequestContext, "store">, reader: OrderReader, orderId: number): Promise<Order> {
  if ("anonymousId" in reader && reader.anonymousId === null) throw new AppError("order_not_found");
  const found = await repository.findOrderForOwner(db, {
    storeId: ctx.store.id,
    orderId,
    ...("customerId" in reader ? { customerId: reader.customerId } : { anonymousId: reader.anonymousId! }),
  });
  if (!found) throw new AppError("order_not_found");
  const [latest, history, returnable] = await Promise.all([
    findLatestPayments(db, [found.order.id]),
    listOrderStatusChanges(db, found.order.id),
    returnabilityOf(db, found.order),
  ]);
  return toOrder(found, latest.get(found.order.id) ?? null, history, returnable);
}

/** GET /orders/:id/summary: the order's number, status, total and latest payment, for the page after placing it. */
export async function getOrderSummary(db: Db, ctx: Pick<RequestContext, "store">, reader: OrderReader, orderId: number) {
  const { id, publicId, status, grandTotal, latestPayment } = await getOrder(db, ctx, reader, orderId);
  return { id, publicId, status, grandTotal, latestPayment };
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
 * GET /orders/:id/proforma-invoice: the PDF for an order waiting for its bank transfer (its latest payment is
 * a proforma invoice), for the buyer who placed it. 404 for any other order, or a store with no bank details.
 */
export async function getProformaInvoice(db: Db, ctx: Pick<RequestContext, "store">, reader: OrderReader, orderId: number) {
  const order = await getOrder(db, ctx, reader, orderId);
  const facts = await repository.findProformaFacts(db, order.id);
  const payment = order.latestPayment ? await findPaymentByPublicId(db, order.latestPayment.publicPaymentId) : null;
  if (!facts?.bank || payment?.provider !== "proforma-invoice") {
    throw new AppError("order_not_found", "This order has no proforma invoice");
  }
  const pdf = await renderProformaInvoice({
    storeName: facts.storeName,
    order: { ...order, customerName: facts.customerName },
    bank: facts.bank,
    dueBy: order.status === "awaiting_payment" ? facts.dueBy : null,
    issuedAt: payment.createdAt,
  });
  return { pdf, fileName: `proforma-${order.publicId}.pdf` };
}
