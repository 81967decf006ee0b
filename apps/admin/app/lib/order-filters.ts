import type { AdminOrderSort, OrderStatus } from "@quire/contracts";
import { ADMIN_ORDER_SORTS, ORDER_STATUSES } from "@quire/contracts/constants";

/** A day typed in a date field (yyyy-mm-dd), or nothing. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day after `day` (yyyy-mm-dd), counted on the calendar, not in hours; null for what is not a day. */
function dayAfter(day: string): string | null {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? null : new Date(time + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The orders list's filters as the address carries them (`status`, `q`, `from`, `to`: days, both included, in the
 * shop's time zone, whose midnight `dayStart` gives as an instant), in the API's terms: what is not valid in the
 * address is left out rather than refused, as a person may have typed it.
 */
export function orderFiltersOf(
  url: URL,
  dayStart: (day: string) => string | null,
): { status?: OrderStatus; search?: string; placedFrom?: string; placedTo?: string } {
  const status = ORDER_STATUSES.find((known) => known === url.searchParams.get("status"));
  const search = url.searchParams.get("q")?.trim().slice(0, 100);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const untilDay = DAY.test(to) ? dayAfter(to) : null;
  return {
    status,
    search: search || undefined,
    placedFrom: (DAY.test(from) ? dayStart(from) : null) ?? undefined,
    // The API's bound is exclusive: the start of the day after the last day asked for.
    placedTo: (untilDay ? dayStart(untilDay) : null) ?? undefined,
  };
}

/** The list's order as the address carries it (`sort`): newest first unless it says oldest. */
export function orderSortOf(url: URL): AdminOrderSort {
  return ADMIN_ORDER_SORTS.find((known) => known === url.searchParams.get("sort")) ?? "newest";
}
