import { and, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentRefunds } from "./payments.tables";

/** The refunds of the given orders still pending or owed: their order and status. */
export async function listUnsettledRefundsOfOrders(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: paymentRefunds.orderId, status: paymentRefunds.status })
    .from(paymentRefunds)
    .where(and(inArray(paymentRefunds.orderId, [...orderIds]), inArray(paymentRefunds.status, ["pending", "owed"])));
}
