import type { Db } from "../../db/client";
import { deleteInBatches } from "../jobs/housekeeping";
import { deleteLapsedLimits } from "./rate-limits.repository";

/**
 * How long a counter is kept after its window started: longer than any limit's window (the longest, back-in-
 * stock requests per client, is an hour), so only counters that would start again from 1 are deleted.
 */
export const RATE_LIMIT_KEPT_SECONDS = 24 * 60 * 60;

/** Deletes lapsed request-limit counters, the scheduled `purge-rate-limits` job; answers how many. */
export async function purgeLapsedRateLimits(db: Db): Promise<number> {
  return deleteInBatches((limit) => deleteLapsedLimits(db, RATE_LIMIT_KEPT_SECONDS, limit));
}
