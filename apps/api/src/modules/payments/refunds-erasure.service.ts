import type { Db } from "../../db/client";
import { listUnsettledRefundsOfOrders } from "./refunds-erasure.repository";

/** Erasure (decision 063): the refunds of these orders not settled yet (pending or owed), which keep their buyer. */
export function listUnsettledRefundsForErasure(db: Db, orderIds: readonly number[]) {
  return listUnsettledRefundsOfOrders(db, orderIds);
}
