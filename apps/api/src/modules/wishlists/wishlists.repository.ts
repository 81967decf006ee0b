import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/unique-violation";
import { wishlistItems, wishlists } from "./wishlists.tables";

/*
 * Every query names the owning customer: a list or item of someone else is simply not found. Items whose
 * product is unpublished stay stored (they come back if it is republished); the service leaves them out of
 * every answer, asking the catalogue which variants are of published products.
 */

const listColumns = {
  id: wishlists.id,
  name: wishlists.name,
  createdAt: wishlists.createdAt,
  updatedAt: wishlists.updatedAt,
};
export type WishlistRow = { id: number; name: string; createdAt: Date; updatedAt: Date };

const summaryColumns = {
  ...listColumns,
  // Written with an alias: inside a one-table select Drizzle leaves column names unqualified.
  variantIds: sql<number[]>`array(select wi.variant_id from ${wishlistItems} wi where wi.wishlist_id = ${wishlists}.id)`,
};
/** A list with the variants of all its items, published or not (the service counts the items it shows). */
export type WishlistSummaryRow = WishlistRow & { variantIds: number[] };

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

/** One of the customer's lists, or null. */
export async function findWishlist(db: Db, input: { customerId: number; wishlistId: number }): Promise<WishlistRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(wishlists)
    .where(and(eq(wishlists.id, input.wishlistId), eq(wishlists.customerId, input.customerId)));
  return row ?? null;
}

/** One of the customer's lists with its items' variants, or null. */
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
  return row ?? null;
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

/** A list's items, newest first, whatever their product's state. */
export function listWishlistItems(db: Db, wishlistId: number) {
  return db
    .select({
      id: wishlistItems.id,
      variantId: wishlistItems.variantId,
      quantity: wishlistItems.quantity,
      addedAt: wishlistItems.createdAt,
    })
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistId, wishlistId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
}

/** Where a variant sits in the customer's lists, whatever its product's state. */
export function findItemsByVariant(db: Db, input: { customerId: number; variantId: number }) {
  return db
    .select({ wishlistId: wishlistItems.wishlistId, itemId: wishlistItems.id })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .where(and(eq(wishlists.customerId, input.customerId), eq(wishlistItems.variantId, input.variantId)))
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

/** Every variant in any of the customer's lists, once each, ascending, whatever its product's state. */
export async function listWishlistVariantIds(db: Db, customerId: number) {
  const rows = await db
    .selectDistinct({ variantId: wishlistItems.variantId })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .where(eq(wishlists.customerId, customerId))
    .orderBy(asc(wishlistItems.variantId));
  return rows.map((row) => row.variantId);
}

/** A customer's wishlists, oldest first, at most `limit` (decision 062). */
export function listWishlistsOfCustomer(db: Db, input: { customerId: number; limit: number }) {
  return db
    .select({ id: wishlists.id, name: wishlists.name, createdAt: wishlists.createdAt })
    .from(wishlists)
    .where(eq(wishlists.customerId, input.customerId))
    .orderBy(asc(wishlists.id))
    .limit(input.limit);
}

/** The items of these wishlists, oldest first, at most `limit`. */
export function listItemsOfWishlists(db: Db, wishlistIds: readonly number[], limit: number) {
  return db
    .select({
      wishlistId: wishlistItems.wishlistId,
      variantId: wishlistItems.variantId,
      quantity: wishlistItems.quantity,
      createdAt: wishlistItems.createdAt,
    })
    .from(wishlistItems)
    .where(inArray(wishlistItems.wishlistId, [...wishlistIds]))
    .orderBy(asc(wishlistItems.id))
    .limit(limit);
}
