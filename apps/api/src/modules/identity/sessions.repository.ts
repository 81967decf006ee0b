import { and, desc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers, privacyPolicies, sessions } from "./identity.tables";

/** The signed-in customer as every request sees it. */
export interface SessionCustomer {
  id: number;
  storeId: number;
  passwordChangeRequired: boolean;
  /** False when the store has a current privacy policy the customer has not accepted. */
  hasAcceptedPrivacyPolicy: boolean;
}

/**
 * The customer behind a live session (not revoked, not expired), with what protected calls check: the
 * forced password change and the current privacy policy. One statement per authenticated request.
 */
export async function findSessionCustomer(db: Db, sessionId: string, customerId: number): Promise<SessionCustomer | null> {
  const currentPolicy = db
    .select({ id: privacyPolicies.id })
    .from(privacyPolicies)
    .where(and(eq(privacyPolicies.storeId, customers.storeId), lte(privacyPolicies.publishedAt, sql`now()`)))
    .orderBy(desc(privacyPolicies.publishedAt), desc(privacyPolicies.id))
    .limit(1);
  const [row] = await db
    .select({
      id: customers.id,
      storeId: customers.storeId,
      passwordChangeRequired: customers.passwordChangeRequired,
      hasAcceptedPrivacyPolicy: sql<boolean>`coalesce(${customers.acceptedPrivacyPolicyId} = (${currentPolicy}), (${currentPolicy}) is null)`,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.customerId, customerId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        // A customer the shop blocked has no session, whatever token they hold.
        isNull(customers.blockedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertSession(db: Db, values: { id: string; customerId: number; expiresAt: Date; userAgent: string }): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a customer, except `keepSessionId` when given. */
export async function revokeCustomerSessions(db: Db, customerId: number, keepSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.customerId, customerId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}

/**
 * Deletes up to `limit` sessions that ended more than `olderThanSeconds` ago, by revocation or expiry,
 * whichever came first (least() skips a null revoked_at); answers how many. A session still live has not
 * ended, so it never matches. The expression is the one `sessions_ended_idx` indexes.
 */
export async function deleteEndedSessions(db: Db, olderThanSeconds: number, limit: number): Promise<number> {
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(sql`least(${sessions.expiresAt}, ${sessions.revokedAt}) < now() - make_interval(secs => ${olderThanSeconds})`)
    .limit(limit);
  const deleted = await db.delete(sessions).where(inArray(sessions.id, ended)).returning({ id: sessions.id });
  return deleted.length;
}

/** How many sessions a customer has had (live or ended), and when the latest began; never their ids. */
export async function countCustomerSessions(db: Db, customerId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, lastSignInAt: sql<Date | null>`max(${sessions.createdAt})` })
    .from(sessions)
    .where(eq(sessions.customerId, customerId));
  return { count: row?.count ?? 0, lastSignInAt: row?.lastSignInAt ? new Date(row.lastSignInAt) : null };
}
