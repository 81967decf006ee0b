import { describe, expect, it } from "vitest";
import type { DiscountCodeRow } from "./checkout.repository";
import { refuseCombination, refuseDiscountCode } from "./discount-rules";

const code = (overrides: Partial<DiscountCodeRow> = {}): DiscountCodeRow => ({
  id: 1,
  code: "TEN",
  kind: "percentage",
  basisPoints: 1000,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  timesUsed: 0,
  isActive: true,
  amountOff: null,
  minimumSpend: null,
  ...overrides,
});
const now = new Date("2026-06-01T12:00:00Z");
const refusal = (row: DiscountCodeRow, input: Partial<{ goodsSubTotal: number; usesByCustomer: number; currencyCode: string }> = {}) =>
  refuseDiscountCode(row, { now, currencyCode: "GBP", goodsSubTotal: 5000, usesByCustomer: 0, ...input })?.code ?? null;

describe("when a discount code may be used", () => {
  it("while active, from its start to before its end", () => {
    expect(refusal(code())).toBeNull();
    expect(refusal(code({ isActive: false }))).toBe("discount_code_invalid");
    expect(refusal(code({ startsAt: new Date("2026-06-01T12:00:01Z") }))).toBe("discount_code_not_started");
    expect(refusal(code({ startsAt: now }))).toBeNull();
    expect(refusal(code({ endsAt: now }))).toBe("discount_code_expired");
    expect(refusal(code({ endsAt: new Date("2026-06-01T12:00:01Z") }))).toBeNull();
  });

  it("when the goods reach its minimum spend in the currency, named in the message", () => {
    const row = code({ minimumSpend: 4000 });
    expect(refusal(row, { goodsSubTotal: 3999 })).toBe("discount_code_minimum_not_met");
    expect(refuseDiscountCode(row, { now, currencyCode: "GBP", goodsSubTotal: 3999, usesByCustomer: 0 })?.message).toBe(
      "Spend at least £40.00 to use this discount code",
    );
    expect(refusal(row, { goodsSubTotal: 4000 })).toBeNull();
  });

  it("while uses are left, in all and for this customer", () => {
    expect(refusal(code({ usageLimit: 5, timesUsed: 4 }))).toBeNull();
    expect(refusal(code({ usageLimit: 5, timesUsed: 5 }))).toBe("discount_code_used_up");
    expect(refusal(code({ perCustomerLimit: 1 }), { usesByCustomer: 1 })).toBe("discount_code_already_used");
    expect(refusal(code({ perCustomerLimit: 2 }), { usesByCustomer: 1 })).toBeNull();
  });

  it("a fixed amount only in a currency it has an amount in", () => {
    expect(refusal(code({ kind: "fixed_amount", basisPoints: null, amountOff: null }), { currencyCode: "USD" })).toBe(
      "discount_code_invalid",
    );
    expect(refusal(code({ kind: "fixed_amount", basisPoints: null, amountOff: 500 }))).toBeNull();
  });

  it("beside one free-delivery code and at most one money-off code", () => {
    const percentage = code({ id: 1, code: "TEN" });
    const fixed = code({ id: 2, code: "FIVE", kind: "fixed_amount", basisPoints: null, amountOff: 500 });
    const post = code({ id: 3, code: "POST", kind: "free_delivery", basisPoints: null });
    const post2 = code({ id: 4, code: "POST2", kind: "free_delivery", basisPoints: null });
    expect(refuseCombination(fixed, [percentage])?.code).toBe("discount_code_not_combinable");
    expect(refuseCombination(fixed, [percentage])?.message).toBe("Only one money-off code can be used per order: remove TEN to use FIVE");
    expect(refuseCombination(post, [percentage])).toBeNull();
    expect(refuseCombination(percentage, [post])).toBeNull();
    expect(refuseCombination(post2, [post, percentage])?.code).toBe("discount_code_not_combinable");
    // Applying a code already on the basket again is not a clash.
    expect(refuseCombination(percentage, [percentage])).toBeNull();
  });
});
