import Stripe from "stripe";
import {
  GatewayUnavailable,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
  type ClosedHostedPayment,
  type GatewayPaymentState,
  type GatewayRefund,
  type PaymentGateway,
} from "./payment-gateway";

/*
 * Card payments through Stripe Checkout, with the official SDK. The payer types their card on Stripe's hosted
 * page; the shop keeps the Checkout Session's id. Webhooks are verified with the SDK against the endpoint's
 * signing secret. `apiUrl` points the SDK at another host (Quire's payment sandbox); unset, it is Stripe.
 */

export interface StripeGatewayConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
}

/** Events that change a Checkout Session's payment: each names the session, or its payment intent. */
const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/** What a session's state means for closing it: null while it is open and can still be expired. */
function closureOf(session: Stripe.Checkout.Session): ClosedHostedPayment | null {
  if (session.status === "expired") return { outcome: "closed" };
  if (session.status === "complete") {
    // Complete but unpaid: an asynchronous method (a bank debit) is still settling, and Stripe cannot stop it.
    return { outcome: session.payment_status === "unpaid" ? "pending" : "captured" };
  }
  return null;
}

/** Stripe's refund statuses in the shop's words: requires_action waits on the customer, canceled never paid out. */
function refundOf(refund: Stripe.Refund): GatewayRefund {
  const status =
    refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
  return { reference: refund.id, status };
}

const intentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

export function createStripeGateway(config: StripeGatewayConfig): PaymentGateway {
  const endpoint = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(endpoint
      ? {
          host: endpoint.hostname,
          port: endpoint.port || (endpoint.protocol === "https:" ? 443 : 80),
          protocol: endpoint.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });

  /** Runs a call, turning a network failure or a gateway's 5xx into GatewayUnavailable. */
  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        throw new GatewayUnavailable(`Stripe refused the call: ${error.type}${error.code ? ` (${error.code})` : ""}: ${error.message}`);
      }
      throw new GatewayUnavailable(`Stripe did not answer: ${(error as Error).message}`);
    }
  }

  return {
    id: "stripe",
    settings: {
      name: "Credit or debit card",
      description: "Visa, Mastercard or American Express, on Stripe's secure payment page.",
      cardBrands: ["visa", "mastercard", "american-express"],
    },

    async createHostedPayment(request) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currencyCode.toLowerCase(),
                  unit_amount: request.amount,
                  product_data: { name: `Order ${request.orderNumber}` },
                },
              },
            ],
            customer_email: request.email,
            client_reference_id: request.orderNumber,
            metadata: { paymentId: request.paymentPublicId, orderNumber: request.orderNumber },
            payment_intent_data: { metadata: { paymentId: request.paymentPublicId, orderNumber: request.orderNumber } },
            success_url: request.returnUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `quire-checkout-${request.paymentPublicId}` },
        ),
      );
      if (!session.url) throw new GatewayUnavailable("Stripe answered a Checkout Session without a payment page");
      return { reference: session.id, redirectUrl: session.url };
    },

    async fetchPayment(reference): Promise<GatewayPaymentState> {
      const session = await call(() => stripe.checkout.sessions.retrieve(reference, { expand: ["payment_intent.latest_charge"] }));
      const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      if (charge?.refunded) return { status: "refunded" };
      if (session.payment_status === "paid") return { status: "captured" };
      if (session.status === "expired") return { status: "cancelled", failureReason: "The payment page expired" };
      return { status: "pending" };
    },

    async verifyWebhook(rawBody, headers) {
      const signature = headers["stripe-signature"];
      if (typeof signature !== "string") throw new WebhookRejected("No Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookRejected((error as Error).message);
      }
      if (SESSION_EVENTS.has(event.type)) {
        return { eventId: event.id, eventType: event.type, reference: (event.data.object as Stripe.Checkout.Session).id };
      }
      if (event.type === "charge.refunded") {
        // A refund names the payment intent; the shop knows the Checkout Session that made it.
        const charge = event.data.object as Stripe.Charge;
        const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
        if (!intentId) return { eventId: event.id, eventType: event.type, reference: null };
        const sessions = await call(() => stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 }));
        return { eventId: event.id, eventType: event.type, reference: sessions.data[0]?.id ?? null };
      }
      return { eventId: event.id, eventType: event.type, reference: null };
    },

    async closeHostedPayment(reference) {
      const session = await call(() => stripe.checkout.sessions.retrieve(reference));
      const known = closureOf(session);
      if (known) return known;
      try {
        await call(() => stripe.checkout.sessions.expire(reference));
        return { outcome: "closed" };
      } catch (error) {
        // Stripe expires only open sessions: one paid (or expired) since it was read is judged as it is now.
        const now = closureOf(await call(() => stripe.checkout.sessions.retrieve(reference)));
        if (now) return now;
        throw error;
      }
    },

    async refund(input) {
      const session = await call(() => stripe.checkout.sessions.retrieve(input.reference));
      const intentId = intentOf(session);
      if (!intentId) throw new GatewayUnavailable("Stripe has no payment to refund for this session");
      const metadata: Record<string, string> = { idempotencyKey: input.idempotencyKey };
      if (input.refundId) metadata.refundId = input.refundId;
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: intentId, amount: input.amount, metadata }, { idempotencyKey: input.idempotencyKey }),
      );
      return refundOf(refund);
    },

    async findRefund(input) {
      // Stripe keeps an idempotency key for 24 hours only: after that, the key written in the refund's metadata
      // is what tells a refund already made from one still to make.
      const session = await call(() => stripe.checkout.sessions.retrieve(input.reference));
      const intentId = intentOf(session);
      if (!intentId) return { outcome: "none" };
      let after: string | undefined;
      for (;;) {
        const page = await call(() =>
          stripe.refunds.list({ payment_intent: intentId, limit: 100, ...(after ? { starting_after: after } : {}) }),
        );
        const match = page.data.find((refund) => refund.metadata?.idempotencyKey === input.idempotencyKey);
        if (match) return { outcome: "found", refund: refundOf(match) };
        after = page.data.at(-1)?.id;
        if (!page.has_more || !after) return { outcome: "none" };
      }
    },
  };
}
