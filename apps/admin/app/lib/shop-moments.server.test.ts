import { describe, expect, it } from "vitest";
import { shopDayBounds, shopMomentField, shopMomentValue } from "./shop-moments.server";

describe("moments in the shop's time zone", () => {
  it("read a date-and-time field as that wall-clock time where the shop is", () => {
    const london = shopMomentField("Europe/London");
    expect(london.parse("2026-12-01T09:30")).toBe("2026-12-01T09:30:00.000Z");
    expect(london.parse("2026-07-01T09:30")).toBe("2026-07-01T08:30:00.000Z");
    expect(shopMomentField("Asia/Tokyo").parse("2026-12-01T09:30:15")).toBe("2026-12-01T00:30:15.000Z");
    expect(london.parse("  ")).toBeNull();
  });

  it("read a time the clocks skip or repeat by the offset after the change", () => {
    // The clocks in the UK go from 01:00 to 02:00 on 29 March 2026, and from 02:00 back to 01:00 on 25 October.
    expect(shopMomentField("Europe/London").parse("2026-03-29T01:30")).toBe("2026-03-29T01:30:00.000Z");
    expect(shopMomentField("Europe/London").parse("2026-10-25T01:30")).toBe("2026-10-25T01:30:00.000Z");
  });

  it("refuse what is not a date and time", () => {
    for (const text of ["tomorrow", "2026-02-30T10:00", "2026-12-01 09:30", "2026-12-01T25:00"]) {
      const parsed = shopMomentField("Europe/London").safeParse(text);
      expect(parsed.success, text).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Enter a date and time, such as 2026-12-01 09:30");
    }
  });

  it("show an instant as the field's value where the shop is, the way back", () => {
    expect(shopMomentValue("2026-07-01T08:30:00.000Z", "Europe/London")).toBe("2026-07-01T09:30");
    expect(shopMomentValue("2026-12-01T00:30:00.000Z", "America/New_York")).toBe("2026-11-30T19:30");
    expect(shopMomentValue(null, "UTC")).toBe("");
    const london = shopMomentField("Europe/London");
    expect(london.parse(shopMomentValue("2026-10-25T10:15:00.000Z", "Europe/London"))).toBe("2026-10-25T10:15:00.000Z");
  });

  it("bound a day from its first to its last instant there", () => {
    expect(shopDayBounds("2026-12-01", "Asia/Tokyo")).toEqual({ since: "2026-11-30T15:00:00.000Z", until: "2026-12-01T14:59:59.999Z" });
    // The day the clocks go back lasts 25 hours.
    expect(shopDayBounds("2026-10-25", "Europe/London")).toEqual({ since: "2026-10-24T23:00:00.000Z", until: "2026-10-25T23:59:59.999Z" });
    expect(shopDayBounds("yesterday", "UTC")).toBeNull();
    expect(shopDayBounds("2026-02-30", "UTC")).toBeNull();
  });
});
