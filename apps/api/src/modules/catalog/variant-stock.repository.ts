import { and, desc, eq, lt, sql } from "drizzle-orm";
import { sqlRows } from "../../db/sql-rows";
import type { Db } from "../../db/client";
import { products, productVariants } from "./catalog.tables";
import { isLowStock } from "./low-stock";
import { keysetPage } from "../../db/keyset-page";

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
 * instead of deadlocking) and answers their products and stock.
 */
export function lockVariantStock(db: Db, variantIds: readonly number[]) {
  return sqlRows<{ id: number; productId: number; stockQuantity: number }>(
    db,
    sql`select id, product_id as "productId", stock_quantity as "stockQuantity" from ${productVariants}
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

/** A variant's stock as the merchant sees it: with its product, SKU and low-stock threshold. */
export interface VariantStockView {
  variantId: number;
  productId: number;
  productName: string;
  sku: string;
  variantName: string;
  stockQuantity: number;
  lowStockThreshold: number | null;
  low: boolean;
}

const isLow = (storeThreshold: number) => isLowStock(productVariants, storeThreshold);

const stockView = (storeThreshold: number) => ({
  variantId: productVariants.id,
  productId: productVariants.productId,
  productName: products.name,
  sku: productVariants.sku,
  variantName: productVariants.name,
  stockQuantity: productVariants.stockQuantity,
  lowStockThreshold: productVariants.lowStockThreshold,
  low: isLow(storeThreshold),
});

export async function findVariantStockView(
  db: Db,
  input: { storeId: number; variantId: number; storeThreshold: number },
): Promise<VariantStockView | null> {
  const [row] = await db
    .select(stockView(input.storeThreshold))
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.storeId, input.storeId), eq(productVariants.id, input.variantId)));
  return row ?? null;
}

/**
 * The store's variants that are low on stock, newest variant first, in keyset pages by id. The store's highest
 * threshold (its setting, `storeThreshold`, or a variant's own if higher) bounds an index range scan of (store, stock), so the list
 * reads the low end of the stock, never the whole catalogue.
 */
export async function listLowStockVariants(db: Db, input: { storeId: number; storeThreshold: number; before?: number; limit: number }) {
  const highestThreshold = sql`greatest(${input.storeThreshold}::int, coalesce((select max(o.low_stock_threshold) from ${productVariants} o
    where o.store_id = ${input.storeId} and o.low_stock_threshold is not null), 0))`;
  const rows = await db
    .select(stockView(input.storeThreshold))
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.storeId, input.storeId),
        sql`${productVariants.stockQuantity} <= ${highestThreshold}`,
        isLow(input.storeThreshold),
        input.before === undefined ? undefined : lt(productVariants.id, input.before),
      ),
    )
    .orderBy(desc(productVariants.id))
    .limit(input.limit + 1);
  const { page, next } = keysetPage(rows, input.limit, (row) => row.variantId);
  return { variants: page, nextBefore: next };
}

/**
 * How many of the store's variants are low on stock, by GET /admin/stock/low's rule and over the same bounded range
 * of the (store, stock) index.
 */
export async function countLowStockVariants(db: Db, input: { storeId: number; storeThreshold: number }): Promise<number> {
  const highestThreshold = sql`greatest(${input.storeThreshold}::int, coalesce((select max(o.low_stock_threshold) from ${productVariants} o
    where o.store_id = ${input.storeId} and o.low_stock_threshold is not null), 0))`;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.storeId, input.storeId),
        sql`${productVariants.stockQuantity} <= ${highestThreshold}`,
        isLow(input.storeThreshold),
      ),
    );
  return Number(row?.count ?? 0);
}

export async function writeLowStockThreshold(db: Db, input: { variantId: number; threshold: number | null }) {
  await db.update(productVariants).set({ lowStockThreshold: input.threshold }).where(eq(productVariants.id, input.variantId));
}
