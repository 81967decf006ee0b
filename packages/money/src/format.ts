import type { Money } from "./money";

/** Symbols of the currencies Quire sells in; anything else shows its ISO code. */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  GBP: "£",
  EUR: "€",
  USD: "$",
  AUD: "A$",
  CAD: "C$",
  CHF: "CHF ",
  JPY: "¥",
  SEK: "kr ",
  NOK: "kr ",
  DKK: "kr ",
  PLN: "zł ",
};

/** The display symbol of a currency. The lookup is case-insensitive, so "gbp" is "GBP". */
export function currencySymbol(currencyCode: string): string {
  const code = currencyCode.trim().toUpperCase();
  return CURRENCY_SYMBOLS[code] ?? `${code} `;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Minor units as a plain decimal string with two places ("1699" -> "16.99"): the machine-readable form
 * that structured data (schema.org offers) and payment gateways expect. No symbol, no separators.
 */
export function toDecimalAmount(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new TypeError(`Expected whole minor units, got ${amount}`);
  const absolute = Math.abs(amount);
  return `${amount < 0 ? "-" : ""}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/**
 * The one money formatter: minor units divided by 100, two decimals, thousands
 * separators, currency symbol in front; zero shows '-'. Integer arithmetic only, so no float rounding.
 */
export function formatMoney(value: Money): string;
export function formatMoney(amount: number, currencyCode: string): string;
export function formatMoney(valueOrAmount: Money | number, currencyCode?: string): string {
  const { amount, currencyCode: code } =
    typeof valueOrAmount === "number" ? { amount: valueOrAmount, currencyCode: currencyCode ?? "" } : valueOrAmount;
  if (!Number.isSafeInteger(amount)) throw new TypeError(`formatMoney expects whole minor units, got ${amount}`);
  if (amount === 0) return "-";
  const [major = "", minor = ""] = toDecimalAmount(Math.abs(amount)).split(".");
  return `${amount < 0 ? "-" : ""}${currencySymbol(code)}${groupThousands(major)}.${minor}`;
}
