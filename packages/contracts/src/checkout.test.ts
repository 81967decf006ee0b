import { describe, expect, it } from "vitest";
import { AddressSchema, BillingAddressBodySchema, DiscountCodeBodySchema, normalisePostcode } from "./checkout";

const address = (overrides: Record<string, unknown>) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  line1: "1 High Street",
  city: "Town",
  ...overrides,
});
const issuesOf = (value: unknown) =>
  AddressSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("addresses", () => {
  it.each([
    ["GB", "sw1a1aa", "SW1A 1AA"],
    ["GB", "M1 1AE", "M1 1AE"],
    ["GB", "gir0aa", "GIR 0AA"],
    ["IE", "d02x285", "D02 X285"],
    ["NL", "1012ab", "1012 AB"],
    ["FR", "75001", "75001"],
    ["DE", "10115", "10115"],
    ["US", "94105-1234", "94105-1234"],
  ])("accepts a %s postcode %s, stored as %s", (countryCode, postcode, stored) => {
    const parsed = AddressSchema.parse(address({ countryCode, postcode, ...(countryCode === "US" ? { region: "ca" } : {}) }));
    expect(parsed.postcode).toBe(stored);
    expect(normalisePostcode(countryCode, postcode)).toBe(stored);
  });

  it.each([
    ["GB", "12345"],
    ["GB", "SW1A"],
    ["FR", "7500"],
    ["DE", "ABCDE"],
    ["NL", "0123 AB"],
    ["US", "9410"],
    ["IE", "XYZ 1234"],
  ])("refuses a %s postcode %s, with an example", (countryCode, postcode) => {
    const issues = issuesOf(address({ countryCode, postcode, region: "CA" }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^postcode: Enter a postcode such as /);
  });

  it("needs a postcode where the post office does, and not in Ireland", () => {
    expect(issuesOf(address({ countryCode: "GB" }))).toEqual(["postcode: Enter a postcode"]);
    expect(issuesOf(address({ countryCode: "IE" }))).toEqual([]);
  });

  it("needs a US state's two-letter code, stored upper case", () => {
    expect(issuesOf(address({ countryCode: "US", postcode: "94105" }))).toEqual(["region: Enter the state's two-letter code, such as CA"]);
    expect(issuesOf(address({ countryCode: "US", postcode: "94105", region: "California" }))).toHaveLength(1);
    expect(AddressSchema.parse(address({ countryCode: "US", postcode: "94105", region: "ny" })).region).toBe("NY");
  });

  it("refuses unknown keys, control characters and over-long lines", () => {
    expect(issuesOf({ ...address({ countryCode: "FR", postcode: "75001" }), extra: 1 })).toHaveLength(1);
    expect(issuesOf(address({ countryCode: "FR", postcode: "75001", line1: "a\u0000b" }))).toHaveLength(1);
    expect(issuesOf(address({ countryCode: "FR", postcode: "75001", city: "x".repeat(101) }))).toHaveLength(1);
  });

  it("takes a billing address, or the delivery address again, but not both", () => {
    expect(BillingAddressBodySchema.safeParse({ sameAsDelivery: true }).success).toBe(true);
    expect(BillingAddressBodySchema.safeParse({ address: address({ countryCode: "FR", postcode: "75001" }) }).success).toBe(true);
    expect(
      BillingAddressBodySchema.safeParse({ sameAsDelivery: true, address: address({ countryCode: "FR", postcode: "75001" }) }).success,
    ).toBe(false);
    expect(BillingAddressBodySchema.safeParse({ sameAsDelivery: false }).success).toBe(false);
  });
});

describe("discount codes as typed", () => {
  it("are trimmed and upper-cased, and hold letters, digits, - and _ only", () => {
    expect(DiscountCodeBodySchema.parse({ discountCode: "  welcome-10 " }).discountCode).toBe("WELCOME-10");
    expect(DiscountCodeBodySchema.safeParse({ discountCode: "10% OFF" }).success).toBe(false);
    expect(DiscountCodeBodySchema.safeParse({ discountCode: "" }).success).toBe(false);
    expect(DiscountCodeBodySchema.safeParse({ discountCode: "A".repeat(51) }).success).toBe(false);
  });
});
