import { describe, expect, it } from "vitest";
import type { CustomerCredits, PaymentProvider } from "./checkout-types";
import { isBeyondCredit } from "./credit-cover";

const provider = (kind: PaymentProvider["settings"]["kind"]): PaymentProvider => ({
  id: kind === "on_account" ? "on-account" : "stripe",
  settings: { name: "x", description: "", kind, cardBrands: [] },
});
const gbp = (amount: number) => ({ amount, currencyCode: "GBP" });
const credits = (available: number): Pick<CustomerCredits, "available"> => ({ available: gbp(available) });

describe("pay on account beyond the credit left", () => {
  it("is unavailable when the credit left is less than the order, and available when it covers it exactly", () => {
    expect(isBeyondCredit(provider("on_account"), credits(96_103), gbp(99_960))).toBe(true);
    expect(isBeyondCredit(provider("on_account"), credits(99_960), gbp(99_960))).toBe(false);
  });

  it("leaves other providers, and unknown credit, alone", () => {
    expect(isBeyondCredit(provider("hosted"), credits(0), gbp(99_960))).toBe(false);
    expect(isBeyondCredit(provider("on_account"), null, gbp(99_960))).toBe(false);
  });
});
