import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { adjustVariantStock } from "../inventory/inventory.service";
import { cancelOpenPayments } from "../payments/payments.service";
import { transition, type TransitionActor } from "../state-machines/state-transitions.repository";
import { orderMachine } from "./order-status";
import * as repository from "./orders.repository";
import { orders } from "./orders.tables";
import type { OrderStatus } from "@quire/contracts";

/**
 * Cancels an order and gives back what it held, in the caller's transaction with the order's row locked: the
 * units it took go back to stock (through inventory, so a restock from none tells back-in-stock subscribers),
 * each discount code's use is returned (and no longer counts against the buyer), and its payments still open
 * are cancelled. The transition table decides which statuses may be cancelled; a paid order's refund is the
 * payment's business, not this one's.
 */
export async function cancelLockedOrder(
  tx: Db,
  order: { id: number; storeId: number; status: OrderStatus },
  actor: TransitionActor,
  reason: string,
) {
  await transition(tx, orderMachine, orders, {
    entityId: order.id,
    from: order.status,
    to: "cancelled",
    actor,
    reason,
    alsoSet: sql`updated_at = now(), payment_due_by = null`,
  });
  for (const line of await repository.listReservedStock(tx, order.id)) {
    await adjustVariantStock(tx, { storeId: order.storeId, variantId: line.variantId, delta: line.reserved });
  }
  await repository.returnDiscountUses(tx, order.id);
  await cancelOpenPayments(tx, { orderId: order.id, actor, reason: `order ${reason}` });
}

/**
 * PUT /orders/:id/cancel: a customer cancels their own order while it awaits payment. Once paid, a
 * cancellation needs a refund, which the merchant makes (the admin API). Cancelling twice answers the same.
 */
export async function cancelCustomerOrder(db: Db, input: { storeId: number; customerId: number; orderId: number }) {
  await db.transaction(async (tx) => {
    const order = await repository.lockOrder(tx, input);
    if (!order || order.customerId !== input.customerId) throw new AppError("order_not_found");
    if (order.status === "cancelled") return;
    if (order.status !== "awaiting_payment") {
      throw new AppError("invalid_state_transition", "This order is paid: ask us to cancel it, and we will refund you");
    }
    await cancelLockedOrder(tx, order, { type: "customer", id: input.customerId }, "cancelled by the customer");
  });
}

/** Orders cancelled per run of the unpaid-order job at most; the next run takes the rest. */
const UNPAID_BATCH = 100;

/**
 * The scheduled job: cancels orders whose payment did not come in time, freeing their stock. Each order in a
 * transaction of its own, skipping any another worker (or a payment) holds.
 */
export async function cancelUnpaidOrders(db: Db, now = new Date()): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const order = await repository.lockNextUnpaidOrder(tx, now);
      if (!order) return false;
      await cancelLockedOrder(tx, order, { type: "system" }, "not paid in time");
      return true;
    });
    if (!done) return cancelled;
    cancelled += 1;
    if (cancelled >= UNPAID_BATCH) return cancelled;
  }
}
