import { createHmac, timingSafeEqual } from "node:crypto";
import { toDecimalAmount } from "@quire/money";
import { callGateway } from "./gateway-http";
import { GatewayUnavailable, WebhookRejected, type GatewayPaymentState, type PaymentGateway } from "./payment-gateway";

/*
 * Mollie's Payments API (v2), by its documented REST API: a payment whose checkout page the payer is sent
 * to, read back by id, refunded. Mollie's webhook carries only the payment's id; it is verified by the
 * X-Mollie-Signature HMAC of the raw body with the webhook's secret, and then the payment is read from Mollie,
 * which is the only word believed. A webhook names no event, so its event id is the payment's id and the
 * state read back: each change is acted on once.
 */

export interface MollieGatewayConfig {
  apiKey: string;
  webhookSecret: string;
  /** Where Mollie calls the shop: the API's public /webhooks/mollie. */
  webhookUrl?: string;
  /** https://api.mollie.com by default; Quire's payment sandbox in development. */
  apiUrl: string;
}

interface MolliePayment {
  id: string;
  status: "open" | "pending" | "authorized" | "paid" | "canceled" | "expired" | "failed";
  amount: { value: string; currency: string };
  amountRefunded?: { value: string; currency: string };
  _links?: { checkout?: { href: string } };
}

export function createMollieGateway(config: MollieGatewayConfig): PaymentGateway {
  const base = config.apiUrl.replace(/\/+$/, "");

  function api<T>(path: string, init: { method: "GET" | "POST"; body?: unknown; idempotencyKey?: string }): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${config.apiKey}` };
    if (init.idempotencyKey) headers["idempotency-key"] = init.idempotencyKey;
    return callGateway<T>("Mollie", `${base}${path}`, { method: init.method, headers, body: init.body });
  }

  function stateOf(payment: MolliePayment): GatewayPaymentState {
    const refunded = payment.amountRefunded ? Math.round(Number(payment.amountRefunded.value) * 100) : 0;
    const total = Math.round(Number(payment.amount.value) * 100);
    if (payment.status === "paid") return refunded >= total ? { status: "refunded" } : { status: "captured" };
    if (payment.status === "failed") return { status: "failed", failureReason: "Mollie reported the payment failed" };
    if (payment.status === "canceled" || payment.status === "expired")
      return { status: "cancelled", failureReason: `Mollie: ${payment.status}` };
    if (payment.status === "authorized") return { status: "authorized" };
    return { status: "pending" };
  }

  return {
    id: "mollie",
    settings: {
      name: "Mollie",
      description: "Card, iDEAL, Bancontact and more, on Mollie's secure payment page.",
      cardBrands: ["visa", "mastercard", "american-express"],
    },

    async createHostedPayment(request) {
      const payment = await api<MolliePayment>("/v2/payments", {
        method: "POST",
        idempotencyKey: `quire-payment-${request.paymentPublicId}`,
        body: {
          amount: { currency: request.currencyCode, value: toDecimalAmount(request.amount) },
          description: `Order ${request.orderNumber}`,
          redirectUrl: request.returnUrl,
          cancelUrl: request.cancelUrl,
          ...(config.webhookUrl ? { webhookUrl: config.webhookUrl } : {}),
          metadata: { paymentId: request.paymentPublicId, orderNumber: request.orderNumber },
        },
      });
      const checkout = payment._links?.checkout?.href;
      if (!checkout) throw new GatewayUnavailable("Mollie answered a payment without a checkout page");
      return { reference: payment.id, redirectUrl: checkout };
    },

    async fetchPayment(reference) {
      return stateOf(await api<MolliePayment>(`/v2/payments/${encodeURIComponent(reference)}`, { method: "GET" }));
    },

    async verifyWebhook(rawBody, headers) {
      const header = headers["x-mollie-signature"];
      if (typeof header !== "string" || !header.startsWith("sha256=")) throw new WebhookRejected("No X-Mollie-Signature header");
      const given = Buffer.from(header.slice("sha256=".length), "hex");
      const expected = createHmac("sha256", config.webhookSecret).update(rawBody).digest();
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRejected("The signature does not match");
      const id = new URLSearchParams(rawBody).get("id");
      if (!id || !/^tr_[A-Za-z0-9]{1,64}$/.test(id)) throw new WebhookRejected("The webhook names no payment");
      // No event id: the payment's state, read now, is the event. Each state is acted on once.
      const state = stateOf(await api<MolliePayment>(`/v2/payments/${encodeURIComponent(id)}`, { method: "GET" }));
      return { eventId: `${id}:${state.status}`, eventType: `payment.${state.status}`, reference: id };
    },

    async refund(input) {
      await api(`/v2/payments/${encodeURIComponent(input.reference)}/refunds`, {
        method: "POST",
        idempotencyKey: input.idempotencyKey,
        body: { amount: { currency: input.currencyCode, value: toDecimalAmount(input.amount) }, description: "Order cancelled" },
      });
    },
  };
}
