import type { CartNotification } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { basketLabel } from "./basket-link";
import { canAddFromCard } from "./card-add-to-cart";
import { groupNotices } from "./cart-notices";
import { minimumOrderMessage } from "./cart-summary";

describe("basketLabel", () => {
  it("names the basket with its item count", () => {
    expect(basketLabel(0)).toBe("Basket, empty");
    expect(basketLabel(1)).toBe("Basket, 1 item");
    expect(basketLabel(12)).toBe("Basket, 12 items");
  });
});

describe("canAddFromCard", () => {
  const price = { amount: 999, originalPrice: null, lowestPriorPrice: null, currencyCode: "GBP" };
  it("offers a priced book that is in stock, or whose stock the store does not show", () => {
    expect(canAddFromCard({ price, stock: { status: "InStock" } }, false)).toBe(true);
    expect(canAddFromCard({ price, stock: { status: "LowStock" } }, false)).toBe(true);
    expect(canAddFromCard({ price, stock: null }, false)).toBe(true);
  });

  it("offers nothing without a price, or out of stock unless the store sells out-of-stock books", () => {
    expect(canAddFromCard({ price: null, stock: { status: "InStock" } }, true)).toBe(false);
    expect(canAddFromCard({ price, stock: { status: "OutOfStock" } }, false)).toBe(false);
    expect(canAddFromCard({ price, stock: { status: "OutOfStock" } }, true)).toBe(true);
  });
});

describe("minimumOrderMessage", () => {
  it("words the store's minimum when the API says the subtotal is below it", () => {
    expect(minimumOrderMessage({ minimumOrder: { amount: 1000, currencyCode: "GBP", isMet: false } })).toBe(
      "The minimum order is £10.00. Add a little more to your basket to place your order.",
    );
  });

  it("says nothing when there is no minimum or it is met", () => {
    expect(minimumOrderMessage({ minimumOrder: null })).toBeNull();
    expect(minimumOrderMessage({ minimumOrder: { amount: 1000, currencyCode: "GBP", isMet: true } })).toBeNull();
  });
});

describe("groupNotices", () => {
  it("puts generic notices apart and the others beside their line, in order", () => {
    const notices: CartNotification[] = [
      { lineItemId: null, code: "item_removed", message: "Emma was removed" },
      { lineItemId: 4, code: "price_changed", message: "Price changed" },
      { lineItemId: 4, code: "quantity_reduced", message: "Only 2 left" },
      { lineItemId: 9, code: "item_unavailable", message: "Not sold in EUR" },
    ];
    const { generic, byLine } = groupNotices(notices);
    expect(generic.map((notice) => notice.message)).toEqual(["Emma was removed"]);
    expect(byLine.get(4)?.map((notice) => notice.code)).toEqual(["price_changed", "quantity_reduced"]);
    expect(byLine.get(9)?.map((notice) => notice.code)).toEqual(["item_unavailable"]);
    expect(byLine.has(1)).toBe(false);
  });
});
