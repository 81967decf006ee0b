/**
 * The shop's one date formatter. Dates are shown in the shop's own time zone (a UK shop: Europe/London)
 * whatever the server's or the shopper's, so the server's HTML and the browser's render agree.
 */
const SHOP_TIME_ZONE = "Europe/London";

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE });
const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: SHOP_TIME_ZONE });

/** "2026-03-12T14:05:00Z" → "12 March 2026": a day written out, never mistaken for 3 December. */
export function formatDate(iso: string): string {
  return DAY.format(new Date(iso));
}

/** "2026-03-12T14:05:00Z" → "12 March 2026 at 14:05" (UK time). */
export function formatDateTime(iso: string): string {
  // Joined here rather than by one combined format, whose joining word differs between ICU versions (the
  // server's Node and the shopper's browser).
  return `${formatDate(iso)} at ${TIME.format(new Date(iso))}`;
}
