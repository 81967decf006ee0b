import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { createAddonFlow, updateAddonFlow } from "../../flows/addons-admin.flow";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { listAdminAddons, requireAdminAddon } from "./catalog-addons.service";

/** The merchant's add-ons (admin API, permission `catalogue`, decision 055): gift wrap, cards, their priced options. */
export const catalogAddonsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const { config, schema, errors } = adminAccess("catalogue");
  // Each write records its audit entry inside its own transaction, with the changed fields.
  const writeConfig = { ...config, auditedInService: true };

  app.route({
    ...operationRoute("listAdminAddons", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The store's add-ons with their options and prices" },
    }),
    handler: async (request) => ({ data: { addons: await listAdminAddons(db, request.ctx.store.id) } }),
  });

  app.route({
    ...operationRoute("getAdminAddon", {
      config,
      schema: { ...schema, "x-error-codes": [...errors, "addon_not_found"], summary: "An add-on with its options and prices" },
    }),
    handler: async (request) => ({ data: await requireAdminAddon(db, request.ctx.store.id, request.params.id) }),
  });

  app.route({
    ...operationRoute("createAdminAddon", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [
          ...errors,
          "addon_code_taken",
          "currency_not_supported",
          "idempotency_key_reused",
          "idempotency_request_in_flight",
        ],
        summary: "Create an add-on with its options and their prices (offered once a product names it in addonIds)",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createAddonFlow(db, adminWriteOf(request), request.ctx.store, request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminAddon", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "addon_not_found", "addon_option_not_found", "currency_not_supported"],
        summary: "Change an add-on; options sent are its whole new list (kept by id, added without, removed when left out)",
      },
    }),
    handler: async (request) => ({
      data: await updateAddonFlow(db, adminWriteOf(request), request.ctx.store, request.params.id, request.body),
    }),
  });
};
