import type { LatestPayment, OrderRefund, OrderStatus, PaymentProviderId } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { t } from "~/lib/i18n/messages/account";

/*
 * An order's status and payment in the customer's words (the account's order pages). Plain data, no zod: the
 * components read it in the browser too.
 */

export type StatusTone = "waiting" | "progress" | "done" | "cancelled";

const STATUS_TEXT: Record<OrderStatus, { label: string; tone: StatusTone }> = {
  awaiting_payment: { label: t("account.order_status.awaiting_payment"), tone: "waiting" },
  confirmed: { label: t("account.order_status.confirmed"), tone: "progress" },
  shipped: { label: t("account.order_status.shipped"), tone: "progress" },
  delivered: { label: t("account.order_status.delivered"), tone: "done" },
  cancelled: { label: t("account.order_status.cancelled"), tone: "cancelled" },
};

/** What the customer reads for an order's status, and how it is coloured. */
export function orderStatusText(status: OrderStatus): { label: string; tone: StatusTone } {
  return STATUS_TEXT[status];
}

/**
 * Whether the customer may cancel the order themselves: only while it awaits payment (the API's rule in
 * apps/api/src/flows/cancel-order.flow.ts; once paid, the shop cancels and refunds). The API still
 * decides: a cancellation it refuses comes back as a toast.
 */
export function customerMayCancel(status: OrderStatus): boolean {
  return status === "awaiting_payment";
}

const METHOD_NAMES: Record<PaymentProviderId, string> = {
  stripe: t("account.payment_method.card"),
  adyen: t("account.payment_method.card"),
  paypal: t("account.payment_method.paypal"),
  mollie: t("account.payment_method.mollie"),
  "on-account": t("account.payment_method.on_account"),
  "proforma-invoice": t("account.payment_method.proforma_invoice"),
};

const REFUND_STATES: Record<OrderRefund["status"], Parameters<typeof t>[0]> = {
  succeeded: "account.refund.succeeded",
  pending: "account.refund.pending",
  owed: "account.refund.owed",
  failed: "account.refund.failed",
};

/** One refund in the customer's words: "£4.99 refunded", "£4.99 on its way back to you"... */
export function refundText(refund: OrderRefund): string {
  return t(REFUND_STATES[refund.status], { amount: formatMoney(refund.amount.amount, refund.amount.currencyCode) });
}

/** The money given back so far: the refunds that succeeded, in the order's currency's minor units. */
export function refundedAmount(refunds: readonly OrderRefund[]): number {
  return refunds.filter((refund) => refund.status === "succeeded").reduce((sum, refund) => sum + refund.amount.amount, 0);
}

/** How the order is paid, by name. */
export function paymentMethodName(provider: PaymentProviderId): string {
  return METHOD_NAMES[provider];
}

/**
 * Where the order's latest payment stands, in the customer's words; none yet: "Not paid yet". Money given back
 * changes what a paid order says: "Refunded" once all of it is back, "Paid, £4.99 refunded" for part of it.
 */
export function paymentStateLabel(payment: LatestPayment | null, refunds: readonly OrderRefund[] = [], grandTotal?: number): string {
  if (!payment) return t("account.payment_state.not_paid");
  const refunded = refundedAmount(refunds);
  if (payment.status === "captured" && refunded > 0) {
    const currencyCode = refunds[0]!.amount.currencyCode;
    return grandTotal !== undefined && refunded >= grandTotal
      ? t("account.payment_state.refunded")
      : t("account.payment_state.partly_refunded", { amount: formatMoney(refunded, currencyCode) });
  }
  switch (payment.status) {
    case "created":
    case "pending":
      return payment.paymentProviderId === "proforma-invoice"
        ? t("account.payment_state.awaiting_transfer")
        : t("account.payment_state.awaiting");
    case "captured":
      return payment.paymentProviderId === "on-account" ? t("account.payment_state.paid_on_account") : t("account.payment_state.paid");
    case "failed":
      return t("account.payment_state.failed");
    case "cancelled":
      return t("account.payment_state.cancelled");
    case "refunded":
      return t("account.payment_state.refunded");
  }
}

/** Whether the order's proforma invoice is there to pay it by: a bank transfer still awaited (as after checkout). */
export function hasProformaInvoice(status: OrderStatus, payment: LatestPayment | null): boolean {
  return status === "awaiting_payment" && payment?.paymentProviderId === "proforma-invoice";
}
