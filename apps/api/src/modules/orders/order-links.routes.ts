import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { getOrderByLink, getProformaInvoiceByLink } from "../../flows/order-view.flow";
import { operationRoute } from "../../http/operation-route";
import type { OrderLinkDeps } from "./order-links";
import { requestOrderLink } from "./order-links.service";

/**
 * A guest's order link (decision 041): the order and its proforma invoice for whoever holds an emailed token, and
 * "find my order", which emails the link. The token travels in the body, so no request log ever holds it; the
 * answers are private to their reader and never stored by a cache.
 */
export const orderLinksRoutes: FastifyPluginAsyncZod<OrderLinkDeps & { db: Db }> = async (app, deps) => {
  const { db } = deps;
  const tags = ["Orders"];

  app.route({
    ...operationRoute("getOrderByLink", {
      schema: {
        tags,
        "x-error-codes": ["order_link_invalid", "order_link_expired"],
        summary: "The order an emailed order link opens, without signing in",
      },
    }),
    handler: async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { data: await getOrderByLink(db, request.ctx, deps.orderLinkSecret, request.body.token) };
    },
  });

  app.route({
    ...operationRoute("getProformaInvoiceByLink", {
      schema: {
        tags,
        "x-error-codes": ["order_link_invalid", "order_link_expired", "order_not_found"],
        summary: "The proforma invoice (PDF) of the order an emailed order link opens",
      },
    }),
    handler: async (request, reply) => {
      const { pdf, fileName } = await getProformaInvoiceByLink(db, request.ctx, deps.orderLinkSecret, request.body.token);
      void reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, no-store");
      // Fastify sends a Buffer's bytes as they are; the route's reply type is the schema's (a string of bytes).
      return reply.send(pdf as unknown as string);
    },
  });

  app.route({
    ...operationRoute("requestOrderLink", {
      schema: {
        tags,
        "x-error-codes": ["too_many_requests"],
        summary: "Find my order: the order's link emailed to its address when the number and email match; the same answer either way",
      },
    }),
    handler: async (request, reply) => {
      await requestOrderLink(db, request.ctx, deps, request.body);
      return reply.status(202).send({ data: { accepted: true as const } });
    },
  });
};
