import { MAX_CREDIT_OPEN_ORDERS } from "@quire/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MoneyFlowDeps } from "../../flows/flow-deps";
import { getCustomerCredits } from "../../flows/customer-credits.flow";
import * as payOrder from "../../flows/pay-order.flow";
import { operationRoute } from "../../http/operation-route";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import * as paymentsService from "./payments.service";

/** Who pays: the signed-in customer, or a guest by the anonymousId of the basket the order came from. */
function payerOf(request: FastifyRequest, anonymousId: string | undefined): paymentsService.Payer {
  return request.ctx.customer ? { customerId: requireCustomer(request).id } : { anonymousId: anonymousId ?? null };
}

// The payment calls (decision 025).
export const paymentsRoutes: FastifyPluginAsyncZod<Omit<MoneyFlowDeps, "log">> = async (app, deps) => {
  const { db, gateways } = deps;
  const tags = ["Payments"];
  const security: Record<string, string[]>[] = [
    { apiKey: [], storeKey: [] },
    { apiKey: [], storeKey: [], bearer: [] },
  ];

  app.route({
    ...operationRoute("listPaymentProviders", {
      schema: {
        tags,
        security,
        "x-error-codes": ["password_change_required", "privacy_policy_not_accepted"],
        summary: "The payment providers the caller may use in the request currency",
      },
    }),
    handler: async (request) => {
      const payer = payerOf(request, request.query.anonymousId);
      return { data: { paymentProviders: await paymentsService.listPaymentProviders(db, request.ctx, payer, gateways) } };
    },
  });

  app.route({
    ...operationRoute("createPayment", {
      // A retried payment (a double click, a lost answer) replays the first answer (decision 018).
      config: { idempotent: true },
      schema: {
        tags,
        security,
        "x-error-codes": [
          "password_change_required",
          "privacy_policy_not_accepted",
          "order_not_found",
          "payment_amount_mismatch",
          "order_not_payable",
          "payment_provider_unavailable",
          "credit_limit_exceeded",
          "invalid_state_transition",
          "state_conflict",
        ],
        summary: "Pay an order: the amount and currency must be its grand total",
        description:
          "On account: captured at once against the trade customer's credit, confirming the order. Proforma invoice: pending until " +
          "the bank transfer arrives. Accepts an Idempotency-Key.",
      },
    }),
    handler: async (request, reply) => {
      const payer = payerOf(request, request.body.anonymousId);
      reply.status(201);
      const repeat = { repeatsUnfinishedRequest: request.repeatsUnfinishedRequest };
      return { data: await payOrder.startPayment({ ...deps, log: request.log }, request.ctx, payer, request.body, repeat) };
    },
  });

  app.route({
    ...operationRoute("getCustomerCredits", {
      schema: {
        tags,
        security: [{ apiKey: [], storeKey: [], bearer: [] }],
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "The signed-in customer's credit for paying on account: limit, used and available, and the open orders using it",
        description:
          "The request currency's credit (zero without one), the credit in every currency the customer has one (none for a customer " +
          `who does not buy on account), and the newest ${MAX_CREDIT_OPEN_ORDERS} orders whose on-account payment holds credit, with their count.`,
      },
    }),
    handler: async (request) => ({ data: await getCustomerCredits(db, request.ctx, requireCustomer(request).id) }),
  });

  app.route({
    ...operationRoute("processPayment", {
      schema: {
        tags,
        security,
        "x-error-codes": [
          "password_change_required",
          "privacy_policy_not_accepted",
          "payment_not_found",
          "payment_gateway_unavailable",
          "payment_provider_unavailable",
        ],
        summary: "What to do next with a payment: its hosted page for a gateway; the shop's own providers answer it as it stands",
      },
    }),
    handler: async (request) => ({
      data: await payOrder.processPayment(
        { ...deps, log: request.log },
        request.ctx,
        payerOf(request, request.body.anonymousId),
        request.params.id,
      ),
    }),
  });

  app.route({
    ...operationRoute("refreshPayment", {
      schema: {
        tags,
        security,
        "x-error-codes": ["password_change_required", "privacy_policy_not_accepted", "payment_not_found", "payment_gateway_unavailable"],
        summary: "A payment's state when the shopper comes back from paying, from the gateway (never from the browser)",
      },
    }),
    handler: async (request) => ({
      data: await payOrder.refreshPayment(
        { ...deps, log: request.log },
        request.ctx,
        payerOf(request, request.body.anonymousId),
        request.body,
      ),
    }),
  });
};
