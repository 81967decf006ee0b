import type { Db } from "../../db/client";
import { deleteInBatches } from "../jobs/housekeeping";
import {
  deleteExpiredConfirmationTokens,
  deleteLongNotifiedSubscriptions,
  deleteStaleUnconfirmedSubscriptions,
} from "./back-in-stock.repository";

/**
 * How old a request that nobody confirmed may get before it is deleted (decision 013's double opt-in): its
 * links last 7 days, so after 30 the address's owner has plainly not asked for it, and an address we were
 * never allowed to write to is not kept. A request with a link still valid (a recent resend) is kept.
 */
export const UNCONFIRMED_REQUEST_KEPT_SECONDS = 30 * 24 * 60 * 60;

/** How long a confirmation link is kept after it expired, so opening it says "expired" for a week. */
export const EXPIRED_CONFIRMATION_KEPT_SECONDS = 7 * 24 * 60 * 60;

/**
 * How long a request is kept after its notice went out (or its confirmation said the book was back): 90
 * days in which the shop can still see that a customer was told, when they ask about a notice they never
 * saw (the outbox keeps the message itself only 30 days). Nothing else reads a notified request: a repeat
 * request for the same book makes a new one (the unique index covers pending requests only), and its
 * confirmation links, the one way to open it, are gone two weeks after they were sent.
 */
export const NOTIFIED_REQUEST_KEPT_SECONDS = 90 * 24 * 60 * 60;

/**
 * Deletes unconfirmed back-in-stock requests past their age, requests notified 90 days ago and confirmation
 * links a week past their expiry, the scheduled `purge-back-in-stock-requests` job; answers how many rows
 * were deleted.
 */
export async function purgeStaleBackInStockRequests(db: Db): Promise<number> {
  const requests = await deleteInBatches((limit) => deleteStaleUnconfirmedSubscriptions(db, UNCONFIRMED_REQUEST_KEPT_SECONDS, limit));
  const notified = await deleteInBatches((limit) => deleteLongNotifiedSubscriptions(db, NOTIFIED_REQUEST_KEPT_SECONDS, limit));
  const links = await deleteInBatches((limit) => deleteExpiredConfirmationTokens(db, EXPIRED_CONFIRMATION_KEPT_SECONDS, limit));
  return requests + notified + links;
}
