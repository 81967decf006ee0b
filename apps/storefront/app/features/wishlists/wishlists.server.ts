import {
  WISHLIST_PAGE_SIZE,
  type RemoveWishlistItemsBody,
  type WishlistDetail,
  type WishlistItemRef,
  type VariantWithProduct,
  type WishlistSummary,
} from "@quire/contracts";
import type { RouterContextProvider } from "react-router";
import type { ToastMessage } from "~/components/ui/toast";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";
import { errorToastOf } from "~/lib/api-failure.server";
import { apiContext, sessionContext } from "~/lib/context.server";
import { collectAllPages } from "./collect-pages";
import type { StartupFavourites } from "./startup-favourites";

/*
 * The wishlist calls, one function each. Loaders and actions call these rather than
 * naming paths themselves, so the paths live in one place.
 */

/** Every list of the signed-in customer, read 50 at a time until the total is reached. */
export function listAllWishlists(api: ApiClient): Promise<WishlistSummary[]> {
  return collectAllPages(async (pageNumber) => {
    const { data } = await api.call("listWishlists", { query: { PageNumber: pageNumber, PageSize: WISHLIST_PAGE_SIZE } });
    return data;
  });
}

/** The favourites every page loads: for signed-in customers only, null for visitors. */
export async function getStartupFavourites(context: Readonly<RouterContextProvider>): Promise<StartupFavourites | null> {
  if (!context.get(sessionContext).token) return null;
  const api = context.get(apiContext);
  const [lists, variantIds] = await Promise.all([
    listAllWishlists(api),
    api.call("listWishlistVariantIds").then((answer) => answer.data.variantIds),
  ]);
  return { lists, variantIds };
}

/** The book a variant belongs to, so the page version of the selection dialog can name what it saves. */
export async function getVariantWithProduct(api: ApiClient, variantId: number): Promise<VariantWithProduct> {
  return (await api.call("getVariant", { params: { id: variantId } })).data;
}

export async function getWishlist(api: ApiClient, wishlistId: number): Promise<WishlistDetail> {
  return (await api.call("getWishlist", { params: { id: wishlistId } })).data;
}

export async function createWishlist(api: ApiClient, name: string): Promise<WishlistSummary> {
  return (await api.call("createWishlist", { body: { name } })).data;
}

export async function renameWishlist(api: ApiClient, wishlistId: number, name: string): Promise<WishlistSummary> {
  return (await api.call("renameWishlist", { params: { id: wishlistId }, body: { name } })).data;
}

export async function deleteWishlist(api: ApiClient, wishlistId: number): Promise<void> {
  await api.call("deleteWishlist", { params: { id: wishlistId } });
}

export async function addWishlistItem(
  api: ApiClient,
  item: { wishlistId: number; variantId: number; quantity: number },
): Promise<WishlistItemRef> {
  const { wishlistId, variantId, quantity } = item;
  return (await api.call("putWishlistItem", { body: { wishlistId, variantId, quantity } })).data;
}

export async function removeWishlistItem(api: ApiClient, wishlistId: number, itemId: number): Promise<void> {
  await api.call("removeWishlistItem", { params: { id: wishlistId, itemId } });
}

/** Removes several items of one list in one call, all or nothing (DELETE /wishlists/:id/wishlist-items). */
export async function removeWishlistItems(api: ApiClient, wishlistId: number, itemIds: number[]): Promise<void> {
  const body: RemoveWishlistItemsBody = { itemIds };
  await api.call("removeWishlistItems", { params: { id: wishlistId }, body });
}

/**
 * The favourite toggle's "remove": takes the variant out of every list that holds it, in
 * one call (DELETE /wishlists/wishlist-items?variantId=), so the heart is off afterwards whichever list it
 * was saved to.
 */
export async function removeVariantFromWishlists(api: ApiClient, variantId: number): Promise<void> {
  await api.call("removeVariantFromWishlists", { query: { variantId } });
}

/**
 * The toast for a failed wishlist call: the first item of the errors list. The request's
 * API client has already turned 401 and 403 into redirects (lib/api-failure.server.ts); these are rethrown
 * as they are, and so is anything that is not an API answer, which is a bug for the error page.
 */
export function failureToast(error: unknown): ToastMessage {
  if (!(error instanceof ApiRequestError) || error.status === 401 || error.status === 403) throw error;
  return errorToastOf(error);
}
