import { createHmac, timingSafeEqual } from "node:crypto";
import { callGateway, type GatewayMethod } from "./gateway-http";
import {
  GatewayUnavailable,
  WebhookRejected,
  type ClosedHostedPayment,
  type GatewayPaymentState,
  type PaymentGateway,
} from "./payment-gateway";

/*
 * Cards through Adyen's Checkout API (v71), by its documented REST API: a Pay by Link page where the payer
 * pays, the link's status read back, refunds by the payment's pspReference (learnt from the AUTHORISATION
 * webhook), and standard webhooks verified by the HMAC signature Adyen puts in each item's additionalData.
 * `apiUrl` is Adyen's test or live Checkout endpoint, or Quire's payment sandbox.
 *
 * Refunds: Adyen's Checkout API accepts a refund ("received") and tells its outcome only in the REFUND webhook,
 * whose merchantReference is the reference the refund was sent with (the shop's refund id, else its idempotency
 * key). It has no call that lists or finds refunds, so `findRefund` cannot say that none exists: it answers
 * `unknown`, and a refund is safely retried only with the same Idempotency-Key, which Adyen keeps at least 31 days.
 */

export interface AdyenGatewayConfig {
  apiKey: string;
  merchantAccount: string;
  /** The webhook's HMAC key, hex-encoded as the Customer Area shows it. */
  hmacKey: string;
  /** e.g. https://checkout-test.adyen.com (test) or the live prefix URL Adyen gives the merchant. */
  apiUrl: string;
}

interface PaymentLink {
  status: "active" | "completed" | "expired" | "paymentPending";
}

/** What a link's status means for closing it: null while it is active and can still be expired. */
function closureOf(link: PaymentLink): ClosedHostedPayment | null {
  if (link.status === "expired") return { outcome: "closed" };
  if (link.status === "completed") return { outcome: "captured" };
  // The shopper is paying by an asynchronous method: Adyen no longer lets the link be expired.
  if (link.status === "paymentPending") return { outcome: "pending" };
  return null;
}

interface NotificationItem {
  additionalData?: Record<string, unknown>;
  amount?: { value?: unknown; currency?: unknown };
  eventCode?: unknown;
  merchantAccountCode?: unknown;
  merchantReference?: unknown;
  originalReference?: unknown;
  pspReference?: unknown;
  success?: unknown;
}

const str = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

/** The item's expected signature: HMAC-SHA256 (hex key) over its fields joined by colons, base64. */
function signatureOf(item: NotificationItem, hexKey: string) {
  const signed = [
    str(item.pspReference),
    str(item.originalReference),
    str(item.merchantAccountCode),
    str(item.merchantReference),
    str(item.amount?.value),
    str(item.amount?.currency),
    str(item.eventCode),
    str(item.success),
  ].join(":");
  return createHmac("sha256", Buffer.from(hexKey, "hex")).update(signed).digest();
}

