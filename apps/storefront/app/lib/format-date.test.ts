import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format-date";

describe("formatDate", () => {
  it("writes the shop's date format, mm/dd/yy, in the shop's time zone", () => {
    expect(formatDate("2026-03-12T14:05:00.000Z")).toBe("03/12/26");
    expect(formatDate("2031-11-05T10:00:00.000Z")).toBe("11/05/31");
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    expect(formatDate("2026-06-30T23:30:00.000Z")).toBe("07/01/26");
  });
});

describe("formatDateTime", () => {
  it("adds the time of day as the UK reads it", () => {
    expect(formatDateTime("2026-01-05T09:07:00.000Z")).toBe("01/05/26 at 09:07");
    expect(formatDateTime("2026-06-30T23:30:00.000Z")).toBe("07/01/26 at 00:30");
  });
});
