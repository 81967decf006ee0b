import { describe, expect, it } from "vitest";
import { currencySymbol, formatMoney, fromDecimalAmount, toDecimalAmount } from "./format";

describe("formatMoney", () => {
  it("divides minor units by 100 and shows two decimals", () => {
    expect(formatMoney(1299, "GBP")).toBe("£12.99");
    expect(formatMoney(5, "GBP")).toBe("£0.05");
    expect(formatMoney(100, "EUR")).toBe("€1.00");
  });

  it("separates thousands", () => {
    expect(formatMoney(123456789, "USD")).toBe("$1,234,567.89");
    expect(formatMoney(100000, "GBP")).toBe("£1,000.00");
    expect(formatMoney(99999, "GBP")).toBe("£999.99");
  });

  it("shows zero as '-'", () => {
    expect(formatMoney(0, "GBP")).toBe("-");
    expect(formatMoney({ amount: 0, currencyCode: "EUR" })).toBe("-");
  });

  it("puts the sign before the symbol", () => {
    expect(formatMoney(-250, "GBP")).toBe("-£2.50");
  });

  it("accepts a Money value", () => {
    expect(formatMoney({ amount: 2500, currencyCode: "usd" })).toBe("$25.00");
  });

  it("refuses fractions of a minor unit", () => {
    expect(() => formatMoney(12.5, "GBP")).toThrow(TypeError);
  });
});

describe("currencySymbol", () => {
  it("looks the code up case-insensitively", () => {
    expect(currencySymbol("gbp")).toBe("£");
    expect(currencySymbol("Eur")).toBe("€");
    expect(currencySymbol(" USD ")).toBe("$");
  });

  it("falls back to the code for unknown currencies", () => {
    expect(currencySymbol("xyz")).toBe("XYZ ");
    expect(formatMoney(150, "XYZ")).toBe("XYZ 1.50");
  });
});

describe("toDecimalAmount", () => {
  it("writes minor units as a plain two-place decimal", () => {
    expect(toDecimalAmount(1699)).toBe("16.99");
    expect(toDecimalAmount(5)).toBe("0.05");
    expect(toDecimalAmount(0)).toBe("0.00");
    expect(toDecimalAmount(123456789)).toBe("1234567.89");
    expect(toDecimalAmount(-250)).toBe("-2.50");
  });

  it("refuses fractions of a minor unit", () => {
    expect(() => toDecimalAmount(1.5)).toThrow(TypeError);
  });
});

describe("fromDecimalAmount", () => {
  it("reads a decimal amount into minor units", () => {
    expect(fromDecimalAmount("12.50")).toBe(1250);
    expect(fromDecimalAmount("12.5")).toBe(1250);
    expect(fromDecimalAmount(" 12 ")).toBe(1200);
    expect(fromDecimalAmount("0.05")).toBe(5);
    expect(fromDecimalAmount(toDecimalAmount(123456789))).toBe(123456789);
  });

  it("refuses what is not a plain amount", () => {
    for (const text of ["", "-1.00", "1,000.00", "£12", "12.505", "12.", ".5", "1e3", "twelve", "12,50"]) {
      expect(fromDecimalAmount(text), text).toBeNull();
    }
  });
});
