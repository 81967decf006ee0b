import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format-date";

describe("formatDate", () => {
  it("writes the day out, in the shop's time zone", () => {
    expect(formatDate("2026-03-12T14:05:00.000Z")).toBe("12 March 2026");
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    expect(formatDate("2026-06-30T23:30:00.000Z")).toBe("1 July 2026");
  });
});

describe("formatDateTime", () => {
  it("adds the time of day as the UK reads it", () => {
    expect(formatDateTime("2026-01-05T09:07:00.000Z")).toBe("5 January 2026 at 09:07");
    expect(formatDateTime("2026-06-30T23:30:00.000Z")).toBe("1 July 2026 at 00:30");
  });
});
