import { describe, expect, it } from "vitest";
import { PAGE_PATH_MAX, pagePathOf } from "./page-path";

const at = (pathname: string, search = "") => pagePathOf({ pathname, search });

describe("a link back to this page", () => {
  it("keeps the page's own parameters: a listing's search, filters, prices, sort and page, a product's variant", () => {
    expect(at("/store/gift-books-for-her", "?format=hardback&format=paperback&age-range=0-3&min=10&max=20.50&sort=price-asc&page=2")).toBe(
      "/store/gift-books-for-her?format=hardback&format=paperback&age-range=0-3&min=10&max=20.50&sort=price-asc&page=2",
    );
    expect(at("/search", "?q=secret+garden")).toBe("/search?q=secret+garden");
    expect(at("/store/product/the-hobbit", "?variant=12")).toBe("/store/product/the-hobbit?variant=12");
    expect(at("/store")).toBe("/store");
  });

  it("drops a 7,000-character parameter, whatever its name", () => {
    const huge = "x".repeat(7_000);
    expect(at("/store", `?junk=${huge}`)).toBe("/store");
    expect(at("/store", `?page=2&q=${huge}`)).toBe("/store?page=2");
  });

  it("drops what is no parameter of the shop: campaign tags, odd names, control characters", () => {
    expect(at("/store", "?utm_source=mail&Format=x&sort=newest&_routes=root&format=hard%00back")).toBe("/store?sort=newest");
  });

  it("stays within its bound however many parameters were sent", () => {
    const many = Array.from({ length: 500 }, (_, index) => `format=${"v".repeat(90)}${index}`).join("&");
    const path = at("/store", `?${many}`);
    expect(path.length).toBeLessThanOrEqual(PAGE_PATH_MAX);
    expect(path.startsWith("/store?format=")).toBe(true);
  });

  it("goes home from a path longer than any page of the shop", () => {
    expect(at(`/${"a".repeat(PAGE_PATH_MAX + 1)}`, "?page=2")).toBe("/");
  });
});
