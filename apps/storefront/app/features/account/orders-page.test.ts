import { describe, expect, it } from "vitest";
import { ordersPageHref, parseOrdersPage } from "./orders-page";

describe("parseOrdersPage", () => {
  it("reads page 1 when none is asked for, and the page number asked for", () => {
    expect(parseOrdersPage(new URLSearchParams(""))).toBe(1);
    expect(parseOrdersPage(new URLSearchParams("page=3"))).toBe(3);
    expect(parseOrdersPage(new URLSearchParams("page=99999"))).toBe(99999);
  });

  it("refuses what is not a page number, as the catalogue's listings do", () => {
    for (const search of ["page=0", "page=-1", "page=01", "page=1.5", "page=abc", "page=", "page=100000", "page=2&page=3"]) {
      expect(parseOrdersPage(new URLSearchParams(search)), search).toBeNull();
    }
  });
});

describe("ordersPageHref", () => {
  it("keeps page 1 at the bare address", () => {
    expect(ordersPageHref(1)).toBe("/account/orders");
    expect(ordersPageHref(4)).toBe("/account/orders?page=4");
  });
});
