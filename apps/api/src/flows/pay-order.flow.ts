import { PROFORMA_PAYMENT_DAYS, type CreatePaymentBody, type Payment, type PaymentProviderId } from "@quire/contracts";
import { AppError } from "../http/errors";
import {
  confirmOrderPaid,
  findOrderParties,
  givePaymentDeadline,
  isOrderBuyer,
  lockOrderForChange,
  requireLockedOrder,
} from "../modules/orders/order-changes.service";
import { GatewayUnavailable, WebhookRejected, type HostedProviderId } from "../modules/payments/gateways/payment-gateway";
import {
  assertPaymentProviderEnabled,
  cancelOpenPayments,
  captureBankTransfer,
  chargeToCredit,
  findAttemptToRepeat,
  findPaymentById,
  findPaymentForNotice,
  findPaymentsOpenAtGateway,
  findStorePayment,
  gatewayUnavailable,
  hostedGateway,
  isWebhookEventRecorded,
  issueProformaInvoice,
  listPaymentProviders,
  recordGatewayPage,
  recordPaymentAttempt,
  toPayment,
  touchPayment,
  type Payer,
  type PaymentContext,
  type PaymentRow,
} from "../modules/payments/payments.service";
import type { TransitionActor } from "../modules/state-machines/state-machine";
import { publishEvent } from "../modules/jobs/job-queue";
import type { MoneyFlowDeps } from "./flow-deps";
import { applyGatewayNews } from "./gateway-report.flow";
import { closeAttemptsAtGateways } from "./payment-attempts.flow";

/*
 * Paying an order (decisions 025 and 026): an attempt with one provider, its gateway's page, and what the
 * gateway then says. The amount is always the order's grand total, checked before anything else. Every
 * transaction here locks the order first, then the payment. Gateways are called only between transactions.
 */

const actorOf = (payer: Payer): TransitionActor =>
  "customerId" in payer ? { type: "customer", id: payer.customerId } : { type: "anonymous" };

async function fromGateway<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GatewayUnavailable) throw gatewayUnavailable(error);
    throw error;
  }
}

/**
 * POST /payments: pays the caller's order with a provider. In one transaction holding the order's lock: the
 * order must be the caller's and await payment; the amount and currency must be its grand total (else 400);
 * the provider must be offered to the caller. The payer's earlier attempts still open are cancelled (the latest
 * choice replaces them) and, once this has committed, closed at their gateways, so no two can be paid. On
 * account: the credit is used within its limit and the payment captured, confirming the order. Proforma: the
 * payment waits for the transfer, and the order's deadline moves to the invoice's. `repeatsUnfinishedRequest`:
 * the call repeats one whose process died; the attempt it made, if any, is answered again.
 */
