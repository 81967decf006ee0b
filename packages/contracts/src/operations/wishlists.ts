import { NoContentSchema, type Operation } from "./operation";
import {
  ListWishlistsQuerySchema,
  ListWishlistsResponseSchema,
  PutWishlistItemBodySchema,
  RemoveVariantFromWishlistsQuerySchema,
  RemoveWishlistItemsBodySchema,
  UpdateWishlistItemBodySchema,
  WishlistDetailResponseSchema,
  WishlistIdParamsSchema,
  WishlistItemLookupQuerySchema,
  WishlistItemLookupResponseSchema,
  WishlistItemParamsSchema,
  WishlistItemRefResponseSchema,
  WishlistNameBodySchema,
  WishlistSummaryResponseSchema,
  WishlistVariantIdsResponseSchema,
} from "../wishlists";

/** Wishlists. */
export const wishlistOperations = {
  // Wishlists.
  listWishlists: { method: "GET", path: "/wishlists", query: ListWishlistsQuerySchema, response: ListWishlistsResponseSchema },
  createWishlist: {
    method: "POST",
    path: "/wishlists",
    body: WishlistNameBodySchema,
    response: WishlistSummaryResponseSchema,
    status: 201,
  },
  listWishlistVariantIds: { method: "GET", path: "/wishlists/variant-ids", response: WishlistVariantIdsResponseSchema },
  findWishlistItems: {
    method: "GET",
    path: "/wishlists/wishlist-items",
    query: WishlistItemLookupQuerySchema,
    response: WishlistItemLookupResponseSchema,
  },
  removeVariantFromWishlists: {
    method: "DELETE",
    path: "/wishlists/wishlist-items",
    query: RemoveVariantFromWishlistsQuerySchema,
    response: NoContentSchema,
    status: 204,
  },
  putWishlistItem: {
    method: "PUT",
    path: "/wishlists/wishlist-items",
    body: PutWishlistItemBodySchema,
    response: WishlistItemRefResponseSchema,
  },
  getWishlist: { method: "GET", path: "/wishlists/:id", params: WishlistIdParamsSchema, response: WishlistDetailResponseSchema },
  renameWishlist: {
    method: "PUT",
    path: "/wishlists/:id",
    params: WishlistIdParamsSchema,
    body: WishlistNameBodySchema,
    response: WishlistSummaryResponseSchema,
  },
  deleteWishlist: { method: "DELETE", path: "/wishlists/:id", params: WishlistIdParamsSchema, response: NoContentSchema, status: 204 },
  updateWishlistItem: {
    method: "PUT",
    path: "/wishlists/:id/wishlist-items/:itemId",
    params: WishlistItemParamsSchema,
    body: UpdateWishlistItemBodySchema,
    response: WishlistItemRefResponseSchema,
  },
  removeWishlistItems: {
    method: "DELETE",
    path: "/wishlists/:id/wishlist-items",
    params: WishlistIdParamsSchema,
    body: RemoveWishlistItemsBodySchema,
    response: NoContentSchema,
    status: 204,
  },
  removeWishlistItem: {
    method: "DELETE",
    path: "/wishlists/:id/wishlist-items/:itemId",
    params: WishlistItemParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
} as const satisfies Record<string, Operation>;
