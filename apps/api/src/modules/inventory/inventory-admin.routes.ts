import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { adjustStockFlow, setLowStockThresholdFlow, setStockFlow } from "../../flows/stock-admin.flow";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { getVariantStock, getVariantStockBySku, listLowStockVariants, listStockMovements } from "./inventory.service";

/** The merchant's stock (admin API, permission `stock`, decision 047): counts, adjustments, history, low stock. */
export const inventoryAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const { config, schema, errors } = adminAccess("stock");
  // Each write records its history line and audit entry inside its own transaction.
  const writeConfig = { ...config, auditedInService: true };
  const variantErrors = [...errors, "variant_not_found"] as const;

  app.route({
    ...operationRoute("getAdminVariantStock", {
      config,
      schema: { ...schema, "x-error-codes": [...variantErrors], summary: "A variant's stock and low-stock threshold" },
    }),
    handler: async (request) => ({
      data: await getVariantStock(db, {
        storeId: request.ctx.store.id,
        variantId: request.params.id,
        storeThreshold: request.ctx.store.lowStockThreshold,
      }),
    }),
  });

  app.route({
    ...operationRoute("getAdminVariantStockBySku", {
      config,
      schema: { ...schema, "x-error-codes": [...variantErrors], summary: "A variant's stock, found by its SKU (for scripts and scanners)" },
    }),
    handler: async (request) => ({
      data: await getVariantStockBySku(db, {
        storeId: request.ctx.store.id,
        sku: request.params.sku,
        storeThreshold: request.ctx.store.lowStockThreshold,
      }),
    }),
  });

  app.route({
    ...operationRoute("setAdminVariantStock", {
      config: writeConfig,
      schema: { ...schema, "x-error-codes": [...variantErrors], summary: "Set a variant's stock to a count, with the reason" },
    }),
    handler: async (request) => ({
      data: await setStockFlow(db, adminWriteOf(request), {
        variantId: request.params.id,
        storeThreshold: request.ctx.store.lowStockThreshold,
        ...request.body,
      }),
    }),
  });

  app.route({
    ...operationRoute("adjustAdminVariantStock", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [
          ...variantErrors,
          "insufficient_stock",
          "invalid_stock_delta",
          "idempotency_key_reused",
          "idempotency_request_in_flight",
        ],
        summary: "Move a variant's stock up or down, with the reason; never below zero",
        description: "Send an Idempotency-Key: a retried adjustment is applied once, and its first answer is given again.",
      },
    }),
    handler: async (request) => ({
      data: await adjustStockFlow(db, adminWriteOf(request), {
        variantId: request.params.id,
        storeThreshold: request.ctx.store.lowStockThreshold,
        ...request.body,
      }),
    }),
  });

  app.route({
    ...operationRoute("listStockMovements", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...variantErrors],
        summary: "A variant's stock history, newest first: each change, its reason and who made it",
      },
    }),
    handler: async (request) => {
      const where = { storeId: request.ctx.store.id, variantId: request.params.id };
      await getVariantStock(db, { ...where, storeThreshold: request.ctx.store.lowStockThreshold });
      return { data: await listStockMovements(db, { ...where, ...request.query }) };
    },
  });

  app.route({
    ...operationRoute("setLowStockThreshold", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...variantErrors],
        summary: "Set a variant's low-stock threshold, or clear it for the store's low-stock setting",
      },
    }),
    handler: async (request) => ({
      data: await setLowStockThresholdFlow(db, adminWriteOf(request), {
        variantId: request.params.id,
        storeThreshold: request.ctx.store.lowStockThreshold,
        threshold: request.body.threshold,
      }),
    }),
  });

  app.route({
    ...operationRoute("listLowStock", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The variants at or below their low-stock threshold" },
    }),
    handler: async (request) => ({
      data: await listLowStockVariants(db, {
        storeId: request.ctx.store.id,
        storeThreshold: request.ctx.store.lowStockThreshold,
        ...request.query,
      }),
    }),
  });
};
