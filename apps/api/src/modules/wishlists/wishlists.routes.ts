import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import * as wishlists from "./wishlists.service";

/** The signed-in caller's context for the wishlist use cases. */
function wishlistContext(request: FastifyRequest): wishlists.WishlistContext {
  const customer = requireCustomer(request);
  return { store: request.ctx.store, currencyCode: request.ctx.currencyCode, customerId: customer.id };
}

// The wishlist calls. Static paths (variant-ids, wishlist-items) win over `:id` in the router.
export const wishlistsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["Wishlists"];
  const security = [{ apiKey: [], storeKey: [], bearer: [] }];

  // Signed-in customers only, checked before input validation so an anonymous caller learns nothing else.
  app.addHook("onRequest", async (request) => void requireCustomer(request));

  app.route({
    ...operationRoute("listWishlists", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "A page of the customer's lists, oldest first (page size up to 50)",
      },
    }),
    handler: async (request) => ({ data: await wishlists.listWishlists(db, wishlistContext(request), request.query) }),
  });

  app.route({
    ...operationRoute("createWishlist", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_limit_reached", "wishlist_name_taken"],
        summary: "Create a list (names are unique per customer, ignoring case)",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await wishlists.createWishlist(db, wishlistContext(request), request.body.name) }),
  });

  app.route({
    ...operationRoute("listWishlistVariantIds", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "Every variant id in any of the customer's lists (for heart icons)",
      },
    }),
    handler: async (request) => ({ data: { variantIds: await wishlists.listWishlistVariantIds(db, wishlistContext(request)) } }),
  });

  app.route({
    ...operationRoute("findWishlistItems", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "Where a variant sits in the customer's lists: [{ wishlistId, itemId }], empty when in none",
      },
    }),
    handler: async (request) => ({
      data: await wishlists.findWishlistItemsByVariant(db, wishlistContext(request), request.query.variantId),
    }),
  });

  app.route({
    ...operationRoute("removeVariantFromWishlists", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "Take a variant out of every list that holds it, in one call (the favourite toggle's remove); 204 also when none does",
      },
    }),
    handler: async (request, reply) => {
      await wishlists.removeVariantFromWishlists(db, wishlistContext(request), request.query.variantId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("putWishlistItem", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found", "variant_not_found", "wishlist_item_limit_reached"],
        summary: "Put a variant in a list; a variant already there takes the given quantity",
      },
    }),
    handler: async (request) => ({ data: await wishlists.putWishlistItem(db, wishlistContext(request), request.body) }),
  });

  app.route({
    ...operationRoute("getWishlist", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found"],
        summary: "One of the customer's lists with its items",
      },
    }),
    handler: async (request) => ({ data: await wishlists.requireWishlist(db, wishlistContext(request), request.params.id) }),
  });

  app.route({
    ...operationRoute("renameWishlist", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found", "wishlist_name_taken"],
        summary: "Rename a list",
      },
    }),
    handler: async (request) => ({
      data: await wishlists.renameWishlist(db, wishlistContext(request), request.params.id, request.body.name),
    }),
  });

  app.route({
    ...operationRoute("deleteWishlist", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found"],
        summary: "Delete a list and its items",
      },
    }),
    handler: async (request, reply) => {
      await wishlists.deleteWishlist(db, wishlistContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("updateWishlistItem", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found", "wishlist_item_not_found"],
        summary: "Change an item's quantity",
      },
    }),
    handler: async (request) => ({
      data: await wishlists.updateWishlistItem(db, wishlistContext(request), {
        wishlistId: request.params.id,
        itemId: request.params.itemId,
        quantity: request.body.quantity,
      }),
    }),
  });

  app.route({
    ...operationRoute("removeWishlistItems", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found", "wishlist_item_not_found"],
        summary: "Remove several items from a list (ids in the JSON body), all or nothing",
      },
    }),
    handler: async (request, reply) => {
      await wishlists.removeWishlistItems(db, wishlistContext(request), { wishlistId: request.params.id, itemIds: request.body.itemIds });
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("removeWishlistItem", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "wishlist_not_found", "wishlist_item_not_found"],
        summary: "Remove an item from a list",
      },
    }),
    handler: async (request, reply) => {
      await wishlists.removeWishlistItem(db, wishlistContext(request), { wishlistId: request.params.id, itemId: request.params.itemId });
      return reply.status(204).send(null);
    },
  });
};
