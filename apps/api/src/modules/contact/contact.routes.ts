import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { ADMIN_AUTH_ERRORS, adminAccess } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { listContactMessages, sendContactMessage } from "./contact.service";

// POST /contact-messages: the contact form of /contact-us (issue 12).
export const contactRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...operationRoute("sendContactMessage", {
      schema: {
        tags: ["Contact"],
        "x-error-codes": ["too_many_requests"],
        summary: "Send the shop a message: stored, and mailed to the shop's contact address; a few an hour per client",
      },
    }),
    handler: async (request, reply) => reply.status(202).send({ data: await sendContactMessage(db, request.ctx, request.body) }),
  });

  // The merchant reads them with an admin key (decision 024), as the orders.
  app.route({
    ...operationRoute("listAdminContactMessages", {
      config: adminAccess("customers").config,
      schema: {
        ...adminAccess("customers").schema,
        "x-error-codes": [...ADMIN_AUTH_ERRORS],
        summary: "The store's contact messages, newest first",
      },
    }),
    handler: async (request) => ({ data: await listContactMessages(db, { storeId: request.ctx.store.id, ...request.query }) }),
  });
};
