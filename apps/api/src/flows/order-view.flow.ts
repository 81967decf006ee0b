import type { Order } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { Db } from "../db/client";
import type { RequestContext } from "../http/request-context";
import { AppError } from "../http/errors";
import {
  listOrderHistory,
  listOrderStatusChanges,
  NOT_RETURNABLE,
  renderOrderProforma,
  requireReadableOrder,
  requireStoreOrder,
  returnWindowOf,
  toOrder,
  type OrderReader,
  type OrderReturnability,
} from "../modules/orders/orders.service";
import { requireLinkedOrder } from "../modules/orders/order-links.service";
import { listOrderMails } from "../modules/mail/mail.service";
import { findLatestPayments, findStorePayment } from "../modules/payments/payments.service";
import { listOrderRefunds, listRefundsHistory } from "../modules/payments/refunds.service";
import { returnableQuantities } from "../modules/returns/returns.service";

/*
 * An order as its buyer and its merchant read it: the orders module's snapshot, with its latest payment (the
 * payments module's) and what may still be returned (the returns module's), and for the merchant its refunds.
 * Reads only, one statement at a time.
 */

type StoredOrder = Awaited<ReturnType<typeof requireReadableOrder>>;

async function returnabilityOf(db: Db, stored: StoredOrder): Promise<OrderReturnability> {
  const until = returnWindowOf(stored.order);
  if (!until) return NOT_RETURNABLE;
  return { until, quantities: await returnableQuantities(db, stored.order.id) };
}

async function orderAnswer(db: Db, stored: StoredOrder): Promise<Order> {
  const latest = await findLatestPayments(db, [stored.order.id]);
  const history = await listOrderStatusChanges(db, stored.order.id);
  const returnable = await returnabilityOf(db, stored);
  const refunds = (await listOrderRefunds(db, stored.order)).map(({ reason, status, amount, createdAt }) => ({
    reason,
    status,
    amount,
    createdAt,
  }));
  return toOrder(stored, latest.get(stored.order.id) ?? null, history, returnable, refunds);
}

/** GET /orders/:id: the caller's own order (404 for anyone else's). */
export async function getOrder(db: Db, ctx: Pick<RequestContext, "store">, reader: OrderReader, orderId: number): Promise<Order> {
  return orderAnswer(db, await requireReadableOrder(db, ctx, reader, orderId));
}

/** GET /orders/:id/summary: the order's number, status, total and latest payment, for the page after placing it. */
export async function getOrderSummary(db: Db, ctx: Pick<RequestContext, "store">, reader: OrderReader, orderId: number) {
  const { id, publicId, status, grandTotal, latestPayment } = await getOrder(db, ctx, reader, orderId);
  return { id, publicId, status, grandTotal, latestPayment };
}

/**
 * GET /orders/:id/proforma-invoice: the PDF for an order whose latest payment is a proforma invoice, for the buyer
 * who placed it; 404 for any other order.
 */
export async function getProformaInvoice(db: Db, ctx: Pick<RequestContext, "store">, reader: OrderReader, orderId: number) {
  return proformaOf(db, ctx, await getOrder(db, ctx, reader, orderId));
}

/** POST /order-links/order: the order an emailed order link opens, for whoever holds it (decision 041). */
export async function getOrderByLink(db: Db, ctx: Pick<RequestContext, "store">, secret: string, token: string): Promise<Order> {
  return orderAnswer(db, await requireLinkedOrder(db, ctx, secret, token));
}

/** POST /order-links/proforma-invoice: the proforma invoice of the order a link opens; 404 when it has none. */
export async function getProformaInvoiceByLink(db: Db, ctx: Pick<RequestContext, "store">, secret: string, token: string) {
  return proformaOf(db, ctx, await getOrderByLink(db, ctx, secret, token));
}

/** The PDF of an order whose latest payment is a proforma invoice; 404 for any other order. */
async function proformaOf(db: Db, ctx: Pick<RequestContext, "store">, order: Order) {
  const payment = order.latestPayment
    ? await findStorePayment(db, { storeId: ctx.store.id, publicId: order.latestPayment.publicPaymentId })
    : null;
  if (payment?.provider !== "proforma-invoice") throw new AppError("order_not_found", "This order has no proforma invoice");
  return renderOrderProforma(db, order, payment.createdAt);
}

/**
 * GET /admin/orders/:id: one of the store's orders with its buyer, shipping, history (who and why), refunds and the
 * mails sent about it.
 */
export async function getAdminOrder(db: Db, input: { storeId: number; orderId: number }) {
  const stored = await requireStoreOrder(db, input);
  const { order } = stored;
  const history = [...(await listOrderHistory(db, order.id))];
  const refunds = await listOrderRefunds(db, order);
  // Each refund in the same history: recorded, then each change of its status (refund-status.ts), all of them in
  // one statement however many refunds the order has.
  const refundChanges = await listRefundsHistory(
    db,
    refunds.map((refund) => refund.id),
  );
  for (const refund of refunds) {
    const amount = formatMoney(refund.amount.amount, refund.amount.currencyCode);
    history.push({
      fromState: "",
      toState: "refund pending",
      actorType: "system",
      actorId: null,
      actorLabel: null,
      reason: `${amount} to give back (${refund.reason.replace(/_/g, " ")}${refund.note ? `: ${refund.note}` : ""})`,
      createdAt: new Date(refund.createdAt),
    });
  }
  for (const entry of refundChanges) {
    const { actorType, actorId, actorLabel, reason, createdAt } = entry;
    history.push({
      fromState: `refund ${entry.fromState}`,
      toState: `refund ${entry.toState}`,
      actorType,
      actorId,
      actorLabel,
      reason,
      createdAt,
    });
  }
  history.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return {
    ...(await orderAnswer(db, stored)),
    customerId: order.customerId,
    customerName: `${order.firstName} ${order.lastName}`,
    phone: order.phone,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    history: history.map((entry) => ({
      from: entry.fromState,
      to: entry.toState,
      actorType: entry.actorType,
      actorLabel: entry.actorLabel,
      reason: entry.reason,
      at: entry.createdAt.toISOString(),
    })),
    refunds,
    mails: (await listOrderMails(db, order.id)).map((mail) => ({
      kind: mail.kind,
      subject: mail.subject,
      recipient: mail.recipient,
      queuedAt: mail.queuedAt.toISOString(),
      sentAt: mail.sentAt?.toISOString() ?? null,
    })),
  };
}
