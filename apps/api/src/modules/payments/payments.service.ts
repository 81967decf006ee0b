import {
  MAX_CREDIT_OPEN_ORDERS,
  PROFORMA_PAYMENT_DAYS,
  type CreatePaymentBody,
  type CustomerCreditAccount,
  type Payment,
  type PaymentProviderId,
  type PaymentStatus,
} from "@quire/contracts";
import { formatMoney, money } from "@quire/money";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { publishEvent } from "../jobs/job-queue";
import { lockOrder, setPaymentDeadline } from "../orders/orders.repository";
import { orderMachine } from "../orders/order-status";
import { orders } from "../orders/orders.tables";
import { transition, type TransitionActor } from "../state-machines/state-transitions.repository";
import { transitionsFor, type ReportedStatus } from "./gateway-report";
import type { PaymentGateways } from "./gateways/gateways";
import type { HostedProviderId } from "./gateways/payment-gateway";
import { paymentMachine } from "./payment-status";
import * as repository from "./payments.repository";
import { payments } from "./payments.tables";

/*
 * Paying an order (decision 025). The amount is always the order's grand total, checked before anything else;
 * a payment's state changes only through its transition table. Providers that need no gateway live here:
 * pay on account (captured at once against a trade customer's credit, atomically within the limit) and the
 * proforma invoice (pending until the merchant sees the bank transfer). The card and wallet gateways join
 * through one provider interface (modules/payments/gateways, decision 026); hosted-payments.service.ts sends
 * the payer to them and believes only what they report.
 */

export type PaymentContext = Pick<RequestContext, "store" | "currencyCode">;
export type Payer = { customerId: number } | { anonymousId: string | null };

interface ProviderSettings {
  id: PaymentProviderId;
  settings: {
    name: string;
    description: string;
    kind: "hosted" | "on_account" | "proforma";
    cardBrands: ("visa" | "mastercard" | "american-express")[];
  };
}

const ON_ACCOUNT: ProviderSettings = {
  id: "on-account",
  settings: {
    name: "Pay on account",
    description: "Charged to your company's account, within its credit limit.",
    kind: "on_account",
    cardBrands: [],
  },
};
const PROFORMA: ProviderSettings = {
  id: "proforma-invoice",
  settings: {
    name: "Bank transfer (proforma invoice)",
    description: `Download a proforma invoice and pay by bank transfer within ${PROFORMA_PAYMENT_DAYS} days; we ship when it arrives.`,
    kind: "proforma",
    cardBrands: [],
  },
};

/** The hosted gateway behind a provider id, when it is one and it is configured. */
export function hostedGateway(gateways: PaymentGateways, provider: PaymentProviderId) {
  return gateways.get(provider as HostedProviderId) ?? null;
}

/**
 * The providers this caller may use in this currency: the configured card and wallet gateways, on account for
 * a trade customer with credit in the currency, and a bank transfer for everyone.
 */
export async function listPaymentProviders(
  db: Db,
  ctx: PaymentContext,
  payer: Payer,
  gateways: PaymentGateways,
): Promise<ProviderSettings[]> {
  const providers: ProviderSettings[] = [...gateways.values()].map((gateway) => ({
    id: gateway.id,
    settings: { ...gateway.settings, kind: "hosted" },
  }));
  if ("customerId" in payer) {
    const credit = await repository.findCredit(db, payer.customerId, ctx.currencyCode);
    if (credit && credit.limitAmount > 0) providers.push(ON_ACCOUNT);
  }
  providers.push(PROFORMA);
  return providers;
}

export function toPayment(row: repository.PaymentRow): Payment {
  return {
    publicPaymentId: row.publicId,
    orderId: row.orderId,
    paymentProviderId: row.provider,
    status: row.status,
    amount: money(row.amount, row.currencyCode),
    redirectUrl: row.status === "created" || row.status === "pending" ? row.redirectUrl : null,
  };
}

/** Moves the order to confirmed and tells who listens that its payment is captured, in the payment's transaction. */
export async function confirmPaidOrder(tx: Db, payment: repository.PaymentRow, actor: TransitionActor) {
  await transition(tx, orderMachine, orders, {
    entityId: payment.orderId,
    from: "awaiting_payment",
    to: "confirmed",
    actor,
    reason: `paid by ${payment.provider}`,
    alsoSet: sql`payment_due_by = null, updated_at = now()`,
  });
  await publishEvent(tx, {
    type: "payment.captured",
    storeId: payment.storeId,
    orderId: payment.orderId,
    paymentId: payment.id,
    amount: payment.amount,
    currency: payment.currencyCode,
  });
}

