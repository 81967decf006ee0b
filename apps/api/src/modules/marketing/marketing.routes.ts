import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import { NEWSLETTER_TOKEN_ERROR_CODES } from "@quire/contracts";
import * as service from "./marketing.service";

// Marketing subscriptions (decision 034).
export const marketingRoutes: FastifyPluginAsyncZod<service.MarketingMailDeps & { db: Db }> = async (app, deps) => {
  const tags = ["Marketing"];
  const linkErrors = Object.values(NEWSLETTER_TOKEN_ERROR_CODES);

  app.route({
    ...operationRoute("getNewsletterSubscription", {
      schema: {
        tags,
        security: [{ apiKey: [], storeKey: [], bearer: [] }],
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "The signed-in customer's own address and the newsletters it gets",
      },
    }),
    handler: async (request) => ({ data: await service.getNewsletterSubscription(deps.db, request.ctx, requireCustomer(request).id) }),
  });

  app.route({
    ...operationRoute("updateNewsletterSubscription", {
      schema: {
        tags,
        "x-error-codes": ["too_many_requests"],
        summary:
          "Choose the newsletters an address gets (none: unsubscribe); other than a customer's own address, confirmed by an emailed link",
      },
    }),
    handler: async (request, reply) => {
      const result = await service.updateNewsletterSubscription(deps, request.ctx, request.body);
      return reply.status(202).send({ data: result });
    },
  });

  app.route({
    ...operationRoute("confirmNewsletterSubscription", {
      schema: { tags, "x-error-codes": linkErrors, summary: "Confirm the newsletters an emailed link names, once" },
    }),
    handler: async (request) => ({ data: await service.confirmNewsletterSubscription(deps.db, request.ctx, request.body.token) }),
  });

  app.route({
    ...operationRoute("previewNewsletterLink", {
      schema: { tags, "x-error-codes": linkErrors, summary: "What an emailed newsletter link would do, without doing it" },
    }),
    handler: async (request) => ({ data: await service.previewNewsletterLink(deps.db, request.ctx, request.body.token) }),
  });

  app.route({
    ...operationRoute("unsubscribeNewsletter", {
      schema: {
        tags,
        "x-error-codes": linkErrors,
        summary: "Unsubscribe an address from every newsletter by the one-click link of its email",
      },
    }),
    handler: async (request) => ({ data: await service.unsubscribeNewsletter(deps.db, request.ctx, request.body.token) }),
  });
};
