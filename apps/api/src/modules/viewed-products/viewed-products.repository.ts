import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, productVariants } from "../catalog/catalog.tables";
import { customers } from "../identity/identity.tables";
import { viewedProducts } from "./viewed-products.tables";

/** Whose history: a signed-in customer's or an anonymous visitor's (by the id the storefront keeps). */
export type Viewer = { customerId: number } | { anonymousId: string };

function viewerCondition(storeId: number, viewer: Viewer): SQL {
  const who =
    "customerId" in viewer ? eq(viewedProducts.customerId, viewer.customerId) : eq(viewedProducts.anonymousId, viewer.anonymousId);
  return and(eq(viewedProducts.storeId, storeId), who) as SQL;
}

/**
 * Records that the viewer saw a variant now: one row per variant, its time moved to now on a repeat view.
 * Then drops the viewer's oldest rows beyond `keep`, in the same transaction, so a history stays bounded.
 */
export async function recordView(db: Db, input: { storeId: number; viewer: Viewer; variantId: number; keep: number }) {
  const { storeId, viewer, variantId } = input;
  const insert = db.insert(viewedProducts);
  if ("customerId" in viewer) {
    await insert.values({ storeId, customerId: viewer.customerId, variantId }).onConflictDoUpdate({
      target: [viewedProducts.customerId, viewedProducts.variantId],
      targetWhere: sql`customer_id is not null`,
      set: { viewedAt: sql`now()` },
    });
  } else {
    await insert.values({ storeId, anonymousId: viewer.anonymousId, variantId }).onConflictDoUpdate({
      target: [viewedProducts.anonymousId, viewedProducts.variantId],
      targetWhere: sql`anonymous_id is not null`,
      set: { viewedAt: sql`now()` },
    });
  }
  await trimViews(db, { storeId, viewer, keep: input.keep });
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
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.storeId, storeId)))
    .for("no key update");
  if (!customer) return;
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
