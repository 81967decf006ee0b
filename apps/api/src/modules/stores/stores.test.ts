import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { TEST_API_KEY, TEST_HEADERS, useTestApi } from "../../testing/test-api";

const api = useTestApi((db) => createStore(db, { minimumOrderPrices: { GBP: 1500, EUR: 1800 } }));
const headers = TEST_HEADERS;
const API_KEY = TEST_API_KEY;

describe("GET /store-settings", () => {
  it("answers every setting the storefront reads, under data", async () => {
    const response = await api.app.inject({ url: "/store-settings", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      storeKey: "test-store",
      name: "Test Store",
      defaultCurrencyCode: "GBP",
      defaultCountryCode: "GB",
      countryCodes: ["GB", "IE", "FR", "DE", "US"],
      currencyCodes: ["GBP", "EUR", "USD"],
      minimumOrderPrices: [
        { currencyCode: "EUR", amount: 1800 },
        { currencyCode: "GBP", amount: 1500 },
      ],
      inventoryAvailability: "InStock",
      lowStockThreshold: 5,
      anonymousCustomerProductPolicy: "AllowedUnauthorizedCheckout",
      isOutOfStockPurchaseEnabled: false,
      isQuickOrderEnabled: true,
      displayProductVariantSkusEnabled: true,
      isCheckoutTermsAndConditionsEnabled: true,
      checkoutTermsAndConditionsText: "TBC",
    });
  });
});

describe("request headers (API-Key, StoreKey, CurrencyCode, CountryCode)", () => {
  it("refuses a missing API key with 401 and an errors list", async () => {
    const response = await api.app.inject({ url: "/store-settings", headers: { storekey: "test-store" } });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe("api_key_missing");
  });

  it("refuses a wrong API key with 401", async () => {
    const response = await api.app.inject({ url: "/store-settings", headers: { ...headers, "api-key": "not-the-key" } });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe("api_key_invalid");
  });

  it("answers 400 without a StoreKey and 404 for an unknown one", async () => {
    const missing = await api.app.inject({ url: "/store-settings", headers: { "api-key": API_KEY } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].code).toBe("store_key_missing");
    const unknown = await api.app.inject({ url: "/store-settings", headers: { ...headers, storekey: "nope" } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe("store_not_found");
  });

  it("accepts the store's currencies and countries, case-insensitively, and refuses others with 400", async () => {
    const ok = await api.app.inject({ url: "/store-settings", headers: { ...headers, currencycode: "eur", countrycode: "ie" } });
    expect(ok.statusCode).toBe(200);
    const badCurrency = await api.app.inject({ url: "/store-settings", headers: { ...headers, currencycode: "JPY" } });
    expect(badCurrency.statusCode).toBe(400);
    expect(badCurrency.json().errors[0]).toMatchObject({ code: "currency_not_supported", field: "CurrencyCode" });
    const badCountry = await api.app.inject({ url: "/store-settings", headers: { ...headers, countrycode: "JP" } });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().errors[0]).toMatchObject({ code: "country_not_supported", field: "CountryCode" });
  });

  it("answers unknown routes with 404 and an errors list", async () => {
    const response = await api.app.inject({ url: "/no-such-thing", headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe("route_not_found");
  });

  it("serves the OpenAPI document without keys", async () => {
    const response = await api.app.inject({ url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    // One call of each module: the document is generated from every registered contract.
    for (const path of [
      "/store-settings",
      "/products",
      "/menus/{code}/tree",
      "/auth/sign-in",
      "/baskets",
      "/baskets/{id}/merge",
      "/wishlists",
      "/notifications/back-in-stock",
      "/viewed-products",
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it("serves the readable docs without keys", async () => {
    const response = await api.app.inject({ url: "/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });
});
