import type { NewsletterTopic } from "@quire/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { marketingSubscriptionLinks, marketingSubscriptions } from "./marketing.tables";

export type MarketingLinkKind = "confirm" | "unsubscribe";

/** The newsletters an address gets in a store; none when it never subscribed. */
export async function findTopics(db: Db, input: { storeId: number; email: string }): Promise<NewsletterTopic[]> {
  const [row] = await db
    .select({ topics: marketingSubscriptions.topics })
    .from(marketingSubscriptions)
    .where(and(eq(marketingSubscriptions.storeId, input.storeId), eq(marketingSubscriptions.email, input.email)));
  return (row?.topics ?? []) as NewsletterTopic[];
}

/** An address's subscription, its row locked for the caller's change; null when the address never had one. */
export async function lockSubscription(
  tx: Db,
  input: { storeId: number; email: string },
): Promise<{ id: number; topics: string[] } | null> {
  const [row] = await tx
    .select({ id: marketingSubscriptions.id, topics: marketingSubscriptions.topics })
    .from(marketingSubscriptions)
    .where(and(eq(marketingSubscriptions.storeId, input.storeId), eq(marketingSubscriptions.email, input.email)))
    .for("update");
  return row ?? null;
}

/** Sets the newsletters an address gets, in one upsert; answers the subscription's id. */
export async function upsertTopics(
  tx: Db,
  input: { storeId: number; email: string; topics: readonly string[]; customerId?: number | null },
): Promise<number> {
  const topics = sql`${sql.param([...input.topics])}::text[]`;
  const [row] = await tx
    .insert(marketingSubscriptions)
    .values({ storeId: input.storeId, email: input.email, customerId: input.customerId ?? null, topics: [...input.topics] })
    .onConflictDoUpdate({
      target: [marketingSubscriptions.storeId, marketingSubscriptions.email],
      set: {
        topics,
        updatedAt: sql`now()`,
        ...(input.customerId ? { customerId: input.customerId } : {}),
      },
    })
    .returning({ id: marketingSubscriptions.id });
  return row!.id;
}

export async function insertLink(
  tx: Db,
  input: { storeId: number; email: string; kind: MarketingLinkKind; topics: readonly string[]; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(marketingSubscriptionLinks).values({ ...input, topics: [...input.topics] });
}

/** A store's link by its token's hash, with whether it has expired (by the database's clock). */
export async function findLink(db: Db, input: { storeId: number; tokenHash: string; lock?: boolean }) {
  const query = db
    .select({
      id: marketingSubscriptionLinks.id,
      email: marketingSubscriptionLinks.email,
      kind: marketingSubscriptionLinks.kind,
      topics: marketingSubscriptionLinks.topics,
      used: sql<boolean>`${marketingSubscriptionLinks.usedAt} is not null`,
      expired: sql<boolean>`${marketingSubscriptionLinks.expiresAt} <= now()`,
    })
    .from(marketingSubscriptionLinks)
    .where(and(eq(marketingSubscriptionLinks.storeId, input.storeId), eq(marketingSubscriptionLinks.tokenHash, input.tokenHash)));
  const [row] = input.lock ? await query.for("update") : await query;
  return row ? { ...row, topics: row.topics as NewsletterTopic[] } : null;
}

export async function markLinkUsed(tx: Db, linkId: number): Promise<void> {
  await tx
    .update(marketingSubscriptionLinks)
    .set({ usedAt: sql`now()` })
    .where(eq(marketingSubscriptionLinks.id, linkId));
}

/** The store's newsletter subscriptions of an email address or set by a customer, oldest first, at most `limit` (decision 062). */
export function listSubscriptionsOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string; limit: number }) {
  const t = marketingSubscriptions;
  const person =
    input.customerId === null
      ? sql`${t.email} = ${input.email}`
      : sql`(${t.email} = ${input.email} or ${t.customerId} = ${input.customerId})`;
  return db
    .select({ id: t.id, email: t.email, topics: t.topics, createdAt: t.createdAt, updatedAt: t.updatedAt })
    .from(t)
    .where(and(eq(t.storeId, input.storeId), person))
    .orderBy(sql`${t.id}`)
    .limit(input.limit);
}
