import type { Payment, PaymentProviderId } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { transition } from "../state-machines/state-transitions.repository";
import type { PaymentGateways } from "./gateways/gateways";
import { GatewayUnavailable, WebhookRejected, type HostedProviderId, type PaymentGateway } from "./gateways/payment-gateway";
import { paymentMachine } from "./payment-status";
import * as repository from "./payments.repository";
import {
  applyGatewayReportIn,
  gatewayUnavailable,
  hostedGateway,
  requirePayersPayment,
  toPayment,
  type Payer,
  type PaymentContext,
} from "./payments.service";
import { payments } from "./payments.tables";

/*
 * Paying on a gateway's hosted page (decision 026). The shop opens the gateway's page for a payment, sends
 * the payer there, and learns the outcome only from the gateway: its own record, asked for when the payer
 * comes back (refresh), when a webhook whose signature checked out says something changed, and by a job for
 * payments whose news never came. The browser's return says only "look now".
 */

export interface HostedPaymentDeps {
  db: Db;
  gateways: PaymentGateways;
  /** The storefront's public address: where the gateway sends the payer back. */
  storefrontUrl: string;
}

/** Where the payer comes back to from the gateway's page: the storefront's return route, which asks for a refresh. */
function returnUrls(storefrontUrl: string, payment: { orderId: number; publicId: string; provider: PaymentProviderId }) {
  const back = new URL("/checkout/payment-return", storefrontUrl);
  back.searchParams.set("orderId", String(payment.orderId));
  back.searchParams.set("paymentId", payment.publicId);
  back.searchParams.set("provider", payment.provider);
  const cancelled = new URL(back);
  cancelled.searchParams.set("cancelled", "1");
  return { returnUrl: back.toString(), cancelUrl: cancelled.toString() };
}

async function fromGateway<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GatewayUnavailable) throw gatewayUnavailable(error);
    throw error;
  }
}

/**
 * PUT /payments/:id/process: what the shopper does next with a payment. A gateway's payment not yet sent
 * opens the gateway's page (with an idempotency key of the payment's own, so two tabs get one page) and waits
 * there as pending; the answer's redirectUrl is where to go. The shop's own providers need nothing more (on
 * account is captured when made; a proforma invoice waits for the transfer), so their payment is answered as it
 * stands.
 */
export async function processPayment(deps: HostedPaymentDeps, ctx: PaymentContext, payer: Payer, publicId: string): Promise<Payment> {
  const payment = await requirePayersPayment(deps.db, ctx, payer, publicId);
  const gateway = hostedGateway(deps.gateways, payment.provider);
  if (!gateway || payment.status !== "created" || payment.providerReference) return toPayment(payment);
  const order = await repository.findOrderForGateway(deps.db, payment.orderId);
  if (!order) throw new AppError("payment_not_found");
  const hosted = await fromGateway(() =>
    gateway.createHostedPayment({
      paymentPublicId: payment.publicId,
      orderNumber: order.publicId,
      amount: payment.amount,
      currencyCode: payment.currencyCode,
      email: order.email,
      ...returnUrls(deps.storefrontUrl, payment),
    }),
  );
  return deps.db.transaction(async (tx) => {
    const locked = await repository.lockPayment(tx, payment.id);
    if (!locked) throw new AppError("payment_not_found");
    // Replaced or already sent meanwhile (another tab): the payment as it now stands.
    if (locked.status !== "created" || locked.providerReference) return toPayment(locked);
    const sent = await repository.setGatewayPayment(tx, {
      paymentId: payment.id,
      reference: hosted.reference,
      redirectUrl: hosted.redirectUrl,
    });
    await transition(tx, paymentMachine, payments, {
      entityId: payment.id,
      from: "created",
      to: "pending",
      actor: "customerId" in payer ? { type: "customer", id: payer.customerId } : { type: "anonymous" },
      reason: `payment page opened at ${gateway.id}`,
    });
    return toPayment({ ...(sent ?? locked), status: "pending" });
  });
}

/** Asks the gateway for a payment's state and applies it; the payment as it then stands. */
async function syncWithGateway(db: Db, gateway: PaymentGateway, payment: repository.PaymentRow, reason: string) {
  if (!payment.providerReference) return payment;
  const reference = payment.providerReference;
  const state = await fromGateway(() => gateway.fetchPayment(reference));
  await db.transaction((tx) =>
    applyGatewayReportIn(tx, { paymentId: payment.id, reported: state.status, reason, failureReason: state.failureReason }),
  );
  return (await repository.findPaymentById(db, payment.id)) ?? payment;
}

