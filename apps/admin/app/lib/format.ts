import { formatMoney } from "@quire/money";

/*
 * Times and dates as the back office shows them: in the shop's time zone (its settings), the zone's short name
 * beside each time ("1 Dec 2026, 09:30 GMT"). A back office runs one shop (STORE_KEY), so its zone is one value for
 * the whole process: the back office's frame sets it from the signed-in member's answer (GET /admin/auth/me, which
 * carries it) before any page in it renders, on the server and again in the browser, so both render the same text.
 * Pages outside the frame (signing in) show no times.
 */
let shopTimeZone = "UTC";
let formats = formatsFor(shopTimeZone);

function formatsFor(timeZone: string) {
  return {
    dateTime: new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }),
    date: new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone }),
    zoneName: new Intl.DateTimeFormat("en-GB", { timeZone, timeZoneName: "short" }),
  };
}

/** Shows every time from now on in `timeZone` (an IANA name the API has checked). */
export function setShopTimeZone(timeZone: string) {
  if (timeZone === shopTimeZone) return;
  formats = formatsFor(timeZone);
  shopTimeZone = timeZone;
}

/** The shop's time zone's name ("Europe/London"), for the forms that take a time in it. */
export function shopTimeZoneName(): string {
  return shopTimeZone;
}

/** A moment: day, month, year and time in the shop's zone, with the zone's short name (GMT, BST, CET...). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "-";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const zone = formats.zoneName.formatToParts(time).find((part) => part.type === "timeZoneName")?.value ?? shopTimeZone;
  return `${formats.dateTime.format(time)} ${zone}`;
}

/** The day a moment falls on in the shop's zone. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "-";
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : formats.date.format(time);
}

const CALENDAR_DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** A calendar date the API names as YYYY-MM-DD (a day of the shop's already): shown as it is, in no zone. */
export function formatCalendarDate(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? date : CALENDAR_DATE.format(time);
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
