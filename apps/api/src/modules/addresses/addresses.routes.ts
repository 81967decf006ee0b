import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import * as addresses from "./addresses.service";

// The address calls: the customer's book, and their company's shared addresses.
/** The signed-in caller, and the countries an address may be in. */
function addressContext(request: FastifyRequest): addresses.AddressContext {
  return { customerId: requireCustomer(request).id, countryCodes: request.ctx.store.countryCodes };
}

export const addressesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["Addresses"];
  const security = [{ apiKey: [], storeKey: [], bearer: [] }];

  // Signed-in customers only, checked before input validation so an anonymous caller learns nothing else.
  app.addHook("onRequest", async (request) => void requireCustomer(request));

  app.route({
    ...operationRoute("listAddresses", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS],
        summary: "The customer's address book: the default delivery address first, then the default billing one, then the newest",
      },
    }),
    handler: async (request) => ({ data: await addresses.listAddresses(db, requireCustomer(request).id) }),
  });

  app.route({
    ...operationRoute("createAddress", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "country_not_supported", "address_limit_reached"],
        summary: "Add an address (checked as checkout checks it); the first address is the default for delivery and billing",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await addresses.createAddress(db, addressContext(request), request.body) }),
  });

  app.route({
    ...operationRoute("updateAddress", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "address_not_found"],
        summary:
          "Replace one of the customer's addresses; a default flag set true moves that default here, left out keeps the current ones",
      },
    }),
    handler: async (request) => ({
      data: await addresses.updateAddress(db, addressContext(request), request.params.id, request.body),
    }),
  });

  app.route({
    ...operationRoute("deleteAddress", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "address_not_found"],
        summary: "Delete one of the customer's addresses; a default it held passes to the newest address left",
      },
    }),
    handler: async (request, reply) => {
      await addresses.deleteAddress(db, requireCustomer(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("setDefaultAddress", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "address_not_found"],
        summary: "Make an address the default for delivery, billing or both",
      },
    }),
    handler: async (request) => ({
      data: await addresses.setDefaultAddress(db, requireCustomer(request).id, request.params.id, request.body.kinds),
    }),
  });

  app.route({
    ...operationRoute("listCompanyAddresses", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "company_account_required"],
        summary: "The addresses of the company the trade buyer buys for, shared by its buyers, oldest first",
      },
    }),
    handler: async (request) => ({ data: await addresses.listCompanyAddresses(db, requireCustomer(request).id) }),
  });

  app.route({
    ...operationRoute("addCompanyAddress", {
      schema: {
        tags,
        security,
        "x-error-codes": [...CUSTOMER_ERRORS, "country_not_supported", "company_account_required", "address_limit_reached"],
        summary: "Add an address to the company's list, for all its buyers",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await addresses.addCompanyAddress(db, addressContext(request), request.body.address) }),
  });
};
