import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { adminCompanyList, adminCompanyView, adminCustomerView } from "../../flows/customer-admin.flow";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { inviteTradeBuyer, listAdminCustomers, setCustomerSignIn } from "./customers-admin.service";

/** The merchant's customers and their trade companies (admin API, permission `customers`, decision 049). */
export const customersAdminRoutes: FastifyPluginAsyncZod<{ db: Db; storefrontUrl: string }> = async (app, { db, storefrontUrl }) => {
  const { config, schema, errors } = adminAccess("customers");
  const writeConfig = { ...config, auditedInService: true };

  app.route({
    ...operationRoute("listAdminCustomers", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "conflicting_parameters"],
        summary: "The store's customers, newest first or in the order asked, found by email, name or company",
      },
    }),
    handler: async (request) => ({ data: await listAdminCustomers(db, request.ctx.store.id, request.query) }),
  });

  app.route({
    ...operationRoute("getAdminCustomer", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "customer_not_found"],
        summary: "A customer with their orders, address book and company",
      },
    }),
    handler: async (request) => ({ data: await adminCustomerView(db, { storeId: request.ctx.store.id, customerId: request.params.id }) }),
  });

  app.route({
    ...operationRoute("setCustomerSignIn", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "customer_not_found"],
        summary: "Block a customer's sign-in (their sessions end at once) or unblock it",
      },
    }),
    handler: async (request) => {
      const where = { storeId: request.ctx.store.id, customerId: request.params.id };
      await setCustomerSignIn(db, adminWriteOf(request), where.customerId, request.body.blocked);
      return { data: await adminCustomerView(db, where) };
    },
  });

  app.route({
    ...operationRoute("listAdminCompanies", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "conflicting_parameters"],
        summary: "The store's trade companies, newest first or in the order asked, found by name",
      },
    }),
    handler: async (request) => ({ data: await adminCompanyList(db, request.ctx.store.id, request.query) }),
  });

  app.route({
    ...operationRoute("getAdminCompany", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "company_not_found"],
        summary: "A trade company with its buyers and the addresses they share",
      },
    }),
    handler: async (request) => ({ data: await adminCompanyView(db, { storeId: request.ctx.store.id, companyId: request.params.id }) }),
  });

  app.route({
    ...operationRoute("inviteTradeBuyer", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "email_already_registered", "idempotency_key_reused", "idempotency_request_in_flight"],
        summary: "Invite a trade buyer: they are mailed a link to set their password",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await inviteTradeBuyer(db, adminWriteOf(request), request.ctx.store, storefrontUrl, request.body) }),
  });
};
