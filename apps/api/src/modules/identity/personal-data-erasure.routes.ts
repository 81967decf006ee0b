import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { erasePersonalData } from "../../flows/personal-data-erasure.flow";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import { requestErasure } from "./identity-erasure.service";

// Erasing a person's data (decision 063): the customer's own account, confirmed by an emailed link (single-use, 24
// hours), and the merchant's, on a person's request, for an email address (the account with it, if any, and every
// order, message and request sent with it). The merchant's is audited with the account's id only.

export const personalDataErasureRoutes: FastifyPluginAsyncZod<{ db: Db; storefrontUrl: string }> = async (app, { db, storefrontUrl }) => {
  const tags = ["Customers"];
  const security = [{ apiKey: [], storeKey: [], bearer: [] }];

  app.route({
    ...operationRoute("requestErasure", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "too_many_attempts"],
        summary:
          "Emails the signed-in customer a link (single-use, valid 24 hours) that confirms deleting their account and erasing their data",
      },
    }),
    onRequest: async (request) => void requireCustomer(request),
    handler: async (request, reply) => {
      const sent = await requestErasure(db, { store: request.ctx.store, customerId: requireCustomer(request).id, storefrontUrl });
      void reply.status(202);
      return { data: { sentTo: sent.email } };
    },
  });

  app.route({
    ...operationRoute("confirmErasure", {
      schema: {
        tags,
        security: [{ apiKey: [], storeKey: [] }],
        "x-error-codes": ["erasure_link_invalid", "erasure_link_expired", "erasure_blocked"],
        summary:
          "Confirms a customer's erasure by the emailed link's token: the account is deleted (its row emptied and blocked), every session ended, orders kept anonymised; answers counts only",
      },
    }),
    handler: async (request) => {
      const erased = await erasePersonalData(
        { db, log: request.log },
        { storeId: request.ctx.store.id, confirmationToken: request.body.token, actor: { kind: "customer" } },
      );
      return { data: erased };
    },
  });

  // Those who see the customers (owners and managers), as for the data export (decision 062).
  const { config, schema, errors } = adminAccess("customers");

  app.route({
    ...operationRoute("erasePersonalData", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "erasure_blocked"],
        summary:
          "Erases everything the shop holds about an email address (GDPR article 17): the account with it and every guest order, message and request; orders, returns and mails are kept for the tax law with the person anonymised. Answers counts only; recorded in the audit log",
      },
    }),
    handler: async (request) => {
      const erased = await erasePersonalData(
        { db, log: request.log },
        { storeId: request.ctx.store.id, email: request.body.email, actor: { kind: "admin", write: adminWriteOf(request) } },
      );
      return { data: erased };
    },
  });
};
