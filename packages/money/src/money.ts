/**
 * Money as integer minor units plus an ISO 4217 currency code. Every amount in Quire is one of these; a
 * float never holds money. The minor unit is 1/100 for every currency Quire sells in.
 */
export interface Money {
  readonly amount: number;
  readonly currencyCode: string;
}

export class MoneyError extends Error {
  override name = "MoneyError";
}

function assertMinorUnits(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new MoneyError(`Money amounts are whole minor units, got ${amount}`);
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currencyCode.toUpperCase() !== b.currencyCode.toUpperCase()) {
    throw new MoneyError(`Cannot combine ${a.currencyCode} with ${b.currencyCode}`);
  }
}

/** Builds a Money after checking the amount is a safe integer. */
export function money(amount: number, currencyCode: string): Money {
  assertMinorUnits(amount);
  // -0 would print and compare oddly; money has one zero.
  return { amount: amount === 0 ? 0 : amount, currencyCode: currencyCode.toUpperCase() };
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount + b.amount, a.currencyCode);
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount - b.amount, a.currencyCode);
}

/** Unit price times a whole quantity. */
export function multiplyMoney(unit: Money, quantity: number): Money {
  if (!Number.isSafeInteger(quantity)) throw new MoneyError(`Quantities are whole numbers, got ${quantity}`);
  return money(unit.amount * quantity, unit.currencyCode);
}

/** Sum of many amounts in one currency; an empty list is zero. */
export function sumMoney(items: readonly Money[], currencyCode: string): Money {
  return items.reduce((total, item) => addMoney(total, item), money(0, currencyCode));
}

/**
 * A share of an amount given in basis points (1/100 of a percent), rounded half away from zero to the
 * minor unit, e.g. a 12.5% discount is 1250 basis points.
 */
export function percentageOf(value: Money, basisPoints: number): Money {
  if (!Number.isSafeInteger(basisPoints)) throw new MoneyError(`Basis points are whole numbers, got ${basisPoints}`);
  const exact = (value.amount * basisPoints) / 10_000;
  return money(Math.sign(exact) * Math.round(Math.abs(exact)), value.currencyCode);
}

/**
 * Splits an amount in proportion to `ratios` so the parts always add up to the whole: each part gets its
 * floor, and the leftover minor units go to the largest remainders (ties to the earliest part).
 */
export function allocateMoney(value: Money, ratios: readonly number[]): Money[] {
  if (ratios.length === 0) throw new MoneyError("allocateMoney needs at least one ratio");
  if (ratios.some((ratio) => !(ratio >= 0) || !Number.isFinite(ratio))) throw new MoneyError("Ratios must be finite and not negative");
  const totalRatio = ratios.reduce((sum, ratio) => sum + ratio, 0);
  if (totalRatio === 0) throw new MoneyError("Ratios must not all be zero");
  const sign = value.amount < 0 ? -1 : 1;
  const whole = Math.abs(value.amount);
  const shares = ratios.map((ratio) => (whole * ratio) / totalRatio);
  const parts = shares.map((share) => Math.floor(share));
  let leftover = whole - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (leftover === 0) break;
    parts[index]! += 1;
    leftover -= 1;
  }
  return parts.map((part) => money(sign * part, value.currencyCode));
}
