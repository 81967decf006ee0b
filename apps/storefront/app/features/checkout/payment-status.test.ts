import type { Order, OrderRefund, OrderStatus } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { paymentStatusText } from "./payment-status";

/** An order of £20.00 with these refunds. */
const order = (status: OrderStatus, refunds: OrderRefund[] = []): Pick<Order, "status" | "refunds" | "grandTotal"> => ({
  status,
  refunds,
  grandTotal: { amount: 2000, currencyCode: "GBP" },
});
const refund = (amount: number, status: OrderRefund["status"] = "succeeded"): OrderRefund => ({
  reason: "return",
  status,
  amount: { amount, currencyCode: "GBP" },
  createdAt: "2026-11-20T10:00:00.000Z",
});

describe("an order's payment status, as its buyer reads it", () => {
  it("waits for a bank transfer against a proforma invoice, or for a payment otherwise", () => {
    expect(paymentStatusText(order("awaiting_payment"), "proforma-invoice")).toEqual({
      label: "Awaiting your bank transfer",
      tone: "waiting",
    });
    expect(paymentStatusText(order("awaiting_payment"), "stripe")).toEqual({ label: "Awaiting payment", tone: "waiting" });
    expect(paymentStatusText(order("awaiting_payment"), null)).toEqual({ label: "Awaiting payment", tone: "waiting" });
  });

  it("is paid once the order is confirmed and after, on account when charged to it", () => {
    expect(paymentStatusText(order("confirmed"), "on-account").label).toBe("Paid on account");
    expect(paymentStatusText(order("shipped"), null).label).toBe("Paid");
    expect(paymentStatusText(order("delivered"), "paypal").tone).toBe("success");
  });

  it("says when the order was cancelled", () => {
    expect(paymentStatusText(order("cancelled"), "proforma-invoice")).toEqual({ label: "Cancelled", tone: "cancelled" });
  });

  it("no longer says Paid once money came back: part of it, then all of it; a refund still on its way does not count", () => {
    expect(paymentStatusText(order("delivered", [refund(499)]), "stripe")).toEqual({ label: "Paid, £4.99 refunded", tone: "success" });
    expect(paymentStatusText(order("delivered", [refund(499), refund(1501)]), "stripe")).toEqual({ label: "Refunded", tone: "refunded" });
    expect(paymentStatusText(order("delivered", [refund(2000, "pending")]), "stripe").label).toBe("Paid");
  });
});
