import { describe, expect, it } from "vitest";
import { paymentStatusText } from "./payment-status";

describe("an order's payment status, as its buyer reads it", () => {
  it("waits for a bank transfer against a proforma invoice, or for a payment otherwise", () => {
    expect(paymentStatusText("awaiting_payment", "proforma-invoice")).toEqual({ label: "Awaiting your bank transfer", tone: "waiting" });
    expect(paymentStatusText("awaiting_payment", "stripe")).toEqual({ label: "Awaiting payment", tone: "waiting" });
    expect(paymentStatusText("awaiting_payment", null)).toEqual({ label: "Awaiting payment", tone: "waiting" });
  });

  it("is paid once the order is confirmed and after, on account when charged to it", () => {
    expect(paymentStatusText("confirmed", "on-account").label).toBe("Paid on account");
    expect(paymentStatusText("shipped", null).label).toBe("Paid");
    expect(paymentStatusText("delivered", "paypal").tone).toBe("success");
  });

  it("says when the order was cancelled", () => {
    expect(paymentStatusText("cancelled", "proforma-invoice")).toEqual({ label: "Cancelled", tone: "cancelled" });
  });
});
