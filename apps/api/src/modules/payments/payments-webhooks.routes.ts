import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MoneyFlowDeps } from "../../flows/flow-deps";
import { receiveWebhook } from "../../flows/pay-order.flow";
import { operationRoute } from "../../http/operation-route";

declare module "fastify" {
  interface FastifyRequest {
    /** The body exactly as it arrived, for routes whose signature covers its bytes (webhooks). */
    rawBody?: string;
  }
}

/**
 * The gateways' webhooks (decision 026). A gateway signs the bytes it sends, so this plugin keeps the raw
 * body beside the parsed one; the parser is registered here only, for these routes. The gateways carry no
 * API key: the route is public, and the signature is what is checked, before anything else.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<Omit<MoneyFlowDeps, "log">> = async (app, deps) => {
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const raw = String(body);
    request.rawBody = raw;
    try {
      done(null, raw.length === 0 ? {} : JSON.parse(raw));
    } catch {
      const error = Object.assign(new Error("The body is not valid JSON"), { statusCode: 400, code: "FST_ERR_CTP_INVALID_JSON_BODY" });
      done(error, undefined);
    }
  });

  // Mollie posts its webhook as a form (id=tr_…): kept raw too, and read as its fields.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (request, body, done) => {
    const raw = String(body);
    request.rawBody = raw;
    done(null, Object.fromEntries(new URLSearchParams(raw)));
  });

  app.route({
    ...operationRoute("receiveWebhook", {
      config: { public: true },
      schema: {
        tags: ["Payments"],
        security: [],
        "x-error-codes": ["webhook_signature_invalid", "payment_gateway_unavailable", "route_not_found"],
        summary: "A payment gateway's event: verified by its signature, stored once, the gateway's record applied",
        description:
          "Called by Stripe (Stripe-Signature), PayPal (PAYPAL-TRANSMISSION-* headers), Adyen (HMAC in each item) and Mollie " +
          "(X-Mollie-Signature), not by shoppers. An unverified body " +
          "answers 400 and changes nothing; an event already handled answers 200 and changes nothing; a failure answers an " +
          "error so that the gateway delivers it again.",
      },
    }),
    handler: async (request) => {
      await receiveWebhook({ ...deps, log: request.log }, request.params.provider, request.rawBody ?? "", request.headers);
      return { received: true as const };
    },
  });
};
