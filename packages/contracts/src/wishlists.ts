import { z } from "zod";
import { ImageSchema, PriceSchema, StockSchema, VariantOptionSchema } from "./catalog";
import { dataSchema, IdParamSchema, IdSchema, intParamSchema, pagedResultSchema, textSchema } from "./common";
import { MAX_RESULT_WINDOW, MAX_WISHLIST_ITEMS, MAX_WISHLIST_ITEM_QUANTITY, WISHLIST_PAGE_SIZE } from "./constants";

/*
 * Wishlists (favourites lists). Every call needs a signed-in customer (401 `authentication_required`
 * otherwise); a list or item of another customer answers 404 exactly like an unknown one. Deletes answer 204
 * with no body.
 */

/** Trimmed, 1-100 characters; unique per customer ignoring case (409 `wishlist_name_taken`). */
export const WishlistNameSchema = textSchema({ trim: true, min: 1, max: 100, minMessage: "Give the list a name" });

export const WishlistItemQuantitySchema = z.number().int().min(1).max(MAX_WISHLIST_ITEM_QUANTITY);

// ---------------------------------------------------------------- lists

export const WishlistSummarySchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    /** Items whose product is currently published. */
    itemCount: z.number().int().min(0),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "WishlistSummary" });
export type WishlistSummary = z.infer<typeof WishlistSummarySchema>;

/** GET /wishlists: the customer's lists, oldest first. */
export const ListWishlistsQuerySchema = z
  .object({
    PageNumber: intParamSchema(1, MAX_RESULT_WINDOW).default(1),
    PageSize: intParamSchema(1, WISHLIST_PAGE_SIZE).default(WISHLIST_PAGE_SIZE),
  })
  .strict();
export type ListWishlistsQuery = z.infer<typeof ListWishlistsQuerySchema>;
export const ListWishlistsResponseSchema = dataSchema(pagedResultSchema(WishlistSummarySchema));

/** POST /wishlists (201) and PUT /wishlists/:id (rename) take the same body and answer the summary. */
export const WishlistNameBodySchema = z.object({ name: WishlistNameSchema }).strict();
export type WishlistNameBody = z.infer<typeof WishlistNameBodySchema>;
export const WishlistSummaryResponseSchema = dataSchema(WishlistSummarySchema);

export const WishlistIdParamsSchema = z.object({ id: IdParamSchema }).strict();

// ---------------------------------------------------------------- items

/** One list row, with what the storefront needs to render it (prices and stock per store policy). */
export const WishlistItemSchema = z
  .object({
    id: IdSchema,
    productVariantId: IdSchema,
    quantity: z.number().int().min(1),
    addedAt: z.iso.datetime({ offset: true }),
    product: z.object({ id: IdSchema, slug: z.string(), name: z.string(), image: ImageSchema.nullable() }),
    variant: z.object({ id: IdSchema, sku: z.string(), name: z.string(), options: z.array(VariantOptionSchema) }),
    /** Unit price in the request currency; null when the variant has none in it. */
    price: PriceSchema.nullable(),
    /** Stock as the store's inventoryAvailability allows; null under None. */
    stock: StockSchema.nullable(),
    /** Whether it can go into the cart now. */
    isPurchasable: z.boolean(),
  })
  .meta({ id: "WishlistItem" });
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

/** GET /wishlists/:id: the list with its items, most recently added first. */
export const WishlistDetailSchema = WishlistSummarySchema.extend({ items: z.array(WishlistItemSchema) }).meta({
  id: "WishlistDetail",
});
export type WishlistDetail = z.infer<typeof WishlistDetailSchema>;
export const WishlistDetailResponseSchema = dataSchema(WishlistDetailSchema);

/** What the item calls answer: the stored item, without product data. */
export const WishlistItemRefSchema = z
  .object({ id: IdSchema, wishlistId: IdSchema, productVariantId: IdSchema, quantity: z.number().int().min(1) })
  .meta({ id: "WishlistItemRef" });
export type WishlistItemRef = z.infer<typeof WishlistItemRefSchema>;
export const WishlistItemRefResponseSchema = dataSchema(WishlistItemRefSchema);

/**
 * PUT /wishlists/wishlist-items: puts a variant in a list. A variant already in the list keeps its item and
 * takes the given quantity (PUT sets, it does not add), so repeating the call changes nothing.
 */
export const PutWishlistItemBodySchema = z
  .object({ wishlistId: IdSchema, variantId: IdSchema, quantity: WishlistItemQuantitySchema.default(1) })
  .strict();
export type PutWishlistItemBody = z.infer<typeof PutWishlistItemBodySchema>;

/** PUT /wishlists/:id/wishlist-items/:itemId: a new quantity. */
export const UpdateWishlistItemBodySchema = z.object({ quantity: WishlistItemQuantitySchema }).strict();
export type UpdateWishlistItemBody = z.infer<typeof UpdateWishlistItemBodySchema>;
export const WishlistItemParamsSchema = z.object({ id: IdParamSchema, itemId: IdParamSchema }).strict();

/**
 * DELETE /wishlists/:id/wishlist-items: remove several items of one list, all or nothing: an id that is not
 * an item of this list is a 404 and nothing is removed. An id named twice is removed once.
 */
export const RemoveWishlistItemsBodySchema = z.object({ itemIds: z.array(IdSchema).min(1).max(MAX_WISHLIST_ITEMS) }).strict();
export type RemoveWishlistItemsBody = z.infer<typeof RemoveWishlistItemsBodySchema>;

/**
 * GET /wishlists/wishlist-items?variantId=: where a variant sits in the customer's lists, as wishlistId
 * and itemId pairs. Empty when in none, so the favourite toggle knows to open the selection dialog rather
 * than remove.
 */
export const WishlistItemLookupQuerySchema = z.object({ variantId: IdParamSchema }).strict();
/** DELETE /wishlists/wishlist-items?variantId= takes the variant out of every list holding it, in one call (204). */
export const RemoveVariantFromWishlistsQuerySchema = WishlistItemLookupQuerySchema;
export const WishlistItemLookupSchema = z.object({ wishlistId: IdSchema, itemId: IdSchema }).meta({ id: "WishlistItemLookup" });
export type WishlistItemLookup = z.infer<typeof WishlistItemLookupSchema>;
export const WishlistItemLookupResponseSchema = dataSchema(z.array(WishlistItemLookupSchema));

/**
 * GET /wishlists/variant-ids: every variant id in any of the customer's lists, ascending, for the heart
 * icons on product cards. Bounded by the list and item limits above.
 */
export const WishlistVariantIdsResponseSchema = dataSchema(z.object({ variantIds: z.array(IdSchema) }));
