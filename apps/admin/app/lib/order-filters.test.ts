import { describe, expect, it } from "vitest";
import { orderFiltersOf } from "./order-filters";

const filters = (search: string) => orderFiltersOf(new URL(`http://office.test/orders?${search}`));

describe("the orders list's filters", () => {
  it("reads a status, a search and a range of days, the last day included", () => {
    expect(filters("status=shipped&q=%20QB-1%20&from=2026-11-01&to=2026-11-30")).toEqual({
      status: "shipped",
      search: "QB-1",
      placedFrom: "2026-11-01T00:00:00.000Z",
      placedTo: "2026-12-01T00:00:00.000Z",
    });
  });

  it("leaves out what is not valid instead of refusing the page", () => {
    expect(filters("status=lost&q=%20%20&from=yesterday&to=2026-02-31x")).toEqual({
      status: undefined,
      search: undefined,
      placedFrom: undefined,
      placedTo: undefined,
    });
  });

  it("cuts a long search to what the API takes", () => {
    expect(filters(`q=${"a".repeat(300)}`).search).toHaveLength(100);
  });
});
