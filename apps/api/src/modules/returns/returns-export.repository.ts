import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderReturnLines, orderReturns, orderWithdrawalLines, orderWithdrawals, storeCreditEntries } from "./returns.tables";

/*
 * A person's returns, withdrawals and store credit for their data export (decision 062): each list newest first and
 * at most `limit` long, the lines of all listed returns (or withdrawals) in one statement.
 */

/** A customer's returns, newest first, at most `limit`. */
export function listReturnsOfCustomer(db: Db, input: { storeId: number; customerId: number; limit: number }) {
  return db
    .select()
    .from(orderReturns)
    .where(sql`${orderReturns.storeId} = ${input.storeId} and ${orderReturns.customerId} = ${input.customerId}`)
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
    .limit(input.limit);
}

/** The lines of these returns. */
export function listLinesOfReturns(db: Db, returnIds: readonly number[]) {
  return db
    .select()
    .from(orderReturnLines)
    .where(sql`${orderReturnLines.returnId} = any(${sql.param([...returnIds])}::int[])`);
}

/** The withdrawals from these orders, newest first, at most `limit`. */
export function listWithdrawalsOfOrders(db: Db, input: { storeId: number; orderIds: readonly number[]; limit: number }) {
  return db
    .select()
    .from(orderWithdrawals)
    .where(
      sql`${orderWithdrawals.storeId} = ${input.storeId} and ${orderWithdrawals.orderId} = any(${sql.param([...input.orderIds])}::int[])`,
    )
    .orderBy(desc(orderWithdrawals.declaredAt), desc(orderWithdrawals.id))
    .limit(input.limit);
}

/** The lines of these withdrawals. */
export function listLinesOfWithdrawals(db: Db, withdrawalIds: readonly number[]) {
  return db
    .select()
    .from(orderWithdrawalLines)
    .where(sql`${orderWithdrawalLines.withdrawalId} = any(${sql.param([...withdrawalIds])}::int[])`);
}

/** A customer's store credit entries, oldest first, at most `limit`. */
export function listStoreCreditOfCustomer(db: Db, input: { customerId: number; limit: number }) {
  return db
    .select({
      currencyCode: storeCreditEntries.currencyCode,
      amount: storeCreditEntries.amount,
      note: storeCreditEntries.note,
      createdAt: storeCreditEntries.createdAt,
    })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.customerId, input.customerId))
    .orderBy(asc(storeCreditEntries.id))
    .limit(input.limit);
}
