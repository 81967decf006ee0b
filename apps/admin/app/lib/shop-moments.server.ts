import { DateTime } from "luxon";
import { z } from "zod";

/*
 * Moments a person types or reads in a form, in the shop's time zone (its settings): the browser's date-and-time
 * field ("2026-12-01T09:30") means that wall-clock time where the shop is, and the API is sent the instant. A time
 * the clocks skip or repeat is read by the offset after the change: 01:30 on the UK's spring morning as 02:30 BST,
 * on its autumn one as 01:30 GMT, the second time the clocks show it.
 */

const FIELD = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A datetime-local value read as a time in `timeZone`, answered as an ISO instant; null when empty. */
export function shopMomentField(timeZone: string) {
  return z
    .string()
    .trim()
    .transform((text, context) => {
      if (!text) return null;
      const moment = FIELD.test(text) ? DateTime.fromISO(text, { zone: timeZone }) : null;
      if (!moment?.isValid) {
        context.addIssue({ code: "custom", message: "Enter a date and time, such as 2026-12-01 09:30" });
        return z.NEVER;
      }
      return moment.toUTC().toISO()!;
    });
}

/** An instant as a datetime-local field's value in `timeZone` ("2026-12-01T09:30"); empty for none. */
export function shopMomentValue(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const moment = DateTime.fromISO(iso, { zone: "utc" }).setZone(timeZone);
  return moment.isValid ? moment.toFormat("yyyy-LL-dd'T'HH:mm") : "";
}

/** The first and last instants of a day (YYYY-MM-DD) in `timeZone`, as ISO strings; null for what is not a day. */
export function shopDayBounds(day: string, timeZone: string): { since: string; until: string } | null {
  if (!DAY.test(day)) return null;
  const start = DateTime.fromISO(day, { zone: timeZone });
  if (!start.isValid) return null;
  return { since: start.toUTC().toISO()!, until: start.endOf("day").toUTC().toISO()! };
}