/**
 * POST /payments: pays the caller's order with a provider. In one transaction holding the order's lock: the
 * order must be the caller's and await payment; the amount and currency must be its grand total (else 400);
 * the provider must be offered to the caller. On account: the credit is used within its limit and the payment
 * captured, confirming the order. Proforma: the payment waits for the transfer, and the order's deadline moves
 * to the invoice's. `repeatsUnfinishedRequest`: the call repeats one whose process died; the attempt it made,
 * if any, is answered again.
 */
export async function createPayment(
  db: Db,
  ctx: PaymentContext,
  payer: Payer,
  body: CreatePaymentBody,
  gateways: PaymentGateways,
  options: { repeatsUnfinishedRequest?: boolean } = {},
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, { storeId: ctx.store.id, orderId: body.orderId });
    const owns =
      order !== null &&
      ("customerId" in payer
        ? order.customerId === payer.customerId
        : payer.anonymousId !== null && order.anonymousId === payer.anonymousId);
    if (!order || !owns) throw new AppError("order_not_found");
    if (body.amount !== order.grandTotal || body.currencyCode !== order.currencyCode) {
      throw new AppError("payment_amount_mismatch", { field: "body.amount" });
    }
    // The same call again after its process died (decision 018): if the first committed, its attempt is the
    // answer, so a lost answer never turns into "already paid" or a second attempt replacing the first.
    if (options.repeatsUnfinishedRequest) {
      const [latest] = await repository.findOrderPayments(tx, order.id, ["created", "pending", "captured"]);
      if (latest && latest.provider === body.paymentProviderId) return toPayment(latest);
    }
    if (order.status !== "awaiting_payment") {
      throw new AppError("order_not_payable", order.status === "cancelled" ? "This order was cancelled" : "This order is already paid");
    }
    const offered = await listPaymentProviders(tx, { ...ctx, currencyCode: order.currencyCode }, payer, gateways);
    if (!offered.some((provider) => provider.id === body.paymentProviderId)) {
      throw new AppError("payment_provider_unavailable", { field: "body.paymentProviderId" });
    }
    const actor: TransitionActor = "customerId" in payer ? { type: "customer", id: payer.customerId } : { type: "anonymous" };
    // The payer's latest choice replaces what they started before (a card page left open, an unpaid invoice).
    await cancelOpenPayments(tx, { orderId: order.id, actor, reason: `replaced by a ${body.paymentProviderId} payment` });
    const payment = await repository.insertPayment(tx, {
      storeId: ctx.store.id,
      orderId: order.id,
      provider: body.paymentProviderId,
      amount: order.grandTotal,
      currencyCode: order.currencyCode,
    });

    if (body.paymentProviderId === "on-account" && "customerId" in payer) {
      const accepted = await repository.useCredit(tx, {
        customerId: payer.customerId,
        currencyCode: order.currencyCode,
        amount: order.grandTotal,
      });
      if (!accepted) {
        const credit = await repository.findCredit(tx, payer.customerId, order.currencyCode);
        const available = credit ? credit.limitAmount - credit.usedAmount : 0;
        throw new AppError(
          "credit_limit_exceeded",
          `This order is more than the ${formatMoney(available, order.currencyCode)} of credit left`,
          {
            field: "body.paymentProviderId",
          },
        );
      }
      await transition(tx, paymentMachine, payments, {
        entityId: payment.id,
        from: "created",
        to: "captured",
        actor,
        reason: "charged to the account",
      });
      await confirmPaidOrder(tx, payment, actor);
      return toPayment({ ...payment, status: "captured" });
    }
    // A gateway: the payment waits for PUT /payments/:id/process to open the gateway's page.
    if (hostedGateway(gateways, body.paymentProviderId)) return toPayment(payment);
    // Proforma invoice: pending until the transfer arrives; the unpaid-order job waits for the invoice's terms.
    await transition(tx, paymentMachine, payments, {
      entityId: payment.id,
      from: "created",
      to: "pending",
      actor,
      reason: "proforma invoice issued",
    });
    await setPaymentDeadline(tx, { orderId: order.id, days: PROFORMA_PAYMENT_DAYS });
    return toPayment({ ...payment, status: "pending" });
  });
}

