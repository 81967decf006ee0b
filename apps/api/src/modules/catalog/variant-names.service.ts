import type { Db } from "../../db/client";
import * as repository from "./variant-names.repository";

export type { VariantNamesRow as VariantNames } from "./variant-names.repository";

/**
 * What names each of these variants (its own name, its product's name and slug), by variant id, read in one
 * statement for all of them: for a message about a book (back in stock) or a list that names its variants.
 * Unknown ids are missing from the map. Whether the caller may show the variant is not this answer's concern.
 */
export async function findVariantNames(db: Db, variantIds: readonly number[]): Promise<Map<number, repository.VariantNamesRow>> {
  const requested = [...new Set(variantIds)];
  if (requested.length === 0) return new Map();
  const rows = await repository.listVariantNames(db, requested);
  return new Map(rows.map((row) => [row.variantId, row]));
}
