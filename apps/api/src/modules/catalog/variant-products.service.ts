import type { WithdrawalExemption } from "@quire/contracts";
import type { Db } from "../../db/client";
import * as repository from "./variant-products.repository";

/*
 * Which product a variant belongs to, for the modules that keep variants rather than products (recently viewed,
 * wishlists, recommendations around the variant looked at). Whether the caller may see the product (the store's
 * product policy) stays the caller's to apply, with catalog-policy.ts.
 */

/**
 * The product of the store's variant, published or not, with the ids of all its variants (a product is bought
 * as any of them); null when the store has no such variant.
 */
export function findProductOfVariant(
  db: Db,
  input: { storeId: number; variantId: number },
): Promise<{ productId: number; variantIds: number[] } | null> {
  return repository.findProductOfVariant(db, input);
}

/**
 * The product of each of the store's variants among `variantIds` whose product is published, by variant id,
 * in one statement for all of them (none for no ids). Unknown ids, other stores' variants and variants of
 * unpublished products are missing from the map.
 */
export async function findPublishedProductsOfVariants(
  db: Db,
  input: { storeId: number; variantIds: readonly number[] },
): Promise<Map<number, number>> {
  const variantIds = [...new Set(input.variantIds)];
  if (variantIds.length === 0) return new Map();
  const rows = await repository.listPublishedProductsOfVariants(db, { storeId: input.storeId, variantIds });
  return new Map(rows.map((row) => [row.variantId, row.productId]));
}

/**
 * Why each of these variants cannot be withdrawn from (decision 061), as its product is marked now: by variant id,
 * for those whose product has an exemption.
 */
export async function findWithdrawalExemptions(db: Db, variantIds: readonly number[]): Promise<Map<number, WithdrawalExemption>> {
  const requested = [...new Set(variantIds)];
  if (requested.length === 0) return new Map();
  const rows = await repository.listWithdrawalExemptions(db, requested);
  return new Map(rows.flatMap((row) => (row.exemption ? [[row.variantId, row.exemption] as const] : [])));
}
