import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { products, productVariants } from "./catalog.tables";

/*
 * Which product a variant belongs to, for the modules that keep variants (recently viewed, wishlists,
 * recommendations around the variant looked at). Each function is one statement.
 */

/** The product of the store's variant, published or not, with the ids of all its variants; null for no such variant. */
export async function findProductOfVariant(db: Db, input: { storeId: number; variantId: number }) {
  const [row] = await sqlRows<{ productId: number; variantIds: number[] }>(
    db,
    sql`select v.product_id as "productId",
          array(select w.id from ${productVariants} w where w.product_id = v.product_id order by w.id) as "variantIds"
        from ${productVariants} v where v.id = ${input.variantId} and v.store_id = ${input.storeId}`,
  );
  return row ?? null;
}

/** The store's variants among `variantIds` whose product is published, with that product; unknown ids are left out. */
export function listPublishedProductsOfVariants(db: Db, input: { storeId: number; variantIds: readonly number[] }) {
  return sqlRows<{ variantId: number; productId: number }>(
    db,
    sql`select v.id as "variantId", v.product_id as "productId"
        from ${productVariants} v join ${products} p on p.id = v.product_id
        where v.id = any(${sql.param(input.variantIds)}::int[]) and v.store_id = ${input.storeId} and p.is_published`,
  );
}

/** The withdrawal exemption of each variant's product among these, where it has one. */
export function listWithdrawalExemptions(db: Db, variantIds: readonly number[]) {
  return db
    .select({ variantId: productVariants.id, exemption: products.withdrawalExemption })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, [...variantIds]), isNotNull(products.withdrawalExemption)));
}