export async function startPayment(
  deps: MoneyFlowDeps,
  ctx: PaymentContext,
  payer: Payer,
  body: CreatePaymentBody,
  options: { repeatsUnfinishedRequest?: boolean } = {},
): Promise<Payment> {
  const actor = actorOf(payer);
  const started = await deps.db.transaction(async (tx) => {
    const order = await lockOrderForChange(tx, { storeId: ctx.store.id, orderId: body.orderId });
    if (!order || !isOrderBuyer(order, payer)) throw new AppError("order_not_found");
    if (body.amount !== order.grandTotal || body.currencyCode !== order.currencyCode) {
      throw new AppError("payment_amount_mismatch", { field: "body.amount" });
    }
    // The same call again after its process died (decision 018): if the first committed, its attempt is the
    // answer, so a lost answer never turns into "already paid" or a second attempt replacing the first.
    if (options.repeatsUnfinishedRequest) {
      const earlier = await findAttemptToRepeat(tx, { orderId: order.id, provider: body.paymentProviderId });
      if (earlier) return { payment: earlier, replaced: [] };
    }
    if (order.status !== "awaiting_payment") {
      throw new AppError("order_not_payable", order.status === "cancelled" ? "This order was cancelled" : "This order is already paid");
    }
    const offered = await listPaymentProviders(tx, { ...ctx, currencyCode: order.currencyCode }, payer, deps.gateways);
    if (!offered.some((provider) => provider.id === body.paymentProviderId)) {
      throw new AppError("payment_provider_unavailable", { field: "body.paymentProviderId" });
    }
    const replaced = await cancelOpenPayments(tx, { orderId: order.id, actor, reason: `replaced by a ${body.paymentProviderId} payment` });
    const attempt = await recordPaymentAttempt(tx, {
      storeId: ctx.store.id,
      orderId: order.id,
      customerId: order.customerId,
      provider: body.paymentProviderId,
      amount: order.grandTotal,
      currencyCode: order.currencyCode,
    });
    if (body.paymentProviderId === "on-account" && "customerId" in payer) {
      const captured = await chargeToCredit(tx, attempt, { customerId: payer.customerId, actor });
      await confirmOrderPaid(tx, captured, actor);
      return { payment: captured, replaced };
    }
    // A gateway: the payment waits for PUT /payments/:id/process to open the gateway's page.
    if (hostedGateway(deps.gateways, body.paymentProviderId)) return { payment: attempt, replaced };
    // Proforma invoice: pending until the transfer arrives; the unpaid-order job waits for the invoice's terms.
    const pending = await issueProformaInvoice(tx, attempt, actor);
    await givePaymentDeadline(tx, { orderId: order.id, days: PROFORMA_PAYMENT_DAYS });
    // The buyer's mail with what to transfer and where, queued with the change (never sent inside it).
    await publishEvent(tx, { type: "payment.proforma_issued", storeId: ctx.store.id, orderId: order.id, paymentId: pending.id });
    return { payment: pending, replaced };
  });
  await closeAttemptsAtGateways(deps, started.replaced);
  return toPayment(started.payment);
}

