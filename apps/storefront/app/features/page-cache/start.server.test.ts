import { describe, expect, it, vi } from "vitest";
import { getSearchClient } from "~/features/search/search-client.server";
import { cached } from "~/lib/shop-data.server";
import { serversEndedAfterEach, startInvalidationStream, startPurgeCatcher } from "./invalidation-test-servers.server";
import { startTestShop, type TestShop } from "./page-cache-test-shop.server";
import { FORGET_AGAIN_MS, startPageCache } from "./start.server";

/*
 * The page caches of a storefront process as server.mjs starts them, against stand-ins on real ports: the API's
 * stream of changes, a shared cache in front receiving the purges, and a storefront mounting `handle` before a stand-in
 * for React Router that renders a public product page named by `menu product:1 settings`.
 */

interface Logged {
  level: "info" | "warn";
  message: string;
  object: object;
}

/** The warning the page cache logs when it loses the stream: expected whenever a test drops it. */
const STREAM_LOST = "page cache: the API's changes are not heard; keeping no page until they are";

/** What each test started, ended after it in reverse order. */
const endings = serversEndedAfterEach();

/**
 * A storefront process's page caches (`pageCache` as PAGE_CACHE says), purging the shared cache at
 * `<catcher>/varnish-<n>` for each of `sharedCaches`, with its stream and its shop.
 */
async function start({ pageCache, sharedCaches = 1 }: { pageCache: "memory" | "shared"; sharedCaches?: number }) {
  const stream = await startInvalidationStream();
  endings.push(stream.close);
  const catcher = await startPurgeCatcher();
  endings.push(catcher.close);
  const logged: Logged[] = [];
  const running = startPageCache(
    {
      PAGE_CACHE: pageCache,
      PAGE_CACHE_MAX_MB: 8,
      PAGE_CACHE_PURGE_URLS: Array.from({ length: sharedCaches }, (_, index) => `${catcher.url}/varnish-${index + 1}`),
      API_URL: stream.url,
      API_KEY: "api-key-for-tests",
      STORE_KEY: "a-store",
    },
    {
      info: (object, message) => logged.push({ level: "info", message, object }),
      warn: (object, message) => logged.push({ level: "warn", message, object }),
    },
  );
  if (!running) throw new Error("startPageCache started nothing");
  const shop = await startTestShop(running.handle);
  endings.push(shop.close);
  // Stops listening before the stand-ins close: it would hear them go. A page not kept or a purge refused is a failure.
  endings.push(() => {
    running.close();
    expect(logged.filter(({ level, message }) => level === "warn" && message !== STREAM_LOST)).toEqual([]);
  });
  return { stream, catcher, shop, logged };
}

/** Renders the product page and waits until memory answers it (a page is kept once compressed, after its answer). */
async function keep(shop: TestShop, path = "/products/lamp") {
  expect((await shop.get(path)).headers["x-cache"]).toBe("MISS");
  await expect.poll(async () => (await shop.get(path)).headers["x-cache"], { timeout: 10_000 }).toBe("HIT");
}

/** What the shop answers the product page with: HIT, MISS (rendered, may be kept), or undefined (not even considered). */
const cacheStatus = async (shop: TestShop) => (await shop.get("/products/lamp")).headers["x-cache"];

