import { describe, expect, it } from "vitest";
import { orderFiltersOf, orderSortOf } from "./order-filters";
import { shopDayBounds } from "./shop-moments.server";

const url = (search: string) => new URL(`http://office.test/orders?${search}`);
const inZone = (timeZone: string) => (day: string) => shopDayBounds(day, timeZone)?.since ?? null;
const filters = (search: string, timeZone = "UTC") => orderFiltersOf(url(search), inZone(timeZone));

describe("the orders list's filters", () => {
  it("reads a status, a search and a range of days, the last day included", () => {
    expect(filters("status=shipped&q=%20QB-1%20&from=2026-11-01&to=2026-11-30")).toEqual({
      status: "shipped",
      search: "QB-1",
      placedFrom: "2026-11-01T00:00:00.000Z",
      placedTo: "2026-12-01T00:00:00.000Z",
    });
  });

  it("reads the days in the shop's time zone, across a change of the clocks", () => {
    // London's summer time ends on 25 October 2026: that day has 25 hours.
    expect(filters("from=2026-10-25&to=2026-10-25", "Europe/London")).toMatchObject({
      placedFrom: "2026-10-24T23:00:00.000Z",
      placedTo: "2026-10-26T00:00:00.000Z",
    });
    expect(filters("from=2026-12-31&to=2026-12-31", "Asia/Tokyo")).toMatchObject({
      placedFrom: "2026-12-30T15:00:00.000Z",
      placedTo: "2026-12-31T15:00:00.000Z",
    });
  });

  it("leaves out what is not valid instead of refusing the page", () => {
    expect(filters("status=lost&q=%20%20&from=yesterday&to=2026-02-31x")).toEqual({
      status: undefined,
      search: undefined,
      placedFrom: undefined,
      placedTo: undefined,
    });
    expect(filters("from=2026-13-45&to=2026-99-99")).toMatchObject({ placedFrom: undefined, placedTo: undefined });
  });

  it("cuts a long search to what the API takes", () => {
    expect(filters(`q=${"a".repeat(300)}`).search).toHaveLength(100);
  });

  it("lists newest first unless the address says oldest", () => {
    expect(orderSortOf(url("sort=oldest"))).toBe("oldest");
    expect(orderSortOf(url(""))).toBe("newest");
    expect(orderSortOf(url("sort=cheapest"))).toBe("newest");
  });
});
