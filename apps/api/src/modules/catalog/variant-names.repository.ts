import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, productVariants } from "./catalog.tables";

/** What names a variant in a message or a list: its own name, and its product's name and slug. */
export interface VariantNamesRow {
  variantId: number;
  sku: string;
  variantName: string;
  productName: string;
  productSlug: string;
}

/** The names of these variants (any store's, published or not), in one statement; unknown ids are left out. */
export function listVariantNames(db: Db, variantIds: readonly number[]): Promise<VariantNamesRow[]> {
  return db
    .select({
      variantId: productVariants.id,
      sku: productVariants.sku,
      variantName: productVariants.name,
      productName: products.name,
      productSlug: products.slug,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...variantIds]));
}
