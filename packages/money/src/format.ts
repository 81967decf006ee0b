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
 * A non-negative decimal amount as a person writes it in a spreadsheet ("12.5", "12.50", "12", "1299.99") in
 * minor units, or null when it is not one: a sign, a thousands separator, a symbol or a third decimal place is
 * refused rather than guessed at. Integer arithmetic only.
 */
export function fromDecimalAmount(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const amount = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(amount) ? amount : null;
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
