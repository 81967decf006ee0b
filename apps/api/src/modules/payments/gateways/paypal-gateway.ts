import { toDecimalAmount } from "@quire/money";
import { callGateway, type GatewayMethod } from "./gateway-http";
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
 * PayPal through its documented REST API (Orders v2): the payer approves on PayPal's page, and the shop
 * captures the approved order (idempotently, with PayPal-Request-Id), so the money moves when the shop says
 * and exactly once. Webhooks are verified by PayPal's verify-webhook-signature call, after the transmission
 * time is checked for age. `apiUrl` is PayPal's live or sandbox host, or Quire's payment sandbox.
 *
 * Closing an order: PayPal has no call that cancels an Orders v2 order with intent CAPTURE before it is
 * captured (voiding exists only for an authorization, which these orders never have). The payer can still
 * approve it on PayPal's page, but approving moves no money: only the merchant's capture does. So closing marks
 * the order as closed in its custom_id (PATCH, allowed while it is CREATED or APPROVED), and this adapter never
 * captures a marked order; PayPal lets it lapse uncaptured. A capture already in flight from another process
 * when the mark is written can still land: the shop then sees a capture it did not expect, and refunds it.
 */

export interface PayPalGatewayConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiUrl: string;
}

interface PayPalRefund {
  id: string;
  status: "CANCELLED" | "FAILED" | "PENDING" | "COMPLETED";
  custom_id?: string;
}

interface PayPalOrder {
  id: string;
  status: "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    payments?: { captures?: { id: string; status: string }[]; refunds?: PayPalRefund[] };
  }[];
  links?: { href: string; rel: string }[];
}

/** The custom_id prefix that marks an order the shop closed: it is never captured. */
const CLOSED_MARK = "closed-by-shop:";
const isClosed = (order: PayPalOrder) => order.purchase_units?.[0]?.custom_id?.startsWith(CLOSED_MARK) === true;

function refundOf(refund: PayPalRefund): GatewayRefund {
  const status = refund.status === "COMPLETED" ? "succeeded" : refund.status === "PENDING" ? "pending" : "failed";
  return { reference: refund.id, status };
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

  async function api<T>(path: string, init: { method: GatewayMethod; body?: unknown; requestId?: string }): Promise<T> {
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
    if (isClosed(order)) return { status: "cancelled", failureReason: "The shop closed this PayPal order" };
    return { status: "pending" };
  }

  /** What an order's state means for closing it: null while it can still be approved and is not marked. */
  function closureOf(order: PayPalOrder): ClosedHostedPayment | null {
    if (order.status === "COMPLETED") {
      const state = stateOf(order).status;
      return { outcome: state === "captured" || state === "refunded" ? "captured" : state === "pending" ? "pending" : "closed" };
    }
    if (order.status === "VOIDED" || isClosed(order)) return { outcome: "closed" };
    return null;
  }

  const readOrder = (reference: string) => api<PayPalOrder>(`/v2/checkout/orders/${encodeURIComponent(reference)}`, { method: "GET" });

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
      const order = await readOrder(reference);
      if (order.status !== "APPROVED" || isClosed(order)) return stateOf(order);
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

    async closeHostedPayment(reference) {
      const order = await readOrder(reference);
      const known = closureOf(order);
      if (known) return known;
      const unit = order.purchase_units?.[0];
      try {
        await api(`/v2/checkout/orders/${encodeURIComponent(reference)}`, {
          method: "PATCH",
          body: [
            {
              op: unit?.custom_id === undefined ? "add" : "replace",
              path: `/purchase_units/@reference_id=='${unit?.reference_id ?? "default"}'/custom_id`,
              value: `${CLOSED_MARK}${unit?.custom_id ?? ""}`.slice(0, 127),
            },
          ],
        });
      } catch (error) {
        // PayPal patches only CREATED or APPROVED orders: one captured since it was read is judged as it is now.
        const now = closureOf(await readOrder(reference));
        if (now) return now;
        throw error;
      }
      return { outcome: "closed" };
    },

    async refund(input) {
      const order = await readOrder(input.reference);
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      if (!capture) throw new GatewayUnavailable("PayPal has no capture to refund for this order");
      // custom_id (not shown to the payer) carries the idempotency key, for findRefund once PayPal-Request-Id is forgotten.
      const refund = await api<PayPalRefund>(`/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`, {
        method: "POST",
        requestId: input.idempotencyKey,
        body: { amount: { currency_code: input.currencyCode, value: toDecimalAmount(input.amount) }, custom_id: input.idempotencyKey },
      });
      return refundOf(refund);
    },

    async findRefund(input) {
      // The order lists its purchase unit's refunds; each is read in full when the list leaves out its custom_id.
      const order = await readOrder(input.reference);
      for (const listed of order.purchase_units?.[0]?.payments?.refunds ?? []) {
        const refund =
          listed.custom_id === undefined
            ? await api<PayPalRefund>(`/v2/payments/refunds/${encodeURIComponent(listed.id)}`, { method: "GET" })
            : listed;
        if (refund.custom_id === input.idempotencyKey) return { outcome: "found", refund: refundOf(refund) };
      }
      return { outcome: "none" };
    },
  };
}
