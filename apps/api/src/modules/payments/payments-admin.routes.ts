import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MoneyFlowDeps } from "../../flows/flow-deps";
import { retryFailedRefund } from "../../flows/refund.flow";
import { adminAccess, merchantActorOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { findOrderNumbers } from "../orders/order-changes.service";
import { setCreditLimit } from "./payments.service";
import { getStoreRefund, listStoreRefunds, markRefundPaidBack } from "./refunds.service";

// The merchant's side of payments (Admin-Key): trade customers' credit, and every refund of the store, what is
// still owed, and the captures the shop gave back unasked (decision 040).
export const paymentsAdminRoutes: FastifyPluginAsyncZod<Omit<MoneyFlowDeps, "log">> = async (app, deps) => {
  const { db } = deps;
  const {
    config,
    schema: { tags, security },
    errors: keyErrors,
  } = adminAccess("orders");
  // A trade customer's credit is the customers' business, not the orders'.
  const customers = adminAccess("customers");
  const orderNumbers = (ids: number[]) => findOrderNumbers(db, ids);

  app.route({
    ...operationRoute("setCustomerCreditLimit", {
      config: customers.config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "customer_not_found", "credit_limit_exceeded", "currency_not_supported"],
        summary: "Set a trade customer's credit limit for paying on account, in one of the store's currencies",
      },
    }),
    handler: async (request) => ({
      data: await setCreditLimit(db, {
        storeId: request.ctx.store.id,
        storeCurrencies: request.ctx.store.currencyCodes,
        customerId: request.params.id,
        ...request.body,
      }),
    }),
  });

  app.route({
    ...operationRoute("listAdminRefunds", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors],
        summary: "The store's refunds, newest first, by status or reason",
        description:
          "`reason=capture_given_back`: payments a gateway captured after the order was cancelled or the attempt replaced, given back " +
          "unasked. `status=owed`: bank transfers the merchant still has to send back. `status=failed`: refunds the gateway refused.",
      },
    }),
    handler: async (request) => ({ data: await listStoreRefunds(db, { storeId: request.ctx.store.id, ...request.query }, orderNumbers) }),
  });

  app.route({
    ...operationRoute("retryAdminRefund", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "refund_not_found", "invalid_state_transition", "refund_amount_too_high", "state_conflict"],
        summary: "Ask the gateway again for a refund it refused (or that failed every call)",
        description:
          "Send the refund's `retries` as you saw it: the refund is made pending again and asked of its gateway as a new request (an " +
          "idempotency key of its own), and the answer says how it went: succeeded, failed again, or pending (the retry job goes on). " +
          "A refund already tried again since (`retries` moved on) is answered as it stands, and not asked again. A payment that no " +
          "longer holds the refund's amount (another refund took it) is a 422 refund_amount_too_high. When it succeeds, the buyer is " +
          "mailed, and a return's refund marks its return refunded.",
      },
    }),
    handler: async (request) => {
      const input = { storeId: request.ctx.store.id, refundId: request.params.id };
      await retryFailedRefund({ ...deps, log: request.log }, { ...input, retries: request.body.retries, actor: merchantActorOf(request) });
      return { data: await getStoreRefund(db, input, orderNumbers) };
    },
  });

  app.route({
    ...operationRoute("markRefundPaidBack", {
      config,
      schema: {
        tags,
        security,
        "x-error-codes": [...keyErrors, "refund_not_found", "invalid_state_transition", "state_conflict"],
        summary: "Record that an owed refund (a bank transfer's) has been sent back",
      },
    }),
    handler: async (request) => ({
      data: await markRefundPaidBack(
        db,
        { storeId: request.ctx.store.id, refundId: request.params.id, actor: merchantActorOf(request) },
        orderNumbers,
      ),
    }),
  });
};
