import { MAX_CATALOGUE_FILE_BYTES } from "@quire/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Readable } from "node:stream";
import type { Db } from "../../db/client";
import { checkCatalogueImport, exportCatalogue, startCatalogueImport } from "../../flows/catalogue-import.flow";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { AppError } from "../../http/errors";
import { operationRoute } from "../../http/operation-route";
import { decodeCatalogueFile, findImport, listImports, UnreadableCatalogueFile } from "./catalogue-files.service";

/** A file that is not a catalogue at all answers its own 4xx; anything else is not this module's to answer. */
function asAppError(error: unknown): never {
  if (error instanceof UnreadableCatalogueFile) throw new AppError(error.code, error.message, { field: "body" });
  throw error;
}

/** The merchant's catalogue files (admin API, permission `catalogue`, decision 053): import a CSV, follow it, export one. */
export const catalogueFilesRoutes: FastifyPluginAsyncZod<{ db: Db; storefrontUrl: string }> = async (app, { db, storefrontUrl }) => {
  const { config, schema, errors } = adminAccess("catalogue");
  const fileErrors = ["csv_not_utf8", "csv_unreadable", "csv_missing_columns", "csv_too_many_rows"] as const;

  // A catalogue file is sent as it is (text/csv), up to its own limit, far above the API's JSON one; its bytes must
  // be UTF-8, checked here rather than decoded with replacement characters.
  app.addContentTypeParser("text/csv", { parseAs: "buffer", bodyLimit: MAX_CATALOGUE_FILE_BYTES }, (_request, body, done) => {
    try {
      done(null, decodeCatalogueFile(body as Buffer));
    } catch (error) {
      try {
        asAppError(error);
      } catch (answer) {
        done(answer as Error, undefined);
      }
    }
  });

  const storeOf = (request: { ctx: { store: { id: number; currencyCodes: string[]; defaultCurrencyCode: string } } }) => ({
    id: request.ctx.store.id,
    currencyCodes: request.ctx.store.currencyCodes,
    defaultCurrencyCode: request.ctx.store.defaultCurrencyCode,
  });

  app.route({
    ...operationRoute("checkCatalogueImport", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, ...fileErrors],
        summary: "Check a product CSV (Shopify's or Quire's format): what importing it would do, row by row; writes nothing",
      },
    }),
    handler: async (request) => ({
      data: {
        format: request.query.format,
        ...(await checkCatalogueImport(db, storeOf(request), request.query.format, request.body).catch(asAppError)),
      },
    }),
  });

  app.route({
    ...operationRoute("startCatalogueImport", {
      config: { ...config, auditedInService: true, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, ...fileErrors, "idempotency_key_reused", "idempotency_request_in_flight"],
        summary: "Import a product CSV as a background job: products matched by handle and variants by SKU (twice changes nothing)",
      },
    }),
    handler: async (request, reply) => {
      const started = await startCatalogueImport(db, adminWriteOf(request), storeOf(request), request.query.format, request.body).catch(
        asAppError,
      );
      return reply.status(202).header("location", `/admin/catalogue/imports/${started.id}`).send({ data: started });
    },
  });

  app.route({
    ...operationRoute("listCatalogueImports", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The store's catalogue imports, newest first, in keyset pages" },
    }),
    handler: async (request) => ({ data: await listImports(db, request.ctx.store.id, request.query) }),
  });

  app.route({
    ...operationRoute("getCatalogueImport", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "catalogue_import_not_found"],
        summary: "A catalogue import and how far it got: products done and failed, with the problems found",
      },
    }),
    handler: async (request) => {
      const found = await findImport(db, request.ctx.store.id, request.params.id);
      if (!found) throw new AppError("catalogue_import_not_found");
      return { data: found };
    },
  });

  app.route({
    ...operationRoute("exportCatalogue", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary: "The whole catalogue as a product CSV in Shopify's or Quire's format (importing it back changes nothing)",
      },
    }),
    handler: async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      const lines = Readable.from(exportCatalogue(db, storeOf(request), request.query.format, { mediaBaseUrl: storefrontUrl }));
      void reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="catalogue-${request.query.format}-${day}.csv"`)
        .header("cache-control", "private, no-store");
      // Streamed as it is read; Fastify sends a stream as it is, the route's reply type is the schema's (text).
      return reply.send(lines as unknown as string);
    },
  });
};
