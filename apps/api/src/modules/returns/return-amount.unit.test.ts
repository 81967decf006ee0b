import { describe, expect, it } from "vitest";
import { returnAmount } from "./returns.service";

// What a returned line gives back (decision 032): its share of what was paid for the goods. Delivery is not
// refunded, and neither is the tax charged on it.

describe("a return's amount", () => {
  it("gives back the goods and their tax, not the tax on the delivery, where tax is added on top (USD)", () => {
    // A $8.99 book, $5.00 delivery, 6% on both: $0.54 on the book, $0.30 on the delivery, $14.83 in all.
    const order = { subTotal: 899, deliveryCharge: 500, deliveryTax: 30, pricesIncludeTax: false, grandTotal: 1483 };
    expect(returnAmount(order, { quantity: 1, total: 899 }, 1)).toBe(953);
  });

  it("gives back the goods where prices include tax: the delivery charge already holds its own (GBP)", () => {
    const order = { subTotal: 2000, deliveryCharge: 400, deliveryTax: 33, pricesIncludeTax: true, grandTotal: 2400 };
    expect(returnAmount(order, { quantity: 2, total: 1000 }, 1)).toBe(500);
    expect(returnAmount(order, { quantity: 1, total: 1000 }, 1)).toBe(1000);
  });

  it("shares a discount by line value and never gives back more than was paid for the goods", () => {
    const order = { subTotal: 3000, deliveryCharge: 0, deliveryTax: 0, pricesIncludeTax: false, grandTotal: 2862 };
    const parts = [returnAmount(order, { quantity: 1, total: 1000 }, 1), returnAmount(order, { quantity: 1, total: 2000 }, 1)];
    expect(parts).toEqual([954, 1908]);
    expect(parts[0]! + parts[1]!).toBeLessThanOrEqual(2862);
  });
});
