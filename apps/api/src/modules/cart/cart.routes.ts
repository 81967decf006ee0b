import { reorder } from "../../flows/reorder.flow";
import type { ApiErrorCode } from "@quire/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import * as cart from "./cart.service";

/**
 * Whose cart the call is about. A signed-in caller always means their own cart (an anonymousId they send
 * is ignored: their guest cart joins through the merge call); they must pass the same checks as any
 * protected call (privacy policy, forced password change). Everyone else is a guest named by anonymousId.
 */
export function cartOwnerOf(request: FastifyRequest, anonymousId: string | undefined): cart.CartOwner {
  if (request.ctx.customer) return { customerId: requireCustomer(request).id };
  return { anonymousId: anonymousId ?? null };
}

// The cart calls the storefront makes, and ours beside them (bulk add, acknowledging notices: decision 020). Every
// answer is the whole cart, as GET /baskets gives it.
export const cartRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["Cart"];
  // Anonymous (by anonymousId) or signed in.
  const security: Record<string, string[]>[] = [
    { apiKey: [], storeKey: [] },
    { apiKey: [], storeKey: [], bearer: [] },
  ];
  // What cartOwnerOf answers a signed-in caller (requireCustomer), what finding the cart to change answers,
  // and what checking add-on options answers.
  const ownerErrors: ApiErrorCode[] = ["password_change_required", "privacy_policy_not_accepted"];
  const cartChangeErrors: ApiErrorCode[] = ["sign_in_required", "anonymous_id_required", "cart_not_found"];
  const addonErrors: ApiErrorCode[] = [
    "duplicate_line_item",
    "line_item_not_found",
    "item_unavailable",
    "addon_option_invalid",
    "addon_option_conflict",
  ];

  app.route({
    ...operationRoute("addToCart", {
      // A retried add (a double click, a lost answer) must not add the units twice (decision 018).
      config: { idempotent: true },
      schema: {
        tags,
        security,
        "x-error-codes": [
          ...ownerErrors,
          "sign_in_required",
          "variant_not_found",
          "price_unavailable",
          "addon_option_invalid",
          "addon_option_conflict",
          "cart_not_found",
          "quantity_limit_exceeded",
          "out_of_stock",
          "insufficient_stock",
        ],
        summary: "Add units of a variant to the caller's cart (a new anonymous cart's answer carries its anonymousId)",
        description: "Accepts an Idempotency-Key: a retry with the same key replays the first answer instead of adding again.",
      },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return { data: await cart.addToCart(db, request.ctx, owner, request.body) };
    },
  });

  app.route({
    ...operationRoute("addToCartBulk", {
      // A retried quick order must not add its lines twice (decision 018).
      config: { idempotent: true },
      schema: {
        tags,
        security,
        "x-error-codes": [...ownerErrors, "sign_in_required", "cart_not_found"],
        summary: "Add several lines at once, in one transaction, with a result per line (a quick order)",
        description:
          "Each line names a variant by productVariantId or by sku. The lines that can be added are; each other line's result carries " +
          "the error PUT /baskets would have answered for it (sku_not_found, variant_not_found, price_unavailable, out_of_stock, " +
          "insufficient_stock, quantity_limit_exceeded, addon_option_invalid, addon_option_conflict). Lines naming one variant add up. " +
          "Accepts an Idempotency-Key: a retry with the same key replays the first answer instead of adding again.",
      },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return { data: await cart.addToCartBulk(db, request.ctx, owner, request.body) };
    },
  });

  app.route({
    ...operationRoute("getCart", {
      schema: {
        tags,
        security,
        "x-error-codes": [...ownerErrors, "cart_not_found"],
        summary: "The caller's cart; empty when they have none yet",
        description:
          "A read changes nothing: what changed in the catalogue since the shopper last saw the cart (prices, stock, items withdrawn) " +
          "is reflected in the lines and totals and reported as notifications, which every answer carries until " +
          "PUT /baskets/notifications/acknowledge.",
      },
    }),
    handler: async (request) => ({ data: await cart.getCart(db, request.ctx, cartOwnerOf(request, request.query.anonymousId)) }),
  });

  app.route({
    ...operationRoute("setCartLineQuantity", {
      schema: {
        tags,
        security,
        "x-error-codes": [
          ...ownerErrors,
          ...cartChangeErrors,
          "line_item_not_found",
          "item_unavailable",
          "out_of_stock",
          "insufficient_stock",
        ],
        summary: "Set a line's quantity; 0 removes the line",
      },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return { data: await cart.changeLineQuantity(db, request.ctx, owner, request.body) };
    },
  });

  app.route({
    ...operationRoute("removeCartLines", {
      schema: {
        tags,
        security,
        "x-error-codes": [...ownerErrors, ...cartChangeErrors, "line_item_not_found"],
        summary: "Remove lines (ids in the JSON body)",
      },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return { data: await cart.removeLines(db, request.ctx, owner, request.body) };
    },
  });

  app.route({
    ...operationRoute("setCartLineAddons", {
      schema: {
        tags,
        security,
        "x-error-codes": [...ownerErrors, ...cartChangeErrors, ...addonErrors],
        summary: "Replace one line's add-on options",
      },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return { data: await cart.setOneLineAddons(db, request.ctx, owner, request.body) };
    },
  });

  app.route({
    ...operationRoute("setCartAddonsBulk", {
      schema: {
        tags,
        security,
        "x-error-codes": [...ownerErrors, ...cartChangeErrors, ...addonErrors],
        summary: "Replace the add-on options of several lines, all or nothing",
      },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return { data: await cart.setLineAddons(db, request.ctx, owner, request.body.items, "body.items") };
    },
  });

  app.route({
    ...operationRoute("acknowledgeCartNotifications", {
      schema: {
        tags,
        security,
        "x-error-codes": [...ownerErrors, ...cartChangeErrors],
        summary: "Say which notices have been shown: they are cleared and what they reported is settled in the cart",
      },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return { data: await cart.acknowledgeNotifications(db, request.ctx, owner, request.body) };
    },
  });

  app.route({
    ...operationRoute("mergeGuestCart", {
      schema: {
        tags,
        security: [{ apiKey: [], storeKey: [], bearer: [] }],
        "x-error-codes": [...CUSTOMER_ERRORS, "cart_not_found"],
        summary: "Merge the guest cart whose anonymousId is :id into the signed-in customer's cart",
      },
    }),
    handler: async (request) => {
      const customer = requireCustomer(request);
      return { data: await cart.mergeGuestCart(db, request.ctx, customer.id, request.params.id) };
    },
  });

  app.route({
    ...operationRoute("reorderIntoCart", {
      // A retried reorder (a double click, a resent form) must not add the order twice (decision 018).
      config: { idempotent: true },
      schema: {
        tags,
        security: [{ apiKey: [], storeKey: [], bearer: [] }],
        "x-error-codes": [...CUSTOMER_ERRORS, "order_not_found"],
        summary: "Add the lines of one of the signed-in customer's orders to their cart, at today's prices (reorder)",
        description:
          "Each line is added as PUT /baskets would add it (today's price, stock, at most 999 units a line) with the add-ons the product " +
          "still offers; a line stock cannot cover in full is added as far as it can. The answer lists every line not added as ordered, " +
          "with the reason (variant_not_found, price_unavailable, out_of_stock, insufficient_stock, quantity_limit_exceeded, " +
          "addon_unavailable), and the cart carries the same as reorder_line_not_added notices. Another customer's order or an unknown " +
          "one is 404 order_not_found. Reordering again adds again; an Idempotency-Key replays the first answer instead.",
      },
    }),
    handler: async (request) => {
      const customer = requireCustomer(request);
      return { data: await reorder(db, request.ctx, { customerId: customer.id, orderId: request.params.orderId }) };
    },
  });
};
