import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, productVariants } from "../catalog/catalog.tables";
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
    await insert
      .values({ storeId, customerId: viewer.customerId, variantId })
      .onConflictDoUpdate({
        target: [viewedProducts.customerId, viewedProducts.variantId],
        targetWhere: sql`customer_id is not null`,
        set: { viewedAt: sql`now()` },
      });
  } else {
    await insert
      .values({ storeId, anonymousId: viewer.anonymousId, variantId })
      .onConflictDoUpdate({
        target: [viewedProducts.anonymousId, viewedProducts.variantId],
        targetWhere: sql`anonymous_id is not null`,
        set: { viewedAt: sql`now()` },
      });
  }
  const kept = db
    .select({ id: viewedProducts.id })
    .from(viewedProducts)
    .where(viewerCondition(storeId, viewer))
    .orderBy(desc(viewedProducts.viewedAt), desc(viewedProducts.id))
    .limit(input.keep);
  await db.delete(viewedProducts).where(and(viewerCondition(storeId, viewer), sql`${viewedProducts.id} not in (${kept})`));
}

/**
 * The viewer's products, most recently viewed first (a product counts from its latest-viewed variant),
 * leaving out unpublished products and `excludeProductId`.
 */
export async function listRecentProductIds(
  db: Db,
  input: { storeId: number; viewer: Viewer; limit: number; excludeProductId?: number },
) {
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