/** The payer's payment by its public id (a guest's through the order's basket id); 404 for anyone else's. */
async function requirePayersPayment(deps: MoneyFlowDeps, ctx: PaymentContext, payer: Payer, publicId: string): Promise<PaymentRow> {
  const payment = await findStorePayment(deps.db, { storeId: ctx.store.id, publicId });
  const order = payment ? await findOrderParties(deps.db, payment.orderId) : null;
  if (!payment || !order || !isOrderBuyer(order, payer)) throw new AppError("payment_not_found");
  return payment;
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

/**
 * PUT /payments/:id/process: what the shopper does next with a payment. A gateway's payment not yet sent
 * opens the gateway's page (with an idempotency key of the payment's own, so two tabs get one page) and waits
 * there as pending; the answer's redirectUrl is where to go. The shop's own providers need nothing more, so
 * their payment is answered as it stands. A page opened for an attempt replaced meanwhile is closed again.
 */
export async function processPayment(deps: MoneyFlowDeps, ctx: PaymentContext, payer: Payer, publicId: string): Promise<Payment> {
  const payment = await requirePayersPayment(deps, ctx, payer, publicId);
  const gateway = hostedGateway(deps.gateways, payment.provider);
  if (!gateway || payment.status !== "created" || payment.providerReference) return toPayment(payment);
  // An attempt made before the merchant switched its provider off opens no page (decision 052).
  await assertPaymentProviderEnabled(deps.db, { storeId: payment.storeId, provider: payment.provider });
  const order = await findOrderParties(deps.db, payment.orderId);
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
  const recorded = await deps.db.transaction(async (tx) => {
    await lockOrderForChange(tx, { storeId: payment.storeId, orderId: payment.orderId });
    return recordGatewayPage(tx, {
      paymentId: payment.id,
      reference: hosted.reference,
      redirectUrl: hosted.redirectUrl,
      gatewayId: gateway.id,
      actor: actorOf(payer),
    });
  });
  // Replaced or cancelled while its page was being opened: that page must not stay payable.
  if (recorded.status === "cancelled" && recorded.providerReference === null) {
    await closeAttemptsAtGateways(deps, [{ ...recorded, providerReference: hosted.reference }]);
  }
  return toPayment(recorded);
}

/** Asks the gateway for a payment's state and applies it; the payment as it then stands. */
async function syncWithGateway(deps: MoneyFlowDeps, payment: PaymentRow, reason: string) {
  const gateway = hostedGateway(deps.gateways, payment.provider);
  const reference = payment.providerReference;
  if (!gateway || !reference) return payment;
  const state = await fromGateway(() => gateway.fetchPayment(reference));
  await applyGatewayNews(deps, payment, state, reason);
  return (await findPaymentById(deps.db, payment.id)) ?? payment;
}

/**
 * POST /payments/refresh: the payment's state when the shopper comes back from paying. What the browser carries
 * (transactionId) is never believed: a gateway's payment is asked of the gateway; the shop's own providers' state
 * is already the shop's.
 */
export async function refreshPayment(
  deps: MoneyFlowDeps,
  ctx: PaymentContext,
  payer: Payer,
  body: { orderId: number; paymentId: string; paymentProviderId: PaymentProviderId },
): Promise<Payment> {
  const payment = await requirePayersPayment(deps, ctx, payer, body.paymentId);
  if (payment.orderId !== body.orderId || payment.provider !== body.paymentProviderId) throw new AppError("payment_not_found");
  const gateway = hostedGateway(deps.gateways, payment.provider);
  if (!gateway) return toPayment(payment);
  return toPayment(await syncWithGateway(deps, payment, `refreshed from ${gateway.id}`));
}

/**
 * POST /webhooks/:provider. In this order: the signature over the raw body is verified (nothing is read from an
 * unverified body); an event already stored is acknowledged and changes nothing; the payment it concerns is
 * asked of the gateway, so an old or out-of-order event can only ever apply the gateway's current state; then,
 * in one transaction, the event is stored once by its id and the state applied. An event about no payment of
 * this shop's is acknowledged and not kept. A failure before the commit answers an error, and the gateway
 * delivers again.
 */
export async function receiveWebhook(
  deps: MoneyFlowDeps,
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
  if (await isWebhookEventRecorded(deps.db, event)) return;
  const payment = await findPaymentForNotice(deps.db, { provider, ...notice });
  const reference = payment?.providerReference;
  // About nothing of this shop's (another shop on the same account), or not yet known: acknowledged, not kept,
  // so a redelivery once the payment is known is applied.
  if (!payment || !reference) return;
  const state = await fromGateway(() => gateway.fetchPayment(reference));
  await applyGatewayNews(deps, payment, state, `${provider} webhook ${notice.eventType}`, {
    event,
    ...(notice.paymentReference ? { paymentReference: notice.paymentReference } : {}),
  });
}

/**
 * The job's round: payments a gateway has had open for a while, whose webhook may never come (an endpoint that
 * was down, a gateway that gave up), are asked of their gateway. Each is looked at once per round, oldest first;
 * a gateway that fails one is tried again next round. Answers how many were looked at.
 */
export async function refreshOpenPayments(deps: MoneyFlowDeps, input: { olderThan: Date; limit: number }) {
  const open = await findPaymentsOpenAtGateway(deps.db, { before: input.olderThan, limit: input.limit });
  for (const { id } of open) {
    await touchPayment(deps.db, id);
    const payment = await findPaymentById(deps.db, id);
    if (!payment) continue;
    try {
      await syncWithGateway(deps, payment, `checked at ${payment.provider} by the payment refresh job`);
    } catch (error) {
      if (!(error instanceof AppError && error.code === "payment_gateway_unavailable")) throw error;
    }
  }
  return open.length;
}

/**
 * The merchant saw an order's bank transfer: its proforma payment is captured and the order confirmed, with the
 * order locked first. Confirming again changes nothing.
 */
export async function confirmBankTransfer(
  deps: Pick<MoneyFlowDeps, "db">,
  input: { storeId: number; orderId: number; actor: TransitionActor },
) {
  await deps.db.transaction(async (tx) => {
    const order = await requireLockedOrder(tx, input);
    if (order.status !== "awaiting_payment" && order.status !== "confirmed") {
      throw new AppError("invalid_state_transition", `A ${order.status.replace("_", " ")} order takes no transfer`);
    }
    const captured = await captureBankTransfer(tx, { orderId: order.id, actor: input.actor });
    if (captured && order.status === "awaiting_payment") await confirmOrderPaid(tx, captured, input.actor);
  });
}
