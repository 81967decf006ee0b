import { describe, expect, it } from "vitest";
import { addedTax, computeCheckoutTotals, includedTax, type CheckoutTotalsInput } from "./checkout-totals";

const UK = { books: 0, standard: 2000 };
const base = (overrides: Partial<CheckoutTotalsInput> = {}): CheckoutTotalsInput => ({
  currencyCode: "GBP",
  pricesIncludeTax: true,
  parts: [{ lineItemId: 1, taxClass: "books", amount: 2000 }],
  discounts: [],
  delivery: null,
  taxRates: UK,
  ...overrides,
});

describe("checkout totals", () => {
  it("takes tax out of a tax-inclusive price and adds it to a tax-exclusive one", () => {
    expect(includedTax(1200, 2000)).toBe(200);
    expect(addedTax(1000, 2000)).toBe(200);
    expect(includedTax(999, 2000)).toBe(167); // 166.5 rounds half up
  });

  it("charges no VAT on UK books, and 20% inside the price of gift wrap", () => {
    const totals = computeCheckoutTotals(
      base({
        parts: [
          { lineItemId: 1, taxClass: "books", amount: 1999 },
          { lineItemId: 1, taxClass: "standard", amount: 300 },
        ],
      }),
    );
    expect(totals.subTotal.amount).toBe(2299);
    expect(totals.taxes.amount.amount).toBe(50);
    expect(totals.taxes.included).toBe(true);
    expect(totals.grandTotal.amount).toBe(2299);
  });

  it("knows the part of the tax charged on the delivery, added on top or inside the charge", () => {
    const us = computeCheckoutTotals(
      base({
        currencyCode: "USD",
        pricesIncludeTax: false,
        parts: [{ lineItemId: 1, taxClass: "books", amount: 899 }],
        delivery: { amount: 500, freeOverAmount: null },
        taxRates: { books: 600, standard: 600 },
      }),
    );
    expect(us.taxes.amount.amount).toBe(84); // 53.94 on the book, rounded to 54, and 30 on the delivery
    expect(us.deliveryTax.amount).toBe(30);
    expect(us.grandTotal.amount).toBe(899 + 500 + 84);
    const uk = computeCheckoutTotals(
      base({
        parts: [
          { lineItemId: 1, taxClass: "books", amount: 1000 },
          { lineItemId: 2, taxClass: "standard", amount: 1000 },
        ],
        delivery: { amount: 400, freeOverAmount: null },
      }),
    );
    // Delivery follows the goods: half zero-rated, half at 20% inside the price (200 of the 400: 33).
    expect(uk.deliveryTax.amount).toBe(33);
    expect(uk.taxes.amount.amount).toBe(167 + 33);
  });

  it("adds US sales tax to the total when prices exclude it", () => {
    const totals = computeCheckoutTotals(
      base({
        currencyCode: "USD",
        pricesIncludeTax: false,
        taxRates: { books: 600, standard: 600 },
        delivery: { amount: 1299, freeOverAmount: null },
      }),
    );
    // 6% of the book (120) and of the delivery (77.94 → 78).
    expect(totals.taxes.amount.amount).toBe(198);
    expect(totals.grandTotal.amount).toBe(2000 + 1299 + 198);
  });

  it("applies a percentage code before a fixed one, and never takes more than the goods", () => {
    const totals = computeCheckoutTotals(
      base({
        discounts: [
          { code: "FIVE", kind: "fixed_amount", amountOff: 5000 },
          { code: "TEN", kind: "percentage", basisPoints: 1000 },
        ],
      }),
    );
    expect(totals.discounts.map((d) => [d.code, d.amount.amount])).toEqual([
      ["TEN", 200],
      ["FIVE", 1800],
    ]);
    expect(totals.goodsTotal.amount).toBe(0);
    expect(totals.grandTotal.amount).toBe(0);
  });

  it("ships free over the threshold, judged on the goods after money off", () => {
    const delivery = { amount: 395, freeOverAmount: 3000 };
    expect(
      computeCheckoutTotals(base({ parts: [{ lineItemId: 1, taxClass: "books", amount: 3000 }], delivery })).deliveryCharge?.amount,
    ).toBe(0);
    const discounted = computeCheckoutTotals(
      base({
        parts: [{ lineItemId: 1, taxClass: "books", amount: 3000 }],
        delivery,
        discounts: [{ code: "TEN", kind: "percentage", basisPoints: 1000 }],
      }),
    );
    expect(discounted.deliveryCharge?.amount).toBe(395);
    expect(discounted.grandTotal.amount).toBe(2700 + 395);
  });

  it("waives the delivery charge with a free-delivery code and reports what it saved", () => {
    const totals = computeCheckoutTotals(
      base({ delivery: { amount: 695, freeOverAmount: null }, discounts: [{ code: "FREEPOST", kind: "free_delivery" }] }),
    );
    expect(totals.deliveryCharge?.amount).toBe(0);
    expect(totals.discounts).toEqual([{ code: "FREEPOST", kind: "free_delivery", amount: { amount: 695, currencyCode: "GBP" } }]);
    expect(totals.goodsDiscount.amount).toBe(0);
  });

  it("taxes delivery in proportion to the goods it carries: none with books alone, some with gift wrap", () => {
    const delivery = { amount: 400, freeOverAmount: null };
    expect(computeCheckoutTotals(base({ delivery })).taxes.amount.amount).toBe(0);
    const mixed = computeCheckoutTotals(
      base({
        delivery,
        parts: [
          { lineItemId: 1, taxClass: "books", amount: 1500 },
          { lineItemId: 1, taxClass: "standard", amount: 500 },
        ],
      }),
    );
    // Wrap: 500 incl. VAT → 83; its quarter of delivery (100) → 17.
    expect(mixed.taxes.amount.amount).toBe(83 + 17);
  });

  it("keeps every total whole and the parts adding up, whatever the discounts", () => {
    for (let seed = 1; seed < 200; seed++) {
      const parts = Array.from({ length: 1 + (seed % 5) }, (_, index) => ({
        lineItemId: index + 1,
        taxClass: (index + seed) % 2 === 0 ? ("books" as const) : ("standard" as const),
        amount: ((seed * 7919 + index * 104729) % 9000) + 1,
      }));
      const totals = computeCheckoutTotals(
        base({
          parts,
          discounts: [{ code: "P", kind: "percentage", basisPoints: (seed * 37) % 10_000 }],
          delivery: { amount: seed % 700, freeOverAmount: null },
        }),
      );
      expect(totals.partTotals.reduce((sum, part) => sum + part.amount, 0)).toBe(totals.goodsTotal.amount);
      expect(totals.grandTotal.amount).toBe(totals.goodsTotal.amount + (totals.deliveryCharge?.amount ?? 0));
      expect(totals.taxes.amount.amount).toBeLessThanOrEqual(totals.grandTotal.amount);
      expect(totals.partTotals.every((part) => part.amount >= 0 && Number.isInteger(part.amount))).toBe(true);
    }
  });
});
