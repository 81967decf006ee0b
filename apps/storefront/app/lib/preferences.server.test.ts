import { describe, expect, it } from "vitest";
import { currencyCookie, listCountryOptions, listCurrencyOptions, readPreferences, resolvePreferences } from "./preferences.server";

const settings = {
  currencyCodes: ["GBP", "EUR", "USD"],
  countryCodes: ["GB", "FR", "US"],
  defaultCurrencyCode: "GBP",
  defaultCountryCode: "GB",
};

describe("preferences", () => {
  it("uses the shopper's choice when the store offers it", () => {
    expect(resolvePreferences(settings, { currencyCode: "EUR", countryCode: "FR" })).toEqual({ currencyCode: "EUR", countryCode: "FR" });
  });

  it("falls back to the store defaults for missing or no-longer-offered codes", () => {
    expect(resolvePreferences(settings, {})).toEqual({ currencyCode: "GBP", countryCode: "GB" });
    expect(resolvePreferences(settings, { currencyCode: "JPY", countryCode: "JP" })).toEqual({ currencyCode: "GBP", countryCode: "GB" });
  });

  it("reads well-formed cookies and ignores malformed ones", async () => {
    const good = await currencyCookie.serialize("EUR");
    expect(await readPreferences(new Request("http://shop.test/", { headers: { Cookie: good.split(";")[0]! } }))).toEqual({
      currencyCode: "EUR",
      countryCode: undefined,
    });
    const bad = await currencyCookie.serialize("<script>");
    expect(
      (await readPreferences(new Request("http://shop.test/", { headers: { Cookie: bad.split(";")[0]! } }))).currencyCode,
    ).toBeUndefined();
  });

  it("labels currencies and countries in en-GB, countries sorted by name", () => {
    expect(listCurrencyOptions(["GBP", "EUR"])).toEqual([
      { code: "GBP", label: "GBP · British Pound" },
      { code: "EUR", label: "EUR · Euro" },
    ]);
    expect(listCountryOptions(["US", "GB", "FR"]).map((option) => option.label)).toEqual(["France", "United Kingdom", "United States"]);
  });
});
