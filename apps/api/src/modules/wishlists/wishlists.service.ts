import {
  MAX_WISHLIST_ITEMS,
  MAX_WISHLISTS_PER_CUSTOMER,
  type ListWishlistsQuery,
  type PutWishlistItemBody,
  type WishlistDetail,
  type WishlistItemLookup,
  type WishlistItemRef,
  type WishlistSummary,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { exposePrice, exposeStock, getCatalogVisibility, isPurchasable } from "../catalog/catalog-policy";
import { getOffers } from "../catalog/catalog-offers.service";
import { findPublishedProductsOfVariants } from "../catalog/variant-products.service";
import { findStoreVariant } from "../inventory/inventory.service";
import { lockCustomer } from "../identity/customers.service";
import * as repository from "./wishlists.repository";

/** A signed-in customer's call: the store (for variants, prices and stock), the currency and who owns the lists. */
export type WishlistContext = Pick<RequestContext, "store" | "currencyCode"> & { customerId: number };

const wishlistNotFound = () => new AppError("wishlist_not_found", "Wishlist was not found");
const itemNotFound = () => new AppError("wishlist_item_not_found", "Wishlist item was not found");
const nameTaken = () => new AppError("wishlist_name_taken", { field: "body.name" });

const toSummary = (row: repository.WishlistRow, itemCount: number): WishlistSummary => ({
  id: row.id,
  name: row.name,
  itemCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Summaries of lists, each counting its items of published products only (those its answers show), with one
 * question to the catalogue for all the lists' variants.
 */
async function toSummaries(db: Db, ctx: WishlistContext, rows: repository.WishlistSummaryRow[]): Promise<WishlistSummary[]> {
  const published = await findPublishedProductsOfVariants(db, { storeId: ctx.store.id, variantIds: rows.flatMap((row) => row.variantIds) });
  return rows.map((row) => toSummary(row, row.variantIds.filter((variantId) => published.has(variantId)).length));
}

/** The variants among `variantIds` whose product is published, in the order given (no statement for none). */
async function keepPublishedVariants(db: Db, ctx: WishlistContext, variantIds: number[]): Promise<number[]> {
  const published = await findPublishedProductsOfVariants(db, { storeId: ctx.store.id, variantIds });
  return variantIds.filter((variantId) => published.has(variantId));
}

/** A page of the customer's lists, oldest first, with the total the storefront loops towards. */
export async function listWishlists(db: Db, ctx: WishlistContext, query: ListWishlistsQuery) {
  const { rows, total } = await repository.listWishlistsPage(db, {
    customerId: ctx.customerId,
    limit: query.PageSize,
    offset: (query.PageNumber - 1) * query.PageSize,
  });
  return {
    results: await toSummaries(db, ctx, rows),
    total,
    pageNumber: query.PageNumber,
    pageSize: query.PageSize,
    totalPages: Math.ceil(total / query.PageSize),
  };
}

/** Creates a list; 409 when the name is taken or the customer has reached the limit of lists. */
export function createWishlist(db: Db, ctx: WishlistContext, name: string): Promise<WishlistSummary> {
  return db.transaction(async (tx) => {
    // The customer's row is locked first, so two new lists at once are counted one after the other.
    await lockCustomer(tx, { customerId: ctx.customerId });
    const existing = await repository.countCustomerWishlists(tx, ctx.customerId);
    if (existing >= MAX_WISHLISTS_PER_CUSTOMER) {
      throw new AppError("wishlist_limit_reached", `You can keep at most ${MAX_WISHLISTS_PER_CUSTOMER} lists`);
    }
    const row = await repository.insertWishlist(tx, { customerId: ctx.customerId, name });
    if (!row) throw nameTaken();
    return toSummary(row, 0);
  });
}

/**
 * One of the customer's lists with its items of published products, newest first, priced and stocked under the
 * store's policy in the request's currency; 404 for anyone else's. The catalogue answers for all the items at once.
 */
export async function requireWishlist(db: Db, ctx: WishlistContext, wishlistId: number): Promise<WishlistDetail> {
  const [wishlist, items] = await Promise.all([
    repository.findWishlist(db, { customerId: ctx.customerId, wishlistId }),
    repository.listWishlistItems(db, wishlistId),
  ]);
  // The items were read before ownership was known; they are only returned once it is.
  if (!wishlist) throw wishlistNotFound();
  const offers = await getOffers(db, {
    storeId: ctx.store.id,
    currencyCode: ctx.currencyCode,
    variantIds: items.map((item) => item.variantId),
  });
  const publishedOffers = new Map(offers.variants.filter((offer) => offer.isPublished).map((offer) => [offer.id, offer]));
  const visibility = getCatalogVisibility({ store: ctx.store, customerId: ctx.customerId });
  const shown = items.flatMap((item) => {
    const offer = publishedOffers.get(item.variantId);
    if (!offer) return [];
    const storedPrice =
      offer.amount === null
        ? null
        : { amount: offer.amount, originalAmount: offer.originalAmount, lowestPriorAmount: offer.lowestPriorAmount };
    return [
      {
        id: item.id,
        productVariantId: item.variantId,
        quantity: item.quantity,
        addedAt: item.addedAt.toISOString(),
        product: { id: offer.productId, slug: offer.productSlug, name: offer.productName, image: offer.image },
        variant: { id: offer.id, sku: offer.sku, name: offer.name, options: offer.options },
        price: exposePrice(visibility, storedPrice, ctx.currencyCode),
        stock: exposeStock(ctx.store, offer.stockQuantity),
        isPurchasable: isPurchasable(ctx.store, offer.stockQuantity, storedPrice !== null),
      },
    ];
  });
  return { ...toSummary(wishlist, shown.length), items: shown };
}

/** Renames one of the customer's lists. */
export async function renameWishlist(db: Db, ctx: WishlistContext, wishlistId: number, name: string): Promise<WishlistSummary> {
  const outcome = await repository.renameWishlist(db, { customerId: ctx.customerId, wishlistId, name });
  if (outcome === "not_found") throw wishlistNotFound();
  if (outcome === "name_taken") throw nameTaken();
  const summary = await repository.findWishlistSummary(db, { customerId: ctx.customerId, wishlistId });
  if (!summary) throw wishlistNotFound();
  return toSummary(summary, (await keepPublishedVariants(db, ctx, summary.variantIds)).length);
}

/** Deletes one of the customer's lists with its items. */
export async function deleteWishlist(db: Db, ctx: WishlistContext, wishlistId: number): Promise<void> {
  if (!(await repository.deleteWishlist(db, { customerId: ctx.customerId, wishlistId }))) throw wishlistNotFound();
}

/**
 * Puts a variant in one of the customer's lists with the given quantity (set, not added: PUT is
 * idempotent). The list's row lock orders concurrent changes, so the item limit holds; the unique
 * (list, variant) index makes concurrent puts of one variant a single item.
 */
export function putWishlistItem(db: Db, ctx: WishlistContext, body: PutWishlistItemBody): Promise<WishlistItemRef> {
  return db.transaction(async (tx) => {
    if (!(await repository.touchWishlist(tx, { customerId: ctx.customerId, wishlistId: body.wishlistId }))) {
      throw wishlistNotFound();
    }
    const variant = await findStoreVariant(tx, { storeId: ctx.store.id, variantId: body.variantId });
    if (!variant?.isPublished) throw new AppError("variant_not_found", "Product variant was not found");
    const items = await repository.countWishlistItems(tx, { wishlistId: body.wishlistId, variantId: body.variantId });
    if (!items.hasVariant && items.total >= MAX_WISHLIST_ITEMS) {
      throw new AppError("wishlist_item_limit_reached", `A list holds at most ${MAX_WISHLIST_ITEMS} products`);
    }
    return repository.upsertWishlistItem(tx, { wishlistId: body.wishlistId, variantId: body.variantId, quantity: body.quantity });
  });
}

/** Sets the quantity of an item in one of the customer's lists. */
export function updateWishlistItem(
  db: Db,
  ctx: WishlistContext,
  input: { wishlistId: number; itemId: number; quantity: number },
): Promise<WishlistItemRef> {
  return db.transaction(async (tx) => {
    if (!(await repository.touchWishlist(tx, { customerId: ctx.customerId, wishlistId: input.wishlistId }))) {
      throw wishlistNotFound();
    }
    const item = await repository.updateWishlistItemQuantity(tx, input);
    if (!item) throw itemNotFound();
    return item;
  });
}

/** Removes an item from one of the customer's lists. */
export function removeWishlistItem(db: Db, ctx: WishlistContext, input: { wishlistId: number; itemId: number }): Promise<void> {
  return removeWishlistItems(db, ctx, { wishlistId: input.wishlistId, itemIds: [input.itemId] });
}

/**
 * Removes several items from one of the customer's lists, all or nothing: an id that is not an item of this
 * list is a 404 and nothing is removed (the list's row lock, taken first, orders it with other changes).
 */
export function removeWishlistItems(
  db: Db,
  ctx: WishlistContext,
  input: { wishlistId: number; itemIds: readonly number[] },
): Promise<void> {
  const itemIds = [...new Set(input.itemIds)];
  return db.transaction(async (tx) => {
    if (!(await repository.touchWishlist(tx, { customerId: ctx.customerId, wishlistId: input.wishlistId }))) {
      throw wishlistNotFound();
    }
    // Throwing rolls back what the delete removed.
    if ((await repository.deleteWishlistItems(tx, { wishlistId: input.wishlistId, itemIds })) !== itemIds.length) throw itemNotFound();
  });
}

/** Takes a variant out of every list of the customer's that holds it (the favourite toggle's "remove"); none is fine. */
export function removeVariantFromWishlists(db: Db, ctx: WishlistContext, variantId: number): Promise<void> {
  return repository.deleteVariantFromWishlists(db, { customerId: ctx.customerId, variantId });
}

/**
 * Which of the customer's lists hold a variant (empty when none, or when its product is unpublished): the
 * favourite toggle's question. The catalogue is asked only when some list holds the variant.
 */
export async function findWishlistItemsByVariant(db: Db, ctx: WishlistContext, variantId: number): Promise<WishlistItemLookup[]> {
  const items = await repository.findItemsByVariant(db, { customerId: ctx.customerId, variantId });
  if (items.length === 0) return [];
  return (await keepPublishedVariants(db, ctx, [variantId])).length > 0 ? items : [];
}

/** Every variant of a published product the customer has in any list, ascending, for heart icons on product cards. */
export async function listWishlistVariantIds(db: Db, ctx: WishlistContext): Promise<number[]> {
  return keepPublishedVariants(db, ctx, await repository.listWishlistVariantIds(db, ctx.customerId));
}

/**
 * A customer's wishlists for their data export (decision 062), oldest first, at most `limit`, with their items (at
 * most `itemLimit` in all) by variant id: naming the variants is the catalogue's to do. Two statements.
 */
export async function listWishlistsForExport(db: Db, input: { customerId: number; limit: number; itemLimit: number }) {
  const lists = await repository.listWishlistsOfCustomer(db, input);
  if (lists.length === 0) return [];
  const items = await repository.listItemsOfWishlists(
    db,
    lists.map((list) => list.id),
    input.itemLimit,
  );
  const byList = new Map(lists.map((list) => [list.id, { ...list, items: [] as typeof items }]));
  for (const item of items) byList.get(item.wishlistId)?.items.push(item);
  return [...byList.values()];
}
