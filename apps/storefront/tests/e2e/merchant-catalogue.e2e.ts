import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { DEMO_STORE_KEY, startStack, type Stack } from "./stack";
import { solidPng } from "./pictures";

/**
 * The merchant's catalogue (issue 28; decisions 046, 047) seen from the shop, in Chromium against the built
 * storefront and API: a category and a book made through the admin API are on sale within seconds (their pages,
 * the category's list, the search), a new price shows on the next view, a new slug answers 301, and an
 * unpublished book leaves the shop; a catalogue file imported through the admin API is on sale the same way; a cover
 * uploaded through the admin API is the picture on the book's page and card, in the browser's best format. A stack of its own: the book would otherwise join the other journeys'
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

  it("imports a catalogue file: checked first, then on sale within seconds, in its category, the author filter and search", async () => {
    const category = await asMerchant<{ slug: string }>("POST", "/admin/categories", { slug: "tide-tables", name: "Tide Tables" });
    const file = [
      "handle,name,description,published,categories,sku,variant_name,stock,attribute_author,price_GBP,price_EUR,price_USD",
      "the-ebb-almanac,The Ebb Almanac,Every low tide of a year.,true,tide-tables,EBB-HB,Hardback,6,Wren Halloway,18.00,21.00,23.00",
      "the-ebb-almanac,,,,,EBB-PB,Paperback,9,,9.50,11.00,12.00",
      "flood-and-neap,Flood and Neap,Twelve stories of the spring tides.,true,tide-tables,FLOOD-PB,Paperback,4,Wren Halloway,7.25,8.50,9.00",
    ].join("\n");
    const csv = (path: string) =>
      fetch(`${stack.apiUrl}${path}`, {
        method: "POST",
        headers: { "Admin-Key": ADMIN_KEY, StoreKey: DEMO_STORE_KEY, "content-type": "text/csv" },
        body: file,
      });
    const checked = await csv("/admin/catalogue/imports/dry-run?format=quire");
    expect(checked.status).toBe(200);
    expect((await checked.json()).data).toMatchObject({ toCreate: 2, failed: 0, errors: [] });
    const started = await csv("/admin/catalogue/imports?format=quire");
    expect(started.status).toBe(202);
    const { id } = ((await started.json()) as { data: { id: number } }).data;
    // The API's job worker runs the import; its progress is the merchant's to follow.
    await expect
      .poll(async () => (await asMerchant<{ status: string }>("GET", `/admin/catalogue/imports/${id}`)).status, { timeout: 30_000 })
      .toBe("succeeded");

    const { page } = browser;
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.storefrontUrl}/store/${category.slug}`);
          await page.getByRole("heading", { level: 1, name: "Tide Tables" }).waitFor();
          return page.getByRole("link", { name: /The Ebb Almanac|Flood and Neap/ }).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2);
    // The author the file named is a new value, in the category's filters with both books (counts are
    // counted again when the catalogue index takes the import in).
    const filters = page.getByRole("complementary", { name: "Filters" });
    await filters.getByRole("checkbox", { name: "Wren Halloway (2 products)", exact: true }).waitFor();
    await page.goto(`${stack.storefrontUrl}/store/product/the-ebb-almanac`);
    await expect.poll(() => page.getByText("£18.00").first().isVisible()).toBe(true);
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.storefrontUrl}/search?q=almanac`);
          return page.getByRole("link", { name: /The Ebb Almanac/ }).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    expectNoPageProblems(browser);
  });

  it("shows an uploaded cover on the book's page and card, as AVIF from the shop's own address, described by its words", async () => {
    const [demoBook] = (await asMerchant<{ products: { id: number }[] }>("GET", "/admin/products?limit=1")).products;
    const { productTypeId } = await asMerchant<{ productTypeId: number }>("GET", `/admin/products/${demoBook!.id}`);
    const category = await asMerchant<{ id: number; slug: string }>("POST", "/admin/categories", {
      slug: "sea-charts",
      name: "Sea Charts",
    });
    const book = await asMerchant<{ id: number; slug: string }>("POST", "/admin/products", {
      slug: "the-kelp-forest-atlas",
      name: "The Kelp Forest Atlas",
      productTypeId,
      categoryIds: [category.id],
      isPublished: true,
      variants: [{ sku: "KELP-HB", name: "Hardback", stockQuantity: 2, prices: { GBP: { amount: 2000 } } }],
    });

    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(solidPng(600, 900, [24, 96, 72]))], { type: "image/png" }), "kelp.png");
    form.append("alt", "A green cover with the title in white");
    const uploaded = await fetch(`${stack.apiUrl}/admin/products/${book.id}/images`, {
      method: "POST",
      headers: { "Admin-Key": ADMIN_KEY, StoreKey: DEMO_STORE_KEY },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);

    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/store/product/${book.slug}`);
    const cover = page.getByRole("img", { name: "A green cover with the title in white" }).first();
    await cover.waitFor();
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const shown = await cover.evaluate((image: HTMLImageElement) => ({
      source: new URL(image.currentSrc).pathname,
      origin: new URL(image.currentSrc).origin,
      width: image.getAttribute("width"),
      height: image.getAttribute("height"),
      inPicture: image.parentElement?.tagName,
    }));
    expect(shown).toMatchObject({ origin: stack.storefrontUrl, width: "600", height: "900", inPicture: "PICTURE" });
    expect(shown.source).toMatch(/^\/media\/images\/[0-9a-f]{32}-\d+\.avif$/);
    const file = await page.request.get(`${stack.storefrontUrl}${shown.source}`);
    expect(file.headers()["content-type"]).toBe("image/avif");
    expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    // The card in its category shows the same picture, once the catalogue index has the book.
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.storefrontUrl}/store/${category.slug}`);
          // The only uploaded picture in this stack's shop is this book's.
          return page.locator("main img[src^='/media/images/']").count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    expectNoPageProblems(browser);
  });

  it("keeps a draft page out of the shop, shows it through its preview link, and serves it once published", async () => {
    const page = await asMerchant<{ id: number }>("POST", "/admin/pages", {
      url: "/gift-wrapping",
      title: "Gift wrapping",
      isPublished: false,
      blocks: [{ type: "paragraph", text: "Every book wrapped by hand in recycled paper." }],
    });
    const { page: browserPage } = browser;
    const hidden = await browserPage.goto(`${stack.storefrontUrl}/gift-wrapping`);
    expect(hidden?.status()).toBe(404);

    const link = await asMerchant<{ token: string }>("POST", `/admin/pages/${page.id}/preview-link`, {}, 200);
    const previewed = await browserPage.goto(`${stack.storefrontUrl}/gift-wrapping?preview=${encodeURIComponent(link.token)}`);
    expect(previewed?.status()).toBe(200);
    expect(previewed?.headers()["cache-control"]).toContain("no-store");
    await browserPage.getByRole("heading", { level: 1, name: "Gift wrapping" }).waitFor();
    await browserPage.getByText("Every book wrapped by hand in recycled paper.").waitFor();
    expect(await browserPage.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    const altered = await browserPage.goto(`${stack.storefrontUrl}/gift-wrapping?preview=1.1.${"a".repeat(43)}`);
    expect(altered?.status()).toBe(404);

    await asMerchant("PUT", `/admin/pages/${page.id}`, { isPublished: true });
    const live = await browserPage.goto(`${stack.storefrontUrl}/gift-wrapping`);
    expect(live?.status()).toBe(200);
    await browserPage.getByRole("heading", { level: 1, name: "Gift wrapping" }).waitFor();
    expectNoPageProblems(browser);
  });
});
