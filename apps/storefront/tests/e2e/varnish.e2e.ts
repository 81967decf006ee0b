import type { ProductDetail } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVarnish, type Varnish } from "../../../../scripts/topology/varnish";
import { findProducts, isWellStocked, masterOf } from "./cart-catalogue";
import { DEMO_STORE_KEY, freePort, startStack, type Stack } from "./stack";

/**
 * Varnish in front of the storefront (issue 31, decision 064), as deploy/varnish/quire.vcl configures it: the
 * storefront runs with PAGE_CACHE=shared (pages marked public with their surrogate keys, none kept in its memory) and
 * passes each change the API reports on to Varnish as a purge by key. Through Varnish, an anonymous page is kept and
 * shared; a price changed through the admin API shows on the next view; a shopper with a basket is never answered a
 * kept page. Debian's `varnish` and `varnish-modules` (xkey) must be installed, as .ci/run does.
 */
const ADMIN_KEY = "quire-e2e-varnish-admin-key";

let stack: Stack;
let varnish: Varnish | undefined;
let book: ProductDetail;

beforeAll(async () => {
  const port = await freePort();
  stack = await startStack({
    name: "varnish",
    env: { ADMIN_API_KEYS: ADMIN_KEY, PAGE_CACHE: "shared", PAGE_CACHE_PURGE_URLS: `http://127.0.0.1:${port}` },
  });
  varnish = await startVarnish({ port, backend: stack.storefrontUrl });
  [book] = (await findProducts(1, (product) => isWellStocked(masterOf(product)) && product.variants.length === 1)) as [ProductDetail];
});
afterAll(async () => {
  await varnish?.stop();
  await stack?.stop();
});

/** A view of `path` through Varnish. */
async function throughVarnish(pathname: string, cookie?: string) {
  const response = await fetch(`${varnish!.url}${pathname}`, {
    headers: { Accept: "text/html", "Accept-Encoding": "gzip", ...(cookie ? { Cookie: cookie } : {}) },
  });
  return { response, html: await response.text() };
}

const productPath = () => `/store/product/${book.slug}`;

describe("public pages through Varnish", () => {
  it("keeps an anonymous shopper's page and shares it, with its scripts' hashes and never a nonce", async () => {
    await expect.poll(async () => (await throughVarnish(productPath())).response.headers.get("x-cache"), { timeout: 10_000 }).toBe("HIT");
    const { response, html } = await throughVarnish(productPath());
    expect(response.headers.get("x-cache")).toBe("HIT");
    expect(response.headers.get("cache-control")).toMatch(/^public, /);
    expect(response.headers.get("surrogate-key")).toContain(`product:${book.id}`);
    expect(response.headers.get("vary")).toMatch(/Cookie/);
    const scriptSrc = /script-src ([^;]+)/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(scriptSrc).toMatch(/'sha256-/);
    expect(scriptSrc).not.toMatch(/'nonce-/);
    expect(html).toContain(book.name);
  });

  it("shows a new price on the next view once the merchant changes it (purged by surrogate key)", async () => {
    await expect.poll(async () => (await throughVarnish(productPath())).response.headers.get("x-cache"), { timeout: 10_000 }).toBe("HIT");
    const variant = masterOf(book);
    const amount = variant.price!.amount + 222;
    const shown = `£${(amount / 100).toFixed(2)}`;
    expect((await throughVarnish(productPath())).html).not.toContain(shown);
    const changed = await fetch(`${stack.apiUrl}/admin/variants/${variant.id}/prices`, {
      method: "PUT",
      headers: { "Admin-Key": ADMIN_KEY, StoreKey: DEMO_STORE_KEY, "content-type": "application/json" },
      body: JSON.stringify({ prices: { GBP: { amount } } }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await expect.poll(async () => (await throughVarnish(productPath())).html.includes(shown), { timeout: 5_000, interval: 100 }).toBe(true);
  });

  it("never answers a kept page to a shopper with a basket or analytics consent", async () => {
    await expect.poll(async () => (await throughVarnish(productPath())).response.headers.get("x-cache"), { timeout: 10_000 }).toBe("HIT");
    for (let view = 0; view < 2; view++) {
      const { response } = await throughVarnish(productPath(), "quire_cart=x");
      expect(response.headers.get("x-cache")).toBe("MISS");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    const consent = Buffer.from(JSON.stringify({ v: 1, id: "consent-id-of-this-browser", analytics: true, marketing: false })).toString(
      "base64",
    );
    const tracked = await throughVarnish(productPath(), `cookie_consent=${encodeURIComponent(consent)}`);
    expect(tracked.response.headers.get("x-cache")).toBe("MISS");
    expect(tracked.response.headers.get("cache-control")).toBe("private, no-store");
  });
});
