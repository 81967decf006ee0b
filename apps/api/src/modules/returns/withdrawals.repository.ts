import type { AdminWithdrawalSort, WithdrawalStatus } from "@quire/contracts";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { orderWithdrawalLines, orderWithdrawals } from "./returns.tables";

/*
 * Withdrawals (decision 061). A new one is checked with its order locked (by the orders module, in the same
 * transaction), so two withdrawals, or a withdrawal and a return, of the same lines are decided one after the other.
 * Every withdrawal counts, whatever its status: nothing undoes one.
 */

/** How many of each of these order lines are withdrawn from already; lines with none are left out. */
export function listWithdrawnQuantities(tx: Db, orderLineIds: readonly number[]): Promise<{ orderLineId: number; withdrawn: number }[]> {
  if (orderLineIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ orderLineId: orderWithdrawalLines.orderLineId, withdrawn: sql<number>`sum(${orderWithdrawalLines.quantity})::int` })
    .from(orderWithdrawalLines)
    .where(inArray(orderWithdrawalLines.orderLineId, [...orderLineIds]))
    .groupBy(orderWithdrawalLines.orderLineId);
}

/** The next withdrawal number, from its own sequence. */
export async function nextWithdrawalNumber(tx: Db): Promise<number> {
  const [row] = await sqlRows<{ value: string }>(tx, sql`select nextval('withdrawal_number_seq')::text as value`);
  if (!row) throw new Error("The withdrawal number sequence answered nothing");
  return Number(row.value);
}

export async function insertWithdrawal(
  tx: Db,
  values: {
    publicId: string;
    storeId: number;
    orderId: number;
    wholeOrder: boolean;
    currencyCode: string;
    amount: number;
    deliveryAmount: number;
    declaredAt: Date;
    refundDueBy: Date;
    lines: { orderLineId: number; quantity: number; amount: number }[];
  },
): Promise<number> {
  const { lines, ...row } = values;
  const [inserted] = await tx.insert(orderWithdrawals).values(row).returning({ id: orderWithdrawals.id });
  if (!inserted) throw new Error("The withdrawal insert returned no row");
  await tx.insert(orderWithdrawalLines).values(lines.map((line) => ({ ...line, withdrawalId: inserted.id })));
  return inserted.id;
}

const recordColumns = {
  id: orderWithdrawals.id,
  publicId: orderWithdrawals.publicId,
  orderId: orderWithdrawals.orderId,
  status: orderWithdrawals.status,
  wholeOrder: orderWithdrawals.wholeOrder,
  currencyCode: orderWithdrawals.currencyCode,
  amount: orderWithdrawals.amount,
  deliveryAmount: orderWithdrawals.deliveryAmount,
  declaredAt: orderWithdrawals.declaredAt,
  refundDueBy: orderWithdrawals.refundDueBy,
};
export type WithdrawalRecord = {
  id: number;
  publicId: string;
  orderId: number;
  status: WithdrawalStatus;
  wholeOrder: boolean;
  currencyCode: string;
  amount: number;
  deliveryAmount: number;
  declaredAt: Date;
  refundDueBy: Date;
};

/** One of the store's withdrawals (locked for update when asked); null when none. */
export async function findWithdrawal(
  db: Db,
  input: { storeId: number; withdrawalId: number; lock?: boolean },
): Promise<WithdrawalRecord | null> {
  const query = db
    .select(recordColumns)
    .from(orderWithdrawals)
    .where(and(eq(orderWithdrawals.id, input.withdrawalId), eq(orderWithdrawals.storeId, input.storeId)));
  const [row] = input.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** A withdrawal's lines, in no order (the service orders them as their order lists them). */
export function listWithdrawalLines(db: Db, withdrawalId: number) {
  return db
    .select({ orderLineId: orderWithdrawalLines.orderLineId, quantity: orderWithdrawalLines.quantity, amount: orderWithdrawalLines.amount })
    .from(orderWithdrawalLines)
    .where(eq(orderWithdrawalLines.withdrawalId, withdrawalId));
}

/** A page of the store's withdrawals: refund due soonest first (the order to handle them in), or newest first. */
export async function listWithdrawalsPage(
  db: Db,
  input: { storeId: number; status?: WithdrawalStatus; sort: AdminWithdrawalSort; limit: number; offset: number },
): Promise<{ rows: WithdrawalRecord[]; total: number }> {
  const where = and(eq(orderWithdrawals.storeId, input.storeId), input.status ? eq(orderWithdrawals.status, input.status) : undefined);
  const order =
    input.sort === "due"
      ? [asc(orderWithdrawals.refundDueBy), asc(orderWithdrawals.id)]
      : [desc(orderWithdrawals.declaredAt), desc(orderWithdrawals.id)];
  const rows = await db
    .select(recordColumns)
    .from(orderWithdrawals)
    .where(where)
    .orderBy(...order)
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db.select({ value: count() }).from(orderWithdrawals).where(where);
  return { rows, total: total?.value ?? 0 };
}
