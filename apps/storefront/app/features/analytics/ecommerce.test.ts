import type { AnalyticsItem } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { buildEcommerceEvent, toCurrencyUnits } from "./ecommerce";

const crumbs = (depth: number) =>
  Array.from({ length: depth }, (_, index) => ({ id: index + 1, slug: `c${index + 1}`, name: `Level ${index + 1}` }));

const paperback: AnalyticsItem = {
  productVariantId: 11,
  productId: 7,
  sku: "PP-PB",
  productName: "Pride and Prejudice",
  variantName: "Paperback",
  isMaster: false,
  price: { amount: 900, originalPrice: 1200, lowestPriorPrice: 1200, currencyCode: "GBP" },
  categories: crumbs(3),
};
const hardback: AnalyticsItem = { ...paperback, productVariantId: 12, sku: "PP-HB", variantName: "Hardback", isMaster: true, price: null };
const items = new Map([
  [paperback.productVariantId, paperback],
  [hardback.productVariantId, hardback],
]);

describe("buildEcommerceEvent", () => {
  it("reports each line as an analytics product item, in currency units, with the lines' total as the value", () => {
    const event = buildEcommerceEvent("add_to_cart", { currency: "GBP", items, lines: [{ variantId: 11, quantity: 3 }] });
    expect(event).toEqual({
      event: "add_to_cart",
      ecommerce: {
        currency: "GBP",
        value: 27,
        items: [
          {
            id: 7,
            sku: "PP-PB",
            name: "Pride and Prejudice",
            quantity: 3,
            variants: [{ sku: "PP-PB", name: "Paperback", isMaster: false, basePrice: 9, discount: 3 }],
            price: { originalPrice: 12 },
            categories: [
              { id: 1, name: "Level 1" },
              { id: 2, name: "Level 2" },
              { id: 3, name: "Level 3" },
            ],
          },
        ],
      },
    });
  });

  it("uses a line's own price over the catalogue's, and reports a hidden price as 0", () => {
    const event = buildEcommerceEvent("view_cart", {
      currency: "GBP",
      items,
      lines: [
        { variantId: 11, quantity: 2, unitPrice: { amount: 850, originalPrice: null } },
        { variantId: 12, quantity: 1 },
      ],
    });
    expect(event.ecommerce.value).toBe(17);
    expect(event.ecommerce.items.map((item) => item.variants[0])).toEqual([
      { sku: "PP-PB", name: "Paperback", isMaster: false, basePrice: 8.5, discount: 0 },
      { sku: "PP-HB", name: "Hardback", isMaster: true, basePrice: 0, discount: 0 },
    ]);
    expect(event.ecommerce.items[0]!.price).toEqual({ originalPrice: 8.5 });
  });

  it("leaves out lines whose variant has no item, takes its value and details as given, and keeps six category levels", () => {
    const deep = new Map([[11, { ...paperback, categories: crumbs(8) }]]);
    const event = buildEcommerceEvent("purchase", {
      currency: "EUR",
      items: deep,
      lines: [
        { variantId: 11, quantity: 1 },
        { variantId: 99, quantity: 1 },
      ],
      value: 123_45,
      details: { transaction_id: "Q-1001", coupon: "" },
    });
    expect(event.ecommerce).toMatchObject({ currency: "EUR", value: 123.45, transaction_id: "Q-1001", coupon: "" });
    expect(event.ecommerce.items).toHaveLength(1);
    expect(event.ecommerce.items[0]!.categories.map((category) => category.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("toCurrencyUnits", () => {
  it("converts minor units exactly", () => {
    expect([0, 1, 1999, 100_000_07].map(toCurrencyUnits)).toEqual([0, 0.01, 19.99, 100000.07]);
  });
});
