import { describe, expect, it } from "vitest";
import { rankRecentProducts } from "./recent-products";

describe("rankRecentProducts", () => {
  const productOf = new Map([
    [11, 1],
    [12, 1],
    [21, 2],
    [31, 3],
    [41, 4],
  ]);

  it("ranks products by their latest-viewed variant, most recent first, each once", () => {
    const views = [
      { variantId: 21, recency: 2 },
      { variantId: 11, recency: 4 },
      { variantId: 12, recency: 1 },
      { variantId: 31, recency: 3 },
    ];
    expect(rankRecentProducts(views, productOf, { limit: 10 })).toEqual([1, 2, 3]);
  });

  it("puts the higher product id first among products last viewed at the same moment", () => {
    const views = [
      { variantId: 21, recency: 1 },
      { variantId: 41, recency: 1 },
      { variantId: 31, recency: 2 },
      { variantId: 11, recency: 2 },
    ];
    expect(rankRecentProducts(views, productOf, { limit: 10 })).toEqual([4, 2, 3, 1]);
  });

  it("leaves out variants with no product, the excluded product, and what is past the limit", () => {
    const views = [
      { variantId: 99, recency: 1 },
      { variantId: 21, recency: 2 },
      { variantId: 31, recency: 3 },
      { variantId: 41, recency: 4 },
      { variantId: 11, recency: 5 },
    ];
    expect(rankRecentProducts(views, productOf, { limit: 2, excludeProductId: 3 })).toEqual([2, 4]);
    expect(rankRecentProducts([], productOf, { limit: 2 })).toEqual([]);
  });
});
