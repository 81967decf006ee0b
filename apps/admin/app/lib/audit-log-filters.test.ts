import { describe, expect, it } from "vitest";
import { auditLogFiltersOf, auditLogQueryOf, auditValue } from "./audit-log-filters";
import { shopDayBounds } from "./shop-moments.server";

const query = (search: string, before: string | null = null, timeZone = "UTC") =>
  auditLogQueryOf(auditLogFiltersOf(new URL(`http://office.test/audit-log${search}`)), before, (day) => shopDayBounds(day, timeZone));

describe("the audit log's filters", () => {
  it("are the API's query: an actor, an operation, a resource and whole days of a shop on UTC", () => {
    expect(query("?actor=staff%3A12&operation=updateStaff&resourceType=staff&resourceId=12&from=2026-11-01&to=2026-11-30", "900")).toEqual({
      actorType: "staff",
      actorId: 12,
      operation: "updateStaff",
      resourceType: "staff",
      resourceId: "12",
      since: "2026-11-01T00:00:00.000Z",
      until: "2026-11-30T23:59:59.999Z",
      before: 900,
    });
    expect(query("?actor=admin_key")).toEqual({ actorType: "admin_key" });
  });

  it("take whole days in the shop's time zone", () => {
    expect(query("?from=2026-07-01&to=2026-07-01", null, "Europe/London")).toEqual({
      since: "2026-06-30T23:00:00.000Z",
      until: "2026-07-01T22:59:59.999Z",
    });
  });

  it("leave out what is not valid rather than refuse the page", () => {
    expect(query("?actor=robot%3A1&operation=drop%20table&resourceType=Order!&from=yesterday", "-1")).toEqual({});
  });

  it("show a recorded value as text", () => {
    expect([auditValue(null), auditValue("owner"), auditValue(""), auditValue(false), auditValue(["GB"])]).toEqual([
      "(none)",
      "owner",
      '""',
      "false",
      '["GB"]',
    ]);
  });
});
