import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import * as service from "./checkout-settings-admin.service";

/** The merchant's delivery zones, delivery options and tax rates (admin API, permission `settings`, decision 052). */
export const checkoutSettingsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const { config, schema, errors } = adminAccess("settings");
  const writeConfig = { ...config, auditedInService: true };
  const created = ["idempotency_key_reused", "idempotency_request_in_flight"] as const;

  app.route({
    ...operationRoute("listAdminDeliveryZones", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The store's delivery zones, their options and prices per currency" },
    }),
    handler: async (request) => ({ data: await service.listAdminDeliveryZones(db, request.ctx.store.id) }),
  });

  app.route({
    ...operationRoute("createAdminDeliveryZone", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "delivery_country_taken", ...created],
        summary: "Create a delivery zone: the countries it serves, each in one zone of the store at most",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await service.createAdminDeliveryZone(db, adminWriteOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminDeliveryZone", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "delivery_zone_not_found", "delivery_country_taken"],
        summary: "Rename a delivery zone or replace its countries",
      },
    }),
    handler: async (request) => ({
      data: await service.updateAdminDeliveryZone(db, adminWriteOf(request), request.params.id, request.body),
    }),
  });

  app.route({
    ...operationRoute("deleteAdminDeliveryZone", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "delivery_zone_not_found"],
        summary: "Delete a delivery zone and its options; orders keep the option they were placed with",
      },
    }),
    handler: async (request, reply) => {
      await service.deleteAdminDeliveryZone(db, adminWriteOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("createAdminDeliveryOption", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "delivery_zone_not_found", "currency_not_supported", ...created],
        summary: "Add a delivery option to a zone, priced per currency, with an optional free-over threshold",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({
        data: await service.createAdminDeliveryOption(db, adminWriteOf(request), request.ctx.store, request.params.id, request.body),
      }),
  });

  app.route({
    ...operationRoute("updateAdminDeliveryOption", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "delivery_option_not_found", "currency_not_supported", "invalid_input"],
        summary: "Change a delivery option; the next checkout that chooses it is charged the new price",
      },
    }),
    handler: async (request) => ({
      data: await service.updateAdminDeliveryOption(db, adminWriteOf(request), request.ctx.store, request.params.id, request.body),
    }),
  });

  app.route({
    ...operationRoute("deleteAdminDeliveryOption", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "delivery_option_not_found"],
        summary: "Delete a delivery option; baskets that chose it choose again, orders keep their copy",
      },
    }),
    handler: async (request, reply) => {
      await service.deleteAdminDeliveryOption(db, adminWriteOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("getAdminTaxSettings", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary: "The store's tax rates per country and tax class, and whether each currency's prices include tax",
      },
    }),
    handler: async (request) => ({ data: await service.getAdminTaxSettings(db, request.ctx.store) }),
  });

  app.route({
    ...operationRoute("setAdminCountryTaxRates", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary: "Set a country's tax rate for each tax class; the next order's totals use them, orders placed keep theirs",
      },
    }),
    handler: async (request) => ({
      data: await service.setAdminCountryTaxRates(db, adminWriteOf(request), request.ctx.store, request.params.countryCode, request.body),
    }),
  });

  app.route({
    ...operationRoute("deleteAdminCountryTaxRates", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "tax_rates_not_found"],
        summary: "Remove a country's tax rates: goods sent there are then taxed at 0",
      },
    }),
    handler: async (request, reply) => {
      await service.deleteAdminCountryTaxRates(db, adminWriteOf(request), request.ctx.store, request.params.countryCode);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("setAdminCurrencyTaxMode", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "currency_not_supported"],
        summary: "Say whether a currency's prices include tax (added at checkout when they do not)",
      },
    }),
    handler: async (request) => ({
      data: await service.setAdminCurrencyTaxMode(db, adminWriteOf(request), request.ctx.store, request.params.currencyCode, request.body),
    }),
  });
};
