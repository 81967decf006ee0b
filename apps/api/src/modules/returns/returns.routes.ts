import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { approveReturnFlow } from "../../flows/approve-return.flow";
import type { MoneyFlowDeps } from "../../flows/flow-deps";
import { adminAccess, merchantActorOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import * as returns from "./returns.service";

// The customer's return calls and the merchant's (Admin-Key) that receive, approve or reject.
export const returnsRoutes: FastifyPluginAsyncZod<Omit<MoneyFlowDeps, "log">> = async (app, deps) => {
  const { db, storefrontUrl } = deps;
  const tags = ["Returns"];
  const security = [{ apiKey: [], storeKey: [], bearer: [] }];
  // Signed-in customers only, checked before input validation so an anonymous caller learns nothing else.
  const signedIn = async (request: FastifyRequest) => void requireCustomer(request);
  const customerContext = (request: FastifyRequest): returns.CustomerReturnContext => ({
    storeId: request.ctx.store.id,
    customerId: requireCustomer(request).id,
    storefrontUrl,
  });

  app.route({
    onRequest: signedIn,
    ...operationRoute("listReturnReasons", {
      schema: { tags, security, "x-error-codes": [...CUSTOMER_ERRORS], summary: "Why a customer may return items" },
    }),
    handler: async (request) => {
      requireCustomer(request);
      return {
        data: {
          reasons: Object.entries(returns.RETURN_REASON_LABELS).map(([code, label]) => ({
            code: code as keyof typeof returns.RETURN_REASON_LABELS,
            label,
          })),
        },
      };
    },
  });

  app.route({
    onRequest: signedIn,
    ...operationRoute("listReturnResolutions", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "What a customer may ask for: refund, exchange or store credit",
      },
    }),
    handler: async () => {
      return {
        data: {
          resolutions: Object.entries(returns.RETURN_RESOLUTION_LABELS).map(([code, text]) => ({
            code: code as keyof typeof returns.RETURN_RESOLUTION_LABELS,
            ...text,
          })),
        },
      };
    },
  });

  app.route({
    onRequest: signedIn,
    ...operationRoute("createReturn", {
      // A retried request (a double click, a lost answer) replays the first answer (decision 018).
      config: { idempotent: true },
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "order_not_found", "order_not_returnable", "return_quantity_exceeded"],
        summary: "Ask to return items of one of the customer's delivered orders",
        description:
          "Each line at most once, and no more than was delivered and is not already in another return (rejected and cancelled " +
          "returns do not count). Items can be returned within the return window after delivery. What is given back is each " +
          "line's share of what was paid for the goods; delivery is not refunded.",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await returns.createReturn(db, customerContext(request), request.body) }),
  });

  app.route({
    onRequest: signedIn,
    ...operationRoute("listReturns", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "The customer's returns, newest first (optionally of one order)",
      },
    }),
    handler: async (request) => ({ data: await returns.listReturns(db, customerContext(request), request.query) }),
  });

  app.route({
    onRequest: signedIn,
    ...operationRoute("getReturn", {
      schema: { tags, security, "x-error-codes": [...CUSTOMER_ERRORS, "return_not_found"], summary: "One of the customer's returns" },
    }),
    handler: async (request) => ({ data: await returns.getReturn(db, customerContext(request), request.params.id) }),
  });

  // ---------------------------------------------------------------- the merchant
  const { config, schema: admin, errors: keyErrors } = adminAccess("returns");
  const adminContext = (request: FastifyRequest): returns.AdminReturnContext => ({
    storeId: request.ctx.store.id,
    actor: merchantActorOf(request),
    storefrontUrl,
  });

  app.route({
    ...operationRoute("listAdminReturns", {
      config,
      schema: {
        ...admin,
        "x-error-codes": [...keyErrors],
        summary: "The store's returns, newest or oldest first, optionally of one status",
      },
    }),
    handler: async (request) => ({ data: await returns.listAdminReturns(db, { storeId: request.ctx.store.id, ...request.query }) }),
  });

  app.route({
    ...operationRoute("getAdminReturn", {
      config,
      schema: {
        ...admin,
        "x-error-codes": [...keyErrors, "return_not_found"],
        summary: "A return with its customer, lines, history and refund",
      },
    }),
    handler: async (request) => ({
      data: await returns.getAdminReturn(db, { storeId: request.ctx.store.id, returnId: request.params.id }),
    }),
  });

  const transitions = [...keyErrors, "return_not_found", "invalid_state_transition", "state_conflict"] as const;
  app.route({
    ...operationRoute("receiveReturn", {
      config,
      schema: { ...admin, "x-error-codes": [...transitions], summary: "Record that a requested return's parcel has arrived" },
    }),
    handler: async (request) => ({ data: await returns.receiveReturn(db, adminContext(request), request.params.id) }),
  });

  app.route({
    ...operationRoute("approveReturn", {
      config,
      schema: {
        ...admin,
        "x-error-codes": [...transitions, "order_not_found", "refund_amount_too_high"],
        summary: "Approve a received return and settle it as asked: a refund to the order's payment, store credit, or an exchange",
        description:
          "A refund is recorded first, then asked of the order's gateway outside any transaction, with the refund's own idempotency " +
          "key: it is paid once however often this is retried. The return is refunded once the money has gone back; while the gateway " +
          "has not answered it stays approved, its refund pending and retried by a job.",
      },
    }),
    handler: async (request) => ({
      data: await approveReturnFlow({ ...deps, log: request.log }, adminContext(request), request.params.id),
    }),
  });

  app.route({
    ...operationRoute("rejectReturn", {
      config,
      schema: {
        ...admin,
        "x-error-codes": [...transitions],
        summary: "Reject a requested or received return, with a note the customer reads",
      },
    }),
    handler: async (request) => ({ data: await returns.rejectReturn(db, adminContext(request), request.params.id, request.body.note) }),
  });
};
