import { ListProductsResponseSchema, ProductDetailResponseSchema, StoreSettingsResponseSchema } from "@quire/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";
import { DEMO_STORE_KEY, startStack, type Stack } from "./stack";

/**
 * The store policy HiddenPricesForUnauthorized (docs/storefront-behaviour/catalogue.md): an anonymous visitor sees the
 * books but no prices. This journey runs its own Quire on its own database, with the policy set before
 * the servers start, rather than changing the shared e2e database under the other journeys: the embedded
 * PGlite cannot be written while the API holds it, and no other journey then sees (or races) the policy.
 */
const CATEGORY = "gift-books-for-her";
/** A price as the shop writes one: a currency symbol right before a digit. */
const PRICE = /[£€$]\s?\d/;

let stack: Stack;
const browser = sessionPerTest();
beforeAll(async () => {
  stack = await startStack({
    name: "hidden-prices",
    prepare: (database) =>
      database.execute("UPDATE stores SET anonymous_customer_product_policy = 'HiddenPricesForUnauthorized' WHERE key = $1", [
        DEMO_STORE_KEY,
      ]),
  });
});
afterAll(async () => {
  await stack?.stop();
});

async function jsonLdOf(page: Page): Promise<string> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
}

describe("with prices hidden from anonymous visitors", () => {
  it("is the policy the API applies", async () => {
    const { data: settings } = await getFromApi("/store-settings", StoreSettingsResponseSchema, { apiUrl: stack.apiUrl });
    expect(settings.anonymousCustomerProductPolicy).toBe("HiddenPricesForUnauthorized");
    const { data } = await getFromApi("/products", ListProductsResponseSchema, { query: { CategorySlug: CATEGORY }, apiUrl: stack.apiUrl });
    expect(data.results.length).toBeGreaterThan(0);
    expect(data.results.every((product) => product.price === null)).toBe(true);
  });

  it("shows the category's books with no prices, and says how to see them", async () => {
    const { page } = browser;
    const { data } = await getFromApi("/products", ListProductsResponseSchema, {
      query: { CategorySlug: CATEGORY, Sort: "popular", PageSize: 24, PageNumber: 1 },
      apiUrl: stack.apiUrl,
    });
    const response = await page.goto(`${stack.storefrontUrl}/store/${CATEGORY}`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await main.getByRole("link", { name: data.results[0]!.name, exact: true }).first().waitFor();
    await main.getByRole("link", { name: "Sign in to see prices" }).first().waitFor();

    expect(await main.innerText()).not.toMatch(PRICE);
    expect(await jsonLdOf(page)).not.toContain('"price"');
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("shows a product page with no price", async () => {
    const { page } = browser;
    const { data: list } = await getFromApi("/products", ListProductsResponseSchema, {
      query: { CategorySlug: CATEGORY },
      apiUrl: stack.apiUrl,
    });
    const slug = list.results[0]!.slug;
    const { data: product } = await getFromApi(`/products/slug=${slug}`, ProductDetailResponseSchema, { apiUrl: stack.apiUrl });
    expect(product.pricesHidden).toBe(true);

    const response = await page.goto(`${stack.storefrontUrl}/store/product/${slug}`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    const main = page.getByRole("main");
    await main
      .getByText(/sign in to see prices/i)
      .first()
      .waitFor();

    expect(await main.innerText()).not.toMatch(PRICE);
    expect(await jsonLdOf(page)).not.toContain('"price"');
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});