export function createAdyenGateway(config: AdyenGatewayConfig): PaymentGateway {
  const base = config.apiUrl.replace(/\/+$/, "");

  function api<T>(path: string, init: { method: GatewayMethod; body?: unknown; idempotencyKey?: string }): Promise<T> {
    const headers: Record<string, string> = { "x-api-key": config.apiKey };
    if (init.idempotencyKey) headers["idempotency-key"] = init.idempotencyKey;
    return callGateway<T>("Adyen", `${base}${path}`, { method: init.method, headers, body: init.body });
  }

  const readLink = (reference: string) => api<PaymentLink>(`/v71/paymentLinks/${encodeURIComponent(reference)}`, { method: "GET" });

  return {
    id: "adyen",
    settings: {
      name: "Credit or debit card, through Adyen",
      description: "Visa, Mastercard or American Express, on Adyen's secure payment page.",
      cardBrands: ["visa", "mastercard", "american-express"],
    },

    async createHostedPayment(request) {
      const link = await api<{ id: string; url: string }>("/v71/paymentLinks", {
        method: "POST",
        idempotencyKey: `quire-link-${request.paymentPublicId}`,
        body: {
          amount: { value: request.amount, currency: request.currencyCode },
          merchantAccount: config.merchantAccount,
          reference: request.paymentPublicId,
          description: `Order ${request.orderNumber}`,
          shopperEmail: request.email,
          returnUrl: request.returnUrl,
        },
      });
      return { reference: link.id, redirectUrl: link.url };
    },

    async fetchPayment(reference): Promise<GatewayPaymentState> {
      const link = await readLink(reference);
      // A completed link's payment is authorised and captured automatically (the account's default capture).
      if (link.status === "completed") return { status: "captured" };
      if (link.status === "expired") return { status: "cancelled", failureReason: "The payment link expired" };
      return { status: "pending" };
    },

    async verifyWebhook(rawBody) {
      let item: NotificationItem | undefined;
      try {
        const parsed = JSON.parse(rawBody) as { notificationItems?: { NotificationRequestItem?: NotificationItem }[] };
        // Adyen sends one item per standard notification; a batch of several is refused, so none goes unchecked.
        if (parsed.notificationItems?.length === 1) item = parsed.notificationItems[0]?.NotificationRequestItem;
      } catch {
        throw new WebhookRejected("The webhook's body is not JSON");
      }
      if (!item) throw new WebhookRejected("Expected exactly one notification item");
      const given = Buffer.from(str(item.additionalData?.hmacSignature), "base64");
      const expected = signatureOf(item, config.hmacKey);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new WebhookRejected("The HMAC signature does not match");
      if (str(item.merchantAccountCode) !== config.merchantAccount)
        throw new WebhookRejected("The webhook is for another merchant account");
      const eventCode = str(item.eventCode);
      const psp = str(item.pspReference);
      const eventId = `${eventCode}:${psp}:${str(item.success)}`;
      if (eventCode === "AUTHORISATION") {
        const linkId = str(item.additionalData?.paymentLinkId);
        return {
          eventId,
          eventType: eventCode,
          reference: linkId || null,
          paymentPublicId: str(item.merchantReference) || undefined,
          ...(str(item.success) === "true" ? { paymentReference: psp } : {}),
        };
      }
      if (eventCode === "REFUND" || eventCode === "CANCEL_OR_REFUND") {
        return { eventId, eventType: eventCode, reference: null, paymentReference: str(item.originalReference) || undefined };
      }
      return { eventId, eventType: eventCode, reference: null };
    },

    async closeHostedPayment(reference) {
      const known = closureOf(await readLink(reference));
      if (known) return known;
      try {
        await api(`/v71/paymentLinks/${encodeURIComponent(reference)}`, { method: "PATCH", body: { status: "expired" } });
      } catch (error) {
        // Paid (or expired) since it was read: judged as it is now.
        const now = closureOf(await readLink(reference));
        if (now) return now;
        throw error;
      }
      return { outcome: "closed" };
    },

    async refund(input) {
      if (!input.paymentReference)
        throw new GatewayUnavailable("Adyen's pspReference of this payment is not known: refund it in the Customer Area");
      const refund = await api<{ pspReference: string; status: string }>(
        `/v71/payments/${encodeURIComponent(input.paymentReference)}/refunds`,
        {
          method: "POST",
          idempotencyKey: input.idempotencyKey,
          body: {
            amount: { value: input.amount, currency: input.currencyCode },
            merchantAccount: config.merchantAccount,
            reference: input.refundId ?? input.idempotencyKey,
          },
        },
      );
      // "received": Adyen took the request; the REFUND webhook tells whether the money went back.
      return { reference: refund.pspReference, status: "pending" };
    },

    async findRefund(input) {
      // Without the payment's pspReference this adapter refuses to refund, so no refund of it was made here.
      if (!input.paymentReference) return { outcome: "none" };
      return {
        outcome: "unknown",
        reason:
          "Adyen has no call to look a refund up: its REFUND webhook tells; retry only with the same Idempotency-Key, which Adyen keeps at least 31 days",
      };
    },
  };
}
