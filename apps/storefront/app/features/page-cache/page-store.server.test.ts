import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageStore, FORGETTING_REMEMBERED_MS, inlineScriptHashes, type PageToStore, type Ticket } from "./page-store.server";

const TTL_SECONDS = 300;

/** A clock the test moves by hand. */
function clock(start = 1_800_000_000_000) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

function storeWith(options: { maxBytes?: number; now?: () => number } = {}) {
  return createPageStore({ maxBytes: options.maxBytes ?? 10 * 1024 * 1024, ttlSeconds: TTL_SECONDS, now: options.now });
}

/** The `'sha256-…'` source of a script's text, computed here apart from the module. */
const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** A page as the cache hands it over: its HTML, headers and surrogate keys, rendered since `ticket`. */
function pageOf(html: string, keys: string[], ticket: Ticket): PageToStore {
  return {
    html: Buffer.from(html),
    headers: [
      ["content-type", "text/html; charset=utf-8"],
      ["surrogate-key", keys.join(" ")],
    ],
    keys,
    ticket,
  };
}

const HTML = '<!DOCTYPE html><html><head><script>window.a = "é";</script></head><body><h1>Lamp</h1></body></html>';

describe("createPageStore: keeping and reading pages", () => {
  it("keeps a page compressed both ways, with its headers, keys and time", async () => {
    const time = clock();
    const store = storeWith({ now: time.now });
    const page = pageOf(HTML, ["menu", "product:1", "settings"], store.ticket());
    expect(await store.put("/products/lamp", page)).toBe(true);
    const kept = store.get("/products/lamp")!;
    expect(gunzipSync(kept.gzip).toString("utf8")).toBe(HTML);
    expect(brotliDecompressSync(kept.br).toString("utf8")).toBe(HTML);
    expect(kept.headers).toEqual(page.headers);
    expect(kept.keys).toEqual(["menu", "product:1", "settings"]);
    expect(kept.scriptHashes).toEqual([hashOf('window.a = "é";')]);
    expect(kept.storedAt).toBe(time.now());
    expect(store.get("/products/other")).toBeUndefined();
    expect(store.size().pages).toBe(1);
  });

  it("keeps a page again under the same key, the later copy replacing the earlier", async () => {
    const store = storeWith();
    await store.put("/store", pageOf("<p>old</p>", ["product:1"], store.ticket()));
    await store.put("/store", pageOf("<p>new</p>", ["product:2"], store.ticket()));
    expect(gunzipSync(store.get("/store")!.gzip).toString()).toBe("<p>new</p>");
    expect(store.size().pages).toBe(1);
    // The earlier copy's keys no longer name the page.
    store.forget(["product:1"]);
    expect(store.get("/store")).toBeDefined();
    store.forget(["product:2"]);
    expect(store.get("/store")).toBeUndefined();
  });

  it("forgets a page once its time is up", async () => {
    const time = clock();
    const store = storeWith({ now: time.now });
    await store.put("/store", pageOf(HTML, ["menu"], store.ticket()));
    time.advance(TTL_SECONDS * 1000 - 1);
    expect(store.get("/store")).toBeDefined();
    time.advance(2);
    expect(store.get("/store")).toBeUndefined();
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each inline script's exact text", () => {
    const first = 'window.__reactRouterContext = {"basename":"/"};';
    const second = "\n  (function () { document.documentElement.dataset.js = 'on'; })();\n";
    const html = `<html><head><script nonce="abc">${first}</script></head><body><script type="module" nonce="abc">${second}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([hashOf(first), hashOf(second)]);
  });

  it("skips scripts loaded from a file, and structured data", () => {
    const html = [
      '<script src="/assets/entry.client-abc.js"></script>',
      '<script type="module" async="" src="/assets/root-def.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="application/json">{"a":1}</script>',
      "<script>run()</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([hashOf("run()")]);
  });

  it("names a script said twice once", () => {
    expect(inlineScriptHashes("<script>a()</script><p></p><script nonce=x>a()</script><script>b()</script>")).toEqual([
      hashOf("a()"),
      hashOf("b()"),
    ]);
  });

  it("hashes an empty script, and finds none in a page without scripts", () => {
    expect(inlineScriptHashes("<script></script>")).toEqual([hashOf("")]);
    expect(inlineScriptHashes("<html><body><p>No scripts</p></body></html>")).toEqual([]);
  });
});

describe("createPageStore: forgetting", () => {
  it("forgets exactly the pages a key names, and keeps the others", async () => {
    const store = storeWith();
    const ticket = store.ticket();
    await store.put("/products/lamp", pageOf(HTML, ["menu", "product:1", "settings"], ticket));
    await store.put("/products/chair", pageOf(HTML, ["menu", "product:2", "settings"], ticket));
    await store.put("/store", pageOf(HTML, ["category:3", "menu", "product:1", "product:2", "settings"], ticket));
    await store.put("/about", pageOf(HTML, ["content:4", "menu", "settings"], ticket));
    store.forget(["product:1"]);
    expect(store.get("/products/lamp")).toBeUndefined();
    expect(store.get("/store")).toBeUndefined();
    expect(store.get("/products/chair")).toBeDefined();
    expect(store.get("/about")).toBeDefined();
    store.forget(["content:4", "category:99"]);
    expect(store.get("/about")).toBeUndefined();
    expect(store.get("/products/chair")).toBeDefined();
    expect(store.size().pages).toBe(1);
  });

  it("forgets every page a key on every page names", async () => {
    const store = storeWith();
    await store.put("/products/lamp", pageOf(HTML, ["menu", "product:1", "settings"], store.ticket()));
    await store.put("/about", pageOf(HTML, ["content:4", "menu", "settings"], store.ticket()));
    store.forget(["menu"]);
    expect(store.size()).toEqual({ pages: 0, bytes: 0 });
  });

  it("forgetAll forgets every page", async () => {
    const store = storeWith();
    await store.put("/products/lamp", pageOf(HTML, ["product:1"], store.ticket()));
    await store.put("/about", pageOf(HTML, ["content:4"], store.ticket()));
    store.forgetAll();
    expect(store.get("/products/lamp")).toBeUndefined();
    expect(store.get("/about")).toBeUndefined();
    expect(store.size()).toEqual({ pages: 0, bytes: 0 });
  });

  it("does not keep a page rendered across a forgetting of one of its keys", async () => {
    const store = storeWith();
    const ticket = store.ticket();
    store.forget(["product:1"]);
    expect(await store.put("/products/lamp", pageOf(HTML, ["menu", "product:1", "settings"], ticket))).toBe(false);
    expect(store.get("/products/lamp")).toBeUndefined();
    // A page rendered across it that does not show what was forgotten is kept.
    expect(await store.put("/products/chair", pageOf(HTML, ["menu", "product:2", "settings"], ticket))).toBe(true);
    expect(store.get("/products/chair")).toBeDefined();
  });

  it("does not keep a page rendered across a forgetting of everything", async () => {
    const store = storeWith();
    const ticket = store.ticket();
    store.forgetAll();
    expect(await store.put("/products/lamp", pageOf(HTML, ["product:1"], ticket))).toBe(false);
    expect(store.get("/products/lamp")).toBeUndefined();
  });

  it("keeps a page whose render began after the forgetting", async () => {
    const store = storeWith();
    store.forget(["product:1"]);
    store.forgetAll();
    const ticket = store.ticket();
    expect(await store.put("/products/lamp", pageOf(HTML, ["product:1"], ticket))).toBe(true);
    expect(store.get("/products/lamp")).toBeDefined();
  });

  it("still refuses a page rendered across a forgetting after later keys are forgotten", async () => {
    const time = clock();
    const store = storeWith({ now: time.now });
    const ticket = store.ticket();
    store.forget(["product:1"]);
    time.advance(FORGETTING_REMEMBERED_MS / 2);
    store.forget(["product:2"]);
    expect(await store.put("/products/lamp", pageOf(HTML, ["product:1"], ticket))).toBe(false);
    expect(await store.put("/products/chair", pageOf(HTML, ["product:2"], ticket))).toBe(false);
  });

  it("does not keep a page whose render began longer ago than forgettings are remembered", async () => {
    const time = clock();
    const store = storeWith({ now: time.now });
    const ticket = store.ticket();
    time.advance(FORGETTING_REMEMBERED_MS + 1);
    expect(await store.put("/products/lamp", pageOf(HTML, ["product:1"], ticket))).toBe(false);
    expect(store.get("/products/lamp")).toBeUndefined();
    const recent = store.ticket();
    time.advance(FORGETTING_REMEMBERED_MS);
    expect(await store.put("/products/lamp", pageOf(HTML, ["product:1"], recent))).toBe(true);
  });
});

describe("createPageStore: bounded in bytes", () => {
  /** What one page of `html` takes in a store. */
  async function bytesOfOne(html: string): Promise<number> {
    const store = storeWith();
    await store.put("/probe", pageOf(html, ["product:1"], store.ticket()));
    return store.size().bytes;
  }

  it("counts both compressed copies of each page", async () => {
    const store = storeWith();
    await store.put("/store", pageOf(HTML, ["menu"], store.ticket()));
    const kept = store.get("/store")!;
    expect(store.size().bytes).toBeGreaterThan(kept.gzip.length + kept.br.length);
  });

  it("drops the least recently used pages past its bound, and their keys no longer name them", async () => {
    const onePage = await bytesOfOne(HTML);
    const store = storeWith({ maxBytes: Math.floor(onePage * 2.5) });
    await store.put("/a", pageOf(HTML, ["menu", "product:1"], store.ticket()));
    await store.put("/b", pageOf(HTML, ["menu", "product:2"], store.ticket()));
    expect(store.get("/a")).toBeDefined();
    await store.put("/c", pageOf(HTML, ["menu", "product:3"], store.ticket()));
    expect(store.get("/b")).toBeUndefined();
    expect(store.get("/a")).toBeDefined();
    expect(store.get("/c")).toBeDefined();
    expect(store.size()).toEqual({ pages: 2, bytes: 2 * onePage });

    // Forgetting the dropped page's key touches nothing else.
    expect(() => store.forget(["product:2"])).not.toThrow();
    expect(store.size().pages).toBe(2);
    // /b kept again under another key: its old key no longer names it.
    await store.put("/b", pageOf(HTML, ["menu", "product:4"], store.ticket()));
    expect(store.get("/a")).toBeUndefined();
    store.forget(["product:2"]);
    expect(store.get("/b")).toBeDefined();
    store.forget(["product:4"]);
    expect(store.get("/b")).toBeUndefined();
    expect(store.get("/c")).toBeDefined();
  });

  it("does not keep a page larger than the whole bound", async () => {
    const onePage = await bytesOfOne(HTML);
    const store = storeWith({ maxBytes: onePage - 1 });
    expect(await store.put("/store", pageOf(HTML, ["menu"], store.ticket()))).toBe(false);
    expect(store.size()).toEqual({ pages: 0, bytes: 0 });
  });
});