/**
 * Cancels an order's payments still open (created, or pending at a gateway or for a transfer), in the caller's
 * transaction: the order was cancelled, or the payer chose another way to pay. A gateway that captures one
 * afterwards is recorded and marked for a refund (applyGatewayReportIn).
 */
export async function cancelOpenPayments(tx: Db, input: { orderId: number; actor: TransitionActor; reason: string }) {
  for (const open of await repository.findOrderPayments(tx, input.orderId, ["created", "pending"])) {
    await transition(tx, paymentMachine, payments, {
      entityId: open.id,
      from: open.status,
      to: "cancelled",
      actor: input.actor,
      reason: input.reason,
      alsoSet: sql`updated_at = now()`,
    });
  }
}

function creditAnswer(limit: number, used: number, currencyCode: string) {
  return { limit: money(limit, currencyCode), used: money(used, currencyCode), available: money(limit - used, currencyCode) };
}

/**
 * GET /customers/credits: the signed-in customer's credit in the request currency (zero when they have none),
 * in every currency they have one, and the newest open on-account orders that use it, with their count.
 */
export async function getCustomerCredits(db: Db, ctx: PaymentContext, customerId: number): Promise<CustomerCreditAccount> {
  const [credits, openOrders] = await Promise.all([
    repository.listCredits(db, customerId),
    repository.listOpenCreditOrders(db, { storeId: ctx.store.id, customerId, limit: MAX_CREDIT_OPEN_ORDERS }),
  ]);
  const current = credits.find((credit) => credit.currencyCode === ctx.currencyCode);
  return {
    ...creditAnswer(current?.limitAmount ?? 0, current?.usedAmount ?? 0, ctx.currencyCode),
    currencies: credits.map((credit) => creditAnswer(credit.limitAmount, credit.usedAmount, credit.currencyCode)),
    openOrders: {
      results: openOrders.map((order) => ({
        id: order.id,
        publicId: order.publicId,
        placedAt: new Date(order.placedAt).toISOString(),
        status: order.status,
        amount: money(order.amount, order.currencyCode),
      })),
      total: openOrders[0]?.total ?? 0,
    },
  };
}

/**
 * The merchant saw the bank transfer for an order's proforma invoice: its pending payment is captured and the
 * order confirmed. Confirming again changes nothing.
 */
export async function confirmBankTransfer(tx: Db, input: { orderId: number; actor: TransitionActor }) {
  const [payment] = await repository.findOrderPayments(tx, input.orderId, ["pending", "captured"]);
  if (!payment || payment.provider !== "proforma-invoice") {
    throw new AppError("invalid_state_transition", "This order has no proforma invoice waiting for a transfer");
  }
  if (payment.status === "captured") return;
  await transition(tx, paymentMachine, payments, {
    entityId: payment.id,
    from: "pending",
    to: "captured",
    actor: input.actor,
    reason: "bank transfer received",
  });
  await confirmPaidOrder(tx, payment, input.actor);
}

/** Sets a trade customer's credit limit in a currency; never below what they have already used. */
export async function setCreditLimit(db: Db, input: { storeId: number; customerId: number; currencyCode: string; limitAmount: number }) {
  return db.transaction(async (tx) => {
    const customer = await repository.findStoreCustomer(tx, { storeId: input.storeId, customerId: input.customerId });
    if (!customer) throw new AppError("customer_not_found", "Customer was not found");
    if (!customer.isTrade) throw new AppError("credit_limit_exceeded", "Only trade customers pay on account", { field: "params.id" });
    const updated = await repository.setCreditLimitAtLeastUsed(tx, input);
    if (!updated) {
      throw new AppError("credit_limit_exceeded", "The customer has already used more credit than this limit", {
        field: "body.limitAmount",
      });
    }
    const { limitAmount, usedAmount } = updated;
    return {
      limit: money(limitAmount, input.currencyCode),
      used: money(usedAmount, input.currencyCode),
      available: money(limitAmount - usedAmount, input.currencyCode),
    };
  });
}

/**
 * Applies what a gateway reports about a payment (a verified webhook's news, fetched from the gateway, or a
 * refresh), in the caller's transaction, under the order's and then the payment's row lock (the order that
 * POST /payments takes them in): the transitions `transitionsFor` allows, and on capture the order's
 * confirmation. Repeated or out-of-order reports change nothing twice. A capture for an order no longer
 * awaiting payment (cancelled when its time ran out), or for a payment the payer had replaced, is recorded
 * and marked for a refund, never lost.
 */
