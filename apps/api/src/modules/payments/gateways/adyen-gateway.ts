import { createHmac, timingSafeEqual } from "node:crypto";
import { callGateway } from "./gateway-http";
import { GatewayUnavailable, WebhookRejected, type GatewayPaymentState, type PaymentGateway } from "./payment-gateway";

/*
 * Cards through Adyen's Checkout API (v71), by its documented REST API: a Pay by Link page where the payer
 * pays, the link's status read back, refunds by the payment's pspReference (learnt from the AUTHORISATION
 * webhook), and standard webhooks verified by the HMAC signature Adyen puts in each item's additionalData.
 * `apiUrl` is Adyen's test or live Checkout endpoint, or Quire's payment sandbox.
 */

export interface AdyenGatewayConfig {
  apiKey: string;
  merchantAccount: string;
  /** The webhook's HMAC key, hex-encoded as the Customer Area shows it. */
  hmacKey: string;
  /** e.g. https://checkout-test.adyen.com (test) or the live prefix URL Adyen gives the merchant. */
  apiUrl: string;
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

  function api<T>(path: string, init: { method: "GET" | "POST"; body?: unknown; idempotencyKey?: string }): Promise<T> {
    const headers: Record<string, string> = { "x-api-key": config.apiKey };
    if (init.idempotencyKey) headers["idempotency-key"] = init.idempotencyKey;
    return callGateway<T>("Adyen", `${base}${path}`, { method: init.method, headers, body: init.body });
  }

  return {
    id: "adyen",
    settings: {
      name: "Card (Adyen)",
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
      const link = await api<{ status: string }>(`/v71/paymentLinks/${encodeURIComponent(reference)}`, { method: "GET" });
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

    async refund(input) {
      if (!input.paymentReference)
        throw new GatewayUnavailable("Adyen's pspReference of this payment is not known: refund it in the Customer Area");
      await api(`/v71/payments/${encodeURIComponent(input.paymentReference)}/refunds`, {
        method: "POST",
        idempotencyKey: input.idempotencyKey,
        body: {
          amount: { value: input.amount, currency: input.currencyCode },
          merchantAccount: config.merchantAccount,
          reference: input.idempotencyKey,
        },
      });
    },
  };
}
