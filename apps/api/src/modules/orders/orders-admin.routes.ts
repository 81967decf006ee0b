import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { adminAccess, adminWriteOf, merchantActorOf } from "../../http/admin-route";
import { idempotencyScopeOf } from "../idempotency/idempotency";
import { operationRoute } from "../../http/operation-route";
import { cancelOrderForMerchant } from "../../flows/cancel-order.flow";
import type { MoneyFlowDeps } from "../../flows/flow-deps";
import { getAdminOrder } from "../../flows/order-view.flow";
import { getBackOfficeOverview } from "../../flows/back-office-overview.flow";
import { refundOrderForMerchant } from "../../flows/merchant-refund.flow";
import { bulkOrderActionFlow } from "../../flows/bulk-order-actions.flow";
import { confirmBankTransfer } from "../../flows/pay-order.flow";
import * as admin from "./orders-admin.service";
import { renderOrderPackingSlip } from "./orders.service";

/** The merchant acting: the store named by StoreKey, and the admin key that made the call. */
function adminContextOf(request: FastifyRequest): admin.AdminContext {
  return { storeId: request.ctx.store.id, actor: merchantActorOf(request) };
}

// The merchant's admin API for orders (decision 024): its own keys (Admin-Key), its own tag.
export const ordersAdminRoutes: FastifyPluginAsyncZod<Omit<MoneyFlowDeps, "log">> = async (app, deps) => {
  const { db } = deps;
  /** The order as the merchant reads it, after a change. */
  const answer = (request: FastifyRequest, orderId: number) => getAdminOrder(db, { storeId: request.ctx.store.id, orderId });
  const {
    config,
    schema: { tags, security },
    errors: keyErrors,
  } = adminAccess("orders");

  app.route({
    ...operationRoute("listAdminOrders", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "conflicting_parameters"],
        summary:
          "The store's orders, newest or oldest first, in keyset pages: by status, time placed, or a search by number, email or name",
      },
    }),
    handler: async (request) => ({ data: await admin.listAdminOrders(db, { storeId: request.ctx.store.id, ...request.query }) }),
  });

  app.route({
    ...operationRoute("exportAdminOrders", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors],
        summary: "The orders the list's filters find, as CSV, oldest first",
      },
    }),
    handler: async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      const lines = Readable.from(admin.exportAdminOrders(db, { storeId: request.ctx.store.id, ...request.query }));
      void reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="orders-${day}.csv"`)
        .header("cache-control", "private, no-store");
      // Streamed as it is read; Fastify sends a stream as it is, the route's reply type is the schema's (text).
      return reply.send(lines as unknown as string);
    },
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
    handler: async (request) => ({ data: await answer(request, request.params.id) }),
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
    handler: async (request) => {
      await admin.shipOrder(db, adminContextOf(request), { orderId: request.params.id, trackingReference: request.body.trackingReference });
      return { data: await answer(request, request.params.id) };
    },
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
    handler: async (request) => {
      await admin.deliverOrder(db, adminContextOf(request), { orderId: request.params.id });
      return { data: await answer(request, request.params.id) };
    },
  });

  app.route({
    ...operationRoute("bulkAdminOrders", {
      config: { ...config, auditedInService: true },
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors],
        summary: "Mark up to 200 shipped orders delivered at once",
        description:
          "Each order is changed on its own, in one transaction with its audit entry, as PUT /admin/orders/:id/deliver changes it " +
          "(the buyer's mail follows); the answer lists each order's outcome in the order sent: `ok: true` (also when it was " +
          "delivered already), or `ok: false` with its errors (order_not_found, invalid_state_transition for one not shipped). " +
          "A refused order changes nothing; the others stand.",
      },
    }),
    handler: async (request) => ({
      data: {
        results: await bulkOrderActionFlow(db, adminContextOf(request), adminWriteOf(request), request.body.action, request.body.orderIds),
      },
    }),
  });

  app.route({
    ...operationRoute("adminCancelOrder", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "order_not_found", "invalid_state_transition", "state_conflict"],
        summary: "Cancel an order before it ships: a paid one is refunded, and its stock and discount uses are given back",
        description:
          "The cancellation is recorded first; the refund is then asked of the gateway outside any transaction. The answer's refunds " +
          "say how it went: succeeded, pending (the gateway did not answer; retried by a job), failed, or owed (a bank transfer to send back).",
      },
    }),
    handler: async (request) => {
      const { storeId, actor } = adminContextOf(request);
      await cancelOrderForMerchant(
        { ...deps, log: request.log },
        { storeId, actor, orderId: request.params.id, reason: request.body.reason },
      );
      return { data: await answer(request, request.params.id) };
    },
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
    handler: async (request) => {
      await confirmBankTransfer(deps, { ...adminContextOf(request), orderId: request.params.id });
      return { data: await answer(request, request.params.id) };
    },
  });

  app.route({
    ...operationRoute("createOrderRefund", {
      config: { ...config, idempotent: true, auditedInService: true },
      schema: {
        tags,
        security,
        "x-error-codes": [
          ...keyErrors,
          "order_not_found",
          "invalid_state_transition",
          "state_conflict",
          "refund_amount_not_positive",
          "refund_currency_mismatch",
          "refund_amount_too_high",
          "idempotency_key_reused",
          "idempotency_request_in_flight",
        ],
        summary: "Refund part or all of a paid order (confirmed, shipped or delivered), up to what its payment still holds",
        description:
          "Send an Idempotency-Key (required): a retried refund is made once. The amount is in the order's currency, in minor units, " +
          "and at most what the captured payment holds less every refund of it that has not failed. The refund is recorded first and " +
          "then asked of the gateway outside any transaction; the answer's refunds say how it went: succeeded, pending (retried by " +
          "a job), failed, or owed (a bank transfer to send back, then PUT /admin/refunds/:id/paid-back). The buyer is mailed once it succeeds.",
      },
    }),
    handler: async (request, reply) => {
      await refundOrderForMerchant({ ...deps, log: request.log }, adminWriteOf(request), {
        orderId: request.params.id,
        actor: merchantActorOf(request),
        amount: request.body.amount,
        note: request.body.note,
        requestKey: `${idempotencyScopeOf(request)}:${request.headers["idempotency-key"]}`,
      });
      return reply.status(201).send({ data: await answer(request, request.params.id) });
    },
  });

  app.route({
    ...operationRoute("getBackOfficeOverview", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors],
        summary:
          "The back office's home page: sales per currency today, over 7 and over 30 days (days in UTC, cancelled orders left out), " +
          "a day-by-day series of the last 30 days, and the counts of orders to ship, returns to decide, low stock, refunds owed or " +
          "failed, captures given back (30 days) and failed jobs (7 days)",
      },
    }),
    handler: async (request) => ({
      data: await getBackOfficeOverview(db, {
        storeId: request.ctx.store.id,
        storeThreshold: request.ctx.store.lowStockThreshold,
        timeZone: request.ctx.store.timeZone,
      }),
    }),
  });

  app.route({
    ...operationRoute("getPackingSlip", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "order_not_found"],
        summary: "An order's packing slip (PDF): its number, date, delivery address and lines with SKU and quantity, no prices",
      },
    }),
    handler: async (request, reply) => {
      const { store } = request.ctx;
      const { pdf, fileName } = await renderOrderPackingSlip(db, { storeId: store.id, storeName: store.name, orderId: request.params.id });
      void reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, no-store");
      // Fastify sends a Buffer's bytes as they are; the route's reply type is the schema's (a string of bytes).
      return reply.send(pdf as unknown as string);
    },
  });
};
