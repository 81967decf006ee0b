import type { Db } from "../../db/client";
import * as repository from "./purchase-statistics.repository";

/*
 * What the store's orders say about what sells and what sells together, by variant, for the rankings that
 * recommend products (recommendations). Cancelled orders count for nothing. The catalogue knows which product
 * a variant is of; these answers stay by variant.
 */

/**
 * How much each variant sold lately: the units of the store's orders placed in the `days` before `at`, each
 * unit weighted by half for every `halfLifeDays` of its order's age at `at`, so recent orders count most.
 * `units` is an exact decimal written as text (sums of such weights compare exactly).
 */
export function listRecentUnitsByVariant(
  db: Db,
  input: { storeId: number; at: Date; days: number; halfLifeDays: number },
): Promise<{ variantId: number; units: string }[]> {
  return repository.listDecayedUnitsByVariant(db, input);
}

/**
 * What was bought with a product: the latest `orders` orders (by id) holding any of its `variantIds`, as their
 * lines of other variants, each (order, variant) once. No statement for no variants.
 */
export async function listLinesBoughtWith(
  db: Db,
  input: { variantIds: readonly number[]; orders: number },
): Promise<{ orderId: number; variantId: number }[]> {
  if (input.variantIds.length === 0) return [];
  return repository.listOtherLinesOfLatestOrders(db, input);
}
