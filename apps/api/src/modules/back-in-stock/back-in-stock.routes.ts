import { BACK_IN_STOCK_TOKEN_EXPIRED, BACK_IN_STOCK_TOKEN_INVALID, type ApiErrorCode } from "@quire/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import { confirmBackInStock, getBackInStockConfirmation, subscribeBackInStock, type BackInStockMailDeps } from "./back-in-stock.service";

export const backInStockRoutes: FastifyPluginAsyncZod<BackInStockMailDeps & { db: Db }> = async (app, deps) => {
  const tags = ["Notifications"];
  const tokenErrors: ApiErrorCode[] = [BACK_IN_STOCK_TOKEN_INVALID, BACK_IN_STOCK_TOKEN_EXPIRED];

  app.route({
    ...operationRoute("subscribeBackInStock", {
      schema: {
        tags,
        "x-error-codes": ["too_many_requests", "email_required", "variant_not_found", "variant_in_stock"],
        summary:
          "Ask for one email when an out-of-stock variant is back; other than a customer's own address, confirmed by an emailed link",
      },
    }),
    handler: async (request, reply) => {
      const result = await subscribeBackInStock(deps, request.ctx, request.body);
      return reply.status(202).send({ data: result });
    },
  });

  app.route({
    ...operationRoute("confirmBackInStock", {
      schema: {
        tags,
        "x-error-codes": [...tokenErrors],
        summary: "Confirm a back-in-stock request from its emailed link (the same answer on every repeat)",
      },
    }),
    handler: async (request) => ({ data: await confirmBackInStock(deps.db, request.ctx, request.body.token) }),
  });

  app.route({
    ...operationRoute("previewBackInStockConfirmation", {
      schema: {
        tags,
        "x-error-codes": [...tokenErrors],
        summary: "What a back-in-stock confirmation link names, without confirming it",
      },
    }),
    handler: async (request) => ({ data: await getBackInStockConfirmation(deps.db, request.ctx, request.body.token) }),
  });
};
