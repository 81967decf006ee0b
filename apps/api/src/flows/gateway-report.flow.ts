import { confirmOrderPaid, lockOrderForChange } from "../modules/orders/order-changes.service";
import type { GatewayPaymentState } from "../modules/payments/gateways/payment-gateway";
import {
  applyReportedState,
  keepPaymentReference,
  lockPayment,
  recordWebhookEvent,
  type PaymentRow,
} from "../modules/payments/payments.service";
import { recordRefund } from "../modules/payments/refunds.service";
import type { MoneyFlowDeps } from "./flow-deps";
import { settleRefund } from "./refund.flow";

/*
 * What a gateway says about a payment, applied (decision 026): a verified webhook, a refresh when the payer
 * comes back, the refresh job, or a page closed after it was paid. The gateway's state was fetched before,
 * outside any transaction; here, in one transaction, the order is locked and then the payment, the order every
 * money path takes its locks in, so a webhook and the payer's refresh arriving together wait for each other
 * instead of deadlocking. A capture confirms an order awaiting payment. A capture the shop no longer wanted (the
 * order was cancelled, or the payer had replaced the attempt) is recorded as a refund in that transaction and
 * given back once it commits; the merchant sees it among the refunds (reason `capture_given_back`).
 */

export interface GatewayNewsOptions {
  /** A verified webhook's event, stored once in the same transaction: a repeated event changes nothing. */
  event?: { provider: string; eventId: string; eventType: string; reference: string | null };
  /** The gateway's id of the money movement, kept for refunds where the gateway refunds by it (Adyen). */
  paymentReference?: string;
}

/** Applies a gateway's state of a payment; the payment as it then stands. */
export async function applyGatewayNews(
  deps: MoneyFlowDeps,
  payment: PaymentRow,
  state: GatewayPaymentState,
  reason: string,
  options: GatewayNewsOptions = {},
): Promise<PaymentRow> {
  const applied = await deps.db.transaction(async (tx) => {
    if (options.event && !(await recordWebhookEvent(tx, options.event))) return { payment: null, refundId: null };
    const order = await lockOrderForChange(tx, { storeId: payment.storeId, orderId: payment.orderId });
    const locked = await lockPayment(tx, payment.id);
    if (!order || !locked) return { payment: null, refundId: null };
    if (options.paymentReference) await keepPaymentReference(tx, { paymentId: locked.id, paymentReference: options.paymentReference });
    const result = await applyReportedState(tx, locked, { reported: state.status, reason, failureReason: state.failureReason });
    const now = { ...locked, status: result.status };
    if (result.capturedNow && order.status === "awaiting_payment") {
      await confirmOrderPaid(tx, locked, { type: "system" });
      return { payment: now, refundId: null };
    }
    if (!result.capturedNow && !result.unwantedCapture) return { payment: now, refundId: null };
    // Money the shop no longer wanted: the order is no longer waiting for it, or this attempt was replaced.
    const refund = await recordRefund(tx, {
      payment: now,
      reason: "capture_given_back",
      source: `capture:${locked.id}`,
      amount: locked.amount,
    });
    return { payment: now, refundId: refund.status === "pending" ? refund.id : null };
  });
  if (applied.refundId !== null) {
    deps.log?.warn(
      {
        paymentId: payment.id,
        orderId: payment.orderId,
        provider: payment.provider,
        amount: payment.amount,
        currency: payment.currencyCode,
      },
      "payment: a capture the shop no longer wanted is given back",
    );
    await settleRefund(deps, applied.refundId, { type: "system" });
  }
  return applied.payment ?? payment;
}
