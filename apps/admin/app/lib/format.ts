import { formatMoney } from "@quire/money";

/** A moment as the back office shows it: day, month, year and time, in UTC (said beside it). */
const DATE_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "-";
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : `${DATE_TIME.format(time)} UTC`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "-";
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : DATE.format(time);
}

/** An amount of money in its currency ("£12.50"); zero shows as "£0.00" here, not the shop's dash. */
export function showMoney(value: { amount: number; currencyCode: string }): string {
  return value.amount === 0 ? formatMoney(1, value.currencyCode).replace(/\d.*$/, "0.00") : formatMoney(value);
}

/** A status word for people: "awaiting_payment" -> "awaiting payment". */
export function words(value: string): string {
  return value.replaceAll("_", " ");
}

/** How a payment was made, in the shop's words. */
const PROVIDER_NAMES: Record<string, string> = {
  stripe: "Card (Stripe)",
  paypal: "PayPal",
  adyen: "Card (Adyen)",
  mollie: "Mollie",
  "on-account": "On account",
  "proforma-invoice": "Bank transfer",
};

export function providerName(providerId: string): string {
  return PROVIDER_NAMES[providerId] ?? providerId;
}
