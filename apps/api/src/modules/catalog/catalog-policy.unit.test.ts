import { ANONYMOUS_PRODUCT_POLICIES } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import {
  changesShownStock,
  exposePrice,
  exposeStock,
  getCatalogVisibility,
  isPurchasable,
  summariseVariants,
  type PolicyStore,
  type VariantFacts,
} from "./catalog-policy";

const store: PolicyStore = {
  anonymousCustomerProductPolicy: "AllowedUnauthorizedCheckout",
  inventoryAvailability: "InStock",
  lowStockThreshold: 5,
  isOutOfStockPurchaseEnabled: false,
};
const anonymous = (overrides: Partial<PolicyStore> = {}) => ({ store: { ...store, ...overrides }, customerId: null });

describe("getCatalogVisibility", () => {
  it("hides products, and so prices, from anonymous visitors under HiddenForUnauthorized", () => {
    expect(getCatalogVisibility(anonymous({ anonymousCustomerProductPolicy: "HiddenForUnauthorized" }))).toEqual({
      productsVisible: false,
      pricesVisible: false,
    });
  });

  it("hides only prices under HiddenPricesForUnauthorized", () => {
    expect(getCatalogVisibility(anonymous({ anonymousCustomerProductPolicy: "HiddenPricesForUnauthorized" }))).toEqual({
      productsVisible: true,
      pricesVisible: false,
    });
  });

  it("shows everything under None and AllowedUnauthorizedCheckout", () => {
    for (const policy of ["None", "AllowedUnauthorizedCheckout"] as const) {
      expect(getCatalogVisibility(anonymous({ anonymousCustomerProductPolicy: policy }))).toEqual({
        productsVisible: true,
        pricesVisible: true,
      });
    }
  });

  it("shows everything to a signed-in customer whatever the policy", () => {
    for (const policy of ANONYMOUS_PRODUCT_POLICIES) {
      const viewer = { store: { ...store, anonymousCustomerProductPolicy: policy }, customerId: 42 };
      expect(getCatalogVisibility(viewer), policy).toEqual({ productsVisible: true, pricesVisible: true });
    }
  });
});

describe("exposePrice", () => {
  const visible = { productsVisible: true, pricesVisible: true };
  it("answers the price in the request currency with its pre-sale price and its lowest of the 30 days before", () => {
    expect(exposePrice(visible, { amount: 900, originalAmount: 1200, lowestPriorAmount: 1100 }, "EUR")).toEqual({
      amount: 900,
      originalPrice: 1200,
      lowestPriorPrice: 1100,
      currencyCode: "EUR",
    });
  });
  it("answers null when prices are hidden or the variant has no price in the currency", () => {
    expect(
      exposePrice({ productsVisible: true, pricesVisible: false }, { amount: 900, originalAmount: null, lowestPriorAmount: null }, "GBP"),
    ).toBeNull();
    expect(exposePrice(visible, null, "GBP")).toBeNull();
  });
});

describe("exposeStock", () => {
  it("shows nothing under None", () => {
    expect(exposeStock({ ...store, inventoryAvailability: "None" }, 7)).toBeNull();
    expect(exposeStock({ ...store, inventoryAvailability: "None" }, 0)).toBeNull();
  });

  it("shows status and quantity under AvailableQuantity", () => {
    const mode = { ...store, inventoryAvailability: "AvailableQuantity" } as const;
    expect(exposeStock(mode, 7)).toEqual({ status: "InStock", quantity: 7 });
    expect(exposeStock(mode, 0)).toEqual({ status: "OutOfStock", quantity: 0 });
  });

  it("shows only in or out of stock under InStock, even when stock is low", () => {
    expect(exposeStock(store, 1)).toEqual({ status: "InStock" });
    expect(exposeStock(store, 0)).toEqual({ status: "OutOfStock" });
  });

  it("adds LowStock at or below the threshold under LowStockAlert", () => {
    const mode = { ...store, inventoryAvailability: "LowStockAlert", lowStockThreshold: 5 } as const;
    expect(exposeStock(mode, 0)).toEqual({ status: "OutOfStock" });
    expect(exposeStock(mode, 1)).toEqual({ status: "LowStock" });
    expect(exposeStock(mode, 5)).toEqual({ status: "LowStock" });
    expect(exposeStock(mode, 6)).toEqual({ status: "InStock" });
    expect(exposeStock({ ...mode, lowStockThreshold: 0 }, 1)).toEqual({ status: "InStock" });
  });
});

describe("isPurchasable", () => {
  it("needs stock, unless the store sells out-of-stock items", () => {
    expect(isPurchasable(store, 1, true)).toBe(true);
    expect(isPurchasable(store, 0, true)).toBe(false);
    expect(isPurchasable({ ...store, isOutOfStockPurchaseEnabled: true }, 0, true)).toBe(true);
  });
  it("needs a price in the request currency", () => {
    expect(isPurchasable(store, 10, false)).toBe(false);
    expect(isPurchasable({ ...store, isOutOfStockPurchaseEnabled: true }, 0, false)).toBe(false);
  });
});

