import type { PersonalDataExport } from "@quire/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { exportPersonalData, type PersonalDataRequest } from "../../flows/personal-data-export.flow";
import { renderPersonalDataSummary } from "../../flows/personal-data-summary";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import { recordAdminWrite } from "../audit/audit.service";

// A person's data (decision 062): the signed-in customer's own and, for the merchant, an email address's, as a JSON
// file to download or a plain-text summary to read. Personal data: never cached, by the browser or anything between.

function fileName(exported: PersonalDataExport, extension: "json" | "txt") {
  return `quire-personal-data-${exported.exportedAt.slice(0, 10)}.${extension}`;
}

function sendJson(reply: FastifyReply, exported: PersonalDataExport) {
  void reply
    .header("content-disposition", `attachment; filename="${fileName(exported, "json")}"`)
    .header("cache-control", "private, no-store");
  return { data: exported };
}

function sendSummary(reply: FastifyReply, exported: PersonalDataExport) {
  void reply
    .type("text/plain; charset=utf-8")
    .header("content-disposition", `inline; filename="${fileName(exported, "txt")}"`)
    .header("cache-control", "private, no-store");
  // Fastify sends a Buffer's bytes as they are; the route's reply type is the schema's (text).
  return reply.send(Buffer.from(renderPersonalDataSummary(exported), "utf8") as unknown as string);
}

export const personalDataRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["Customers"];
  const security = [{ apiKey: [], storeKey: [], bearer: [] }];
  const customerRequest = (request: FastifyRequest, consentSubject: string | undefined): PersonalDataRequest => ({
    store: request.ctx.store,
    customerId: requireCustomer(request).id,
    consentSubject: consentSubject ?? null,
  });

  app.route({
    ...operationRoute("exportCustomerData", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "Everything the shop holds about the signed-in customer, as a JSON file (GDPR articles 15 and 20)",
      },
    }),
    // Signed in first, so an anonymous caller learns nothing of the query's rules.
    onRequest: async (request) => void requireCustomer(request),
    handler: async (request, reply) =>
      sendJson(reply, await exportPersonalData(db, customerRequest(request, request.query.consentSubject))),
  });

  app.route({
    ...operationRoute("summariseCustomerData", {
      schema: { tags, security, "x-error-codes": [...CUSTOMER_ERRORS], summary: "The customer's data export as plain text to read" },
    }),
    onRequest: async (request) => void requireCustomer(request),
    handler: async (request, reply) =>
      sendSummary(reply, await exportPersonalData(db, customerRequest(request, request.query.consentSubject))),
  });

  // Those who see the customers (owners and managers), as for consent records (decision 060). A disclosure of a
  // person's data is recorded in the audit log before it is answered, though reads are not audited elsewhere.
  const { config, schema, errors } = adminAccess("customers");
  const adminExport = async (request: FastifyRequest, query: { email: string; consentSubject?: string | undefined }) => {
    const exported = await exportPersonalData(db, {
      store: request.ctx.store,
      email: query.email,
      consentSubject: query.consentSubject ?? null,
    });
    await recordAdminWrite(db, adminWriteOf(request), { type: "personal_data_export", id: query.email, changes: null });
    return exported;
  };

  app.route({
    ...operationRoute("exportAdminPersonalData", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary:
          "Everything the shop holds about an email address (its account, if any, and every order, request and message sent with it), as JSON; recorded in the audit log",
      },
    }),
    handler: async (request, reply) => sendJson(reply, await adminExport(request, request.query)),
  });

  app.route({
    ...operationRoute("summariseAdminPersonalData", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary: "An email address's data export as plain text; recorded in the audit log",
      },
    }),
    handler: async (request, reply) => sendSummary(reply, await adminExport(request, request.query)),
  });
};
