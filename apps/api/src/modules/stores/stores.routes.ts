import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationRoute } from "../../http/operation-route";

export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute("getStoreSettings", { schema: { tags: ["Store"], summary: "Settings of the store named by StoreKey" } }),
    handler: async (request) => {
      const { id: _id, timeZone: _timeZone, ...settings } = request.ctx.store;
      return { data: settings };
    },
  });
};
