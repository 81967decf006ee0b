import qs from "qs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SORT,
  formatAmountParam,
  listingHref,
  parseAmountParam,
  parseListingSearch,
  serialiseListing,
  toProductsQuery,
  toSelectionQuery,
  withoutFilters,
  withoutFilterValue,
  withoutPriceBounds,
  withPage,
  type ListingState,
} from "./listing-query";

const codes = new Set(["format", "occasion", "page"]);
const parse = (search: string) => parseListingSearch(new URLSearchParams(search), codes);
const stateOf = (search: string): ListingState => {
  const result = parse(search);
  if (!result.ok) throw new Error(`expected ${search} to parse`);
  return result.state;
};

describe("parseListingSearch", () => {
  it("reads filters, price bounds, sort and page", () => {
    expect(parse("format=hardback&format=paperback&occasion=birthday&min=10&max=20.5&sort=price-asc&page=2")).toEqual({
      ok: true,
      needsTidyUrl: false,
      state: {
        filters: [
          { code: "format", values: ["hardback", "paperback"] },
          { code: "occasion", values: ["birthday"] },
        ],
        minPrice: 1000,
        maxPrice: 2050,
        sort: "price-asc",
        page: 2,
      },
    });
  });

  it("defaults to the first page in the default order with nothing selected", () => {
    expect(parse("")).toEqual({ ok: true, needsTidyUrl: false, state: { filters: [], sort: DEFAULT_SORT, page: 1 } });
  });

  it("ignores parameters that are not the shop's filters", () => {
    expect(stateOf("fbclid=abc&utm_source=mail&colour=red&format=hardback").filters).toEqual([{ code: "format", values: ["hardback"] }]);
  });

  it("never treats its own parameters as filters, even when an attribute shares the name", () => {
    expect(stateOf("page=3").filters).toEqual([]);
  });

  it.each([
    "page=abc",
    "page=0",
    "page=-1",
    "page=1.5",
    "page=999999",
    "sort=cheapest",
    "sort=relevance",
    "min=ten",
    "max=1e3",
    "min=-5",
    "max=10.555",
  ])("refuses %s", (search) => {
    expect(parse(search)).toMatchObject({ ok: false });
  });

  it("names the parameter it refused, as not found when the value is well-formed", () => {
    expect(parse("format=a&page=x")).toEqual({ ok: false, param: "page", status: 404 });
  });

  it("refuses more filter values or longer values than the API accepts, as a bad request", () => {
    const many = Array.from({ length: 51 }, (_, i) => `format=v${i}`).join("&");
    expect(parse(many)).toEqual({ ok: false, param: "format", status: 400 });
    expect(parse(`format=${"x".repeat(101)}`)).toEqual({ ok: false, param: "format", status: 400 });
    expect(parse(`sort=${"x".repeat(101)}`)).toEqual({ ok: false, param: "sort", status: 400 });
  });

  it.each([
    "format=%00",
    "format=hard%00back",
    "format=a%0Ab",
    "format=%1F",
    "format=%7F",
    "format=%C2%85",
    "occasion=%E2%80%8B%00",
    "page=1%00",
    "sort=%00popular",
    "min=%0910",
  ])("refuses the control characters of %s as a bad request, before asking the API", (search) => {
    expect(parse(search)).toMatchObject({ ok: false, status: 400 });
  });

  it("leaves control characters alone in parameters that are not the listing's", () => {
    expect(parse("utm_source=%00&format=hardback")).toMatchObject({
      ok: true,
      state: { filters: [{ code: "format", values: ["hardback"] }] },
    });
  });

  it("accepts any printable text in a filter value, accents and symbols included", () => {
    expect(stateOf("occasion=F%C3%AAte%20des%20p%C3%A8res%20%26%20%E2%9C%93").filters).toEqual([
      { code: "occasion", values: ["Fête des pères & ✓"] },
    ]);
  });

  it("asks for a tidy URL when a form sent empty boxes, and ignores them", () => {
    expect(parse("format=hardback&min=&max=&sort=")).toEqual({
      ok: true,
      needsTidyUrl: true,
      state: { filters: [{ code: "format", values: ["hardback"] }], sort: DEFAULT_SORT, page: 1 },
    });
  });

  it("swaps bounds typed the wrong way round and asks for a tidy URL", () => {
    expect(parse("min=30&max=10")).toMatchObject({ ok: true, needsTidyUrl: true, state: { minPrice: 1000, maxPrice: 3000 } });
  });

  it("drops repeated values", () => {
    expect(parse("format=a&format=a")).toMatchObject({ needsTidyUrl: true, state: { filters: [{ code: "format", values: ["a"] }] } });
  });

  it("does not ask to tidy a URL it wrote itself", () => {
    const search = "format=hardback&occasion=birthday&min=5&max=12.50&sort=newest&page=3";
    const result = parse(search);
    expect(result).toMatchObject({ ok: true, needsTidyUrl: false });
    expect(serialiseListing(stateOf(search))).toBe(search);
  });
});

