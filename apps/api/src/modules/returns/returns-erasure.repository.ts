import { and, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderReturns, orderWithdrawals } from "./returns.tables";

/** The returns and withdrawals of the given orders still in one of the given statuses: public id and status. */
export async function listUnsettledReturnsOfOrders(
  db: Db,
  input: { orderIds: readonly number[]; returnStatuses: readonly string[]; withdrawalStatuses: readonly string[] },
) {
  if (input.orderIds.length === 0) return [];
  const ids = [...input.orderIds];
  const returns = await db
    .select({ publicId: orderReturns.publicId, status: orderReturns.status })
    .from(orderReturns)
    .where(and(inArray(orderReturns.orderId, ids), inArray(orderReturns.status, [...input.returnStatuses] as never[])));
  const withdrawals = await db
    .select({ publicId: orderWithdrawals.publicId, status: orderWithdrawals.status })
    .from(orderWithdrawals)
    .where(and(inArray(orderWithdrawals.orderId, ids), inArray(orderWithdrawals.status, [...input.withdrawalStatuses] as never[])));
  return [
    ...returns.map((row) => ({ kind: "return" as const, ...row })),
    ...withdrawals.map((row) => ({ kind: "withdrawal" as const, ...row })),
  ];
}

/** Empties the shopper's comments of the given orders' returns; counts the returns. */
export async function anonymiseReturnsOfOrders(db: Db, orderIds: readonly number[], now: Date): Promise<number> {
  if (orderIds.length === 0) return 0;
  const updated = await db
    .update(orderReturns)
    .set({ comment: "", updatedAt: now })
    .where(inArray(orderReturns.orderId, [...orderIds]))
    .returning({ id: orderReturns.id });
  return updated.length;
}
