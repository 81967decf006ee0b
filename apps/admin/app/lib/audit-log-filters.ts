import type { AuditLogQuery } from "@quire/contracts";
import { AUDIT_ACTOR_TYPES } from "@quire/contracts/constants";

/** The audit log's filters as the address carries them, as typed (to fill the form again). */
export interface AuditLogFilters {
  /** "staff:12", "api_token:3", "admin_key" (any bootstrap key) or "admin_key:1". */
  actor: string;
  operation: string;
  resourceType: string;
  resourceId: string;
  from: string;
  to: string;
}

export function auditLogFiltersOf(url: URL): AuditLogFilters {
  const get = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, 100);
  return {
    actor: get("actor"),
    operation: get("operation"),
    resourceType: get("resourceType"),
    resourceId: get("resourceId"),
    from: get("from"),
    to: get("to"),
  };
}

/**
 * The filters in the API's terms: what is not valid is left out rather than refused, as a person may have typed it
 * into the address. Days are whole days of the shop (`dayBounds`: a day's first and last instant in its time zone), both included.
 */
export function auditLogQueryOf(
  filters: AuditLogFilters,
  before: string | null,
  dayBounds: (day: string) => { since: string; until: string } | null,
): Omit<AuditLogQuery, "limit"> {
  const query: Omit<AuditLogQuery, "limit"> = {};
  const [type, id] = filters.actor.split(":");
  const actorType = AUDIT_ACTOR_TYPES.find((known) => known === type);
  if (actorType) {
    query.actorType = actorType;
    if (id && /^\d{1,10}$/.test(id) && Number(id) <= 2_147_483_647) query.actorId = Number(id);
  }
  if (/^[A-Za-z]{1,100}$/.test(filters.operation)) query.operation = filters.operation;
  if (/^[a-z_]{1,50}$/.test(filters.resourceType)) query.resourceType = filters.resourceType;
  if (filters.resourceId) query.resourceId = filters.resourceId;
  const since = dayBounds(filters.from)?.since;
  const until = dayBounds(filters.to)?.until;
  if (since) query.since = since;
  if (until) query.until = until;
  if (before && /^\d{1,10}$/.test(before) && Number(before) >= 1 && Number(before) <= 2_147_483_647) query.before = Number(before);
  return query;
}

/** A recorded value as text: a string as it is, anything else as JSON, nothing as "(none)". */
export function auditValue(value: unknown): string {
  if (value === undefined || value === null) return "(none)";
  if (typeof value === "string") return value === "" ? '""' : value;
  return JSON.stringify(value);
}
