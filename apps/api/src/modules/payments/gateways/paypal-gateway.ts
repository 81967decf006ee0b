import { toDecimalAmount } from "@quire/money";
import { callGateway } from "./gateway-http";
import {
  GatewayUnavailable,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
  type GatewayPaymentState,
  type PaymentGateway,
} from "./payment-gateway";

/*
 * PayPal through its documented REST API (Orders v2): the payer approves on PayPal's page, and the shop
 * captures the approved order (idempotently, with PayPal-Request-Id), so the money moves when the shop says
 * and exactly once. Webhooks are verified by PayPal's verify-webhook-signature call, after the transmission
 * time is checked for age. `apiUrl` is PayPal's live or sandbox host, or Quire's payment sandbox.
 */

export interface PayPalGatewayConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiUrl: string;
}

interface PayPalOrder {
  id: string;
  status: "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";
  purchase_units?: { payments?: { captures?: { id: string; status: string }[] } }[];
  links?: { href: string; rel: string }[];
}

/** Events about an order or its capture: each names the PayPal order the shop keeps as the reference. */
function referenceOf(event: { event_type?: unknown; resource?: unknown }): string | null {
  const resource = (event.resource ?? {}) as {
    id?: unknown;
    supplementary_data?: { related_ids?: { order_id?: unknown } };
  };
  if (typeof event.event_type !== "string") return null;
  if (event.event_type.startsWith("CHECKOUT.ORDER.")) return typeof resource.id === "string" ? resource.id : null;
  if (event.event_type.startsWith("PAYMENT.CAPTURE.")) {
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    return typeof orderId === "string" ? orderId : null;
  }
  return null;
}

export function createPayPalGateway(config: PayPalGatewayConfig): PaymentGateway {
  const base = config.apiUrl.replace(/\/+$/, "");
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const body = await callGateway<{ access_token: string; expires_in: number }>("PayPal", `${base}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    // Renewed a minute early, so a token never expires between reading it and using it.
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function api<T>(path: string, init: { method: "GET" | "POST"; body?: unknown; requestId?: string }): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}`, prefer: "return=representation" };
    if (init.requestId) headers["paypal-request-id"] = init.requestId;
    return callGateway<T>("PayPal", `${base}${path}`, { method: init.method, headers, body: init.body });
  }

  function stateOf(order: PayPalOrder): GatewayPaymentState {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (order.status === "COMPLETED" && capture) {
      if (capture.status === "REFUNDED") return { status: "refunded" };
      if (capture.status === "COMPLETED" || capture.status === "PARTIALLY_REFUNDED") return { status: "captured" };
      if (capture.status === "PENDING") return { status: "pending" };
      return { status: "failed", failureReason: `PayPal capture ${capture.status.toLowerCase()}` };
    }
    if (order.status === "VOIDED") return { status: "cancelled", failureReason: "PayPal voided the order" };
    return { status: "pending" };
  }

  return {
    id: "paypal",
    settings: { name: "PayPal", description: "Pay with your PayPal account.", cardBrands: [] },

    async createHostedPayment(request) {
      const order = await api<PayPalOrder>("/v2/checkout/orders", {
        method: "POST",
        requestId: `quire-order-${request.paymentPublicId}`,
        body: {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: request.paymentPublicId,
              custom_id: request.paymentPublicId,
              invoice_id: request.orderNumber,
              amount: { currency_code: request.currencyCode, value: toDecimalAmount(request.amount) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: request.returnUrl,
                cancel_url: request.cancelUrl,
                user_action: "PAY_NOW",
                shipping_preference: "NO_SHIPPING",
              },
            },
          },
        },
      });
      const approve = order.links?.find((link) => link.rel === "payer-action" || link.rel === "approve");
      if (!approve) throw new GatewayUnavailable("PayPal answered an order without an approval page");
      return { reference: order.id, redirectUrl: approve.href };
    },

    async fetchPayment(reference) {
      const order = await api<PayPalOrder>(`/v2/checkout/orders/${encodeURIComponent(reference)}`, { method: "GET" });
      if (order.status !== "APPROVED") return stateOf(order);
      // Approved by the payer: the shop captures it. The same request id replays the first capture's answer.
      const captured = await api<PayPalOrder>(`/v2/checkout/orders/${encodeURIComponent(reference)}/capture`, {
        method: "POST",
        requestId: `quire-capture-${reference}`,
        body: {},
      });
      return stateOf(captured);
    },

    async verifyWebhook(rawBody, headers) {
      const header = (name: string) => {
        const value = headers[name];
        return typeof value === "string" ? value : undefined;
      };
      const transmissionId = header("paypal-transmission-id");
      const transmissionTime = header("paypal-transmission-time");
      const signature = header("paypal-transmission-sig");
      const certUrl = header("paypal-cert-url");
      const algorithm = header("paypal-auth-algo");
      if (!transmissionId || !transmissionTime || !signature || !certUrl || !algorithm) {
        throw new WebhookRejected("PayPal's transmission headers are missing");
      }
      const sentAt = Date.parse(transmissionTime);
      if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > WEBHOOK_TOLERANCE_SECONDS * 1000) {
        throw new WebhookRejected("The webhook's transmission time is outside the tolerance");
      }
      let event: { id?: unknown; event_type?: unknown; resource?: unknown };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw new WebhookRejected("The webhook's body is not JSON");
      }
      const verdict = await api<{ verification_status: string }>("/v1/notifications/verify-webhook-signature", {
        method: "POST",
        body: {
          auth_algo: algorithm,
          cert_url: certUrl,
          transmission_id: transmissionId,
          transmission_sig: signature,
          transmission_time: transmissionTime,
          webhook_id: config.webhookId,
          webhook_event: event,
        },
      });
      if (verdict.verification_status !== "SUCCESS" || typeof event.id !== "string") {
        throw new WebhookRejected("PayPal did not verify the webhook's signature");
      }
      return { eventId: event.id, eventType: String(event.event_type), reference: referenceOf(event) };
    },

    async refund(input) {
      const order = await api<PayPalOrder>(`/v2/checkout/orders/${encodeURIComponent(input.reference)}`, { method: "GET" });
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      if (!capture) throw new GatewayUnavailable("PayPal has no capture to refund for this order");
      await api(`/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`, {
        method: "POST",
        requestId: input.idempotencyKey,
        body: { amount: { currency_code: input.currencyCode, value: toDecimalAmount(input.amount) } },
      });
    },
  };
}
