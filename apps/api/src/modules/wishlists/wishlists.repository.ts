import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { productImages, products, productVariants, variantPrices } from "../catalog/catalog.tables";
import { wishlistItems, wishlists } from "./wishlists.tables";

/*
 * Every query names the owning customer: a list or item of someone else is simply not found. Items whose
 * product is unpublished stay stored (they come back if it is republished) but no read returns them.
 */

/** For queries that join wishlist_items to another table, where Drizzle qualifies column names. */
const publishedItem = sql`exists (select 1 from ${productVariants} v join ${products} p on p.id = v.product_id
  where v.id = ${wishlistItems.variantId} and p.is_published)`;

const summaryColumns = {
  id: wishlists.id,
  name: wishlists.name,
  // Written with aliases: inside a one-table select Drizzle leaves column names unqualified.
  itemCount: sql<number>`(select count(*)::int from ${wishlistItems} wi
    join ${productVariants} v on v.id = wi.variant_id join ${products} p on p.id = v.product_id
    where wi.wishlist_id = ${wishlists}.id and p.is_published)`,
  createdAt: wishlists.createdAt,
  updatedAt: wishlists.updatedAt,
};
export type WishlistSummaryRow = { id: number; name: string; itemCount: number; createdAt: Date; updatedAt: Date };

/** A page of the customer's lists, oldest first, and how many there are. */
export async function listWishlistsPage(db: Db, input: { customerId: number; limit: number; offset: number }) {
  const [page, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(wishlists)
      .where(eq(wishlists.customerId, input.customerId))
      .orderBy(asc(wishlists.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ value: count() }).from(wishlists).where(eq(wishlists.customerId, input.customerId)),
  ]);
  return { rows: page as WishlistSummaryRow[], total: total?.value ?? 0 };
}

export async function findWishlistSummary(db: Db, input: { customerId: number; wishlistId: number }) {
  const [row] = await db
    .select(summaryColumns)
    .from(wishlists)
    .where(and(eq(wishlists.id, input.wishlistId), eq(wishlists.customerId, input.customerId)));
  return (row as WishlistSummaryRow | undefined) ?? null;
}

/** How many wishlists a customer has. */
export async function countCustomerWishlists(db: Db, customerId: number) {
  const [row] = await db.select({ value: count() }).from(wishlists).where(eq(wishlists.customerId, customerId));
  return row?.value ?? 0;
}

/** Creates a list; null when the customer already has one of that name (ignoring case). */
export async function insertWishlist(db: Db, input: { customerId: number; name: string }) {
  const [row] = await db
    .insert(wishlists)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: wishlists.id, name: wishlists.name, createdAt: wishlists.createdAt, updatedAt: wishlists.updatedAt });
  return row ? { ...row, itemCount: 0 } : null;
}

/** Renames a list: "renamed", "not_found" (no such list of this customer) or "name_taken". */
export async function renameWishlist(db: Db, input: { customerId: number; wishlistId: number; name: string }) {
  try {
    const [row] = await db
      .update(wishlists)
      .set({ name: input.name, updatedAt: sql`now()` })
      .where(and(eq(wishlists.id, input.wishlistId), eq(wishlists.customerId, input.customerId)))
      .returning({ id: wishlists.id });
    return row ? "renamed" : "not_found";
  } catch (error) {
    if (isUniqueViolation(error, "wishlists_customer_name_unique")) return "name_taken";
    throw error;
  }
}

/** Deletes a list and its items; false when the customer has no such list. */
export async function deleteWishlist(db: Db, input: { customerId: number; wishlistId: number }) {
  const deleted = await db
    .delete(wishlists)
    .where(and(eq(wishlists.id, input.wishlistId), eq(wishlists.customerId, input.customerId)))
    .returning({ id: wishlists.id });
  return deleted.length > 0;
}

/**
 * Marks the customer's list as changed and holds its row lock until the transaction ends, so item changes
 * to one list apply one after the other (the item limit holds). False when the customer has no such list.
 */
export async function touchWishlist(db: Db, input: { customerId: number; wishlistId: number }) {
  const [row] = await db
    .update(wishlists)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(wishlists.id, input.wishlistId), eq(wishlists.customerId, input.customerId)))
    .returning({ id: wishlists.id });
  return row !== undefined;
}

/** How many items a list holds, and whether the variant is one of them. */
export async function countWishlistItems(db: Db, input: { wishlistId: number; variantId: number }) {
  const [row] = await db
    .select({
      total: count(),
      hasVariant: sql<boolean>`coalesce(bool_or(${wishlistItems.variantId} = ${input.variantId}), false)`,
    })
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistId, input.wishlistId));
  return { total: row?.total ?? 0, hasVariant: row?.hasVariant ?? false };
}

const itemRefColumns = {
  id: wishlistItems.id,
  wishlistId: wishlistItems.wishlistId,
  productVariantId: wishlistItems.variantId,
  quantity: wishlistItems.quantity,
};

