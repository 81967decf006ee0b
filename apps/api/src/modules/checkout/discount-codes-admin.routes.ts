import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { listDiscountCodeUsesFlow } from "../../flows/discount-codes.flow";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import {
  createAdminDiscountCode,
  listAdminDiscountCodes,
  requireAdminDiscountCode,
  updateAdminDiscountCode,
} from "./discount-codes-admin.service";

/** The merchant's discount codes (admin API, permission `discounts`, decision 048). */
export const discountCodesAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const { config, schema, errors } = adminAccess("discounts");
  const writeConfig = { ...config, auditedInService: true };

  app.route({
    ...operationRoute("listAdminDiscountCodes", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "conflicting_parameters"],
        summary: "The store's discount codes, newest first or in the order asked, with how often each was used",
      },
    }),
    handler: async (request) => ({ data: await listAdminDiscountCodes(db, request.ctx.store.id, request.query) }),
  });

  app.route({
    ...operationRoute("getAdminDiscountCode", {
      config,
      schema: { ...schema, "x-error-codes": [...errors, "discount_code_not_found"], summary: "A discount code with its rules and uses" },
    }),
    handler: async (request) => ({ data: await requireAdminDiscountCode(db, request.ctx.store.id, request.params.id) }),
  });

  app.route({
    ...operationRoute("listDiscountCodeUses", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "discount_code_not_found"],
        summary: "The orders that used a discount code, newest first, with what it took off each",
      },
    }),
    handler: async (request) => ({
      data: await listDiscountCodeUsesFlow(db, request.ctx.store.id, request.params.id, request.query),
    }),
  });

  app.route({
    ...operationRoute("createAdminDiscountCode", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [
          ...errors,
          "discount_code_taken",
          "currency_not_supported",
          "idempotency_key_reused",
          "idempotency_request_in_flight",
        ],
        summary: "Create a discount code with every rule the checkout honours",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createAdminDiscountCode(db, adminWriteOf(request), request.ctx.store, request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminDiscountCode", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [
          ...errors,
          "discount_code_not_found",
          "discount_limit_below_uses",
          "discount_rule_not_for_kind",
          "currency_not_supported",
          "invalid_input",
        ],
        summary: "Change a code's rules, or deactivate it",
      },
    }),
    handler: async (request) => ({
      data: await updateAdminDiscountCode(db, adminWriteOf(request), request.ctx.store, request.params.id, request.body),
    }),
  });
};
