import { ORDER_STATUSES, PAYMENT_STATUSES } from "@quire/contracts/constants";
import { describe, expect, it } from "vitest";
import { customerMayCancel, hasProformaInvoice, orderStatusText, paymentStateLabel, refundText } from "./order-status";

const payment = (paymentProviderId: "proforma-invoice" | "on-account" | "stripe", status: (typeof PAYMENT_STATUSES)[number]) => ({
  publicPaymentId: "pay_0123456789012345678901",
  paymentProviderId,
  status,
});

describe("orderStatusText", () => {
  it("names every status in the customer's words", () => {
    expect(ORDER_STATUSES.map((status) => orderStatusText(status).label)).toEqual([
      "Awaiting payment",
      "Confirmed",
      "Shipped",
      "Delivered",
      "Cancelled",
    ]);
  });
});

describe("customerMayCancel", () => {
  it("offers the customer's own cancel only while the order awaits payment, as the API allows", () => {
    expect(ORDER_STATUSES.filter(customerMayCancel)).toEqual(["awaiting_payment"]);
  });
});

describe("paymentStateLabel", () => {
  it("says where the latest payment stands", () => {
    expect(paymentStateLabel(null)).toBe("Not paid yet");
    expect(paymentStateLabel(payment("proforma-invoice", "pending"))).toBe("Awaiting your bank transfer");
    expect(paymentStateLabel(payment("stripe", "created"))).toBe("Awaiting payment");
    expect(paymentStateLabel(payment("on-account", "captured"))).toBe("Paid on account");
    expect(paymentStateLabel(payment("stripe", "captured"))).toBe("Paid");
    expect(paymentStateLabel(payment("stripe", "failed"))).toBe("Payment failed");
    expect(paymentStateLabel(payment("proforma-invoice", "cancelled"))).toBe("Payment cancelled");
    expect(paymentStateLabel(payment("stripe", "refunded"))).toBe("Refunded");
  });
});

describe("a paid order's refunds", () => {
  const refund = (status: "succeeded" | "pending" | "owed" | "failed", amount: number) => ({
    reason: "return" as const,
    status,
    amount: { amount, currencyCode: "GBP" },
    createdAt: "2026-11-29T10:00:00.000Z",
  });

  it("turn Paid into Refunded once all the money is back, and say how much when part of it is", () => {
    const paid = payment("stripe", "captured");
    expect(paymentStateLabel(paid, [refund("succeeded", 2499)], 2499)).toBe("Refunded");
    expect(paymentStateLabel(paid, [refund("succeeded", 499), refund("succeeded", 500)], 2499)).toBe("Paid, £9.99 refunded");
    // Money not back yet does not count.
    expect(paymentStateLabel(paid, [refund("pending", 2499)], 2499)).toBe("Paid");
  });

  it("are each said in the customer's words", () => {
    expect(refundText(refund("succeeded", 499))).toBe("£4.99 refunded");
    expect(refundText(refund("pending", 499))).toBe("£4.99 on its way back to you");
    expect(refundText(refund("owed", 499))).toBe("£4.99 to be paid back to you by bank transfer");
    expect(refundText(refund("failed", 499))).toBe("£4.99 to give back: the shop is seeing to it");
  });
});

describe("hasProformaInvoice", () => {
  it("offers the proforma invoice while its bank transfer is awaited, and not once paid or cancelled", () => {
    expect(hasProformaInvoice("awaiting_payment", payment("proforma-invoice", "pending"))).toBe(true);
    expect(hasProformaInvoice("confirmed", payment("proforma-invoice", "captured"))).toBe(false);
    expect(hasProformaInvoice("cancelled", payment("proforma-invoice", "cancelled"))).toBe(false);
    expect(hasProformaInvoice("awaiting_payment", payment("stripe", "created"))).toBe(false);
    expect(hasProformaInvoice("awaiting_payment", null)).toBe(false);
  });
});
