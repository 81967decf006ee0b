import type { Db } from "../../db/client";
import { deleteInBatches } from "../jobs/housekeeping";
import { deleteExpiredLinks, EMAILED_LINK_TABLE_NAMES } from "./identity.repository";
import { deleteEndedSessions } from "./sessions.repository";
import { deleteLapsedThrottles } from "./sign-in-throttle.repository";

/**
 * How long an emailed link (sign-up, invite, password reset) is kept after it expired: a week in which
 * opening it still says "expired" rather than "invalid", so its owner knows to ask for a new one. After that
 * the row (an address, a name) is only personal data nobody needs.
 */
export const EXPIRED_LINK_KEPT_SECONDS = 7 * 24 * 60 * 60;

/** How long a sign-in throttle is kept after its window started and its lock ended: far past both (15 minutes). */
export const SIGN_IN_THROTTLE_KEPT_SECONDS = 24 * 60 * 60;

/**
 * Deletes emailed links a week past their expiry and lapsed sign-in throttles, the scheduled
 * `purge-identity-links` job; answers how many rows were deleted.
 */
export async function purgeExpiredIdentityLinks(db: Db): Promise<number> {
  let deleted = 0;
  for (const table of EMAILED_LINK_TABLE_NAMES) {
    deleted += await deleteInBatches((limit) => deleteExpiredLinks(db, table, EXPIRED_LINK_KEPT_SECONDS, limit));
  }
  deleted += await deleteInBatches((limit) => deleteLapsedThrottles(db, SIGN_IN_THROTTLE_KEPT_SECONDS, limit));
  return deleted;
}

/**
 * How long a session is kept after it ended (signed out, revoked by a password change, or expired): a month
 * in which a customer, or the shop answering them, can still see where and when the account was recently
 * signed in (the user agent). After that the row only says which browser someone once used. A session
 * that has not ended is never deleted: sign-in looks it up by id (findSessionCustomer), so a live one must
 * stay, and an ended one is refused whether or not its row is there.
 */
export const ENDED_SESSION_KEPT_SECONDS = 30 * 24 * 60 * 60;

/** Deletes sessions a month past their end, the scheduled `purge-ended-sessions` job; answers how many. */
export async function purgeEndedSessions(db: Db): Promise<number> {
  return deleteInBatches((limit) => deleteEndedSessions(db, ENDED_SESSION_KEPT_SECONDS, limit));
}
