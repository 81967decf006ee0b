/*
 * The shop's one date formatter (mm/dd/yy, in the shop's time zone), shared with the API's mails and proforma
 * invoices so a date reads the same on a page and in a mail: packages/contracts/src/dates.ts. Every date the
 * storefront shows goes through it, inside a <time dateTime={iso}>.
 */
export { formatDate, formatDateTime } from "@quire/contracts/dates";
/** A withdrawal's moments in words and in UTC, as its acknowledgement mail states them (decision 061). */
export { formatDayInWords, formatMomentInWords } from "@quire/contracts/dates";
