import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { erasePersonalData } from "../../flows/personal-data-erasure.flow";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";

// Erasing a person's data (decision 063): the merchant's, on a person's request, for an email address (the account
// with it, if any, and every order, message and request sent with it). Audited with the account's id only.

export const personalDataErasureRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
