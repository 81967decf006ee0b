import { describe, expect, it } from "vitest";
import { useTestApi } from "../../testing/test-api";
import { createTestCatalogue } from "./catalog-test-catalogue";
import type { ProductSearch } from "./product-search";

/**
 * What a hosted search engine would answer: product ids, best first, for a text. It stands in for the
 * third-party engine issue 11 may bring, to show the listing takes whatever ProductSearch buildApp is given.
 */
const rankedIds = new Map<string, number[]>();
const hostedEngine: ProductSearch = {
  async match({ text }) {
    return { text, rankedIds: async () => rankedIds.get(text) ?? [] };
  },
};

const api = useTestApi(createTestCatalogue, { productSearch: hostedEngine });

async function listSlugs(query: string) {
  const response = await api.get(`/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.results.map((product: { slug: string }) => product.slug) as string[];
}

describe("the product search given to buildApp", () => {
  it("decides what SearchText finds and the relevance order of GET /products", async () => {
    const { emma, frankenstein, pride } = api.seeded.products;
    rankedIds.set("gothic", [frankenstein.id, emma.id, pride.id]);
    expect(await listSlugs("SearchText=gothic")).toEqual(["frankenstein", "emma", "pride-and-prejudice"]);
    // The listing's own conditions and sorts still apply to what the search found.
    expect(await listSlugs("SearchText=gothic&Sort=name-asc")).toEqual(["emma", "frankenstein", "pride-and-prejudice"]);
    expect(await listSlugs("SearchText=gothic&MaxPrice=1000")).toEqual(["emma", "pride-and-prejudice"]);
    // PostgreSQL full text would find Pride and Prejudice here; this search knows no such text.
    expect(await listSlugs("SearchText=prejudice")).toEqual([]);
  });

  it("decides what GET /product-filters counts for SearchText", async () => {
    const { emma, frankenstein } = api.seeded.products;
    rankedIds.set("monsters", [frankenstein.id, emma.id]);
    const data = (await api.get("/product-filters?SearchText=monsters")).json().data;
    expect(data.total).toBe(2);
    expect(data.priceRange).toEqual({ min: 800, max: 1500, currencyCode: "GBP" });
  });
});
