import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, productVariants } from "../catalog/catalog.tables";
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
 * Records that the viewer saw a variant now, in one statement: only a variant of a published product of the store
 * (answers false, recording nothing, for any other), one row per variant with its time moved to now on a repeat
 * view, and the viewer's other rows beyond the `keep - 1` most recent dropped, so a history stays bounded. The
 * drop finds nothing to delete on all but the view that passes `keep`. Two views by one viewer at the same moment
 * may leave one row too many, until the next view.
 */
export async function recordView(db: Db, input: { storeId: number; viewer: Viewer; variantId: number; keep: number }): Promise<boolean> {
  const { storeId, viewer, variantId } = input;
  const [column, id, conflictTarget] =
    "customerId" in viewer
      ? [sql`customer_id`, viewer.customerId, sql`(customer_id, variant_id) where customer_id is not null`]
      : [sql`anonymous_id`, viewer.anonymousId, sql`(anonymous_id, variant_id) where anonymous_id is not null`];
  const [row] = await sqlRows<{ recorded: boolean }>(
    db,
    sql`with seen as (
        insert into ${viewedProducts} (store_id, ${column}, variant_id)
        select v.store_id, ${id}, v.id
        from ${productVariants} v join ${products} p on p.id = v.product_id
        where v.id = ${variantId} and v.store_id = ${storeId} and p.is_published
        on conflict ${conflictTarget} do update set viewed_at = now()
        returning id
      ), dropped as (
        delete from ${viewedProducts}
        where exists (select 1 from seen) and id in (
          select id from ${viewedProducts}
          where store_id = ${storeId} and ${column} = ${id} and variant_id <> ${variantId}
          order by viewed_at desc, id desc
          offset ${input.keep - 1}
        )
      )
      select exists (select 1 from seen) as recorded`,
  );
  return row?.recorded ?? false;
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
 * The viewer's products, most recently viewed first (a product counts from its latest-viewed variant),
 * leaving out unpublished products and `excludeProductId`.
 */
export async function listRecentProductIds(db: Db, input: { storeId: number; viewer: Viewer; limit: number; excludeProductId?: number }) {
  const conditions = [viewerCondition(input.storeId, input.viewer), eq(products.isPublished, true)];
  if (input.excludeProductId !== undefined) conditions.push(ne(products.id, input.excludeProductId));
  const rows = await db
    .select({ productId: products.id })
    .from(viewedProducts)
    .innerJoin(productVariants, eq(productVariants.id, viewedProducts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(...conditions))
    .groupBy(products.id)
    .orderBy(sql`max(${viewedProducts.viewedAt}) desc`, desc(products.id))
    .limit(input.limit);
  return rows.map((row) => row.productId);
}

/** Forgets the viewer's history. */
export async function clearViews(db: Db, input: { storeId: number; viewer: Viewer }) {
  await db.delete(viewedProducts).where(viewerCondition(input.storeId, input.viewer));
}
