import { createHash } from "node:crypto";
import type { ProductDetail } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoPageProblems, openBrowser, sessionPerTest, waitForHydration } from "./browser";
import { basketLink, expectToast, findProducts, isWellStocked, masterOf } from "./cart-catalogue";
import { asShop } from "./demo-api";
import { analyticsConsentCookie, scriptSourcesOf, untilKept as untilKeptAt, untilShown as untilShownAt, viewPage } from "./page-views";
import { SHARED_ADMIN_KEY, startStack, type Stack } from "./stack";

/**
 * The page cache of a storefront process (issue 31, decision 064), against the built storefront and API on a stack of
 * its own with PAGE_CACHE=memory (every other journey's stack runs without it): an anonymous shopper's page is kept
 * and answered from memory with a policy naming its scripts' hashes (and hydrates under it); a price changed through
 * the admin API shows on the next anonymous view; a shopper with a basket, a sign-in or any other personal state
 * is never answered a kept page.
 */
let stack: Stack;
let book: ProductDetail;
const browser = sessionPerTest();

beforeAll(async () => {
  stack = await startStack({ name: "page-cache", env: { ADMIN_API_KEYS: SHARED_ADMIN_KEY, PAGE_CACHE: "memory" } });
  [book] = (await findProducts(1, (product) => isWellStocked(masterOf(product)) && product.variants.length === 1)) as [ProductDetail];
});
afterAll(async () => {
  await stack?.stop();
});

/** An admin call as the shop; answers the body's data. */
async function asMerchant<T = unknown>(method: "GET" | "PUT" | "POST", path: string, body?: object): Promise<T> {
  return (await asShop<{ data: T }>(stack, method, path, body)).data;
}

const view = (path: string, cookie?: string) => viewPage(stack.storefrontUrl, path, cookie);
const untilKept = (path: string) => untilKeptAt(stack.storefrontUrl, path);
const untilShown = (path: string, text: string, timeout?: number) => untilShownAt(stack.storefrontUrl, path, text, timeout);

const productPath = () => `/store/product/${book.slug}`;

