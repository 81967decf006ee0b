import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "./catalog.tables";

/*
 * Which products are published or the store's, for the modules that link to products or list them (the blog's related
 * books, the sitemap). Each function is one statement.
 */

/** The ids among `ids` whose product is published, in no particular order; unknown ids are left out. */
export async function listPublishedIdsAmong(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.isPublished, true)));
  return rows.map((row) => row.id);
}

/** The ids among `ids` that are the store's products, published or not, in no particular order. */
export async function listStoreProductIdsAmong(db: Db, storeId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.storeId, storeId)));
  return rows.map((row) => row.id);
}

/**
 * Up to `limit` of the store's published products with an id above `afterId`, in id order: keyset paging, so the
 * millionth entry costs what the first does. Products have no change timestamp of their own yet, so creation
 * time stands in.
 */
export function listPublishedProductsAfter(db: Db, input: { storeId: number; afterId: number; limit: number }) {
  return db
    .select({ id: products.id, slug: products.slug, updatedAt: products.createdAt })
    .from(products)
    .where(and(eq(products.storeId, input.storeId), eq(products.isPublished, true), gt(products.id, input.afterId)))
    .orderBy(asc(products.id))
    .limit(input.limit);
}
