import { describe, expect, it } from "vitest";
import { reviewCart, type CartLineFacts } from "./cart-review";

const line = (overrides: Partial<CartLineFacts> = {}): CartLineFacts => ({
  lineItemId: 1,
  variantId: 10,
  itemName: "Emma (Paperback)",
  quantity: 2,
  lastSeenUnitAmount: 800,
  lastSeenCurrencyCode: "GBP",
  sku: "EMMA-PB",
  variantName: "Paperback",
  options: [],
  stockQuantity: 10,
  productId: 100,
  productSlug: "emma",
  productName: "Emma",
  isPublished: true,
  image: null,
  amount: 800,
  originalAmount: null,
  lowestPriorAmount: null,
  taxClass: "books",
  tierPrices: [],
  addons: [],
  ...overrides,
});
const review = (lines: CartLineFacts[], options: { outOfStock?: boolean; currencyCode?: string; touched?: number[] } = {}) =>
  reviewCart({
    lines,
    store: { isOutOfStockPurchaseEnabled: options.outOfStock ?? false },
    currencyCode: options.currencyCode ?? "GBP",
    touched: new Set(options.touched ?? []),
  });

describe("reviewCart", () => {
  it("leaves an unchanged line alone: no write, no notice", () => {
    const result = review([line()]);
    expect(result.lines.map((reviewed) => [reviewed.lineItemId, reviewed.quantity, reviewed.unitAmount])).toEqual([[1, 2, 800]]);
    expect(result).toMatchObject({ removedLineIds: [], lineUpdates: [], removedAddons: [], notifications: [] });
  });

  it("records the price a new line is first shown at, without a notice", () => {
    const result = review([line({ lastSeenUnitAmount: null, lastSeenCurrencyCode: null })]);
    expect(result.lineUpdates).toEqual([{ lineItemId: 1, quantity: 2, lastSeenUnitAmount: 800, lastSeenCurrencyCode: "GBP" }]);
    expect(result.notifications).toEqual([]);
  });

  it("reports a price change on an untouched line only", () => {
    expect(review([line({ amount: 750 })]).notifications.map((notice) => notice.code)).toEqual(["price_changed"]);
    expect(review([line({ amount: 750 })], { touched: [1] }).notifications).toEqual([]);
    expect(review([line({ amount: 750 })], { touched: [1] }).lineUpdates[0]!.lastSeenUnitAmount).toBe(750);
  });

  it("does not count a reduction's new tier price as a price change", () => {
    const result = review([
      line({ quantity: 6, lastSeenUnitAmount: 700, stockQuantity: 3, tierPrices: [{ minQuantity: 5, amount: 700 }] }),
    ]);
    expect(result.notifications.map((notice) => notice.code)).toEqual(["quantity_reduced"]);
    expect(result.lines[0]!.unitAmount).toBe(800);
    expect(result.lineUpdates).toEqual([{ lineItemId: 1, quantity: 3, lastSeenUnitAmount: 800, lastSeenCurrencyCode: "GBP" }]);
  });

  it("never shrinks or removes lines when the store sells out-of-stock items", () => {
    const result = review([line({ stockQuantity: 0, quantity: 5 })], { outOfStock: true });
    expect(result.lines[0]!.quantity).toBe(5);
    expect(result.notifications).toEqual([]);
  });

  it("removes a withdrawn variant under the name it was added with", () => {
    const withdrawn = line({
      variantId: null,
      sku: null,
      variantName: null,
      productId: null,
      productName: null,
      productSlug: null,
      isPublished: null,
      stockQuantity: null,
      amount: null,
    });
    const result = review([withdrawn]);
    expect(result.removedLineIds).toEqual([1]);
    expect(result.notifications).toEqual([
      { lineItemId: null, code: "item_removed", message: "Emma (Paperback) is no longer available and has been removed from your cart." },
    ]);
  });

  it("tells once per currency that a line has no price in it", () => {
    const first = review([line({ amount: null })], { currencyCode: "EUR" });
    expect(first.notifications.map((notice) => notice.code)).toEqual(["item_unavailable"]);
    expect(first.lineUpdates).toEqual([{ lineItemId: 1, quantity: 2, lastSeenUnitAmount: null, lastSeenCurrencyCode: "EUR" }]);
    const told = review([line({ amount: null, lastSeenUnitAmount: null, lastSeenCurrencyCode: "EUR" })], { currencyCode: "EUR" });
    expect(told.notifications).toEqual([]);
    expect(told.lineUpdates).toEqual([]);
  });
});
