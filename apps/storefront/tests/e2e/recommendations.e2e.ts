import { ListProductsResponseSchema, ProductDetailResponseSchema, RecommendationsResponseSchema } from "@quire/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";
import { startStack, type Stack } from "./stack";

/*
 * Recommendations in the browser (issue 11, section 2), against the demo shop: streamed below a page's main
 * content, the cards the API ranks. The ranking itself is tested against seeded views and orders in the API's
 * recommendations.test.ts. A stack of its own: trending follows every view and order, and the shared stack's
 * other journeys view and buy books while this one runs.
 */

const browser = sessionPerTest();
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ name: "recommendations" });
});
afterAll(async () => {
  await stack?.stop();
});
const fromApi = <S extends Parameters<typeof getFromApi>[1]>(path: string, schema: S, query?: Record<string, unknown>) =>
  getFromApi(path, schema, { query, apiUrl: stack.apiUrl });

async function cardNames(page: Page, heading: string): Promise<string[]> {
  const row = page.getByRole("region", { name: heading });
  const links = row.getByRole("heading").getByRole("link");
  await links.first().waitFor();
  return (await links.allInnerTexts()).map((name) => name.trim());
}

describe("recommendations", () => {
  it("show the merchant's related books, then similar ones, below a product page", async () => {
    const { page } = browser;
    const { data: listed } = await fromApi("/products", ListProductsResponseSchema, { Sort: "popular", PageSize: 1 });
    const { data: product } = await fromApi(`/products/slug=${listed.results[0]!.slug}`, ProductDetailResponseSchema);
    const master = product.variants.find((variant) => variant.isMaster) ?? product.variants[0]!;
    const { data: related } = await fromApi("/recommendations/related", RecommendationsResponseSchema, {
      productVariantId: master.id,
      PageSize: 6,
    });
    expect(related.results.length, "the demo shop recommends something for its books").toBeGreaterThan(0);

    await page.goto(`${stack.storefrontUrl}/store/product/${product.slug}`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    expect(await cardNames(page, "You may also like")).toEqual(related.results.map((card) => card.name));
    expect(await cardNames(page, "You may also like")).not.toContain(product.name);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("show what is trending on the home page", async () => {
    const { page } = browser;
    const { data: trending } = await fromApi("/recommendations/trending", RecommendationsResponseSchema, { PageSize: 6 });
    expect(trending.results.length).toBe(6);
    await page.goto(`${stack.storefrontUrl}/`);
    expect(await cardNames(page, "Trending now")).toEqual(trending.results.map((card) => card.name));
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});
