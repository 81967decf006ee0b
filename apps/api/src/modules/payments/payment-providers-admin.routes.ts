import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MoneyFlowDeps } from "../../flows/flow-deps";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { listAdminPaymentProviders, updateAdminPaymentProvider } from "./payment-providers-admin.service";

/** The merchant's payment providers on or off (admin API, permission `settings`, decision 052). */
export const paymentProvidersAdminRoutes: FastifyPluginAsyncZod<Omit<MoneyFlowDeps, "log">> = async (app, { db, gateways }) => {
  const { config, schema, errors } = adminAccess("settings");

  app.route({
    ...operationRoute("listAdminPaymentProviders", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary: "Every payment provider, whether the merchant has it on, and whether this deployment can offer it",
      },
    }),
    handler: async (request) => ({ data: await listAdminPaymentProviders(db, request.ctx.store.id, gateways) }),
  });

  app.route({
    ...operationRoute("updateAdminPaymentProvider", {
      config: { ...config, auditedInService: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "last_payment_provider"],
        summary: "Switch a payment provider on or off: the checkout offers, and accepts, only those on",
        description:
          "Off, a provider is no longer listed by GET /payment-providers, and POST /payments, POST /orders and PUT /payments/:id/process " +
          "refuse it with 422 payment_provider_unavailable from the next call; payments already at a gateway finish there. The last " +
          "provider every shopper can use (a configured gateway or the bank transfer) cannot be switched off (409).",
      },
    }),
    handler: async (request) => ({
      data: await updateAdminPaymentProvider(db, adminWriteOf(request), gateways, request.params.id, request.body),
    }),
  });
};
