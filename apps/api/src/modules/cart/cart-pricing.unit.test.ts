import { money } from "@quire/money";
import { describe, expect, it } from "vitest";
import { lineTotalOf, minimumOrderOf, subTotalOf, unitAmountAt } from "./cart-pricing";

describe("unitAmountAt", () => {
  const tiers = [
    { minQuantity: 5, amount: 1800 },
    { minQuantity: 10, amount: 1500 },
  ];

  it("uses the list price below the first break and each break from its minimum on", () => {
    expect([1, 4, 5, 9, 10, 999].map((quantity) => unitAmountAt(2000, tiers, quantity))).toEqual([2000, 2000, 1800, 1800, 1500, 1500]);
  });

  it("never charges more per unit for buying more: a sale below a break wins", () => {
    expect(unitAmountAt(1700, tiers, 5)).toBe(1700);
    expect(unitAmountAt(1700, tiers, 10)).toBe(1500);
  });
});

describe("totals", () => {
  it("prices add-ons per unit of the line", () => {
    expect(lineTotalOf(money(1000, "GBP"), [money(250, "GBP"), money(150, "GBP")], 3)).toEqual(money(4200, "GBP"));
    expect(lineTotalOf(money(1000, "GBP"), [], 2)).toEqual(money(2000, "GBP"));
  });

  it("leaves lines without a total out of the subtotal", () => {
    expect(subTotalOf([money(100, "EUR"), null, money(250, "EUR")], "EUR")).toEqual(money(350, "EUR"));
    expect(subTotalOf([], "EUR")).toEqual(money(0, "EUR"));
  });

  it("meets the minimum order from its amount on, and has none in a currency without one", () => {
    const minimums = [{ currencyCode: "GBP", amount: 2500 }];
    expect(minimumOrderOf(minimums, money(2499, "GBP"))).toEqual({ amount: 2500, currencyCode: "GBP", isMet: false });
    expect(minimumOrderOf(minimums, money(2500, "GBP"))).toEqual({ amount: 2500, currencyCode: "GBP", isMet: true });
    expect(minimumOrderOf(minimums, money(9999, "EUR"))).toBeNull();
  });
});
