import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "./rate-limits.tables";

export interface LimitRule {
  /** Hits allowed in one window; the hit after them is refused. */
  max: number;
  windowSeconds: number;
}

export type LimitReservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const seconds = (value: number) => sql`make_interval(secs => ${value})`;

/** The key a limit counts under: its scope and a hash of what it limits (a client address, an account). */
export function rateLimitKey(scope: string, value: string): string {
  return `${scope}:${createHash("sha256").update(value, "utf8").digest("hex")}`;
}

/**
 * Counts one hit against `key` and says whether it fits the rule's window, in one atomic upsert: the
 * conflicting row is locked and re-read before the `where` decides, so any number of concurrent callers get
 * exactly `max` allowed hits. A refused hit is not counted. Inside a transaction, the count is undone if
 * the transaction rolls back, and the row stays locked until it ends.
 */
export async function reserveLimit(db: Db, key: string, rule: LimitRule): Promise<LimitReservation> {
  const lapsed = sql`${rateLimits.windowStartedAt} <= now() - ${seconds(rule.windowSeconds)}`;
  const counted = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${lapsed} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${lapsed} then now() else ${rateLimits.windowStartedAt} end`,
      },
      setWhere: sql`${lapsed} or ${rateLimits.hits} < ${rule.max}`,
    })
    .returning({ hits: rateLimits.hits });
  if (counted.length > 0) return { allowed: true };

  const [row] = await db
    .select({
      retryAfterSeconds: sql<number>`ceil(extract(epoch from ${rateLimits.windowStartedAt} + ${seconds(rule.windowSeconds)} - now()))::int`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return { allowed: false, retryAfterSeconds: Math.max(1, row?.retryAfterSeconds ?? 1) };
}

/**
 * Deletes up to `limit` counters whose window started more than `olderThanSeconds` ago; answers how many.
 * A counter past its window counts from 1 again on its next hit, so deleting it changes no answer.
 */
export async function deleteLapsedLimits(db: Db, olderThanSeconds: number, limit: number): Promise<number> {
  const lapsed = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(sql`${rateLimits.windowStartedAt} < now() - ${seconds(olderThanSeconds)}`)
    .limit(limit);
  const deleted = await db.delete(rateLimits).where(inArray(rateLimits.key, lapsed)).returning({ key: rateLimits.key });
  return deleted.length;
}
