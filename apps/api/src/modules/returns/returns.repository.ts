import type { ReturnReason, ReturnResolution, ReturnStatus } from "@quire/contracts";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { ACTIVE_RETURN_STATUSES } from "./return-status";
import { orderReturnLines, orderReturns, returnRefunds, storeCreditEntries } from "./returns.tables";

/*
 * Every customer query names the customer and the store: a return of anyone else is not found. A new return is
 * checked with its order locked (by the orders module, in the same transaction), so two requests for the same
 * lines are decided one after the other against what is already returned. What a return shows of its order (its
 * number, the buyer, the lines as ordered) is the orders module's, added by the service.
 */

/**
 * How many of each of these order lines are already returned or on their way back (in a return still active);
 * lines with none are left out. Read after the order is locked, it counts every return decided before.
 */
export function listReturnedQuantities(tx: Db, orderLineIds: readonly number[]): Promise<{ orderLineId: number; returned: number }[]> {
  if (orderLineIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ orderLineId: orderReturnLines.orderLineId, returned: sql<number>`sum(${orderReturnLines.quantity})::int` })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(and(inArray(orderReturnLines.orderLineId, [...orderLineIds]), inArray(orderReturns.status, [...ACTIVE_RETURN_STATUSES])))
    .groupBy(orderReturnLines.orderLineId);
}

/** The next return number, from its own sequence. */
export async function nextReturnNumber(tx: Db): Promise<number> {
  const [row] = await sqlRows<{ value: string }>(tx, sql`select nextval('return_number_seq')::text as value`);
  if (!row) throw new Error("The return number sequence answered nothing");
  return Number(row.value);
}

export async function insertReturn(
  tx: Db,
  values: {
    publicId: string;
    storeId: number;
    orderId: number;
    customerId: number;
    reason: ReturnReason;
    resolution: ReturnResolution;
    comment: string;
    currencyCode: string;
    amount: number;
    lines: { orderLineId: number; quantity: number; amount: number }[];
  },
): Promise<number> {
  const { lines, ...row } = values;
  const [inserted] = await tx.insert(orderReturns).values(row).returning({ id: orderReturns.id });
  if (!inserted) throw new Error("The return insert returned no row");
  await tx.insert(orderReturnLines).values(lines.map((line) => ({ ...line, returnId: inserted.id })));
  return inserted.id;
}

const recordColumns = {
  id: orderReturns.id,
  publicId: orderReturns.publicId,
  orderId: orderReturns.orderId,
  customerId: orderReturns.customerId,
  status: orderReturns.status,
  reason: orderReturns.reason,
  resolution: orderReturns.resolution,
  comment: orderReturns.comment,
  merchantNote: orderReturns.merchantNote,
  currencyCode: orderReturns.currencyCode,
  amount: orderReturns.amount,
  // Written with the table's name: inside a one-table select Drizzle leaves column names unqualified.
  itemCount: sql<number>`(select coalesce(sum(rl.quantity), 0)::int from ${orderReturnLines} rl where rl.return_id = ${orderReturns}.id)`,
  createdAt: orderReturns.createdAt,
};
/** A return as its own table holds it, with its count of items. */
export type ReturnRecord = {
  id: number;
  publicId: string;
  orderId: number;
  customerId: number;
  status: ReturnStatus;
  reason: ReturnReason;
  resolution: ReturnResolution;
  comment: string;
  merchantNote: string | null;
  currencyCode: string;
  amount: number;
  itemCount: number;
  createdAt: Date;
};

/**
 * A page of returns, newest first (or oldest first): a customer's (optionally of one order), or a store's (optionally
 * of one status).
 */
export async function listReturnsPage(
  db: Db,
  input: {
    storeId: number;
    customerId?: number;
    orderId?: number;
    status?: ReturnStatus;
    oldestFirst?: boolean;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(orderReturns.storeId, input.storeId),
    input.customerId === undefined ? undefined : eq(orderReturns.customerId, input.customerId),
    input.orderId === undefined ? undefined : eq(orderReturns.orderId, input.orderId),
    input.status === undefined ? undefined : eq(orderReturns.status, input.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(recordColumns)
      .from(orderReturns)
      .where(where)
      .orderBy(
        ...(input.oldestFirst
          ? [asc(orderReturns.createdAt), asc(orderReturns.id)]
          : [desc(orderReturns.createdAt), desc(orderReturns.id)]),
      )
      .limit(input.limit)
      .offset(input.offset),
    db.select({ value: count() }).from(orderReturns).where(where),
  ]);
  return { rows: rows as ReturnRecord[], total: total?.value ?? 0 };
}

/** One return of the store (and of the customer, when one is named); `lock` holds it for a status change. */
export async function findReturn(db: Db, input: { storeId: number; returnId: number; customerId?: number; lock?: boolean }) {
  const query = db
    .select(recordColumns)
    .from(orderReturns)
    .where(
      and(
        eq(orderReturns.id, input.returnId),
        eq(orderReturns.storeId, input.storeId),
        input.customerId === undefined ? undefined : eq(orderReturns.customerId, input.customerId),
      ),
    );
  const [row] = input.lock ? await query.for("update") : await query;
  return (row as ReturnRecord | undefined) ?? null;
}

/** A return's lines: which order line, how many and what they give back (their order is the order's, added by the service). */
export function listReturnLines(db: Db, returnId: number) {
  return db
    .select({ orderLineId: orderReturnLines.orderLineId, quantity: orderReturnLines.quantity, amount: orderReturnLines.amount })
    .from(orderReturnLines)
    .where(eq(orderReturnLines.returnId, returnId));
}

export async function findRefund(db: Db, returnId: number) {
  const [row] = await db.select().from(returnRefunds).where(eq(returnRefunds.returnId, returnId));
  return row ?? null;
}

export async function insertRefund(
  tx: Db,
  values: {
    returnId: number;
    paymentId: number | null;
    kind: "payment" | "store_credit";
    amount: number;
    currencyCode: string;
    idempotencyKey: string;
  },
) {
  const [row] = await tx.insert(returnRefunds).values(values).returning();
  if (!row) throw new Error("The refund insert returned no row");
  return row;
}

export async function markRefundSucceeded(tx: Db, refundId: number, providerReference: string | null) {
  await tx
    .update(returnRefunds)
    .set({ status: "succeeded", providerReference, updatedAt: sql`now()` })
    .where(eq(returnRefunds.id, refundId));
}

export async function insertStoreCredit(
  tx: Db,
  values: { customerId: number; currencyCode: string; amount: number; returnId: number; note: string },
) {
  await tx.insert(storeCreditEntries).values(values);
}

export async function setMerchantNote(tx: Db, returnId: number, note: string) {
  await tx
    .update(orderReturns)
    .set({ merchantNote: note, updatedAt: sql`now()` })
    .where(eq(orderReturns.id, returnId));
}

/** How many of a store's returns wait for the merchant's decision: asked for or received (the (store, status) index). */
export async function countReturnsAwaitingDecision(db: Db, storeId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderReturns)
    .where(and(eq(orderReturns.storeId, storeId), inArray(orderReturns.status, ["requested", "received"])));
  return Number(row?.count ?? 0);
}
