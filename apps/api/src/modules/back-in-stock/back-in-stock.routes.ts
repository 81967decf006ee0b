import { BackInStockSubscribeBodySchema, BackInStockSubscriptionResponseSchema } from "@quire/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { subscribeBackInStock } from "./back-in-stock.service";

export const backInStockRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    "/notifications/back-in-stock",
    {
      schema: {
        tags: ["Notifications"],
        summary: "Ask for one email when an out-of-stock variant is back (anonymous visitors give an email)",
        body: BackInStockSubscribeBodySchema,
        response: { 200: BackInStockSubscriptionResponseSchema, 201: BackInStockSubscriptionResponseSchema },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await subscribeBackInStock(db, request.ctx, request.body);
      return reply.status(created ? 201 : 200).send({ data: subscription });
    },
  );
};
