import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import type { PaymentGateways } from "../payments/gateways/gateways";
import { setCreditLimit } from "../payments/payments.service";
import * as admin from "./orders-admin.service";

/** The merchant acting: the store named by StoreKey, and the admin key that made the call. */
function adminContextOf(request: FastifyRequest, gateways: PaymentGateways): admin.AdminContext {
  return { storeId: request.ctx.store.id, actor: { type: "merchant", id: request.ctx.adminKeyNumber ?? 0 }, gateways };
}

// The merchant's admin API for orders (decision 024): its own keys (Admin-Key), its own tag.
export const ordersAdminRoutes: FastifyPluginAsyncZod<{ db: Db; gateways: PaymentGateways }> = async (app, { db, gateways }) => {
  const tags = ["Admin"];
  const security = [{ adminKey: [], storeKey: [] }];
  const config = { admin: true };
  const keyErrors = ["admin_key_missing", "admin_key_invalid"] as const;

  app.route({
    ...operationRoute("listAdminOrders", {
      config,
      schema: { tags, security, "x-error-codes": [...keyErrors], summary: "The store's orders, newest first, optionally of one status" },
    }),
    handler: async (request) => ({ data: await admin.listAdminOrders(db, { storeId: request.ctx.store.id, ...request.query }) }),
  });

  app.route({
    ...operationRoute("getAdminOrder", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "order_not_found"],
        summary: "An order with its buyer, shipping and history",
      },
    }),
    handler: async (request) => ({ data: await admin.getAdminOrder(db, { storeId: request.ctx.store.id, orderId: request.params.id }) }),
  });

  app.route({
    ...operationRoute("shipOrder", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "order_not_found", "invalid_state_transition", "state_conflict"],
        summary: "Ship a paid order, with the carrier's tracking reference",
      },
    }),
    handler: async (request) => ({
      data: await admin.shipOrder(db, adminContextOf(request, gateways), {
        orderId: request.params.id,
        trackingReference: request.body.trackingReference,
      }),
    }),
  });

  app.route({
    ...operationRoute("deliverOrder", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "order_not_found", "invalid_state_transition", "state_conflict"],
        summary: "Mark a shipped order delivered",
      },
    }),
    handler: async (request) => ({ data: await admin.deliverOrder(db, adminContextOf(request, gateways), { orderId: request.params.id }) }),
  });

  app.route({
    ...operationRoute("adminCancelOrder", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "order_not_found", "invalid_state_transition", "state_conflict"],
        summary: "Cancel an order before it ships: a paid one is refunded, and its stock and discount uses are given back",
      },
    }),
    handler: async (request) => ({
      data: await admin.cancelOrderForMerchant(db, adminContextOf(request, gateways), {
        orderId: request.params.id,
        reason: request.body.reason,
      }),
    }),
  });

  app.route({
    ...operationRoute("confirmBankTransfer", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "order_not_found", "invalid_state_transition", "state_conflict"],
        summary: "Confirm the bank transfer for an order's proforma invoice: the payment is captured and the order confirmed",
      },
    }),
    handler: async (request) => ({
      data: await admin.confirmTransfer(db, adminContextOf(request, gateways), { orderId: request.params.id }),
    }),
  });

  app.route({
    ...operationRoute("setCustomerCreditLimit", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "customer_not_found", "credit_limit_exceeded"],
        summary: "Set a trade customer's credit limit for paying on account, in one currency",
      },
    }),
    handler: async (request) => ({
      data: await setCreditLimit(db, { storeId: request.ctx.store.id, customerId: request.params.id, ...request.body }),
    }),
  });
};
