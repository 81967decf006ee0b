import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { updateStoreSettingsFlow } from "../../flows/store-settings-admin.flow";
import { getAdminStoreSettings } from "./stores-admin.service";
import type { StoreCache } from "./stores.service";

/**
 * The merchant's settings (admin API, permission `settings`, decision 050). A change is read at once by the process
 * that made it (its copy of the store is dropped), and by the others within their copy's life (`stores`' TTL).
 */
export const storesAdminRoutes: FastifyPluginAsyncZod<{ db: Db; stores: StoreCache }> = async (app, { db, stores }) => {
  const { config, schema, errors } = adminAccess("settings");

  app.route({
    ...operationRoute("getAdminStoreSettings", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The store's settings, with its contact address and bank details" },
    }),
    handler: async (request) => ({ data: await getAdminStoreSettings(db, request.ctx.store.id) }),
  });

  app.route({
    ...operationRoute("updateAdminStoreSettings", {
      config: { ...config, auditedInService: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "settings_inconsistent"],
        summary: "Change the store's settings: currencies, countries, minimum order values, policies, contact and bank details",
      },
    }),
    handler: async (request) => {
      const settings = await updateStoreSettingsFlow(db, adminWriteOf(request), request.body);
      stores.clear();
      return { data: settings };
    },
  });
};
