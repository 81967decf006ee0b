import type { OrderStatus } from "@quire/contracts";
import type { Db } from "../../db/client";
import { anonymiseOrders, lockOrdersOfPerson } from "./order-erasure.repository";

/** Statuses whose order still needs its buyer: not paid yet, or paid and not yet delivered (decision 063). */
export const ORDER_STATUSES_BLOCKING_ERASURE: readonly OrderStatus[] = ["awaiting_payment", "confirmed", "shipped"];

/** Erasure (decision 063): the orders of an account or an address, locked: id, public id and status. */
export function lockOrdersForErasure(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  return lockOrdersOfPerson(db, input);
}

/** Erasure (decision 063): keeps the orders for the tax law, their buyer's details anonymised. */
export function anonymiseOrdersForErasure(db: Db, orderIds: readonly number[], now: Date): Promise<void> {
  return anonymiseOrders(db, orderIds, now);
}
