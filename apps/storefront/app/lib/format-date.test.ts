import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDayInWords, formatMomentInWords } from "./format-date";

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

describe("formatDayInWords and formatMomentInWords", () => {
  it("write a withdrawal's moments in words and in UTC, as its acknowledgement mail does", () => {
    expect(formatMomentInWords("2026-12-01T16:05:00.000Z")).toBe("1 December 2026, 16:05 UTC");
    expect(formatDayInWords("2026-12-15T16:05:00.000Z")).toBe("15 December 2026");
    // The day and hour in UTC, whatever the shop's zone: 23:30 UTC on 30 June is still 30 June.
    expect(formatMomentInWords("2026-06-30T23:30:00.000Z")).toBe("30 June 2026, 23:30 UTC");
    expect(formatMomentInWords(new Date("2027-01-05T00:07:00.000Z"))).toBe("5 January 2027, 00:07 UTC");
  });
});
