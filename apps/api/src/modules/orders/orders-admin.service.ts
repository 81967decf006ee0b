import type { OrderStatus } from "@quire/contracts";
import type { PaymentGateways } from "../payments/gateways/gateways";
import { money } from "@quire/money";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { listTransitions, transition, type TransitionActor } from "../state-machines/state-transitions.repository";
import { findLatestPayments } from "../payments/payments.repository";
import { confirmBankTransfer, refundCapturedPayment } from "../payments/payments.service";
import { cancelLockedOrder } from "./order-cancellation";
import { orderMachine } from "./order-status";
import * as repository from "./orders.repository";
import { toOrder } from "./orders.service";
import { orders } from "./orders.tables";

/*
 * The merchant's side of orders (the admin API and, later, its CLI): list and read a store's orders, ship
 * them with a tracking reference, mark them delivered, cancel them. Every status change goes through the
 * order's transition table, recorded with the admin key that made it.
 */

export interface AdminContext {
  storeId: number;
  /** The admin key's number (request-context.ts): the merchant in the order's history. */
  actor: TransitionActor;
  /** The configured payment gateways: a paid order's refund goes through its own. */
  gateways: PaymentGateways;
}

/** A store's orders, newest first, optionally of one status. */
export async function listAdminOrders(db: Db, input: { storeId: number; status?: OrderStatus; PageNumber: number; PageSize: number }) {
  const { rows, total } = await repository.listOrdersPage(db, {
    storeId: input.storeId,
    ...(input.status ? { status: input.status } : {}),
    limit: input.PageSize,
    offset: (input.PageNumber - 1) * input.PageSize,
  });
  return {
    results: rows.map((row) => ({
      id: row.id,
      publicId: row.publicId,
      status: row.status,
      placedAt: row.placedAt.toISOString(),
      grandTotal: money(row.grandTotal, row.currencyCode),
      itemCount: row.itemCount,
      email: row.email,
      customerName: `${row.firstName} ${row.lastName}`,
    })),
    total,
    pageNumber: input.PageNumber,
    pageSize: input.PageSize,
    totalPages: Math.ceil(total / input.PageSize),
  };
}

/** One of the store's orders with its shipping and its history. */
export async function getAdminOrder(db: Db, input: { storeId: number; orderId: number }) {
  const found = await repository.findStoreOrder(db, input);
  if (!found) throw new AppError("order_not_found");
  const { order } = found;
  const history = await listTransitions(db, orderMachine.name, order.id);
  const latest = await findLatestPayments(db, [order.id]);
  return {
    ...toOrder(found, latest.get(order.id) ?? null),
    customerId: order.customerId,
    customerName: `${order.firstName} ${order.lastName}`,
    phone: order.phone,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    history: history.map((entry) => ({
      from: entry.fromState,
      to: entry.toState,
      actorType: entry.actorType,
      reason: entry.reason,
      at: entry.createdAt.toISOString(),
    })),
  };
}

/** Locks the store's order for a change; 404 when it has none. */
async function requireLockedOrder(tx: Db, ctx: AdminContext, orderId: number) {
  const order = await repository.lockOrder(tx, { storeId: ctx.storeId, orderId });
  if (!order) throw new AppError("order_not_found");
  return order;
}

/** Ships a paid order with the carrier's reference. Shipping it again with the same reference changes nothing. */
export async function shipOrder(db: Db, ctx: AdminContext, input: { orderId: number; trackingReference: string }) {
  await db.transaction(async (tx) => {
    const order = await requireLockedOrder(tx, ctx, input.orderId);
    if (order.status === "shipped" && order.trackingReference === input.trackingReference) return;
    await transition(tx, orderMachine, orders, {
      entityId: order.id,
      from: order.status,
      to: "shipped",
      actor: ctx.actor,
      reason: `shipped, tracking ${input.trackingReference}`,
      alsoSet: sql`tracking_reference = ${input.trackingReference}, shipped_at = now(), updated_at = now()`,
    });
  });
  return getAdminOrder(db, { storeId: ctx.storeId, orderId: input.orderId });
}

/** Marks a shipped order delivered (what returns wait for). Again: nothing changes. */
export async function deliverOrder(db: Db, ctx: AdminContext, input: { orderId: number }) {
  await db.transaction(async (tx) => {
    const order = await requireLockedOrder(tx, ctx, input.orderId);
    if (order.status === "delivered") return;
    await transition(tx, orderMachine, orders, {
      entityId: order.id,
      from: order.status,
      to: "delivered",
      actor: ctx.actor,
      reason: "delivered",
      alsoSet: sql`delivered_at = now(), updated_at = now()`,
    });
  });
  return getAdminOrder(db, { storeId: ctx.storeId, orderId: input.orderId });
}

/**
 * Cancels an order for the merchant, before it ships: a paid order's payment is refunded first (through its
 * gateway; credit given back for an order on account; a bank transfer recorded as refunded, for the merchant
 * to send back), then the stock and discount uses are given back.
 */
export async function cancelOrderForMerchant(db: Db, ctx: AdminContext, input: { orderId: number; reason: string }) {
  await db.transaction(async (tx) => {
    const order = await requireLockedOrder(tx, ctx, input.orderId);
    if (order.status === "cancelled") return;
    if (order.status === "confirmed") {
      await refundCapturedPayment(tx, { orderId: order.id, actor: ctx.actor, reason: `refunded: ${input.reason}` }, ctx.gateways);
    }
    await cancelLockedOrder(tx, order, ctx.actor, `cancelled by the shop: ${input.reason}`);
  });
  return getAdminOrder(db, { storeId: ctx.storeId, orderId: input.orderId });
}

/** The merchant saw an order's bank transfer: its proforma payment is captured and the order confirmed. */
export async function confirmTransfer(db: Db, ctx: AdminContext, input: { orderId: number }) {
  await db.transaction(async (tx) => {
    const order = await requireLockedOrder(tx, ctx, input.orderId);
    if (order.status !== "awaiting_payment" && order.status !== "confirmed") {
      throw new AppError("invalid_state_transition", `A ${order.status.replace("_", " ")} order takes no transfer`);
    }
    await confirmBankTransfer(tx, { orderId: order.id, actor: ctx.actor });
  });
  return getAdminOrder(db, { storeId: ctx.storeId, orderId: input.orderId });
}
