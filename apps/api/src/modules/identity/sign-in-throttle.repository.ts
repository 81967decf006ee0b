import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signInThrottles } from "./identity.tables";

export interface ThrottleRule {
  /** Attempts allowed in one window; the attempt after them is refused. */
  maxFailures: number;
  windowSeconds: number;
  /** How long the key stays locked once `maxFailures` attempts have failed. */
  lockSeconds: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const t = signInThrottles;
const seconds = (value: number) => sql`make_interval(secs => ${value})`;

/**
 * Counts an attempt before the password is checked, in one atomic upsert, and refuses it when the key is
 * locked or its window already holds `maxFailures` attempts. Counting first is what keeps concurrent
 * requests honest: twenty wrong passwords sent at once still get exactly `maxFailures` checks. A success
 * gives its attempt back (clearThrottle / refundAttempt), so only failures stay counted.
 */
export async function reserveAttempt(db: Db, key: string, rule: ThrottleRule): Promise<Reservation> {
  // A lapsed lock or window starts the count afresh.
  const fresh = sql`((${t.lockedUntil} is not null and ${t.lockedUntil} <= now()) or ${t.windowStartedAt} <= now() - ${seconds(rule.windowSeconds)})`;
  const counted = await db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${fresh} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${fresh} then now() else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when ${fresh} then null else ${t.lockedUntil} end`,
      },
      setWhere: sql`${fresh} or (${t.lockedUntil} is null and ${t.failures} < ${rule.maxFailures})`,
    })
    .returning({ failures: t.failures });
  if (counted.length > 0) return { allowed: true };

  // Refused: locked, or full of attempts still being checked. Either way, say when to come back.
  const [row] = await db
    .select({
      retryAfterSeconds: sql<number>`ceil(extract(epoch from coalesce(${t.lockedUntil}, ${t.windowStartedAt} + ${seconds(rule.windowSeconds)}) - now()))::int`,
    })
    .from(t)
    .where(eq(t.key, key));
  return { allowed: false, retryAfterSeconds: Math.max(1, row?.retryAfterSeconds ?? 1) };
}

/** After a failed check: locks the key once its window holds `maxFailures` failures. */
export async function lockWhenExhausted(db: Db, key: string, rule: ThrottleRule): Promise<void> {
  await db
    .update(t)
    .set({ lockedUntil: sql`now() + ${seconds(rule.lockSeconds)}` })
    .where(and(eq(t.key, key), gte(t.failures, rule.maxFailures), isNull(t.lockedUntil)));
}

/** Forgets a key's failures and lock (a successful sign-in to the account, a completed password reset). */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(t).where(eq(t.key, key));
}

/** Gives back one counted attempt that turned out not to be a failure. */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(t)
    .set({ failures: sql`greatest(${t.failures} - 1, 0)` })
    .where(eq(t.key, key));
}

/**
 * Deletes up to `limit` throttles whose window started, and whose lock ended, more than `olderThanSeconds`
 * ago; answers how many. Such a throttle counts from nothing on its next failure anyway.
 */
export async function deleteLapsedThrottles(db: Db, olderThanSeconds: number, limit: number): Promise<number> {
  const before = sql`now() - ${seconds(olderThanSeconds)}`;
  const lapsed = db
    .select({ key: t.key })
    .from(t)
    .where(sql`${t.windowStartedAt} < ${before} and (${t.lockedUntil} is null or ${t.lockedUntil} < ${before})`)
    .limit(limit);
  const deleted = await db.delete(t).where(inArray(t.key, lapsed)).returning({ key: t.key });
  return deleted.length;
}
