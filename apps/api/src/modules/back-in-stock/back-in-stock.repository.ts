import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { backInStockConfirmationTokens, backInStockSubscriptions } from "./back-in-stock.tables";

/**
 * The pending (not yet notified) request for this variant and address, added when there is none. The
 * partial unique index makes a repeat, even a concurrent one, find the same row.
 */
export async function upsertPendingSubscription(
  db: Db,
  input: { storeId: number; variantId: number; email: string; customerId: number | null },
): Promise<{ id: number; confirmed: boolean }> {
  const columns = { id: backInStockSubscriptions.id, confirmedAt: backInStockSubscriptions.confirmedAt };
  const [created] = await db
    .insert(backInStockSubscriptions)
    .values(input)
    .onConflictDoNothing({
      target: [backInStockSubscriptions.variantId, backInStockSubscriptions.email],
      where: sql`notified_at is null`,
    })
    .returning(columns);
  const row =
    created ??
    (
      await db
        .select(columns)
        .from(backInStockSubscriptions)
        .where(
          and(
            eq(backInStockSubscriptions.variantId, input.variantId),
            eq(backInStockSubscriptions.email, input.email),
            isNull(backInStockSubscriptions.notifiedAt),
          ),
        )
    )[0];
  if (!row) throw new Error("a conflicting pending subscription exists");
  return { id: row.id, confirmed: row.confirmedAt !== null };
}

/**
 * Confirms a subscription (a second confirmation keeps the first's time). `notified` closes it at once,
 * for a variant already back: the confirmation's answer told the subscriber so.
 */
export async function markSubscriptionConfirmed(
  db: Db,
  input: { subscriptionId: number; customerId?: number | null; notified?: boolean },
): Promise<void> {
  await db
    .update(backInStockSubscriptions)
    .set({
      confirmedAt: sql`coalesce(${backInStockSubscriptions.confirmedAt}, now())`,
      ...(input.customerId ? { customerId: sql`coalesce(${backInStockSubscriptions.customerId}, ${input.customerId})` } : {}),
      ...(input.notified ? { notifiedAt: sql`now()` } : {}),
    })
    .where(eq(backInStockSubscriptions.id, input.subscriptionId));
}

export async function insertConfirmationToken(db: Db, input: { subscriptionId: number; tokenHash: string; expiresAt: Date }) {
  await db.insert(backInStockConfirmationTokens).values(input);
}

/** The subscription an emailed confirmation token names, in this store; null for an unknown token. */
export async function findSubscriptionByToken(db: Db, input: { storeId: number; tokenHash: string }) {
  const [row] = await db
    .select({
      subscriptionId: backInStockSubscriptions.id,
      variantId: backInStockSubscriptions.variantId,
      confirmedAt: backInStockSubscriptions.confirmedAt,
      expired: sql<boolean>`${backInStockConfirmationTokens.expiresAt} <= now()`,
    })
    .from(backInStockConfirmationTokens)
    .innerJoin(backInStockSubscriptions, eq(backInStockSubscriptions.id, backInStockConfirmationTokens.subscriptionId))
    .where(and(eq(backInStockConfirmationTokens.tokenHash, input.tokenHash), eq(backInStockSubscriptions.storeId, input.storeId)));
  return row
    ? { subscriptionId: row.subscriptionId, variantId: row.variantId, confirmed: row.confirmedAt !== null, expired: row.expired }
    : null;
}

/** Locks a subscription for the rest of the transaction and reads whether it is confirmed. */
export async function lockSubscription(db: Db, subscriptionId: number) {
  const [row] = await db
    .select({ confirmedAt: backInStockSubscriptions.confirmedAt })
    .from(backInStockSubscriptions)
    .where(eq(backInStockSubscriptions.id, subscriptionId))
    .for("update");
  return row ? { confirmed: row.confirmedAt !== null } : null;
}

/**
 * Marks every confirmed, not yet notified request for the variant as notified and returns their addresses.
 * Each row is claimed by exactly one transaction, so concurrent restocks cannot both mail the same
 * subscriber. Unconfirmed requests are left alone: they are never notified.
 */
export function claimConfirmedSubscriptions(db: Db, variantId: number) {
  return db
    .update(backInStockSubscriptions)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(
        eq(backInStockSubscriptions.variantId, variantId),
        isNull(backInStockSubscriptions.notifiedAt),
        isNotNull(backInStockSubscriptions.confirmedAt),
      ),
    )
    .returning({ email: backInStockSubscriptions.email });
}

/**
 * Deletes up to `limit` requests never confirmed, made more than `olderThanSeconds` ago and with no
 * confirmation link still valid (a resend gives an old request a new one), with their links; answers how
 * many.
 */
export async function deleteStaleUnconfirmedSubscriptions(db: Db, olderThanSeconds: number, limit: number): Promise<number> {
  const s = backInStockSubscriptions;
  const tokens = backInStockConfirmationTokens;
  const stale = db
    .select({ id: s.id })
    .from(s)
    .where(
      sql`${s.confirmedAt} is null and ${s.notifiedAt} is null and ${s.createdAt} < now() - make_interval(secs => ${olderThanSeconds})
          and not exists (select 1 from ${tokens} where ${tokens.subscriptionId} = ${s.id} and ${tokens.expiresAt} > now())`,
    )
    .limit(limit);
  const deleted = await db.delete(s).where(inArray(s.id, stale)).returning({ id: s.id });
  return deleted.length;
}

/** Deletes up to `limit` confirmation links that expired more than `graceSeconds` ago; answers how many. */
export async function deleteExpiredConfirmationTokens(db: Db, graceSeconds: number, limit: number): Promise<number> {
  const tokens = backInStockConfirmationTokens;
  const expired = db
    .select({ id: tokens.id })
    .from(tokens)
    .where(sql`${tokens.expiresAt} < now() - make_interval(secs => ${graceSeconds})`)
    .limit(limit);
  const deleted = await db.delete(tokens).where(inArray(tokens.id, expired)).returning({ id: tokens.id });
  return deleted.length;
}

/**
 * Deletes up to `limit` requests notified more than `olderThanSeconds` ago (their links went with them);
 * answers how many. A pending request is never touched: it has no `notified_at`.
 */
export async function deleteLongNotifiedSubscriptions(db: Db, olderThanSeconds: number, limit: number): Promise<number> {
  const s = backInStockSubscriptions;
  const notified = db
    .select({ id: s.id })
    .from(s)
    .where(sql`${s.notifiedAt} is not null and ${s.notifiedAt} < now() - make_interval(secs => ${olderThanSeconds})`)
    .limit(limit);
  const deleted = await db.delete(s).where(inArray(s.id, notified)).returning({ id: s.id });
  return deleted.length;
}

/** The store's back-in-stock requests of a customer or of an email address, newest first, at most `limit` (decision 062). */
export function listRequestsOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string; limit: number }) {
  const t = backInStockSubscriptions;
  const person =
    input.customerId === null
      ? sql`${t.email} = ${input.email}`
      : sql`(${t.email} = ${input.email} or ${t.customerId} = ${input.customerId})`;
  return db
    .select({ variantId: t.variantId, email: t.email, createdAt: t.createdAt, confirmedAt: t.confirmedAt, notifiedAt: t.notifiedAt })
    .from(t)
    .where(and(eq(t.storeId, input.storeId), person))
    .orderBy(sql`${t.createdAt} desc, ${t.id} desc`)
    .limit(input.limit);
}
