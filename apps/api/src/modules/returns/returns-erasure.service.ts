import type { ReturnStatus, WithdrawalStatus } from "@quire/contracts";
import type { Db } from "../../db/client";
import { anonymiseReturnsOfOrders, listUnsettledReturnsOfOrders } from "./returns-erasure.repository";

/** A return or a withdrawal in these statuses is not settled yet, and keeps its buyer (decision 063). */
export const RETURN_STATUSES_BLOCKING_ERASURE: readonly ReturnStatus[] = ["requested", "received", "approved"];
export const WITHDRAWAL_STATUSES_BLOCKING_ERASURE: readonly WithdrawalStatus[] = ["declared", "received", "refunding"];

/** Erasure (decision 063): the returns and withdrawals of these orders not settled yet. */
export function listUnsettledReturnsForErasure(db: Db, orderIds: readonly number[]) {
  return listUnsettledReturnsOfOrders(db, {
    orderIds,
    returnStatuses: RETURN_STATUSES_BLOCKING_ERASURE,
    withdrawalStatuses: WITHDRAWAL_STATUSES_BLOCKING_ERASURE,
  });
}

/** Erasure (decision 063): returns are kept (amounts, lines, statuses) without the shopper's comment; counts them. */
export function anonymiseReturnsForErasure(db: Db, orderIds: readonly number[], now: Date): Promise<number> {
  return anonymiseReturnsOfOrders(db, orderIds, now);
}
