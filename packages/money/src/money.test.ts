import { describe, expect, it } from "vitest";
import { addMoney, allocateMoney, money, MoneyError, multiplyMoney, percentageOf, subtractMoney, sumMoney } from "./money";

const gbp = (amount: number) => money(amount, "GBP");

describe("money arithmetic", () => {
  it("adds, subtracts and multiplies in minor units", () => {
    expect(addMoney(gbp(1099), gbp(1))).toEqual(gbp(1100));
    expect(subtractMoney(gbp(500), gbp(750))).toEqual(gbp(-250));
    expect(multiplyMoney(gbp(1299), 3)).toEqual(gbp(3897));
    expect(sumMoney([gbp(1), gbp(2), gbp(3)], "GBP")).toEqual(gbp(6));
    expect(sumMoney([], "EUR")).toEqual(money(0, "EUR"));
  });

  it("never mixes currencies", () => {
    expect(() => addMoney(gbp(1), money(1, "EUR"))).toThrow(MoneyError);
    expect(() => sumMoney([gbp(1)], "USD")).toThrow(MoneyError);
  });

  it("refuses non-integer amounts and quantities", () => {
    expect(() => money(0.1, "GBP")).toThrow(MoneyError);
    expect(() => multiplyMoney(gbp(100), 1.5)).toThrow(MoneyError);
    expect(() => money(Number.MAX_SAFE_INTEGER + 1, "GBP")).toThrow(MoneyError);
  });

  it("normalises the currency code", () => {
    expect(money(1, "gbp").currencyCode).toBe("GBP");
  });

  it("rounds percentages half away from zero", () => {
    expect(percentageOf(gbp(1999), 1000)).toEqual(gbp(200)); // 199.9 -> 200
    expect(percentageOf(gbp(1005), 5000)).toEqual(gbp(503)); // 502.5 -> 503
    expect(percentageOf(gbp(-1005), 5000)).toEqual(gbp(-503));
    expect(percentageOf(gbp(1000), 1250)).toEqual(gbp(125));
  });

  it("allocates without losing or inventing a penny", () => {
    expect(allocateMoney(gbp(100), [1, 1, 1])).toEqual([gbp(34), gbp(33), gbp(33)]);
    expect(allocateMoney(gbp(5), [3, 7])).toEqual([gbp(2), gbp(3)]); // 1.5 / 3.5: equal remainders, the earliest wins
    expect(allocateMoney(gbp(-100), [1, 3])).toEqual([gbp(-25), gbp(-75)]);
    for (const total of [0, 1, 7, 999, 123457]) {
      const parts = allocateMoney(gbp(total), [2, 5, 0, 11]);
      expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(total);
    }
    expect(() => allocateMoney(gbp(1), [])).toThrow(MoneyError);
    expect(() => allocateMoney(gbp(1), [0, 0])).toThrow(MoneyError);
  });
});