describe("changesShownStock", () => {
  it("under InStock, only a variant coming into or going out of stock", () => {
    expect(changesShownStock(store, 20, 19)).toBe(false);
    expect(changesShownStock(store, 6, 5)).toBe(false);
    expect(changesShownStock(store, 1, 0)).toBe(true);
    expect(changesShownStock(store, 0, 3)).toBe(true);
  });

  it("under LowStockAlert, also a variant becoming low or no longer low, at the store's threshold", () => {
    const mode = { ...store, inventoryAvailability: "LowStockAlert", lowStockThreshold: 5 } as const;
    expect(changesShownStock(mode, 7, 6)).toBe(false);
    expect(changesShownStock(mode, 6, 5)).toBe(true);
    expect(changesShownStock(mode, 5, 2)).toBe(false);
    expect(changesShownStock(mode, 4, 9)).toBe(true);
    expect(changesShownStock(mode, 1, 0)).toBe(true);
  });

  it("under AvailableQuantity, every change of the count", () => {
    const mode = { ...store, inventoryAvailability: "AvailableQuantity" } as const;
    expect(changesShownStock(mode, 20, 19)).toBe(true);
    expect(changesShownStock(mode, 20, 20)).toBe(false);
  });

  it("under None, a variant that can no longer be bought, or can again; nothing where the store sells what it lacks", () => {
    const mode = { ...store, inventoryAvailability: "None" } as const;
    expect(changesShownStock(mode, 20, 19)).toBe(false);
    expect(changesShownStock(mode, 1, 0)).toBe(true);
    expect(changesShownStock({ ...mode, isOutOfStockPurchaseEnabled: true }, 1, 0)).toBe(false);
  });
});

describe("summariseVariants", () => {
  const variant = (id: number, amount: number | null, overrides: Partial<VariantFacts> = {}): VariantFacts => ({
    id,
    isMaster: false,
    stockQuantity: 10,
    price: amount === null ? null : { amount, originalAmount: null, lowestPriorAmount: null },
    ...overrides,
  });

  it("prices the card from the cheapest variant, with that variant's pre-sale price", () => {
    const summary = summariseVariants(
      anonymous(),
      [
        variant(1, 2000, { isMaster: true }),
        variant(2, 900, { price: { amount: 900, originalAmount: 1200, lowestPriorAmount: 1200 } }),
        variant(3, 1500),
      ],
      "GBP",
    );
    expect(summary).toEqual({
      defaultVariantId: 1,
      variantCount: 3,
      price: { amount: 900, originalPrice: 1200, lowestPriorPrice: 1200, currencyCode: "GBP" },
      hasPriceRange: true,
      stock: { status: "InStock" },
    });
  });

  it("takes the first of equally cheap variants and has no range when prices are equal", () => {
    const summary = summariseVariants(
      anonymous(),
      [variant(1, 500, { price: { amount: 500, originalAmount: 800, lowestPriorAmount: 700 } }), variant(2, 500)],
      "GBP",
    );
    expect(summary.price).toEqual({ amount: 500, originalPrice: 800, lowestPriorPrice: 700, currencyCode: "GBP" });
    expect(summary.hasPriceRange).toBe(false);
  });

  it("ignores variants with no price in the currency, and has no price when none has one", () => {
    expect(summariseVariants(anonymous(), [variant(1, null), variant(2, 700)], "GBP")).toMatchObject({
      price: { amount: 700 },
      hasPriceRange: false,
    });
    expect(summariseVariants(anonymous(), [variant(1, null), variant(2, null)], "GBP")).toMatchObject({
      price: null,
      hasPriceRange: false,
    });
  });

  it("hides price and range where prices are hidden", () => {
    const viewer = anonymous({ anonymousCustomerProductPolicy: "HiddenPricesForUnauthorized" });
    expect(summariseVariants(viewer, [variant(1, 100), variant(2, 200)], "GBP")).toMatchObject({ price: null, hasPriceRange: false });
  });

  it("defaults to the master variant, else the first, and shows the best stock", () => {
    const viewer = anonymous({ inventoryAvailability: "AvailableQuantity" });
    const summary = summariseVariants(
      viewer,
      [variant(1, 100, { stockQuantity: 0 }), variant(2, 100, { isMaster: true, stockQuantity: 4 })],
      "GBP",
    );
    expect(summary).toMatchObject({ defaultVariantId: 2, stock: { status: "InStock", quantity: 4 } });
    expect(summariseVariants(viewer, [variant(7, 100, { stockQuantity: 0 }), variant(8, 100, { stockQuantity: 0 })], "GBP")).toMatchObject({
      defaultVariantId: 7,
      stock: { status: "OutOfStock", quantity: 0 },
    });
  });

  it("refuses a product without variants", () => {
    expect(() => summariseVariants(anonymous(), [], "GBP")).toThrow();
  });
});
