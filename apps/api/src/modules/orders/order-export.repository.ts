import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderLines, orders } from "./orders.tables";

/*
 * A person's orders for their data export (decision 062): those placed from their account and those placed with
 * their email address, newest first, at most `limit`; and those orders' lines, in one statement for all of them.
 */

/** The store's orders of a customer or of an email address, newest first, at most `limit`. */
export function listOrdersOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string; limit: number }) {
  const person =
    input.customerId === null ? eq(orders.email, input.email) : or(eq(orders.customerId, input.customerId), eq(orders.email, input.email));
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, input.storeId), person))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(input.limit);
}

/** The lines of these orders, in their order and position, at most `limit`. */
export function listLinesOfOrders(db: Db, orderIds: readonly number[], limit: number) {
  return db
    .select()
    .from(orderLines)
    .where(sql`${orderLines.orderId} = any(${sql.param([...orderIds])}::int[])`)
    .orderBy(asc(orderLines.orderId), asc(orderLines.position))
    .limit(limit);
}
