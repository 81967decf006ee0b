import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import { requireCustomer } from "../../http/require-customer";
import * as viewed from "./viewed-products.service";

// Recently viewed products. Anonymous visitors name themselves with ?anonymousId=.
export const viewedProductsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["Recently viewed"];

  app.route({
    ...operationRoute("recordProductView", {
      schema: {
        tags,
        "x-error-codes": ["anonymous_id_required", "variant_not_found"],
        summary: "Record that the caller viewed a variant's product page",
      },
    }),
    handler: async (request, reply) => {
      await viewed.recordProductView(db, request.ctx, request.params.id, request.query.anonymousId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("listViewedProducts", {
      schema: {
        tags,
        "x-error-codes": ["anonymous_id_required"],
        summary: "Product cards of the caller's recently viewed products, newest first",
      },
    }),
    handler: async (request) => ({ data: await viewed.listViewedProducts(db, request.ctx, request.query) }),
  });

  app.route({
    ...operationRoute("mergeViewedProducts", {
      schema: {
        tags,
        security: [{ apiKey: [], storeKey: [], bearer: [] }],
        "x-error-codes": ["authentication_required"],
        summary: "Move an anonymous visitor's recently viewed products into the signed-in customer's (on sign-in)",
      },
    }),
    handler: async (request, reply) => {
      // Not a protected call: like recording views, it works before a forced password change or policy acceptance.
      const customer = requireCustomer(request, { allowPasswordChangeRequired: true, allowPrivacyPolicyPending: true });
      await viewed.mergeAnonymousHistory(db, request.ctx, customer.id, request.body.anonymousId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("clearViewedProducts", {
      schema: {
        tags,
        "x-error-codes": ["anonymous_id_required"],
        summary: "Forget the caller's recently viewed products",
      },
    }),
    handler: async (request, reply) => {
      await viewed.clearViewedProducts(db, request.ctx, request.query.anonymousId);
      return reply.status(204).send(null);
    },
  });
};
