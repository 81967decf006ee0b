import type { LatestPayment, OrderStatus, PaymentProviderId } from "@quire/contracts";
import { t } from "~/features/i18n/messages/account";

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

/** How the order is paid, by name. */
export function paymentMethodName(provider: PaymentProviderId): string {
  return METHOD_NAMES[provider];
}

/** Where the order's latest payment stands, in the customer's words; none yet: "Not paid yet". */
export function paymentStateLabel(payment: LatestPayment | null): string {
  if (!payment) return t("account.payment_state.not_paid");
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