describe("starting the page cache", () => {
  it("starts nothing with PAGE_CACHE=off, nor with PAGE_CACHE=shared and no shared cache to purge", () => {
    const logged: string[] = [];
    const log = { info: (_: object, message: string) => logged.push(message), warn: (_: object, message: string) => logged.push(message) };
    const env = {
      PAGE_CACHE_MAX_MB: 8,
      PAGE_CACHE_PURGE_URLS: [],
      API_URL: "http://127.0.0.1:9",
      API_KEY: "api-key-for-tests",
      STORE_KEY: "a-store",
    };
    expect(startPageCache({ ...env, PAGE_CACHE: "off" }, log)).toBeNull();
    expect(logged).toEqual([]);
    expect(startPageCache({ ...env, PAGE_CACHE: "shared" }, log)).toBeNull();
    expect(logged).toEqual([expect.stringContaining("names no shared cache to purge")]);
  });

  it("listens with the store's keys, and purges everything from each shared cache when the stream says ready", async () => {
    const { stream, catcher, shop } = await start({ pageCache: "shared", sharedCaches: 2 });
    const connection = await stream.connection(1);
    expect(connection.path).toBe("/cache/invalidations");
    expect(connection.headers).toMatchObject({ "api-key": "api-key-for-tests", storekey: "a-store" });

    connection.ready();
    await catcher.purge(2, "*");
    expect(catcher.purges.map(({ method, path, keys }) => ({ method, path, keys }))).toEqual(
      expect.arrayContaining([
        { method: "PURGE", path: "/varnish-1", keys: "*" },
        { method: "PURGE", path: "/varnish-2", keys: "*" },
      ]),
    );
    // PAGE_CACHE=shared keeps nothing in memory: every page is rendered, none marked by this process's cache.
    expect(await cacheStatus(shop)).toBeUndefined();
    expect(await cacheStatus(shop)).toBeUndefined();
    expect(shop.calls).toHaveLength(2);
  });

  it("purges a notice's keys from the shared cache at once, and again FORGET_AGAIN_MS later", async () => {
    const { stream, catcher } = await start({ pageCache: "shared" });
    const connection = await stream.connection(1);
    connection.ready();
    await catcher.purge(1, "*");

    const sent = performance.now();
    connection.invalidate({ keys: ["product:1", "category:2"] });
    const first = await catcher.purge(1, "product:1 category:2");
    expect(first.method).toBe("PURGE");
    expect(first.at - sent).toBeLessThan(FORGET_AGAIN_MS);
    // A page rendered by an API process that had not heard the change yet may have been kept just after the first.
    const second = await catcher.purge(2, "product:1 category:2");
    expect(second.at - sent).toBeGreaterThanOrEqual(FORGET_AGAIN_MS - 5);
  });

  it("keeps public pages in memory only while the stream is heard: deaf rather than stale once it is lost", async () => {
    const { stream, catcher, shop, logged } = await start({ pageCache: "memory" });
    const first = await stream.connection(1);
    // Not heard yet: nothing is kept or answered from memory.
    expect(await cacheStatus(shop)).toBeUndefined();
    expect(await cacheStatus(shop)).toBeUndefined();

    first.ready();
    await catcher.purge(1, "*");
    await keep(shop);

    const rendered = shop.calls.length;
    first.end();
    // The loss purges the shared caches too: a change may now go unheard by any of them.
    await catcher.purge(2, "*");
    expect(logged).toContainEqual(expect.objectContaining({ level: "warn", message: STREAM_LOST }));
    // The kept page is no longer answered, and a page rendered while deaf is not kept.
    expect(await cacheStatus(shop)).toBeUndefined();
    expect(await cacheStatus(shop)).toBeUndefined();
    expect(shop.calls).toHaveLength(rendered + 2);

    // Back, but deaf until the new stream says ready.
    const second = await stream.connection(2);
    expect(await cacheStatus(shop)).toBeUndefined();
    second.ready();
    await catcher.purge(3, "*");
    await keep(shop);
  });

  it("forgets the pages a notice names, and no other", async () => {
    const { stream, catcher, shop } = await start({ pageCache: "memory" });
    const connection = await stream.connection(1);
    connection.ready();
    await catcher.purge(1, "*");
    await keep(shop);

    connection.invalidate({ keys: ["product:2"] });
    await catcher.purge(1, "product:2");
    expect(await cacheStatus(shop)).toBe("HIT");

    connection.invalidate({ keys: ["product:1"] });
    await catcher.purge(1, "product:1");
    expect(await cacheStatus(shop)).toBe("MISS");
  });

  it("forgets again FORGET_AGAIN_MS after a notice a page kept since the first forgetting", async () => {
    const { stream, catcher, shop } = await start({ pageCache: "memory" });
    const connection = await stream.connection(1);
    connection.ready();
    await catcher.purge(1, "*");

    connection.invalidate({ keys: ["product:1"] });
    await catcher.purge(1, "product:1");
    // Rendered after the first forgetting, so kept (its data may still be older than the change: see FORGET_AGAIN_MS).
    await keep(shop);
    expect(catcher.purges.filter(({ keys }) => keys === "product:1")).toHaveLength(1);

    await catcher.purge(2, "product:1");
    expect(await cacheStatus(shop)).toBe("MISS");
  });

  it.each([
    ["not JSON", "product:1"],
    ["not a notice of the contract", JSON.stringify({ keys: [] })],
  ])("forgets everything, in memory and in the shared cache, on a notice it cannot read (%s)", async (_case, data) => {
    const { stream, catcher, shop } = await start({ pageCache: "memory" });
    const connection = await stream.connection(1);
    connection.ready();
    await catcher.purge(1, "*");
    await keep(shop);

    connection.send("invalidate", data);
    await catcher.purge(2, "*");
    expect(await cacheStatus(shop)).toBe("MISS");
  });

  it("forgets the process's copies of the shop's data and its search answers when the stream is heard again", async () => {
    const forgetSearchAnswers = vi.spyOn(getSearchClient(), "forget");
    endings.push(() => forgetSearchAnswers.mockRestore());
    let loads = 0;
    const getShopData = cached(async () => ++loads, { ttlSeconds: () => 60 });
    const { stream, catcher } = await start({ pageCache: "memory" });
    const first = await stream.connection(1);
    first.ready();
    await catcher.purge(1, "*");
    expect(await getShopData()).toBe(1);
    const forgottenBefore = forgetSearchAnswers.mock.calls.length;

    // Lost, then heard again: whatever changed meanwhile was never announced, so the copies are not to be trusted.
    first.end();
    await catcher.purge(2, "*");
    const second = await stream.connection(2);
    second.ready();
    await catcher.purge(3, "*");
    expect(await getShopData()).toBe(2);
    expect(forgetSearchAnswers.mock.calls.length).toBeGreaterThan(forgottenBefore);
  });

  it("forgets the process's copies of the shop's data and its search answers with each notice, and again later", async () => {
    const forgetSearchAnswers = vi.spyOn(getSearchClient(), "forget");
    endings.push(() => forgetSearchAnswers.mockRestore());
    // A copy of shop-wide data as the shop's loaders keep one (kept 60 s, were nothing to forget it). Its forgetter
    // joins the process's list for good, forgetting only this test's copy.
    let loads = 0;
    const getShopData = cached(async () => ++loads, { ttlSeconds: () => 60 });
    const { stream, catcher } = await start({ pageCache: "memory" });
    const connection = await stream.connection(1);
    connection.ready();
    await catcher.purge(1, "*");
    expect(await getShopData()).toBe(1);
    expect(await getShopData()).toBe(1);

    connection.invalidate({ keys: ["settings"] });
    await catcher.purge(1, "settings");
    expect(await getShopData()).toBe(2);
    // Once when the stream said ready, once for the notice.
    expect(forgetSearchAnswers).toHaveBeenCalledTimes(2);

    await catcher.purge(2, "settings");
    expect(await getShopData()).toBe(3);
    expect(forgetSearchAnswers).toHaveBeenCalledTimes(3);
  });
});
