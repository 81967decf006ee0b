import Fastify, { type FastifyInstance } from "fastify";
import qs from "qs";
import sandboxKeys from "../sandbox-keys.json";
import { registerAdyen, type AdyenOptions } from "./adyen";
import { registerMollie, type MollieOptions } from "./mollie";
import { registerPayPal, type PayPalOptions } from "./paypal";
import { registerStripe, type StripeOptions } from "./stripe";
import { createWebhookSender, type SandboxEndpoints, type WebhookSender } from "./webhooks";

/*
 * Quire's payment sandbox (decision 026): one local HTTP service standing in for the payment gateways
 * (Stripe, PayPal, Adyen and Mollie), so development and tests need no account anywhere. It speaks the subset
 * of each gateway's API that Quire's adapters use, serves hosted payment pages with test cards, and sends
 * webhooks signed as each gateway signs them. Its state lives in memory: restarting it forgets every payment,
 * as a fresh test account would.
 */

export { stripeSignatureHeader } from "./stripe";
export { paypalSignedString } from "./paypal";
export { adyenItemSignature } from "./adyen";
export { mollieSignatureHeader } from "./mollie";
export { TEST_CARDS } from "./test-cards";
export type { Delivery, SandboxEndpoints } from "./webhooks";

export interface SandboxOptions {
  /** Where browsers and adapters reach this service (hosted pages' links are built on it). */
  publicUrl: string;
  /** Where each gateway's webhooks go (the API's /webhooks/stripe and /webhooks/paypal); unset: not sent. */
  webhookUrls?: SandboxEndpoints["webhookUrls"];
  stripe: StripeOptions;
  paypal: PayPalOptions;
  adyen: AdyenOptions;
  mollie: MollieOptions;
  /** Pauses between webhook retries (tests shorten them). */
  webhookRetryDelaysMs?: readonly number[];
  logger?: boolean;
}

export interface PaymentSandbox {
  app: FastifyInstance;
  webhooks: WebhookSender;
  /** Its addresses, changeable after start (a test learns its ports once listening). */
  endpoints: SandboxEndpoints;
}

/**
 * The sandbox's keys: public, known to everyone, taken by nothing but this sandbox. `npm start` gives the
 * same file's keys to the API (scripts/payment-sandbox.mjs).
 */
export const SANDBOX_KEYS: { stripe: StripeOptions; paypal: PayPalOptions; adyen: AdyenOptions; mollie: MollieOptions } = sandboxKeys;

export function buildSandbox(options: SandboxOptions): PaymentSandbox {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    // Stripe's SDK sends arrays in the query as expand[0]=…, as in its bodies.
    routerOptions: { querystringParser: (query) => qs.parse(query, { depth: 5, arrayLimit: 100 }) },
  });
  const webhooks = createWebhookSender({ retryDelaysMs: options.webhookRetryDelaysMs });
  // Stripe's API and the hosted pages' forms send form-encoded bodies with nested keys (line_items[0][…]).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, qs.parse(String(body), { depth: 5, arrayLimit: 100 }));
  });
  const endpoints: SandboxEndpoints = { publicUrl: options.publicUrl.replace(/\/+$/, ""), webhookUrls: { ...options.webhookUrls } };
  registerStripe(app, { ...options.stripe, endpoints, sender: webhooks });
  registerPayPal(app, { ...options.paypal, endpoints, sender: webhooks });
  registerAdyen(app, { ...options.adyen, endpoints, sender: webhooks });
  registerMollie(app, { ...options.mollie, endpoints, sender: webhooks });

  app.get("/", (_request, reply) =>
    reply.send({ service: "quire-payment-sandbox", gateways: ["stripe", "paypal", "adyen", "mollie"], control: ["/_sandbox/events"] }),
  );
  app.get("/_sandbox/events", (_request, reply) => reply.send({ deliveries: webhooks.deliveries() }));
  return { app, webhooks, endpoints };
}
