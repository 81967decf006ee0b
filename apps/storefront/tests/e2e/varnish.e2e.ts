import type { ProductDetail } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVarnish, type Varnish } from "../../../../scripts/topology/varnish";
import { findProducts, isWellStocked, masterOf } from "./cart-catalogue";
import { asShop } from "./demo-api";
import { analyticsConsentCookie, scriptSourcesOf, untilKept, untilShown, viewPage } from "./page-views";
import { freePort, SHARED_ADMIN_KEY, startStack, type Stack } from "./stack";

/**
 * Varnish in front of the storefront (issue 31, decision 064), as deploy/varnish/quire.vcl configures it: the
 * storefront runs with PAGE_CACHE=shared (pages marked public with their surrogate keys, none kept in its memory) and
 * passes each change the API reports on to Varnish as a purge by key. Through Varnish, an anonymous page is kept and
 * shared; a price changed through the admin API shows on the next view; a shopper with a basket is never answered a
 * kept page. Debian's `varnish` and `varnish-modules` (xkey) must be installed, as .ci/run does.
 */
let stack: Stack;
let varnish: Varnish | undefined;
let book: ProductDetail;

beforeAll(async () => {
  const port = await freePort();
  stack = await startStack({
    name: "varnish",
    env: { ADMIN_API_KEYS: SHARED_ADMIN_KEY, PAGE_CACHE: "shared", PAGE_CACHE_PURGE_URLS: `http://127.0.0.1:${port}` },
  });
  varnish = await startVarnish({ port, backend: stack.storefrontUrl });
  [book] = (await findProducts(1, (product) => isWellStocked(masterOf(product)) && product.variants.length === 1)) as [ProductDetail];
});
afterAll(async () => {
  await varnish?.stop();
  await stack?.stop();
});

/** A view of `path` through Varnish. */
const throughVarnish = (path: string, cookie?: string) => viewPage(varnish!.url, path, cookie);

const productPath = () => `/store/product/${book.slug}`;

describe("public pages through Varnish", () => {
  it("keeps an anonymous shopper's page and shares it, with its scripts' hashes and never a nonce", async () => {
    await untilKept(varnish!.url, productPath());
    const { response, html } = await throughVarnish(productPath());
    expect(response.headers.get("x-cache")).toBe("HIT");
    expect(response.headers.get("cache-control")).toMatch(/^public, /);
    expect(response.headers.get("surrogate-key")).toContain(`product:${book.id}`);
    expect(response.headers.get("vary")).toMatch(/Cookie/);
    const scriptSrc = scriptSourcesOf(response);
    expect(scriptSrc).toMatch(/'sha256-/);
    expect(scriptSrc).not.toMatch(/'nonce-/);
    expect(html).toContain(book.name);
  });

  it("shows a new price on the next view once the merchant changes it (purged by surrogate key)", async () => {
    await untilKept(varnish!.url, productPath());
    const variant = masterOf(book);
    const amount = variant.price!.amount + 222;
    const shown = `£${(amount / 100).toFixed(2)}`;
    expect((await throughVarnish(productPath())).html).not.toContain(shown);
    await asShop(stack, "PUT", `/admin/variants/${variant.id}/prices`, { prices: { GBP: { amount } } });
    await untilShown(varnish!.url, productPath(), shown);
  });

  it("never answers a kept page to a shopper with a basket or analytics consent", async () => {
    await untilKept(varnish!.url, productPath());
    for (let view = 0; view < 2; view++) {
      const { response } = await throughVarnish(productPath(), "quire_cart=x");
      expect(response.headers.get("x-cache")).toBe("MISS");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    const tracked = await throughVarnish(productPath(), analyticsConsentCookie());
    expect(tracked.response.headers.get("x-cache")).toBe("MISS");
    expect(tracked.response.headers.get("cache-control")).toBe("private, no-store");
  });
});
