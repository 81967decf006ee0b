import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import { requireCustomer } from "../../http/require-customer";
import * as orders from "./orders.service";
import { placeOrder } from "./place-order";

// Order calls of spec section 7 (decision 024).
export const ordersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["Orders"];
  const security: Record<string, string[]>[] = [
    { apiKey: [], storeKey: [] },
    { apiKey: [], storeKey: [], bearer: [] },
  ];

  app.route({
    ...operationRoute("placeOrder", {
      // A retried placement (a double click, a lost answer) replays the first answer (decision 018); without a
      // key, placing again for the same basket still answers the order it made.
      config: { idempotent: true },
      schema: {
        tags,
        security,
        "x-error-codes": [
          "password_change_required",
          "privacy_policy_not_accepted",
          "checkout_not_allowed",
          "anonymous_id_required",
          "cart_not_found",
          "cart_empty",
          "item_unavailable",
          "terms_not_accepted",
          "customer_info_required",
          "delivery_address_required",
          "delivery_option_required",
          "billing_address_required",
          "minimum_order_not_met",
          "checkout_changed",
          "discount_code_used_up",
          "discount_code_already_used",
          "discount_code_expired",
          "discount_code_invalid",
          "discount_code_not_started",
          "discount_code_minimum_not_met",
          "out_of_stock",
          "insufficient_stock",
        ],
        summary: "Place an order from the caller's basket",
        description:
          "Every amount is recomputed by the API; stock is taken and discount uses counted in the same transaction. A guest names " +
          "the basket with anonymousBasketId. Placing again for the same basket answers the same order; an Idempotency-Key replays " +
          "the first answer.",
      },
    }),
    handler: async (request, reply) => {
      const placer = request.ctx.customer
        ? { customerId: requireCustomer(request).id }
        : { anonymousId: request.body.anonymousBasketId ?? null };
      reply.status(201);
      return { data: await placeOrder(db, request.ctx, placer, request.body) };
    },
  });

  app.route({
    ...operationRoute("getOrder", {
      schema: {
        tags,
        security,
        "x-error-codes": ["password_change_required", "privacy_policy_not_accepted", "order_not_found"],
        summary: "One of the caller's orders (a guest: with the anonymousId of the basket it was placed from)",
      },
    }),
    handler: async (request) => {
      const reader = request.ctx.customer
        ? { customerId: requireCustomer(request).id }
        : { anonymousId: request.query.anonymousId ?? null };
      return { data: await orders.getOrder(db, request.ctx, reader, request.params.id) };
    },
  });
};
