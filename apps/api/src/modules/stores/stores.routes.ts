import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { surrogateKeys } from "@quire/contracts/constants";
import { withSurrogateKeys } from "../../http/surrogate-keys";
import { operationRoute } from "../../http/operation-route";

export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute("getStoreSettings", { schema: { tags: ["Store"], summary: "Settings of the store named by StoreKey" } }),
    handler: async (request, reply) => {
      const { id: _id, timeZone: _timeZone, ...settings } = request.ctx.store;
      return withSurrogateKeys(reply, [surrogateKeys.settings], settings);
    },
  });
};
