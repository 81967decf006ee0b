import { describe, expect, it } from "vitest";
import { itemCountLabel, listPageHref, parseListPage } from "./account-list-page";

describe("parseListPage", () => {
  it("reads page 1 when none is asked for, and the page number asked for", () => {
    expect(parseListPage(new URLSearchParams(""))).toBe(1);
    expect(parseListPage(new URLSearchParams("page=3"))).toBe(3);
    expect(parseListPage(new URLSearchParams("page=99999"))).toBe(99999);
  });

  it("refuses what is not a page number, as the catalogue's listings do", () => {
    for (const search of ["page=0", "page=-1", "page=01", "page=1.5", "page=abc", "page=", "page=100000", "page=2&page=3"]) {
      expect(parseListPage(new URLSearchParams(search)), search).toBeNull();
    }
  });
});

describe("listPageHref", () => {
  it("keeps page 1 at the bare address", () => {
    expect(listPageHref("/account/orders", 1)).toBe("/account/orders");
    expect(listPageHref("/account/orders", 4)).toBe("/account/orders?page=4");
    expect(listPageHref("/account/returns", 2)).toBe("/account/returns?page=2");
  });
});

describe("itemCountLabel", () => {
  it("says item once and items otherwise", () => {
    expect(itemCountLabel(1)).toBe("1 item");
    expect(itemCountLabel(0)).toBe("0 items");
    expect(itemCountLabel(3)).toBe("3 items");
  });
});
