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
} from "@quire/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import * as wishlists from "./wishlists.service";

/** The signed-in caller's context for the wishlist use cases. */
function wishlistContext(request: FastifyRequest): wishlists.WishlistContext {
  const customer = requireCustomer(request);
  return { store: request.ctx.store, currencyCode: request.ctx.currencyCode, customerId: customer.id };
}

// Wishlist calls of spec section 7. Static paths (variant-ids, wishlist-items) win over `:id` in the router.
export const wishlistsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["Wishlists"];
  const security = [{ apiKey: [], storeKey: [], bearer: [] }];
  const noContent = { 204: z.null().describe("Done; no body") };

  // Signed-in customers only, checked before input validation so an anonymous caller learns nothing else.
  app.addHook("onRequest", async (request) => void requireCustomer(request));

  app.get(
    "/wishlists",
    {
      schema: {
        tags,
        security,
        operationId: "listWishlists",
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "A page of the customer's lists, oldest first (page size up to 50)",
        querystring: ListWishlistsQuerySchema,
        response: { 200: ListWishlistsResponseSchema },
      },
    },
    async (request) => ({ data: await wishlists.listWishlists(db, wishlistContext(request), request.query) }),
  );

  app.post(
    "/wishlists",
    {
      schema: {
        tags,
        security,
        operationId: "createWishlist",
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_limit_reached", "wishlist_name_taken"],
        summary: "Create a list (names are unique per customer, ignoring case)",
        body: WishlistNameBodySchema,
        response: { 201: WishlistSummaryResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await wishlists.createWishlist(db, wishlistContext(request), request.body.name) }),
  );

  app.get(
    "/wishlists/variant-ids",
    {
      schema: {
        tags,
        security,
        operationId: "listWishlistVariantIds",
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "Every variant id in any of the customer's lists (for heart icons)",
        response: { 200: WishlistVariantIdsResponseSchema },
      },
    },
    async (request) => ({ data: { variantIds: await wishlists.listWishlistVariantIds(db, wishlistContext(request)) } }),
  );

  app.get(
    "/wishlists/wishlist-items",
    {
      schema: {
        tags,
        security,
        operationId: "findWishlistItems",
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "Where a variant sits in the customer's lists: [{ wishlistId, itemId }], empty when in none",
        querystring: WishlistItemLookupQuerySchema,
        response: { 200: WishlistItemLookupResponseSchema },
      },
    },
    async (request) => ({
      data: await wishlists.findWishlistItemsByVariant(db, wishlistContext(request), request.query.variantId),
    }),
  );

  app.delete(
    "/wishlists/wishlist-items",
    {
      schema: {
        tags,
        security,
        operationId: "removeVariantFromWishlists",
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "Take a variant out of every list that holds it, in one call (the favourite toggle's remove); 204 also when none does",
        querystring: RemoveVariantFromWishlistsQuerySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await wishlists.removeVariantFromWishlists(db, wishlistContext(request), request.query.variantId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/wishlists/wishlist-items",
    {
      schema: {
        tags,
        security,
        operationId: "putWishlistItem",
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found", "variant_not_found", "wishlist_item_limit_reached"],
        summary: "Put a variant in a list; a variant already there takes the given quantity",
        body: PutWishlistItemBodySchema,
        response: { 200: WishlistItemRefResponseSchema },
      },
    },
    async (request) => ({ data: await wishlists.putWishlistItem(db, wishlistContext(request), request.body) }),
  );

  app.get(
    "/wishlists/:id",
    {
      schema: {
        tags,
        security,
        operationId: "getWishlist",
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found"],
        summary: "One of the customer's lists with its items",
        params: WishlistIdParamsSchema,
        response: { 200: WishlistDetailResponseSchema },
      },
    },
    async (request) => ({ data: await wishlists.requireWishlist(db, wishlistContext(request), request.params.id) }),
  );

  app.put(
    "/wishlists/:id",
    {
      schema: {
        tags,
        security,
        operationId: "renameWishlist",
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found", "wishlist_name_taken"],
        summary: "Rename a list",
        params: WishlistIdParamsSchema,
        body: WishlistNameBodySchema,
        response: { 200: WishlistSummaryResponseSchema },
      },
    },
    async (request) => ({
      data: await wishlists.renameWishlist(db, wishlistContext(request), request.params.id, request.body.name),
    }),
  );

  app.delete(
    "/wishlists/:id",
    {
      schema: {
        tags,
        security,
        operationId: "deleteWishlist",
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found"],
        summary: "Delete a list and its items",
        params: WishlistIdParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await wishlists.deleteWishlist(db, wishlistContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/wishlists/:id/wishlist-items/:itemId",
    {
      schema: {
        tags,
        security,
        operationId: "updateWishlistItem",
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found", "wishlist_item_not_found"],
        summary: "Change an item's quantity",
        params: WishlistItemParamsSchema,
        body: UpdateWishlistItemBodySchema,
        response: { 200: WishlistItemRefResponseSchema },
      },
    },
    async (request) => ({
      data: await wishlists.updateWishlistItem(db, wishlistContext(request), {
        wishlistId: request.params.id,
        itemId: request.params.itemId,
        quantity: request.body.quantity,
      }),
    }),
  );

  app.delete(
    "/wishlists/:id/wishlist-items",
    {
      schema: {
        tags,
        security,
        operationId: "removeWishlistItems",
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found", "wishlist_item_not_found"],
        summary: "Remove several items from a list (ids in the JSON body), all or nothing",
        params: WishlistIdParamsSchema,
        body: RemoveWishlistItemsBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await wishlists.removeWishlistItems(db, wishlistContext(request), { wishlistId: request.params.id, itemIds: request.body.itemIds });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/wishlists/:id/wishlist-items/:itemId",
    {
      schema: {
        tags,
        security,
        operationId: "removeWishlistItem",
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found", "wishlist_item_not_found"],
        summary: "Remove an item from a list",
        params: WishlistItemParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await wishlists.removeWishlistItem(db, wishlistContext(request), { wishlistId: request.params.id, itemId: request.params.itemId });
      return reply.status(204).send(null);
    },
  );
};
