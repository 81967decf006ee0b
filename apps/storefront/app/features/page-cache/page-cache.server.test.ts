import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_SCRIPT, SECOND_SCRIPT, html, policyWith, startTestShop, type TestShop } from "./page-cache-test-shop.server";
import { PUBLIC_CACHE_CONTROL, PUBLIC_PAGE_VARY } from "./public-page.server";
import { createPageCache, type PageCacheOptions } from "./page-cache.server";

/*
 * The page cache as server.mjs mounts it: Express middleware after the security headers (which set the request's CSP
 * nonce), in front of a handler standing in for React Router, driven over HTTP (page-cache-test-shop.server.ts).
 */

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** A storefront with the page cache, listening on a free port; `calls` counts the pages the stand-in rendered. */
async function startShop(options: Partial<PageCacheOptions> & { compress?: boolean } = {}) {
  const cache = createPageCache({ maxBytes: 10 * 1024 * 1024, ttlSeconds: 300, onError: (error) => pagesNotKept.push(error), ...options });
  const shop = await startTestShop(cache.handle, { compress: options.compress });
  shops.push(shop);
  return { cache, ...shop };
}
type Shop = Awaited<ReturnType<typeof startShop>>;

const shops: TestShop[] = [];
/** What the cache's `onError` was told: a page it failed to keep. */
const pagesNotKept: unknown[] = [];
afterEach(async () => {
  await Promise.all(shops.splice(0).map((shop) => shop.close()));
  expect(pagesNotKept.splice(0)).toEqual([]);
});

/** Renders `path` once and waits until the cache has kept it. */
async function keep(shop: Shop, path = "/products/lamp", headers: Record<string, string> = {}) {
  const pages = shop.cache.size().pages;
  const miss = await shop.get(path, headers);
  expect(miss.headers["x-cache"]).toBe("MISS");
  await expect.poll(() => shop.cache.size().pages).toBe(pages + 1);
  return miss;
}

