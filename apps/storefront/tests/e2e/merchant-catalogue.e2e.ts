import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { DEMO_STORE_KEY, startStack, type Stack } from "./stack";

/**
 * The merchant's catalogue (issue 28; decisions 046, 047) seen from the shop, in Chromium against the built
 * storefront and API: a category and a book made through the admin API are on sale within seconds (their pages,
 * the category's list, the search), a new price shows on the next view, a new slug answers 301, and an
 * unpublished book leaves the shop. A stack of its own: the book would otherwise join the other journeys'
 * catalogue (the newest books on the home page, counts, searches).
 */
const ADMIN_KEY = "quire-e2e-merchant-admin-key";
let stack: Stack;
const browser = sessionPerTest();

beforeAll(async () => {
  stack = await startStack({ name: "merchant-catalogue", env: { ADMIN_API_KEYS: ADMIN_KEY } });
});
afterAll(async () => {
  await stack?.stop();
});

/** An admin call as the shop's bootstrap key; answers the body's data, failing the test on anything but `status`. */
async function asMerchant<T>(
  method: "GET" | "POST" | "PUT",
  path: string,
  body?: object,
  status = method === "POST" ? 201 : 200,
): Promise<T> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { "Admin-Key": ADMIN_KEY, StoreKey: DEMO_STORE_KEY, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  return (JSON.parse(text) as { data: T }).data;
}

describe("the merchant's catalogue in the shop", () => {
  it("sells a book made through the admin API: its page, its category, the search, a new price, a new address, unpublished", async () => {
    const category = await asMerchant<{ id: number; slug: string }>("POST", "/admin/categories", {
      slug: "lighthouse-stories",
      name: "Lighthouse Stories",
    });
    // The demo's product type, read off a demo book.
    const [demoBook] = (await asMerchant<{ products: { id: number }[] }>("GET", "/admin/products?limit=1")).products;
    const { productTypeId } = await asMerchant<{ productTypeId: number }>("GET", `/admin/products/${demoBook!.id}`);
    const book = await asMerchant<{ id: number; slug: string; variants: { id: number }[] }>("POST", "/admin/products", {
      slug: "the-quillwort-keeper",
      name: "The Quillwort Keeper",
      productTypeId,
      description: "A keeper, a storm, and a garden of quillwort on a rock in the sea.",
      categoryIds: [category.id],
      isPublished: true,
      variants: [
        {
          sku: "QUILL-HB",
          name: "Hardback",
          stockQuantity: 4,
          prices: { GBP: { amount: 1250, original: 1600 }, EUR: { amount: 1450 }, USD: { amount: 1650 } },
        },
      ],
    });

    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/store/product/${book.slug}`);
    await page.getByRole("heading", { level: 1, name: "The Quillwort Keeper" }).waitFor();
    await expect.poll(() => page.getByText("£12.50").first().isVisible()).toBe(true);

    // The catalogue index of every API process takes the book in within seconds of the commit (decision 044).
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.storefrontUrl}/store/${category.slug}`);
          await page.getByRole("heading", { level: 1, name: "Lighthouse Stories" }).waitFor();
          return page.getByRole("link", { name: /The Quillwort Keeper/ }).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);

    // The search index writes the book's document from a job within seconds of the commit.
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.storefrontUrl}/search?q=quillwort`);
          return page.getByRole("link", { name: /The Quillwort Keeper/ }).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);

    await asMerchant("PUT", `/admin/variants/${book.variants[0]!.id}/prices`, { prices: { GBP: { amount: 999 } } });
    await page.goto(`${stack.storefrontUrl}/store/product/${book.slug}`);
    await expect.poll(() => page.getByText("£9.99").first().isVisible()).toBe(true);

    await asMerchant("PUT", `/admin/products/${book.id}`, { slug: "the-quillwort-keeper-2nd-edition" });
    const moved = await page.goto(`${stack.storefrontUrl}/store/product/${book.slug}`);
    expect(new URL(page.url()).pathname).toBe("/store/product/the-quillwort-keeper-2nd-edition");
    expect(moved?.request().redirectedFrom()?.url()).toBe(`${stack.storefrontUrl}/store/product/${book.slug}`);

    await asMerchant("PUT", `/admin/products/${book.id}`, { isPublished: false });
    const gone = await page.goto(`${stack.storefrontUrl}/store/product/the-quillwort-keeper-2nd-edition`);
    expect(gone?.status()).toBe(404);
    expectNoPageProblems(browser);
  });
});