/** Puts a variant in a list, or sets its quantity if it is there; the unique (list, variant) makes it one row. */
export async function upsertWishlistItem(db: Db, input: { wishlistId: number; variantId: number; quantity: number }) {
  const [row] = await db
    .insert(wishlistItems)
    .values(input)
    .onConflictDoUpdate({
      target: [wishlistItems.wishlistId, wishlistItems.variantId],
      set: { quantity: sql`excluded.quantity` },
    })
    .returning(itemRefColumns);
  if (!row) throw new Error("an upsert returns its row");
  return row;
}

/** Sets an item's quantity; null when the list has no such item. */
export async function updateWishlistItemQuantity(db: Db, input: { wishlistId: number; itemId: number; quantity: number }) {
  const [row] = await db
    .update(wishlistItems)
    .set({ quantity: input.quantity })
    .where(and(eq(wishlistItems.id, input.itemId), eq(wishlistItems.wishlistId, input.wishlistId)))
    .returning(itemRefColumns);
  return row ?? null;
}

/** Removes an item; false when the list has no such item. */
/** Deletes items of one list among `itemIds` (an id of another list is left alone); answers how many went. */
export async function deleteWishlistItems(db: Db, input: { wishlistId: number; itemIds: number[] }) {
  const deleted = await db
    .delete(wishlistItems)
    .where(and(inArray(wishlistItems.id, input.itemIds), eq(wishlistItems.wishlistId, input.wishlistId)))
    .returning({ id: wishlistItems.id });
  return deleted.length;
}

export interface WishlistItemRow {
  id: number;
  productVariantId: number;
  quantity: number;
  addedAt: Date;
  product: { id: number; slug: string; name: string; image: { url: string; alt: string } | null };
  variant: { id: number; sku: string; name: string; options: { code: string; name: string; value: string }[] };
  stockQuantity: number;
  amount: number | null;
  originalAmount: number | null;
}

/** A list's items of published products, newest first, with product, variant, stock and price in one currency. */
export async function listWishlistItems(db: Db, input: { wishlistId: number; currencyCode: string }): Promise<WishlistItemRow[]> {
  const rows = await db
    .select({
      id: wishlistItems.id,
      productVariantId: wishlistItems.variantId,
      quantity: wishlistItems.quantity,
      addedAt: wishlistItems.createdAt,
      productId: products.id,
      productSlug: products.slug,
      productName: products.name,
      image: sql<{ url: string; alt: string } | null>`(select json_build_object('url', i.url, 'alt', i.alt)
        from ${productImages} i where i.product_id = ${products.id} order by i.position, i.id limit 1)`,
      sku: productVariants.sku,
      variantName: productVariants.name,
      options: productVariants.options,
      stockQuantity: productVariants.stockQuantity,
      amount: variantPrices.amount,
      originalAmount: variantPrices.originalAmount,
    })
    .from(wishlistItems)
    .innerJoin(productVariants, eq(productVariants.id, wishlistItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(variantPrices, and(eq(variantPrices.variantId, productVariants.id), eq(variantPrices.currencyCode, input.currencyCode)))
    .where(and(eq(wishlistItems.wishlistId, input.wishlistId), eq(products.isPublished, true)))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  return rows.map((row) => ({
    id: row.id,
    productVariantId: row.productVariantId,
    quantity: row.quantity,
    addedAt: row.addedAt,
    product: { id: row.productId, slug: row.productSlug, name: row.productName, image: row.image },
    variant: { id: row.productVariantId, sku: row.sku, name: row.variantName, options: row.options },
    stockQuantity: row.stockQuantity,
    amount: row.amount,
    originalAmount: row.originalAmount,
  }));
}

/** Where a variant sits in the customer's lists. */
export function findItemsByVariant(db: Db, input: { customerId: number; variantId: number }) {
  return db
    .select({ wishlistId: wishlistItems.wishlistId, itemId: wishlistItems.id })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .where(and(eq(wishlists.customerId, input.customerId), eq(wishlistItems.variantId, input.variantId), publishedItem))
    .orderBy(asc(wishlistItems.wishlistId));
}

/**
 * Deletes a variant's items from every list of the customer's that holds it, in one statement. The lists are
 * touched (and so row-locked) before their items are deleted, the order every item change takes.
 */
export async function deleteVariantFromWishlists(db: Db, input: { customerId: number; variantId: number }) {
  await db.execute(
    sql`with touched as (
          update ${wishlists} w set updated_at = now()
          where w.customer_id = ${input.customerId}
            and exists (select 1 from ${wishlistItems} wi where wi.wishlist_id = w.id and wi.variant_id = ${input.variantId})
          returning w.id)
        delete from ${wishlistItems} wi using touched where wi.wishlist_id = touched.id and wi.variant_id = ${input.variantId}`,
  );
}

/** Every variant in any of the customer's lists, once each, ascending. */
export async function listWishlistVariantIds(db: Db, customerId: number) {
  const rows = await db
    .selectDistinct({ variantId: wishlistItems.variantId })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .where(and(eq(wishlists.customerId, customerId), publishedItem))
    .orderBy(asc(wishlistItems.variantId));
  return rows.map((row) => row.variantId);
}

/** Whether a failed statement broke this unique constraint (PostgreSQL 23505), looking through Drizzle's wrapper. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const failure = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (failure.code === "23505" && failure.constraint === constraint) return true;
    current = failure.cause;
  }
  return false;
}
