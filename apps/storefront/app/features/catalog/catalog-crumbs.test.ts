import { describe, expect, it } from "vitest";
import { catalogTrail, storeTrail, toJsonLdCrumbs, toUiCrumbs } from "./catalog-crumbs";

const ancestors = [
  { id: 1, slug: "gift-books-for-her", name: "Gift Books for Her" },
  { id: 2, slug: "gifts-for-mum", name: "For Mum" },
];

describe("catalogTrail", () => {
  it("runs Home, Store, the ancestors, then the page itself", () => {
    expect(catalogTrail(ancestors, { label: "The Slow Table", path: "/store/product/the-slow-table" })).toEqual([
      { label: "Home", path: "/" },
      { label: "Store", path: "/store" },
      { label: "Gift Books for Her", path: "/store/gift-books-for-her" },
      { label: "For Mum", path: "/store/gifts-for-mum" },
      { label: "The Slow Table", path: "/store/product/the-slow-table" },
    ]);
  });

  it("names a category once even when the API's trail already ends with it", () => {
    const trail = catalogTrail(ancestors, { label: "For Mum", path: "/store/gifts-for-mum", categoryId: 2 });
    expect(trail.map((step) => step.label)).toEqual(["Home", "Store", "Gift Books for Her", "For Mum"]);
  });

  it("leads to the store itself", () => {
    expect(storeTrail().map((step) => step.path)).toEqual(["/", "/store"]);
  });
});

describe("crumb shapes", () => {
  const trail = catalogTrail(ancestors.slice(0, 1), { label: "The Slow Table", path: "/store/product/the-slow-table" });

  it("links every crumb but the current page", () => {
    expect(toUiCrumbs(trail)).toEqual([
      { label: "Home", href: "/" },
      { label: "Store", href: "/store" },
      { label: "Gift Books for Her", href: "/store/gift-books-for-her" },
      { label: "The Slow Table" },
    ]);
  });

  it("gives structured data absolute URLs", () => {
    expect(toJsonLdCrumbs(trail, "https://shop.example").map((crumb) => crumb.url)).toEqual([
      "https://shop.example/",
      "https://shop.example/store",
      "https://shop.example/store/gift-books-for-her",
      "https://shop.example/store/product/the-slow-table",
    ]);
  });
});
