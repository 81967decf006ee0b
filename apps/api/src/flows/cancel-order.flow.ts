import { AppError } from "../http/errors";
import { giveDiscountUsesBack } from "../modules/checkout/checkout.service";
import { cancelLockedOrder } from "../modules/orders/order-cancellation";
import { lockNextUnpaidOrder, requireLockedOrder, type LockedOrder } from "../modules/orders/order-changes.service";
import { cancelOpenPayments, findCapturedPayment, type PaymentRow } from "../modules/payments/payments.service";
import { recordRefund, refundableOfPayment } from "../modules/payments/refunds.service";
import type { TransitionActor } from "../modules/state-machines/state-machine";
import type { Db } from "../db/client";
import { publishEvent } from "../modules/jobs/job-queue";
import type { MoneyFlowDeps } from "./flow-deps";
import { closeAttemptsAtGateways } from "./payment-attempts.flow";
import { settleRefund } from "./refund.flow";

/*
 * Cancelling an order, whoever does it: the customer (while it awaits payment), the merchant (before it ships;
 * a paid order is refunded) or the unpaid-order job. In one transaction with the order locked: the order is
 * cancelled (stock and discount uses given back), its open payment attempts are cancelled, and a paid order's
 * refund is recorded. Once that has committed, the attempts are closed at their gateways (a closed page can no
 * longer be paid; one paid meanwhile is given back) and the refund is paid (flows/refund.flow.ts).
 */

interface Cancelled {
  closedAttempts: PaymentRow[];
  refundId: number | null;
}

/** Cancels a locked order in the caller's transaction: the order, its open attempts, and a paid one's refund. */
async function cancelInTransaction(
  tx: Db,
  order: Pick<LockedOrder, "id" | "storeId" | "status">,
  actor: TransitionActor,
  reason: string,
  by: "customer" | "shop" | "unpaid",
): Promise<Cancelled> {
  let refundId: number | null = null;
  if (order.status === "confirmed") {
    const payment = await findCapturedPayment(tx, order.id);
    // What the merchant has already refunded of it stays refunded: the cancellation gives back the rest.
    const remaining = payment ? (await refundableOfPayment(tx, payment)).remaining : 0;
    if (payment && remaining > 0) {
      const refund = await recordRefund(tx, { payment, reason: "order_cancelled", source: `order:${order.id}`, amount: remaining });
      refundId = refund.id;
    }
  }
  // The order's discount code uses are forgotten with it, and each code counts one use fewer.
  await giveDiscountUsesBack(tx, await cancelLockedOrder(tx, order, actor, reason));
  const closedAttempts = await cancelOpenPayments(tx, { orderId: order.id, actor, reason: `order ${reason}` });
  // The buyer's mail, saying whether and how the money comes back, queued with the cancellation.
  await publishEvent(tx, { type: "order.cancelled", storeId: order.storeId, orderId: order.id, by, refundId });
  return { closedAttempts, refundId };
}

/** After the cancellation committed: its attempts closed at their gateways, its refund paid. */
async function finishCancellation(deps: MoneyFlowDeps, cancelled: Cancelled, actor: TransitionActor) {
  await closeAttemptsAtGateways(deps, cancelled.closedAttempts);
  if (cancelled.refundId !== null) await settleRefund(deps, cancelled.refundId, actor);
}

/**
 * PUT /orders/:id/cancel: a customer cancels their own order while it awaits payment. Once paid, a
 * cancellation needs a refund, which the merchant makes. Cancelling twice answers the same.
 */
export async function cancelOrderForCustomer(deps: MoneyFlowDeps, input: { storeId: number; customerId: number; orderId: number }) {
  const actor: TransitionActor = { type: "customer", id: input.customerId };
  const cancelled = await deps.db.transaction(async (tx) => {
    const order = await requireLockedOrder(tx, input);
    if (order.customerId !== input.customerId) throw new AppError("order_not_found");
    if (order.status === "cancelled") return null;
    if (order.status !== "awaiting_payment") {
      throw new AppError("invalid_state_transition", "This order is paid: ask us to cancel it, and we will refund you");
    }
    return cancelInTransaction(tx, order, actor, "cancelled by the customer", "customer");
  });
  if (cancelled) await finishCancellation(deps, cancelled, actor);
}

/**
 * The merchant cancels an order before it ships: a paid order's payment is refunded in full (through its
 * gateway; credit given back for an order on account; a bank transfer owed, for the merchant to send back), and
 * the stock and discount uses are given back. Cancelling again changes nothing.
 */
export async function cancelOrderForMerchant(
  deps: MoneyFlowDeps,
  input: { storeId: number; orderId: number; actor: TransitionActor; reason: string },
) {
  const cancelled = await deps.db.transaction(async (tx) => {
    const order = await requireLockedOrder(tx, input);
    if (order.status === "cancelled") return null;
    return cancelInTransaction(tx, order, input.actor, `cancelled by the shop: ${input.reason}`, "shop");
  });
  if (cancelled) await finishCancellation(deps, cancelled, input.actor);
}

/** Orders cancelled per run of the unpaid-order job at most; the next run takes the rest. */
const UNPAID_BATCH = 100;

/**
 * The scheduled job: cancels orders whose payment did not come in time, freeing their stock and closing their
 * payment pages. Each order in a transaction of its own, skipping any another worker (or a payment) holds.
 */
export async function cancelUnpaidOrders(deps: MoneyFlowDeps, now = new Date()): Promise<number> {
  const actor: TransitionActor = { type: "system" };
  let cancelled = 0;
  while (cancelled < UNPAID_BATCH) {
    const done = await deps.db.transaction(async (tx) => {
      const order = await lockNextUnpaidOrder(tx, now);
      return order ? cancelInTransaction(tx, order, actor, "not paid in time", "unpaid") : null;
    });
    if (!done) break;
    await finishCancellation(deps, done, actor);
    cancelled += 1;
  }
  return cancelled;
}
