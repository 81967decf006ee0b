import { createHmac, timingSafeEqual } from "node:crypto";
import { toDecimalAmount } from "@quire/money";
import { callGateway, type GatewayMethod } from "./gateway-http";
import {
  GatewayUnavailable,
  WebhookRejected,
  type ClosedHostedPayment,
  type GatewayPaymentState,
  type GatewayRefund,
  type PaymentGateway,
} from "./payment-gateway";

/*
 * Mollie's Payments API (v2), by its documented REST API: a payment whose checkout page the payer is sent
 * to, read back by id, refunded. Mollie's webhook carries only the payment's id; it is verified by the
 * X-Mollie-Signature HMAC of the raw body with the webhook's secret, and then the payment is read from Mollie,
 * which is the only word believed. A webhook names no event, so its event id is the payment's id and the
 * state read back: each change is acted on once.
 *
 * Closing cancels the payment (DELETE), which Mollie allows only while its isCancelable is true (usually while
 * it is open; for some methods until the next business day). Refunds carry the idempotency key in their
 * metadata, and a payment's refunds are listed, so a refund retried after a crash is looked up first, as Mollie
 * advises when a request's outcome is unknown.
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
  isCancelable?: boolean;
  _links?: { checkout?: { href: string } };
}

interface MollieRefund {
  id: string;
  status: "queued" | "pending" | "processing" | "refunded" | "failed" | "canceled";
  metadata?: unknown;
}

/** What a payment's state means for closing it: null while it can still be cancelled. */
function closureOf(payment: MolliePayment): ClosedHostedPayment | null {
  if (payment.status === "paid") return { outcome: "captured" };
  if (payment.status === "canceled" || payment.status === "expired" || payment.status === "failed") return { outcome: "closed" };
  if (payment.isCancelable) return null;
  // Open or authorised, but its method no longer lets it be cancelled: it ends paid or failed on its own.
  return { outcome: "pending" };
}

function refundOf(refund: MollieRefund): GatewayRefund {
  const status =
    refund.status === "refunded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
  return { reference: refund.id, status };
}

const keyOf = (refund: MollieRefund) => {
  const metadata = refund.metadata;
  return typeof metadata === "object" && metadata !== null ? (metadata as { idempotencyKey?: unknown }).idempotencyKey : undefined;
};

export function createMollieGateway(config: MollieGatewayConfig): PaymentGateway {
  const base = config.apiUrl.replace(/\/+$/, "");

  function api<T>(path: string, init: { method: GatewayMethod; body?: unknown; idempotencyKey?: string }): Promise<T> {
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

  const readPayment = (reference: string) => api<MolliePayment>(`/v2/payments/${encodeURIComponent(reference)}`, { method: "GET" });

  return {
    id: "mollie",
    settings: {
      name: "iDEAL, Bancontact or card",
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
      return stateOf(await readPayment(reference));
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

    async closeHostedPayment(reference) {
      const known = closureOf(await readPayment(reference));
      if (known) return known;
      try {
        await api(`/v2/payments/${encodeURIComponent(reference)}`, { method: "DELETE" });
      } catch (error) {
        // No longer cancelable since it was read (paid, or expired): judged as it is now.
        const now = closureOf(await readPayment(reference));
        if (now) return now;
        throw error;
      }
      return { outcome: "closed" };
    },

    async refund(input) {
      const metadata: Record<string, string> = { idempotencyKey: input.idempotencyKey };
      if (input.refundId) metadata.refundId = input.refundId;
      const refund = await api<MollieRefund>(`/v2/payments/${encodeURIComponent(input.reference)}/refunds`, {
        method: "POST",
        idempotencyKey: input.idempotencyKey,
        body: {
          amount: { currency: input.currencyCode, value: toDecimalAmount(input.amount) },
          // Shown to the payer on their statement: the same for a cancelled order, a return or a capture given back.
          description: input.refundId ? `Refund ${input.refundId}` : "Refund",
          metadata,
        },
      });
      return refundOf(refund);
    },

    async findRefund(input) {
      let path: string | null = `/v2/payments/${encodeURIComponent(input.reference)}/refunds?limit=250`;
      while (path) {
        const page: { _embedded?: { refunds?: MollieRefund[] }; _links?: { next?: { href: string } | null } } = await api(path, {
          method: "GET",
        });
        const match = page._embedded?.refunds?.find((refund) => keyOf(refund) === input.idempotencyKey);
        if (match) return { outcome: "found", refund: refundOf(match) };
        const next = page._links?.next?.href;
        path = next ? `${new URL(next).pathname}${new URL(next).search}` : null;
      }
      return { outcome: "none" };
    },
  };
}