describe("public pages from the storefront's memory", () => {
  it("keeps an anonymous shopper's product page and answers it again with its scripts' hashes, and it hydrates", async () => {
    await untilKept(productPath());
    const { response, html } = await view(productPath());
    expect(response.status).toBe(200);
    expect(response.headers.get("x-cache")).toBe("HIT");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    const keys = (response.headers.get("surrogate-key") ?? "").split(" ");
    expect(keys).toEqual(expect.arrayContaining(["settings", "menu", `product:${book.id}`]));
    expect(response.headers.get("vary")).toMatch(/Cookie/);
    expect(response.headers.get("vary")).toMatch(/Accept-Encoding/);
    const scriptSrc = scriptSourcesOf(response);
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/]+=*'/);
    expect(scriptSrc).not.toMatch(/'nonce-/);
    expect(html).toContain(book.name);

    // In Chromium, the kept page runs under that policy: no script refused, the page hydrates and adds to the basket.
    const { page } = browser;
    const shown = await page.goto(`${stack.storefrontUrl}${productPath()}`);
    expect(shown?.headers()["x-cache"]).toBe("HIT");
    await waitForHydration(page);
    await page
      .getByRole("region", { name: `Buy ${book.name}` })
      .getByRole("button", { name: "Add to basket" })
      .click();
    await expectToast(page, "Product has been successfully added to the cart");
    await basketLink(page, 1).waitFor();
    expectNoPageProblems(browser);

    // With a basket, the same page is the shopper's own: rendered, never kept, never answered from memory.
    const own = await page.reload();
    expect(own?.headers()["x-cache"]).toBeUndefined();
    expect(own?.headers()["cache-control"]).toBe("private, no-store");
    await basketLink(page, 1).waitFor();
  });

  it("sends a page that may be shared with its inline scripts' hashes in its policy, never a nonce, rendered or kept", async () => {
    const { response, html } = await view("/store");
    expect(response.headers.get("cache-control")).toMatch(/^public, /);
    const scriptSrc = scriptSourcesOf(response);
    expect(scriptSrc).not.toMatch(/'nonce-/);
    const executable = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/application\/ld\+json/.test(attributes!),
    );
    expect(executable.length).toBeGreaterThan(0);
    for (const [, , body] of executable) {
      expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
    }
    expect(response.headers.get("x-quire-script-hashes")).toBeNull();
  });

  it("adds to the basket from a kept page without JavaScript (the page carries no form key of anyone's)", async () => {
    await untilKept(productPath());
    const noScript = await openBrowser({ javaScriptEnabled: false });
    try {
      const { page } = noScript;
      const shown = await page.goto(`${stack.storefrontUrl}${productPath()}`);
      expect(shown?.headers()["x-cache"]).toBe("HIT");
      const formKeys = page.locator('input[name="idempotencyKey"]');
      expect(await formKeys.count()).toBe(0);
      await page
        .getByRole("region", { name: `Buy ${book.name}` })
        .getByRole("button", { name: "Add to basket" })
        .click();
      await basketLink(page, 1).waitFor();
      // Back on the page with a basket, it is the shopper's own again, with form keys of its own.
      expect(await formKeys.count()).toBeGreaterThan(0);
    } finally {
      await noScript.close();
    }
  });

  it("shows a new price on the next anonymous view once the merchant changes it", async () => {
    await untilKept(productPath());
    const variant = masterOf(book);
    const newPrice = (variant.price!.amount + 111) / 100;
    const shown = `£${newPrice.toFixed(2)}`;
    expect((await view(productPath())).html).not.toContain(shown);
    await asMerchant("PUT", `/admin/variants/${variant.id}/prices`, { prices: { GBP: { amount: variant.price!.amount + 111 } } });
    // Forgotten within a second of the change (the API's stream), the page is rendered anew with the new price.
    await untilShown(productPath(), shown);
  });

  it("says a book is out of stock on the next anonymous view once its last copies are counted out", async () => {
    // A book of its own: the other tests keep buying and pricing the first.
    const [soldOut] = (await findProducts(1, (product) => isWellStocked(masterOf(product)) && product.variants.length === 1, {
      exclude: [book.id],
    })) as [ProductDetail];
    const path = `/store/product/${soldOut.slug}`;
    await untilKept(path);
    expect((await view(path)).html).not.toContain("Out of stock");
    await asMerchant("PUT", `/admin/variants/${masterOf(soldOut).id}/stock`, { quantity: 0, reason: "count" });
    await untilShown(path, "Out of stock");
  });

  it("lists a book on its new category's page on the next anonymous view once the merchant files it there", async () => {
    const category = await asMerchant<{ id: number; slug: string }>("POST", "/admin/categories", {
      slug: "page-cache-shelf",
      name: "Page Cache Shelf",
    });
    const path = `/store/${category.slug}`;
    await untilKept(path);
    expect((await view(path)).html).not.toContain(book.name);
    await asMerchant("PUT", `/admin/products/${book.id}`, { categoryIds: [category.id] });
    await untilShown(path, book.name);
  });

  it("finds a book the merchant has just made on the next anonymous view of a kept search", async () => {
    const path = "/search?q=quillwort";
    await untilKept(path);
    expect((await view(path)).html).not.toContain("The Quillwort Lantern");
    const [demoBook] = (await asMerchant<{ products: { id: number }[] }>("GET", "/admin/products?limit=1")).products;
    const { productTypeId } = await asMerchant<{ productTypeId: number }>("GET", `/admin/products/${demoBook!.id}`);
    await asMerchant("POST", "/admin/products", {
      slug: "the-quillwort-lantern",
      name: "The Quillwort Lantern",
      productTypeId,
      description: "A lantern, a rock in the sea, and the quillwort that grows around it.",
      isPublished: true,
      variants: [{ sku: "QUILL-LANTERN", name: "Hardback", stockQuantity: 3, prices: { GBP: { amount: 1400 } } }],
    });
    // Forgotten with the product's change, and again once the search has its documents (written by a job).
    await untilShown(path, "The Quillwort Lantern", 15_000);
  });

  it("never answers a kept page to a shopper with a basket, a sign-in or any other personal state", async () => {
    await untilKept(productPath());
    for (const cookie of ["quire_cart", "quire_token", "quire_viewer", "flash", "analytics_events", "quire_last_order"]) {
      const { response } = await view(productPath(), `${cookie}=x`);
      expect(response.headers.get("x-cache"), cookie).toBeNull();
      expect(response.headers.get("cache-control"), cookie).toBe("private, no-store");
    }
    // A shopper who allowed analytics: their page carries an event of their own view.
    const tracked = await view(productPath(), analyticsConsentCookie());
    expect(tracked.response.headers.get("x-cache")).toBeNull();
    expect(tracked.response.headers.get("cache-control")).toBe("private, no-store");
    // A page's data for a client-side navigation is never shared.
    const data = await view(`${productPath()}.data`);
    expect(data.response.headers.get("cache-control")).toBe("private, no-store");
  });
});
