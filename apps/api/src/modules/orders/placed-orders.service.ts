import type { Db } from "../../db/client";
import * as repository from "./placed-orders.repository";

/*
 * What a placed order holds, for the modules that act on one after it was placed (returns, withdrawals): the order locked
 * for a change its customer asks for, its lines' amounts, lines by id as they were ordered, and who bought it.
 * Reads for many ids are one statement for all of them.
 */

export type CustomerOrder = NonNullable<Awaited<ReturnType<typeof repository.lockCustomerOrder>>>;
export type OrderedLine = Awaited<ReturnType<typeof repository.listOrderLinesByIds>>[number];
export type OrderBuyer = Awaited<ReturnType<typeof repository.listOrderBuyers>>[number];

/**
 * One of the customer's orders of this store with its status, delivery date, amounts and buyer, locked (for
 * update) until the transaction ends, so that changes the customer asks of it (returns) are decided one after
 * the other; null when the order is not theirs.
 */
export function lockCustomerOrder(tx: Db, input: { storeId: number; customerId: number; orderId: number }): Promise<CustomerOrder | null> {
  return repository.lockCustomerOrder(tx, input);
}

/**
 * One of the store's orders, whoever bought it (a guest's too), with the same columns, locked (for update) until the
 * transaction ends: for a change its buyer asks for after proving they are its buyer (a withdrawal); null when none.
 */
export function lockStoreOrder(tx: Db, input: { storeId: number; orderId: number }): Promise<CustomerOrder | null> {
  return repository.lockStoreOrder(tx, input);
}

/** The id of the store's order with this number when it was placed with this address (any case); null otherwise. */
export async function findOrderIdByNumberAndEmail(db: Db, input: { storeId: number; orderNumber: string; email: string }) {
  const order = await repository.findOrderByNumber(db, { storeId: input.storeId, publicId: input.orderNumber });
  return order && order.email.toLowerCase() === input.email.toLowerCase() ? order.id : null;
}

/** An order's lines with how many were ordered and their total (before discounts), as the order lists them. */
export function listOrderLineAmounts(db: Db, orderId: number) {
  return repository.listOrderLineAmounts(db, orderId);
}

/** These order lines as they were ordered (SKU, names, place in their order), by line id; unknown ids are missing. */
export async function findOrderedLines(db: Db, lineIds: readonly number[]): Promise<Map<number, OrderedLine>> {
  const requested = [...new Set(lineIds)];
  if (requested.length === 0) return new Map();
  const rows = await repository.listOrderLinesByIds(db, requested);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Who bought these orders (the order's number, the buyer's email and first name), by order id; unknown ids are missing. */
export async function findOrderBuyers(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderBuyer>> {
  const requested = [...new Set(orderIds)];
  if (requested.length === 0) return new Map();
  const rows = await repository.listOrderBuyers(db, requested);
  return new Map(rows.map((row) => [row.id, row]));
}