/**
 * POST /payments/refresh: the payment's state when the shopper comes back from paying. What the browser
 * carries (transactionId) is never believed: a gateway's payment is asked of the gateway; the shop's own
 * providers' state is already the shop's.
 */
export async function refreshPayment(
  deps: HostedPaymentDeps,
  ctx: PaymentContext,
  payer: Payer,
  body: { orderId: number; paymentId: string; paymentProviderId: PaymentProviderId },
): Promise<Payment> {
  const payment = await requirePayersPayment(deps.db, ctx, payer, body.paymentId);
  if (payment.orderId !== body.orderId || payment.provider !== body.paymentProviderId) throw new AppError("payment_not_found");
  const gateway = hostedGateway(deps.gateways, payment.provider);
  if (!gateway) return toPayment(payment);
  return toPayment(await syncWithGateway(deps.db, gateway, payment, `refreshed from ${gateway.id}`));
}

/**
 * POST /webhooks/:provider. In this order: the signature over the raw body is verified (nothing is read from
 * an unverified body); an event already stored is acknowledged and changes nothing; the payment it concerns
 * is asked of the gateway, so an old or out-of-order event can only ever apply the gateway's current state;
 * then, in one transaction, the event is stored once by its id and the state applied. An event about no
 * payment of this shop's is acknowledged and not kept. A failure before the
 * commit answers an error, and the gateway delivers again.
 */
export async function receiveWebhook(
  deps: Pick<HostedPaymentDeps, "db" | "gateways">,
  provider: HostedProviderId,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
) {
  const gateway = deps.gateways.get(provider);
  if (!gateway) throw new AppError("route_not_found", `${provider} is not configured here`);
  let notice;
  try {
    notice = await gateway.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookRejected) throw new AppError("webhook_signature_invalid");
    if (error instanceof GatewayUnavailable) throw gatewayUnavailable(error);
    throw error;
  }
  const event = { provider, eventId: notice.eventId, eventType: notice.eventType, reference: notice.reference };
  if (await repository.isWebhookEventRecorded(deps.db, event)) return;
  const payment = await repository.findPaymentForNotice(deps.db, { provider, ...notice });
  const reference = payment?.providerReference;
  // About nothing of this shop's (another shop on the same account), or not yet known: acknowledged, not kept,
  // so a redelivery once the payment is known is applied.
  if (!payment || !reference) return;
  const state = await fromGateway(() => gateway.fetchPayment(reference));
  await deps.db.transaction(async (tx) => {
    const fresh = await repository.recordWebhookEvent(tx, event);
    if (!fresh) return;
    if (notice.paymentReference)
      await repository.setProviderPaymentReference(tx, { paymentId: payment.id, paymentReference: notice.paymentReference });
    await applyGatewayReportIn(tx, {
      paymentId: payment.id,
      reported: state.status,
      reason: `${provider} webhook ${notice.eventType}`,
      failureReason: state.failureReason,
    });
  });
}

/**
 * The job's round: payments a gateway has had open for a while, whose webhook may never come (an endpoint that
 * was down, a gateway that gave up), are asked of their gateway. Each is looked at once per round, oldest
 * first; a gateway that fails one is tried again next round. Answers how many were looked at.
 */
export async function refreshOpenPayments(deps: Pick<HostedPaymentDeps, "db" | "gateways">, input: { olderThan: Date; limit: number }) {
  const open = await repository.findPaymentsOpenAtGateway(deps.db, { before: input.olderThan, limit: input.limit });
  for (const { id, provider } of open) {
    await repository.touchPayment(deps.db, id);
    const gateway = hostedGateway(deps.gateways, provider);
    const payment = await repository.findPaymentById(deps.db, id);
    if (!gateway || !payment) continue;
    try {
      await syncWithGateway(deps.db, gateway, payment, `checked at ${gateway.id} by the payment refresh job`);
    } catch (error) {
      if (!(error instanceof AppError && error.code === "payment_gateway_unavailable")) throw error;
    }
  }
  return open.length;
}
