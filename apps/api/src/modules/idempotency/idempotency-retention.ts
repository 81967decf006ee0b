import type { Db } from "../../db/client";
import { deleteInBatches } from "../jobs/housekeeping";
import { deleteExpiredKeys } from "./idempotency.repository";

/**
 * Deletes idempotency keys past their 24 hours (decision 018), the scheduled `purge-idempotency-keys` job.
 * An expired key would be claimed afresh by its next use, so nothing reads one; the stored answers they hold
 * may name a customer. Answers how many were deleted.
 */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  return deleteInBatches((limit) => deleteExpiredKeys(db, limit));
}