describe("price parameters", () => {
  it("turns typed amounts into minor units exactly", () => {
    expect(parseAmountParam("10")).toBe(1000);
    expect(parseAmountParam("12.5")).toBe(1250);
    expect(parseAmountParam("12.05")).toBe(1205);
    expect(parseAmountParam("0.1")).toBe(10);
    expect(parseAmountParam("19.99")).toBe(1999);
    expect(parseAmountParam("1,000")).toBeUndefined();
  });

  it("writes minor units back as a shopper would type them", () => {
    expect(formatAmountParam(1000)).toBe("10");
    expect(formatAmountParam(1250)).toBe("12.50");
    expect(formatAmountParam(1205)).toBe("12.05");
    expect(formatAmountParam(5)).toBe("0.05");
  });
});

describe("links", () => {
  const state = stateOf("format=hardback&format=paperback&min=10&sort=price-desc&page=4");

  it("leaves out defaults", () => {
    expect(listingHref("/store/gifts", { filters: [], sort: DEFAULT_SORT, page: 1 })).toBe("/store/gifts");
  });

  it("changes the page and keeps the rest", () => {
    expect(listingHref("/store/gifts", withPage(state, 5))).toBe(
      "/store/gifts?format=hardback&format=paperback&min=10&sort=price-desc&page=5",
    );
  });

  it("removes one filter value and starts again from page 1", () => {
    expect(listingHref("/store/gifts", withoutFilterValue(state, "format", "hardback"))).toBe(
      "/store/gifts?format=paperback&min=10&sort=price-desc",
    );
    const none = withoutFilterValue(withoutFilterValue(state, "format", "hardback"), "format", "paperback");
    expect(none.filters).toEqual([]);
  });

  it("removes the price bounds", () => {
    expect(listingHref("/s", withoutPriceBounds(state))).toBe("/s?format=hardback&format=paperback&sort=price-desc");
  });

  it("clears every filter but keeps the order", () => {
    expect(listingHref("/s", withoutFilters(state))).toBe("/s?sort=price-desc");
  });
});

describe("API queries", () => {
  const state = stateOf("format=hardback&format=paperback&min=10&max=20&sort=price-asc&page=2");

  it("maps the state to the API's selection", () => {
    expect(toSelectionQuery(state, { categorySlug: "gifts-for-her" })).toEqual({
      CategorySlug: "gifts-for-her",
      Filters: [{ Code: "format", Values: ["hardback", "paperback"] }],
      MinPrice: 1000,
      MaxPrice: 2000,
    });
  });

  it("adds sort and paging for the product list", () => {
    expect(toProductsQuery(state, {})).toEqual({
      Filters: [{ Code: "format", Values: ["hardback", "paperback"] }],
      MinPrice: 1000,
      MaxPrice: 2000,
      Sort: "price-asc",
      PageNumber: 2,
      PageSize: 24,
    });
  });

  it("serialises to the indexed query the API parses", () => {
    const query = qs.stringify(toProductsQuery(state, { categorySlug: "gifts" }), { encodeValuesOnly: true });
    expect(query).toBe(
      "CategorySlug=gifts&Filters[0][Code]=format&Filters[0][Values][0]=hardback&Filters[0][Values][1]=paperback&MinPrice=1000&MaxPrice=2000&Sort=price-asc&PageNumber=2&PageSize=24",
    );
  });

  it("sends nothing it does not need", () => {
    expect(toSelectionQuery(stateOf(""), {})).toEqual({});
  });
});

describe("search text (q)", () => {
  it("is read trimmed, orders by relevance unless a sort is chosen, and goes to the API as SearchText", () => {
    const state = stateOf("q=harbour%20lights&format=hardback");
    expect(state).toMatchObject({ text: "harbour lights", sort: "relevance", page: 1 });
    expect(toProductsQuery(state, {})).toMatchObject({ SearchText: "harbour lights", Sort: "relevance" });
    expect(toSelectionQuery(state, {})).toEqual({ SearchText: "harbour lights", Filters: [{ Code: "format", Values: ["hardback"] }] });
    expect(stateOf("q=harbour&sort=price-asc").sort).toBe("price-asc");
    expect(parse("q=%20harbour%20")).toMatchObject({ ok: true, needsTidyUrl: true, state: { text: "harbour" } });
  });

  it("stays in every link and is kept when filters are cleared; relevance is left out of the URL as the default", () => {
    const state = stateOf("q=harbour&format=hardback&page=2");
    expect(serialiseListing(state)).toBe("q=harbour&format=hardback&page=2");
    expect(listingHref("/search", withoutFilters(state))).toBe("/search?q=harbour");
    expect(listingHref("/search", withPage(state, 3))).toBe("/search?q=harbour&format=hardback&page=3");
    expect(serialiseListing({ ...state, sort: "popular", page: 1 })).toBe("q=harbour&format=hardback&sort=popular");
  });

  it("offers relevance only to search results; refuses text longer than the API takes", () => {
    expect(parse("sort=relevance")).toEqual({ ok: false, param: "sort", status: 404 });
    expect(stateOf("").sort).toBe(DEFAULT_SORT);
    expect(parse(`q=${"a".repeat(201)}`)).toEqual({ ok: false, param: "q", status: 400 });
    expect(parse("q=a%00b")).toEqual({ ok: false, param: "q", status: 400 });
    expect(stateOf("q=").text).toBeUndefined();
  });
});
