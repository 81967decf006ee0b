import { StoreSettingsResponseSchema } from "@quire/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/store-settings",
    {
      schema: {
        tags: ["Store"],
        operationId: "getStoreSettings",
        summary: "Settings of the store named by StoreKey",
        response: { 200: StoreSettingsResponseSchema },
      },
    },
    async (request) => {
      const { id: _id, ...settings } = request.ctx.store;
      return { data: settings };
    },
  );
};