describe("the page cache: answering kept pages", () => {
  it("keeps and answers nothing before the API's changes are heard", async () => {
    const shop = await startShop();
    for (let i = 0; i < 2; i++) {
      const answer = await shop.get("/products/lamp");
      expect(answer.headers["x-cache"]).toBeUndefined();
      expect(answer.body.toString()).toBe(html(`nonce${i + 1}`));
    }
    expect(shop.calls).toEqual(["/products/lamp", "/products/lamp"]);
    expect(shop.cache.size().pages).toBe(0);
  });

  it("renders a public page once, then answers it from memory without the app", async () => {
    const shop = await startShop();
    shop.cache.hearing();
    const miss = await keep(shop);
    expect(miss.body.toString()).toBe(html("nonce1"));
    expect(shop.calls).toEqual(["/products/lamp"]);

    const hit = await shop.get("/products/lamp");
    expect(hit.status).toBe(200);
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["content-encoding"]).toBeUndefined();
    expect(hit.headers["content-length"]).toBe(String(hit.body.length));
    // The page as it was rendered, its nonce attributes too (harmless: the policy names only hashes).
    expect(hit.body.toString()).toBe(html("nonce1"));
    expect(shop.calls).toEqual(["/products/lamp"]);
    // The page's own headers, and this answer's own request id.
    expect(hit.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(hit.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(hit.headers["surrogate-key"]).toBe("menu product:1 settings");
    expect(hit.headers["x-request-id"]).toBe("request-2");
    expect(hit.headers["set-cookie"]).toBeUndefined();
    // Another address is another page.
    expect((await shop.get("/products/lamp?colour=red")).headers["x-cache"]).toBe("MISS");
  });

  it("answers brotli when accepted, else gzip, else the page as is", async () => {
    const shop = await startShop();
    shop.cache.hearing();
    await keep(shop);
    // As a browser asks: gzip listed first, all equally welcome.
    const br = await shop.get("/products/lamp", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-length"]).toBe(String(br.body.length));
    expect(brotliDecompressSync(br.body).toString()).toBe(html("nonce1"));
    const gzip = await shop.get("/products/lamp", { "Accept-Encoding": "gzip, deflate" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["content-length"]).toBe(String(gzip.body.length));
    expect(gunzipSync(gzip.body).toString()).toBe(html("nonce1"));
    const brRefused = await shop.get("/products/lamp", { "Accept-Encoding": "br;q=0, gzip" });
    expect(brRefused.headers["content-encoding"]).toBe("gzip");
    const deflateOnly = await shop.get("/products/lamp", { "Accept-Encoding": "deflate" });
    expect(deflateOnly.headers["content-encoding"]).toBeUndefined();
    expect(deflateOnly.body.toString()).toBe(html("nonce1"));
    expect(new Set([br, gzip, brRefused, deflateOnly].map((answer) => answer.headers["x-cache"]))).toEqual(new Set(["HIT"]));
    expect(shop.calls).toHaveLength(1);
  });

  it("answers a kept page with the hashes of its inline scripts in its policy, and no nonce", async () => {
    const shop = await startShop();
    shop.cache.hearing();
    const miss = await keep(shop);
    expect(miss.headers["content-security-policy"]).toBe(policyWith("'nonce-nonce1'"));
    const hit = await shop.get("/products/lamp");
    expect(hit.headers["content-security-policy"]).toBe(policyWith(`${hashOf(FIRST_SCRIPT)} ${hashOf(SECOND_SCRIPT)}`));
    expect(hit.headers["content-security-policy"]).not.toContain("nonce");
  });

  it("says what the answer varies on, and how old the page is", async () => {
    let time = 1_800_000_000_000;
    const shop = await startShop({ now: () => time });
    shop.cache.hearing();
    await keep(shop);
    time += 42_500;
    const hit = await shop.get("/products/lamp", { "Accept-Encoding": "br" });
    expect(hit.headers.vary).toBe(`${PUBLIC_PAGE_VARY}, Accept-Encoding`);
    expect(hit.headers.age).toBe("42");
  });

  it("keeps a page once, not also compressed, behind the compression server.mjs mounts first", async () => {
    const shop = await startShop({ compress: true });
    shop.cache.hearing();
    const miss = await keep(shop, "/products/lamp", { "Accept-Encoding": "gzip" });
    expect(miss.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(miss.body).toString()).toBe(html("nonce1"));
    const hit = await shop.get("/products/lamp", { "Accept-Encoding": "br" });
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(hit.body).toString()).toBe(html("nonce1"));
    const plain = await shop.get("/products/lamp");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(html("nonce1"));
    expect(plain.headers.vary).toBe(`${PUBLIC_PAGE_VARY}, Accept-Encoding`);
    expect(shop.calls).toHaveLength(1);
  });
});

describe("the page cache: what it never keeps or answers", () => {
  it.each([
    ["/private", "an answer the app made private"],
    ["/cookie", "an answer that sets a cookie"],
    ["/missing", "a 404"],
    ["/unnamed", "a page without surrogate keys"],
    ["/json", "an answer that is not HTML"],
  ])("%s: %s", async (path) => {
    const shop = await startShop();
    shop.cache.hearing();
    expect((await shop.get(path)).headers["x-cache"]).toBe("MISS");
    // A page rendered after it is kept: whatever would have kept the first has had its turn.
    await keep(shop, "/products/lamp");
    expect((await shop.get(path)).headers["x-cache"]).toBe("MISS");
    expect(shop.calls.filter((called) => called === path)).toHaveLength(2);
    expect(shop.cache.size().pages).toBe(1);
  });

  it("a page larger than it keeps", async () => {
    const shop = await startShop({ maxPageBytes: Buffer.byteLength(html("nonce1")) + 100 });
    shop.cache.hearing();
    expect((await shop.get("/large")).headers["x-cache"]).toBe("MISS");
    await keep(shop, "/products/lamp");
    expect((await shop.get("/large")).headers["x-cache"]).toBe("MISS");
    expect(shop.calls.filter((called) => called === "/large")).toHaveLength(2);
    expect(shop.cache.size().pages).toBe(1);
  });

  it("never answers a shopper with a personal cookie from memory, nor keeps their page", async () => {
    const shop = await startShop();
    shop.cache.hearing();
    await keep(shop);
    const personal = await shop.get("/products/lamp", { Cookie: "quire_cart=x" });
    expect(personal.headers["x-cache"]).toBeUndefined();
    expect(personal.body.toString()).toBe(html("nonce2"));
    expect(shop.calls).toEqual(["/products/lamp", "/products/lamp"]);
    expect((await shop.get("/products/lamp")).headers["x-cache"]).toBe("HIT");
  });

  it("forgets the pages a key names", async () => {
    const shop = await startShop();
    shop.cache.hearing();
    await keep(shop);
    shop.cache.forget(["product:2"]);
    expect((await shop.get("/products/lamp")).headers["x-cache"]).toBe("HIT");
    shop.cache.forget(["product:1"]);
    expect((await shop.get("/products/lamp")).headers["x-cache"]).toBe("MISS");
    expect(shop.calls).toHaveLength(2);
  });

  it("answers nothing from memory once deaf, and starts afresh when it hears again", async () => {
    const shop = await startShop();
    shop.cache.hearing();
    await keep(shop);
    shop.cache.deaf();
    const deaf = await shop.get("/products/lamp");
    expect(deaf.headers["x-cache"]).toBeUndefined();
    expect(shop.calls).toHaveLength(2);
    expect(shop.cache.size().pages).toBe(0);
    shop.cache.hearing();
    expect((await shop.get("/products/lamp")).headers["x-cache"]).toBe("MISS");
    expect(shop.calls).toHaveLength(3);
  });
});
