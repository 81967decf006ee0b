import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { adminAccess } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { exportConsentRecords, recordCookieConsent } from "./consent.service";

// Consent records (decision 060): the storefront records a cookie decision; the merchant exports a period's records.
export const consentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...operationRoute("recordCookieConsent", {
      schema: {
        tags: ["Consent"],
        "x-error-codes": ["too_many_requests"],
        summary: "Record a shopper's cookie decision against their browser's pseudonymous consent id; a few dozen an hour per client",
      },
    }),
    handler: async (request, reply) => reply.status(201).send({ data: await recordCookieConsent(db, request.ctx, request.body) }),
  });

  // Who may read them: those who see the customers (decision 060), owners and managers.
  const { config, schema, errors } = adminAccess("customers");
  app.route({
    ...operationRoute("exportAdminConsentRecords", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary: "The consent records of a period (days in the store's time zone, at most 366) as CSV, oldest first",
      },
    }),
    handler: async (request, reply) => {
      const { from, to } = request.query;
      const lines = Readable.from(
        exportConsentRecords(db, { storeId: request.ctx.store.id, timeZone: request.ctx.store.timeZone, from, to }),
      );
      void reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="consent-records-${from}-to-${to}.csv"`)
        .header("cache-control", "private, no-store");
      // Streamed as it is read; Fastify sends a stream as it is, the route's reply type is the schema's (text).
      return reply.send(lines as unknown as string);
    },
  });
};
