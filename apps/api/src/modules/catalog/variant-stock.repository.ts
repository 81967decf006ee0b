import { and, eq, sql } from "drizzle-orm";
import { sqlRows } from "../../db/sql-rows";
import type { Db } from "../../db/client";
import { products, productVariants } from "./catalog.tables";

/*
 * A variant's stock is a column of the catalogue's variants (the catalogue's index and search rank by it), so
 * its SQL lives here; the rules for changing it (bounds, the stock.changed event, reserving an order's units)
 * are the inventory module's (inventory/inventory.service.ts), which is the only caller.
 */

export interface StoreVariantRow {
  variantId: number;
  productId: number;
  isPublished: boolean;
  stockQuantity: number;
}

/**
 * A variant of the store with its product's publication and its stock; null when the store has no such
 * variant. `lock` takes a row lock on the variant for the rest of the transaction: "update" to change its
 * stock, "share" to act on its stock (a back-in-stock request) without a restock slipping in between.
 */
export async function findStoreVariant(
  db: Db,
  input: { storeId: number; variantId: number; lock?: "update" | "share" },
): Promise<StoreVariantRow | null> {
  const query = db
    .select({
      variantId: productVariants.id,
      productId: productVariants.productId,
      isPublished: products.isPublished,
      stockQuantity: productVariants.stockQuantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, input.variantId), eq(productVariants.storeId, input.storeId)));
  const [row] = input.lock ? await query.for(input.lock, { of: productVariants }) : await query;
  return row ?? null;
}

/** The id of the store's variant with this SKU (exact match), for the stock command. */
export async function findVariantIdBySku(db: Db, input: { storeId: number; sku: string }) {
  const [row] = await db
    .select({ variantId: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, input.storeId), eq(productVariants.sku, input.sku)));
  return row?.variantId ?? null;
}

export async function writeVariantStock(db: Db, input: { variantId: number; quantity: number }) {
  await db.update(productVariants).set({ stockQuantity: input.quantity }).where(eq(productVariants.id, input.variantId));
}

/**
 * Row-locks the variants an order takes in id order (two orders sharing variants then wait on each other
 * instead of deadlocking) and answers their stock.
 */
export function lockVariantStock(db: Db, variantIds: readonly number[]) {
  return sqlRows<{ id: number; stockQuantity: number }>(
    db,
    sql`select id, stock_quantity as "stockQuantity" from ${productVariants}
        where id = any(${sql.param(variantIds)}::int[]) order by id for update`,
  );
}

/** Takes the reserved units from stock, in one statement; stock never goes below zero (a check constraint). */
export async function takeStock(db: Db, reservations: readonly { variantId: number; quantity: number }[]) {
  const taking = reservations.filter((reservation) => reservation.quantity > 0);
  if (taking.length === 0) return;
  await db.execute(
    sql`update ${productVariants} v set stock_quantity = v.stock_quantity - x.quantity
        from unnest(${sql.param(taking.map((r) => r.variantId))}::int[], ${sql.param(taking.map((r) => r.quantity))}::int[]) as x(id, quantity)
        where v.id = x.id`,
  );
}
