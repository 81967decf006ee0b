import { describe, expect, it } from "vitest";
import { CountryListSchema, deliveryOptionFormSchema } from "./settings-delivery";

const option = { kind: "standard", name: "Island post", description: "", minDays: "1", maxDays: "6", position: "0" };

describe("a delivery option's form", () => {
  it("reads a price and a free-over amount per currency, leaving out a currency with no price", () => {
    const parsed = deliveryOptionFormSchema(["GBP", "EUR"]).parse({ ...option, "price-GBP": "4.5", "freeOver-GBP": "60", "price-EUR": "" });
    expect(parsed).toEqual({
      kind: "standard",
      name: "Island post",
      description: "",
      minDays: 1,
      maxDays: 6,
      position: 0,
      prices: [{ currencyCode: "GBP", amount: 450, freeOverAmount: 6000 }],
    });
  });

  it("refuses no price at all, a free-over amount without a price, and fewer most days than fewest", () => {
    const result = deliveryOptionFormSchema(["GBP", "EUR"]).safeParse({ ...option, maxDays: "0", "freeOver-EUR": "50" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(
      expect.arrayContaining(["price-GBP", "price-EUR", "maxDays"]),
    );
  });
});

describe("a list of countries", () => {
  it("is upper-cased codes, each once", () => {
    expect(CountryListSchema.parse("fr, de nl")).toEqual(["FR", "DE", "NL"]);
    expect(CountryListSchema.safeParse("FR, FR").success).toBe(false);
    expect(CountryListSchema.safeParse("France").success).toBe(false);
    expect(CountryListSchema.safeParse(" ").success).toBe(false);
  });
});
