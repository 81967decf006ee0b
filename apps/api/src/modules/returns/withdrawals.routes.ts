import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MoneyFlowDeps } from "../../flows/flow-deps";
import { refundWithdrawalFlow } from "../../flows/refund-withdrawal.flow";
import { adminAccess, merchantActorOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import * as withdrawals from "./withdrawals.service";

/**
 * Withdrawing from an order (decision 061): the buyer's two calls, open to guests (who name the order by an order
 * mail's link or by its number and email) and to signed-in customers, and the merchant's view, receipt and refund.
 * The buyer's answers are private to them and never stored by a cache.
 */
export const withdrawalsRoutes: FastifyPluginAsyncZod<Omit<MoneyFlowDeps, "log"> & { orderLinkSecret: string }> = async (app, deps) => {
  const { db } = deps;
  const tags = ["Returns"];
  const caller = (request: FastifyRequest): withdrawals.WithdrawalCaller => ({
    storeId: request.ctx.store.id,
    customerId: request.ctx.customerId,
    clientIp: request.ctx.clientIp,
  });
  const buyerErrors = [
    "authentication_required",
    "order_not_found",
    "order_link_invalid",
    "order_link_expired",
    "too_many_requests",
    "order_not_withdrawable",
  ] as const;

  app.route({
    ...operationRoute("getWithdrawableOrder", {
      schema: {
        tags,
        "x-error-codes": [...buyerErrors],
        summary: "Withdrawal, step 1: the order its buyer names, and what of it may still be withdrawn from",
        description:
          "The order is named by one of the signed-in customer's order ids, an order mail's link, or its number and the email it " +
          "was placed with (a few tries an hour per client; a mismatch answers as an unknown order). Each line says how many may still " +
          "be withdrawn from, and why not when none may (an exempt product).",
      },
    }),
    handler: async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { data: await withdrawals.getWithdrawableOrder(db, caller(request), deps, request.body) };
    },
  });

  app.route({
    ...operationRoute("createWithdrawal", {
      // A retried request (a double click, a lost answer) replays the first answer (decision 018).
      config: { idempotent: true },
      schema: {
        tags,
        "x-error-codes": [...buyerErrors, "invalid_input", "withdrawal_item_exempt", "withdrawal_quantity_exceeded"],
        summary: "Withdrawal, step 2: withdraw from the order, or from some of its items; acknowledged at once and by email",
        description:
          "No reason is asked. Each item is refunded its share of what was paid for the goods; the withdrawal that leaves nothing of " +
          "the order un-withdrawn refunds the delivery charge too. The shop refunds within 14 days.",
      },
    }),
    handler: async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return reply.status(201).send({ data: await withdrawals.createWithdrawal(db, caller(request), deps, request.body) });
    },
  });

  // ---------------------------------------------------------------- the merchant
  const { config, schema: admin, errors: keyErrors } = adminAccess("returns");
  const adminContext = (request: FastifyRequest): withdrawals.AdminWithdrawalContext => ({
    storeId: request.ctx.store.id,
    actor: merchantActorOf(request),
    storefrontUrl: deps.storefrontUrl,
  });

  app.route({
    ...operationRoute("listAdminWithdrawals", {
      config,
      schema: {
        ...admin,
        "x-error-codes": [...keyErrors],
        summary: "The store's withdrawals, the refund due soonest first (or newest first), optionally of one status",
      },
    }),
    handler: async (request) => ({ data: await withdrawals.listAdminWithdrawals(db, { storeId: request.ctx.store.id, ...request.query }) }),
  });

  app.route({
    ...operationRoute("getAdminWithdrawal", {
      config,
      schema: {
        ...admin,
        "x-error-codes": [...keyErrors, "withdrawal_not_found"],
        summary: "A withdrawal with its lines, refund and history",
      },
    }),
    handler: async (request) => ({
      data: await withdrawals.getAdminWithdrawal(db, { storeId: request.ctx.store.id, withdrawalId: request.params.id }),
    }),
  });

  const transitions = [...keyErrors, "withdrawal_not_found", "invalid_state_transition", "state_conflict"] as const;
  app.route({
    ...operationRoute("receiveWithdrawal", {
      config,
      schema: { ...admin, "x-error-codes": [...transitions], summary: "Record that a withdrawal's goods are back" },
    }),
    handler: async (request) => ({ data: await withdrawals.receiveWithdrawal(db, adminContext(request), request.params.id) }),
  });

  app.route({
    ...operationRoute("refundWithdrawal", {
      config,
      schema: {
        ...admin,
        "x-error-codes": [...transitions, "order_not_found", "refund_amount_too_high"],
        summary: "Refund a withdrawal through the order's payment, once however often it is asked",
      },
    }),
    handler: async (request) => ({
      data: await refundWithdrawalFlow({ ...deps, log: request.log }, adminContext(request), request.params.id),
    }),
  });
};
