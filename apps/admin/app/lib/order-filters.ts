import type { OrderStatus } from "@quire/contracts";
import { ORDER_STATUSES } from "@quire/contracts/constants";

/** A day typed in a date field (yyyy-mm-dd), or nothing. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The orders list's filters as the address carries them (`status`, `q`, `from`, `to`: days, both included), in
 * the API's terms: what is not valid in the address is left out rather than refused, as a person may have typed it.
 */
export function orderFiltersOf(url: URL): { status?: OrderStatus; search?: string; placedFrom?: string; placedTo?: string } {
  const status = ORDER_STATUSES.find((known) => known === url.searchParams.get("status"));
  const search = url.searchParams.get("q")?.trim().slice(0, 100);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const fromTime = DAY.test(from) ? Date.parse(`${from}T00:00:00Z`) : NaN;
  const toTime = DAY.test(to) ? Date.parse(`${to}T00:00:00Z`) + 86_400_000 : NaN;
  return {
    status,
    search: search || undefined,
    placedFrom: Number.isNaN(fromTime) ? undefined : new Date(fromTime).toISOString(),
    // The API's bound is exclusive: the day after the last day asked for.
    placedTo: Number.isNaN(toTime) ? undefined : new Date(toTime).toISOString(),
  };
}
