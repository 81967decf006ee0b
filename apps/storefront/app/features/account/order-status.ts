import type { LatestPayment, OrderStatus, PaymentProviderId } from "@quire/contracts";

/*
 * An order's status and payment in the customer's words (the account's order pages). Plain data, no zod: the
 * components read it in the browser too.
 */

export type StatusTone = "waiting" | "progress" | "done" | "cancelled";

const STATUS_TEXT: Record<OrderStatus, { label: string; tone: StatusTone }> = {
  awaiting_payment: { label: "Awaiting payment", tone: "waiting" },
  confirmed: { label: "Confirmed", tone: "progress" },
  shipped: { label: "Shipped", tone: "progress" },
  delivered: { label: "Delivered", tone: "done" },
  cancelled: { label: "Cancelled", tone: "cancelled" },
};

/** What the customer reads for an order's status, and how it is coloured. */
export function orderStatusText(status: OrderStatus): { label: string; tone: StatusTone } {
  return STATUS_TEXT[status];
}

/**
 * Whether the customer may cancel the order themselves: only while it awaits payment (the API's rule in
 * apps/api/src/modules/orders/order-cancellation.ts; once paid, the shop cancels and refunds). The API still
 * decides: a cancellation it refuses comes back as a toast.
 */
export function customerMayCancel(status: OrderStatus): boolean {
  return status === "awaiting_payment";
}

const METHOD_NAMES: Record<PaymentProviderId, string> = {
  stripe: "Card",
  adyen: "Card",
  paypal: "PayPal",
  mollie: "Mollie",
  "on-account": "On account",
  "proforma-invoice": "Bank transfer (proforma invoice)",
};

/** How the order is paid, by name. */
export function paymentMethodName(provider: PaymentProviderId): string {
  return METHOD_NAMES[provider];
}

/** Where the order's latest payment stands, in the customer's words; none yet: "Not paid yet". */
export function paymentStateLabel(payment: LatestPayment | null): string {
  if (!payment) return "Not paid yet";
  switch (payment.status) {
    case "created":
    case "pending":
      return payment.paymentProviderId === "proforma-invoice" ? "Awaiting your bank transfer" : "Awaiting payment";
    case "captured":
      return payment.paymentProviderId === "on-account" ? "Paid on account" : "Paid";
    case "failed":
      return "Payment failed";
    case "cancelled":
      return "Payment cancelled";
    case "refunded":
      return "Refunded";
  }
}

/** Whether the order's proforma invoice is there to pay it by: a bank transfer still awaited (as after checkout). */
export function hasProformaInvoice(status: OrderStatus, payment: LatestPayment | null): boolean {
  return status === "awaiting_payment" && payment?.paymentProviderId === "proforma-invoice";
}
