import type { Order, PaymentProviderId } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { refundedAmount } from "~/features/account/order-status";
import { t } from "~/lib/i18n/messages/checkout-page";

export interface PaymentStatusText {
  label: string;
  tone: "success" | "waiting" | "cancelled" | "refunded";
}

/**
 * An order's payment as its buyer reads it, wherever a placed order is shown (the thank-you page, a guest's order
 * link). The order answer carries its status, its refunds and its latest payment's id only, so the provider is
 * what this browser chose or the latest payment's (null when unknown): it tells a bank transfer still awaited
 * from a card payment still being processed. Money given back changes what a paid order says, as in the account:
 * "Refunded" once all of it is back, "Paid, £4.99 refunded" for part of it.
 */
export function paymentStatusText(
  order: Pick<Order, "status" | "refunds" | "grandTotal">,
  provider: PaymentProviderId | null,
): PaymentStatusText {
  if (order.status === "cancelled") return { label: t("checkout.payment_status.cancelled"), tone: "cancelled" };
  if (order.status === "awaiting_payment") {
    return {
      label: provider === "proforma-invoice" ? t("checkout.payment_status.awaiting_transfer") : t("checkout.payment_status.awaiting"),
      tone: "waiting",
    };
  }
  const refunded = refundedAmount(order.refunds);
  if (refunded >= order.grandTotal.amount && refunded > 0) return { label: t("checkout.payment_status.refunded"), tone: "refunded" };
  if (refunded > 0) {
    return {
      label: t("checkout.payment_status.partly_refunded", { amount: formatMoney(refunded, order.grandTotal.currencyCode) }),
      tone: "success",
    };
  }
  return {
    label: provider === "on-account" ? t("checkout.payment_status.paid_on_account") : t("checkout.payment_status.paid"),
    tone: "success",
  };
}
