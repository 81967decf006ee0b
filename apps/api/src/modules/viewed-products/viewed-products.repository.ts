import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { viewedProducts } from "./viewed-products.tables";

/** Whose history: a signed-in customer's or an anonymous visitor's (by the id the storefront keeps). */
export type Viewer = { customerId: number } | { anonymousId: string };

function viewerCondition(storeId: number, viewer: Viewer): SQL {
  const who =
    "customerId" in viewer ? eq(viewedProducts.customerId, viewer.customerId) : eq(viewedProducts.anonymousId, viewer.anonymousId);
  return and(eq(viewedProducts.storeId, storeId), who) as SQL;
}

/**
 * Records that the viewer saw a variant of the store now, in one statement (the caller has asked the catalogue
 * that the variant is the store's and published): one row per variant with its time moved to now on a repeat
 * view, and the viewer's other rows beyond the `keep - 1` most recent dropped, so a history stays bounded. The
 * drop finds nothing to delete on all but the view that passes `keep`. Two views by one viewer at the same
 * moment may leave one row too many, until the next view.
 */
export async function recordView(db: Db, input: { storeId: number; viewer: Viewer; variantId: number; keep: number }): Promise<void> {
  const { storeId, viewer, variantId } = input;
  const [column, id, conflictTarget] =
    "customerId" in viewer
      ? [sql`customer_id`, viewer.customerId, sql`(customer_id, variant_id) where customer_id is not null`]
      : [sql`anonymous_id`, viewer.anonymousId, sql`(anonymous_id, variant_id) where anonymous_id is not null`];
  await db.execute(
    sql`with seen as (
        insert into ${viewedProducts} (store_id, ${column}, variant_id)
        values (${storeId}, ${id}, ${variantId})
        on conflict ${conflictTarget} do update set viewed_at = now()
        returning id
      )
      delete from ${viewedProducts}
      where exists (select 1 from seen) and id in (
        select id from ${viewedProducts}
        where store_id = ${storeId} and ${column} = ${id} and variant_id <> ${variantId}
        order by viewed_at desc, id desc
        offset ${input.keep - 1}
      )`,
  );
}

/** Drops the viewer's oldest rows beyond `keep`. */
async function trimViews(db: Db, input: { storeId: number; viewer: Viewer; keep: number }) {
  const kept = db
    .select({ id: viewedProducts.id })
    .from(viewedProducts)
    .where(viewerCondition(input.storeId, input.viewer))
    .orderBy(desc(viewedProducts.viewedAt), desc(viewedProducts.id))
    .limit(input.keep);
  await db.delete(viewedProducts).where(and(viewerCondition(input.storeId, input.viewer), sql`${viewedProducts.id} not in (${kept})`));
}

/**
 * Moves an anonymous visitor's views in the store into the customer's history: a variant in both keeps the
 * later view, the anonymous rows are deleted, then the customer keeps their `keep` most recent views. Run it
 * in a transaction. Merges into one customer take turns on the customer's row, so two at once (two sign-ins,
 * two devices) cannot each trim without seeing the other's rows; a second merge of the same id finds the
 * rows deleted by the first and moves nothing.
 */
export async function mergeAnonymousViews(db: Db, input: { storeId: number; customerId: number; anonymousId: string; keep: number }) {
  const { storeId, customerId } = input;
  // One statement, so the view times go from row to row as PostgreSQL keeps them (microseconds, not a JS Date).
  await db.execute(sql`
    with moved as (
      delete from ${viewedProducts}
      where ${viewerCondition(storeId, { anonymousId: input.anonymousId })}
      returning variant_id, viewed_at
    )
    insert into ${viewedProducts} (store_id, customer_id, variant_id, viewed_at)
    select ${storeId}, ${customerId}, variant_id, viewed_at from moved
    on conflict (customer_id, variant_id) where customer_id is not null
    do update set viewed_at = greatest(${viewedProducts}.viewed_at, excluded.viewed_at)`);
  await trimViews(db, { storeId, viewer: { customerId }, keep: input.keep });
}

/**
 * The viewer's viewed variants with their recency: 1 for the latest view, 2 for the one before, and the same
 * number for views at the same moment (PostgreSQL keeps microseconds, a JS Date only milliseconds). A history is
 * kept to a few dozen rows by recordView and mergeAnonymousViews, so this is all of it.
 */
export function listViews(db: Db, input: { storeId: number; viewer: Viewer }): Promise<{ variantId: number; recency: number }[]> {
  return db
    .select({
      variantId: viewedProducts.variantId,
      recency: sql<number>`(dense_rank() over (order by ${viewedProducts.viewedAt} desc))::int`,
    })
    .from(viewedProducts)
    .where(viewerCondition(input.storeId, input.viewer));
}

/**
 * Views per variant in the store in the `days` before `at` (a viewer's latest view of a variant, as kept), each
 * weighted by half for every `halfLifeDays` of its age at `at`. The sums are exact decimals, answered as text.
 */
export function listDecayedViewsByVariant(db: Db, input: { storeId: number; at: Date; days: number; halfLifeDays: number }) {
  const at = sql`${input.at.toISOString()}::timestamptz`;
  return sqlRows<{ variantId: number; views: string }>(
    db,
    sql`select vp.variant_id as "variantId",
          sum(power(0.5, extract(epoch from ${at} - vp.viewed_at) / ${input.halfLifeDays * 86_400}))::text as views
        from ${viewedProducts} vp
        where vp.store_id = ${input.storeId} and vp.viewed_at > ${at} - make_interval(days => ${input.days})
        group by vp.variant_id`,
  );
}

/** Forgets the viewer's history. */
export async function clearViews(db: Db, input: { storeId: number; viewer: Viewer }) {
  await db.delete(viewedProducts).where(viewerCondition(input.storeId, input.viewer));
}

/** A customer's recently viewed variants in the store, latest first, at most `limit` (decision 062). */
export function listViewsOfCustomer(db: Db, input: { storeId: number; customerId: number; limit: number }) {
  return db
    .select({ variantId: viewedProducts.variantId, viewedAt: viewedProducts.viewedAt })
    .from(viewedProducts)
    .where(viewerCondition(input.storeId, { customerId: input.customerId }))
    .orderBy(desc(viewedProducts.viewedAt), desc(viewedProducts.id))
    .limit(input.limit);
}
