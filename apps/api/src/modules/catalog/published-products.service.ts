import type { Db } from "../../db/client";
import * as repository from "./published-products.repository";

/*
 * What other modules ask of the catalogue about publication: which of the products they link to are published,
 * and the published products of a store in id order (the sitemap). Visibility to a caller (the store's product
 * policy) stays the caller's to apply, with catalog-policy.ts.
 */

/** The ids among `ids` whose product is published, in the order given (each once); unknown ids are left out. */
export async function keepPublishedProductIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const published = new Set(await repository.listPublishedIdsAmong(db, [...new Set(ids)]));
  return [...new Set(ids)].filter((id) => published.has(id));
}

/** The ids among `ids` that are not products of the store (published or not): another shop's, or none at all. */
export async function findProductIdsNotOfStore(db: Db, storeId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const own = new Set(await repository.listStoreProductIdsAmong(db, storeId, [...new Set(ids)]));
  return [...new Set(ids)].filter((id) => !own.has(id));
}

/**
 * Up to `limit` of the store's published products (id, slug and a timestamp) with an id above `afterId`, in id
 * order: one page of a keyset walk through the store's products.
 */
export function listPublishedProductsAfter(db: Db, input: { storeId: number; afterId: number; limit: number }) {
  return repository.listPublishedProductsAfter(db, input);
}
