/*
 * The shop's one date formatter (mm/dd/yy, in the shop's time zone), shared with the API's mails and proforma
 * invoices so a date reads the same on a page and in a mail: packages/contracts/src/dates.ts. Every date the
 * storefront shows goes through it, inside a <time dateTime={iso}>.
 */
export { formatDate, formatDateTime } from "@quire/contracts/dates";

/*
 * A withdrawal's acknowledgement (decision 061) states when it was received in words and in UTC, as its mail does
 * (apps/api/src/modules/returns/withdrawal-mails.ts): a record the buyer may have to show, which must read the same
 * on the page and in the mail and leave no doubt about the day (03/12/26 reads differently on each side of the
 * Atlantic) or the zone. Assembled from parts, as the shop's own formatter is, so no ICU version changes it.
 */
const DAY_IN_WORDS = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const TIME_UTC = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

/** "2026-12-15T16:05:00Z" → "15 December 2026" (the day in UTC). */
export function formatDayInWords(when: string | Date): string {
  const parts = Object.fromEntries(DAY_IN_WORDS.formatToParts(new Date(when)).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.year}`;
}

/** "2026-12-01T16:05:00Z" → "1 December 2026, 16:05 UTC". */
export function formatMomentInWords(when: string | Date): string {
  return `${formatDayInWords(when)}, ${TIME_UTC.format(new Date(when))} UTC`;
}