export async function applyGatewayReportIn(
  tx: Db,
  input: { paymentId: number; reported: ReportedStatus; reason: string; failureReason?: string },
): Promise<PaymentStatus> {
  const known = await repository.findPaymentById(tx, input.paymentId);
  if (!known) throw new AppError("payment_not_found", "Payment was not found");
  const order = await lockOrder(tx, { storeId: known.storeId, orderId: known.orderId });
  const payment = await repository.lockPayment(tx, input.paymentId);
  if (!payment) throw new AppError("payment_not_found", "Payment was not found");
  const steps = transitionsFor(payment.status, input.reported);
  if (steps.length === 0 && input.reported === "captured" && (payment.status === "cancelled" || payment.status === "failed")) {
    await repository.setFailureReason(tx, payment.id, `captured at the gateway after it was ${payment.status}: refund it`);
    return payment.status;
  }
  const actor: TransitionActor = { type: "system" };
  let from = payment.status;
  for (const to of steps) {
    const failure =
      to === "failed" && input.failureReason ? sql`failure_reason = ${input.failureReason}, updated_at = now()` : sql`updated_at = now()`;
    await transition(tx, paymentMachine, payments, { entityId: payment.id, from, to, actor, reason: input.reason, alsoSet: failure });
    if (to === "captured") {
      if (order?.status === "awaiting_payment") await confirmPaidOrder(tx, payment, actor);
      else {
        await repository.setFailureReason(tx, payment.id, `captured after the order was ${order?.status ?? "removed"}: refund it`);
      }
    }
    from = to;
  }
  return from;
}

/** applyGatewayReportIn in a transaction of its own. */
export function applyGatewayReport(db: Db, input: Parameters<typeof applyGatewayReportIn>[1]) {
  return db.transaction((tx) => applyGatewayReportIn(tx, input));
}

/**
 * Refunds an order's captured payment, in the caller's transaction (the merchant cancelling a paid order).
 * On account: the credit is given back. Proforma invoice: recorded as refunded; the merchant transfers the money
 * back. A gateway's payment is refunded through its gateway, with an idempotency key of the payment's own, so
 * a transaction rolled back after the gateway's refund, and retried, never refunds twice. Nothing captured:
 * nothing to refund.
 */
export async function refundCapturedPayment(
  tx: Db,
  input: { orderId: number; actor: TransitionActor; reason: string },
  gateways: PaymentGateways,
) {
  const [payment] = await repository.findOrderPayments(tx, input.orderId, ["captured"]);
  if (!payment) return null;
  if (payment.provider === "on-account") {
    await repository.giveCreditBack(tx, payment);
  } else if (payment.provider !== "proforma-invoice") {
    const gateway = hostedGateway(gateways, payment.provider);
    if (!gateway || !payment.providerReference) {
      throw new AppError("invalid_state_transition", `${payment.provider} is not configured here: refund this payment in its dashboard`);
    }
    try {
      await gateway.refund({
        reference: payment.providerReference,
        paymentReference: payment.providerPaymentReference,
        amount: payment.amount,
        currencyCode: payment.currencyCode,
        idempotencyKey: `quire-refund-${payment.publicId}`,
      });
    } catch (error) {
      throw gatewayUnavailable(error);
    }
  }
  await transition(tx, paymentMachine, payments, {
    entityId: payment.id,
    from: "captured",
    to: "refunded",
    actor: input.actor,
    reason: input.reason,
    alsoSet: sql`updated_at = now()`,
  });
  return payment;
}

/** A gateway's failure as the API answers it (502), keeping what went wrong for the log. */
export function gatewayUnavailable(error: unknown): AppError {
  const answer = new AppError("payment_gateway_unavailable");
  answer.cause = error;
  return answer;
}

/** The payer's payment by its public id (a guest's through the order's basket id); 404 for anyone else's. */
export async function requirePayersPayment(db: Db, ctx: PaymentContext, payer: Payer, publicId: string) {
  const found = await repository.findPaymentWithBuyer(db, { storeId: ctx.store.id, publicId });
  const owns =
    found !== null &&
    ("customerId" in payer ? found.customerId === payer.customerId : payer.anonymousId !== null && found.anonymousId === payer.anonymousId);
  if (!found || !owns) throw new AppError("payment_not_found");
  return found.payment;
}
