import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationRoute } from "../../http/operation-route";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import { cancelOrderForCustomer } from "../../flows/cancel-order.flow";
import type { MoneyFlowDeps } from "../../flows/flow-deps";
import { getOrder, getOrderSummary, getProformaInvoice } from "../../flows/order-view.flow";
import * as orders from "./orders.service";
import { placeOrder } from "../../flows/place-order.flow";

/** Whose orders a call may read: the signed-in customer's, or a guest's by the anonymousId of the basket. */
function readerOf(request: FastifyRequest, anonymousId: string | undefined): orders.OrderReader {
  return request.ctx.customer ? { customerId: requireCustomer(request).id } : { anonymousId: anonymousId ?? null };
}

// The order calls (decision 024).
export const ordersRoutes: FastifyPluginAsyncZod<Omit<MoneyFlowDeps, "log">> = async (app, deps) => {
  const { db } = deps;
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
          "credit_limit_exceeded",
          "payment_provider_unavailable",
        ],
        summary: "Place an order from the caller's basket",
        description:
          "Every amount is recomputed by the API; stock is taken and discount uses counted in the same transaction. A guest names " +
          "the basket with anonymousBasketId; a buyer who names paymentProviderId on-account is refused before any order is made when " +
          "their credit left cannot pay it, and one who names a provider the shop has switched off is refused (422). Placing again for the same basket answers the same order; an Idempotency-Key replays " +
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
      const reader = readerOf(request, request.query.anonymousId);
      return { data: await getOrder(db, request.ctx, reader, request.params.id) };
    },
  });

  app.route({
    ...operationRoute("getOrderSummary", {
      schema: {
        tags,
        security,
        "x-error-codes": ["password_change_required", "privacy_policy_not_accepted", "order_not_found"],
        summary: "An order's number, status, total and latest payment (read after placing it)",
      },
    }),
    handler: async (request) => {
      const reader = readerOf(request, request.query.anonymousId);
      return { data: await getOrderSummary(db, request.ctx, reader, request.params.id) };
    },
  });

  app.route({
    ...operationRoute("listOrders", {
      schema: {
        tags,
        security: [{ apiKey: [], storeKey: [], bearer: [] }],
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "The signed-in customer's orders, newest first",
      },
    }),
    handler: async (request) => ({ data: await orders.listOrders(db, request.ctx, requireCustomer(request).id, request.query) }),
  });

  app.route({
    ...operationRoute("cancelOrder", {
      schema: {
        tags,
        security: [{ apiKey: [], storeKey: [], bearer: [] }],
        "x-error-codes": [...CUSTOMER_ERRORS, "order_not_found", "invalid_state_transition", "state_conflict"],
        summary: "Cancel one of the customer's orders while it awaits payment; its stock and discount uses are given back",
        description: "Cancelling a cancelled order answers it as it is. A paid order is cancelled, and refunded, by the shop.",
      },
    }),
    handler: async (request) => {
      const customerId = requireCustomer(request).id;
      await cancelOrderForCustomer(
        { ...deps, log: request.log },
        { storeId: request.ctx.store.id, customerId, orderId: request.params.id },
      );
      return { data: await getOrder(db, request.ctx, { customerId }, request.params.id) };
    },
  });

  app.route({
    ...operationRoute("getProformaInvoice", {
      schema: {
        tags,
        security,
        "x-error-codes": ["password_change_required", "privacy_policy_not_accepted", "order_not_found"],
        summary: "The proforma invoice (PDF) of an order waiting for its bank transfer",
      },
    }),
    handler: async (request, reply) => {
      const reader = readerOf(request, request.query.anonymousId);
      const { pdf, fileName } = await getProformaInvoice(db, request.ctx, reader, request.params.id);
      // Private to its buyer: never kept by a shared cache.
      void reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, no-store");
      // Fastify sends a Buffer's bytes as they are; the route's reply type is the schema's (a string of bytes).
      return reply.send(pdf as unknown as string);
    },
  });
};
