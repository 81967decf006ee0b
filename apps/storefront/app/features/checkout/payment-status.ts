import type { OrderStatus, PaymentProviderId } from "@quire/contracts";
import { t } from "~/lib/i18n/messages/checkout-page";

export interface PaymentStatusText {
  label: string;
  tone: "success" | "waiting" | "cancelled";
}

/**
 * An order's payment as its buyer reads it. The order answer carries its status and its latest payment's id
 * only, so the provider is what this browser chose (null when it does not know): it tells a bank transfer
 * still awaited from a card payment still being processed.
 */
export function paymentStatusText(status: OrderStatus, provider: PaymentProviderId | null): PaymentStatusText {
  if (status === "cancelled") return { label: t("checkout.payment_status.cancelled"), tone: "cancelled" };
  if (status === "awaiting_payment") {
    return {
      label: provider === "proforma-invoice" ? t("checkout.payment_status.awaiting_transfer") : t("checkout.payment_status.awaiting"),
      tone: "waiting",
    };
  }
  return {
    label: provider === "on-account" ? t("checkout.payment_status.paid_on_account") : t("checkout.payment_status.paid"),
    tone: "success",
  };
}
