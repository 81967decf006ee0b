/**
 * The shop's one date format, for every date a shopper reads: the storefront's pages (inside a
 * <time dateTime={iso}> so machines read the exact moment), its mails and its proforma invoices. Dates are
 * written mm/dd/yy, the shop's date format, in the shop's own time zone (a UK shop: Europe/London) whatever the
 * server's or the shopper's, so the server's HTML, the browser's render and a mail all agree. No zod: browser
 * code imports it (`@quire/contracts/dates`).
 */
const SHOP_TIME_ZONE = "Europe/London";

const DAY = new Intl.DateTimeFormat("en-US", { month: "2-digit", day: "2-digit", year: "2-digit", timeZone: SHOP_TIME_ZONE });
const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: SHOP_TIME_ZONE });

/** "2026-03-12T14:05:00Z" (or that Date) → "03/12/26": month, day and year, two digits each. */
export function formatDate(when: string | Date): string {
  // Put together from its parts rather than trusting the locale's pattern, which may change between ICU versions.
  const parts = Object.fromEntries(DAY.formatToParts(new Date(when)).map((part) => [part.type, part.value]));
  return `${parts.month}/${parts.day}/${parts.year}`;
}

/** "2026-03-12T14:05:00Z" (or that Date) → "03/12/26 at 14:05" (UK time). */
export function formatDateTime(when: string | Date): string {
  // Joined here rather than by one combined format, whose joining word differs between ICU versions (the
  // server's Node and the shopper's browser).
  return `${formatDate(when)} at ${TIME.format(new Date(when))}`;
}

/*
 * A moment that is a record the buyer may have to show (a withdrawal's acknowledgement, decision 061), on its page and
 * in its mail alike: in words and in UTC, so neither the day (03/12/26 reads differently on each side of the Atlantic)
 * nor the zone is in doubt. Assembled from parts, as formatDate is, so no ICU version changes it.
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
