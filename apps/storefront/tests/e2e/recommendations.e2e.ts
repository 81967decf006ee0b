import {
  ListProductsResponseSchema,
  ProductDetailResponseSchema,
  RecommendationsResponseSchema,
  type ProductSummary,
} from "@quire/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";
import { DEMO_STORE_KEY, startStack, type Stack } from "./stack";

/*
 * Recommendations in the browser (issue 11, section 2), against the demo shop: streamed below a page's main
 * content, the cards the API ranks. The ranking itself is tested against seeded views and orders in the API's
 * recommendations.test.ts. A stack of its own: trending follows every view and order, and the shared stack's
 * other journeys view and buy books while this one runs.
 */

const browser = sessionPerTest();
let stack: Stack;
/** Two books a past order held together (the demo shop has no orders): the first two by name. */
let together: ProductSummary[];
beforeAll(async () => {
  together = (await getFromApi("/products", ListProductsResponseSchema, { query: { Sort: "name-asc", PageSize: 2 } })).data.results;
  stack = await startStack({
    name: "recommendations",
    prepare: async (database) => {
      await database.execute(
        `WITH books AS (
           SELECT v.id, v.sku, p.name, row_number() OVER (ORDER BY p.slug) AS position
           FROM product_variants v JOIN products p ON p.id = v.product_id JOIN stores s ON s.id = p.store_id
           WHERE s.key = $1 AND p.slug = ANY($2::text[]) AND v.is_master),
         cart AS (
           INSERT INTO carts (store_id, anonymous_id, status) SELECT id, gen_random_uuid()::text, 'ordered' FROM stores WHERE key = $1
           RETURNING id, store_id),
         placed AS (
           INSERT INTO orders (public_id, store_id, cart_id, status, email, first_name, last_name, currency_code, prices_include_tax,
             sub_total, discount_total, delivery_charge, tax_total, grand_total, tax_lines, discount_lines, delivery_address,
             billing_address, delivery_option_name, delivery_option_kind, placed_at)
           SELECT 'QB-' || nextval('order_number_seq'), store_id, id, 'delivered', 'together@example.com', 'Ada', 'Reader', 'GBP', true,
             2000, 0, 0, 0, 2000, '[]', '[]', $3::jsonb, $3::jsonb, 'Standard delivery', 'standard', now() - interval '2 days'
           FROM cart RETURNING id)
         INSERT INTO order_lines (order_id, variant_id, sku, product_name, variant_name, quantity, unit_amount, tax_class, addons,
           total, reserved_quantity, position)
         SELECT placed.id, books.id, books.sku, books.name, books.name, 1, 1000, 'books', '[]', 1000, 1, books.position
         FROM placed, books`,
        [
          DEMO_STORE_KEY,
          together.map((book) => book.slug),
          JSON.stringify({
            firstName: "Ada",
            lastName: "Reader",
            line1: "1 Princes Street",
            city: "Edinburgh",
            postcode: "EH2 2EQ",
            countryCode: "GB",
          }),
        ],
      );
    },
  });
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

  it("show what was bought with a book above the rest, once its orders say so", async () => {
    const { page } = browser;
    const [book, other] = together;
    const { data: product } = await fromApi(`/products/slug=${book!.slug}`, ProductDetailResponseSchema);
    const master = product.variants.find((variant) => variant.isMaster) ?? product.variants[0]!;
    const { data: bought } = await fromApi("/recommendations/bought-together", RecommendationsResponseSchema, {
      productVariantId: master.id,
      PageSize: 6,
    });
    expect(bought.results.map((card) => card.name)).toEqual([other!.name]);

    await page.goto(`${stack.storefrontUrl}/store/product/${product.slug}`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    expect(await cardNames(page, "Often bought together")).toEqual([other!.name]);
    // Each row streams in when its answer comes: wait for the second before reading their order.
    await page.getByRole("region", { name: "You may also like" }).getByRole("heading").getByRole("link").first().waitFor();
    const rows = await page
      .getByRole("region")
      .filter({ has: page.getByRole("heading", { level: 2 }) })
      .allInnerTexts();
    const headingOrder = ["Often bought together", "You may also like"].map((heading) => rows.findIndex((row) => row.startsWith(heading)));
    expect(headingOrder[0]).toBeLessThan(headingOrder[1]!);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("show no bought-together row for a book no order holds", async () => {
    const { page } = browser;
    const { data: listed } = await fromApi("/products", ListProductsResponseSchema, { Sort: "name-desc", PageSize: 1 });
    await page.goto(`${stack.storefrontUrl}/store/product/${listed.results[0]!.slug}`);
    await cardNames(page, "You may also like");
    expect(await page.getByRole("region", { name: "Often bought together" }).count()).toBe(0);
    expectNoPageProblems(browser);
  });

  it("show what is trending on the home page", async () => {
    const { page } = browser;
    const trendingNames = async () =>
      (await fromApi("/recommendations/trending", RecommendationsResponseSchema, { PageSize: 6 })).data.results.map((card) => card.name);
    // Trending follows the shop's activity, and the views of the journeys above may still be arriving: the row
    // is compared with the API's answer of before and after the page, until no activity came in between.
    await expect
      .poll(
        async () => {
          const before = await trendingNames();
          await page.goto(`${stack.storefrontUrl}/`);
          const shown = await cardNames(page, "Trending now");
          const after = await trendingNames();
          if (before.join("|") !== after.join("|")) return "activity arrived meanwhile";
          return after.length === 6 && shown.join("|") === after.join("|") ? "the row is the API's six" : { shown, api: after };
        },
        { timeout: 60_000 },
      )
      .toBe("the row is the API's six");
    // One row of that name: the demo's own rail of its "trending" category is named for what it holds.
    expect(await page.getByRole("heading", { name: "Trending now", exact: true }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});
