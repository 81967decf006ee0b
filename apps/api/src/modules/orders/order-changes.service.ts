import type { OrderStatus, PaymentProviderId } from "@quire/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { publishEvent } from "../jobs/job-queue";
import { transition, type TransitionActor } from "../state-machines/state-transitions.service";
import { orderMachine } from "./order-status";
import * as repository from "./orders.repository";
import { orders } from "./orders.tables";

/*
 * What the flows that pay, cancel and refund an order ask of the orders module: the order locked for a change,
 * its confirmation once paid, a payment deadline, and who bought it. Locks are taken order first, then
 * payment, by every flow (decision 026), so no two paths wait on each other.
 */

export type LockedOrder = NonNullable<Awaited<ReturnType<typeof repository.lockOrder>>>;

/** Locks one of the store's orders for a change (the first lock any money flow takes); null when none. */
export function lockOrderForChange(tx: Db, input: { storeId: number; orderId: number }): Promise<LockedOrder | null> {
  return repository.lockOrder(tx, input);
}

/** Locks one of the store's orders, or answers 404. */
export async function requireLockedOrder(tx: Db, input: { storeId: number; orderId: number }): Promise<LockedOrder> {
  const order = await repository.lockOrder(tx, input);
  if (!order) throw new AppError("order_not_found");
  return order;
}

/** The oldest order past its payment deadline that no one else holds, locked; null when there is none. */
export const lockNextUnpaidOrder = repository.lockNextUnpaidOrder;

/** Whether a caller may act on an order as its buyer: the signed-in customer, or the guest by their basket id. */
export function isOrderBuyer(
  order: { customerId: number | null; anonymousId: string | null },
  buyer: { customerId: number } | { anonymousId: string | null },
): boolean {
  return "customerId" in buyer
    ? order.customerId === buyer.customerId
    : buyer.anonymousId !== null && order.anonymousId === buyer.anonymousId;
}

/**
 * Confirms an order awaiting payment now that a payment of it is captured, and tells who listens, in the
 * payment's transaction with the order locked.
 */
export async function confirmOrderPaid(
  tx: Db,
  payment: { id: number; orderId: number; storeId: number; provider: PaymentProviderId; amount: number; currencyCode: string },
  actor: TransitionActor,
) {
  await transition(tx, orderMachine, orders, {
    entityId: payment.orderId,
    from: "awaiting_payment",
    to: "confirmed",
    actor,
    reason: `paid by ${payment.provider}`,
    alsoSet: sql`payment_due_by = null, updated_at = now()`,
  });
  await publishEvent(tx, {
    type: "payment.captured",
    storeId: payment.storeId,
    orderId: payment.orderId,
    paymentId: payment.id,
    amount: payment.amount,
    currency: payment.currencyCode,
  });
}

/** Gives an order `days` from now to be paid (a proforma invoice's terms). */
export const givePaymentDeadline = repository.setPaymentDeadline;

/** Who bought an order and what the payer sees of it (its number, their email); null when there is none. */
export const findOrderParties = repository.findOrderParties;

/** Order numbers by id, for lists that name orders (refunds). */
export async function findOrderNumbers(db: Db, orderIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await repository.findOrderNumbers(db, orderIds);
  return new Map(rows.map((row) => [row.id, row.publicId]));
}

/** Whether a status means the order was paid and not yet given back (what a cancellation must refund). */
export function isPaidStatus(status: OrderStatus): boolean {
  return status === "confirmed";
}

/** The order a basket became, if it became one (a repeated placement answers it). */
export const findOrderOfBasket = repository.findOrderIdByCart;

/**
 * Records a new order, its lines and the discount codes' uses, numbered from the order sequence, in the
 * placement's transaction; answers its id and number.
 */
export async function recordOrder(
  tx: Db,
  order: Omit<repository.NewOrder, "publicId">,
  lines: readonly repository.NewOrderLine[],
  uses: readonly { discountCodeId: number; customerId: number | null; email: string }[],
): Promise<{ id: number; publicId: string }> {
  const publicId = await repository.nextOrderNumber(tx);
  const id = await repository.insertOrder(tx, { ...order, publicId }, lines, uses);
  return { id, publicId };
}

/**
 * The lines of one of the customer's orders of this store, in order, as ordered (add-ons by name), for a
 * reorder; 404 for an order that is not theirs.
 */
export async function requireLinesToReorder(db: Db, input: { storeId: number; customerId: number; orderId: number }) {
  const lines = await repository.listCustomerOrderLines(db, input);
  // An order always has lines (an empty basket cannot be ordered): none means it is not this customer's.
  if (lines.length === 0) throw new AppError("order_not_found");
  return lines.map((line) => ({ ...line, addonNames: line.addons.map((addon) => addon.name) }));
}

/** Some of a customer's orders by id, with their number, date and status, in the order the ids are given. */
export async function findOrderSummaries(db: Db, input: { customerId: number; orderIds: readonly number[] }) {
  const rows = await repository.findCustomerOrderSummaries(db, input);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return input.orderIds.flatMap((id) => byId.get(id) ?? []);
}
