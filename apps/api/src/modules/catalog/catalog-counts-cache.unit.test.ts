import { describe, expect, it, vi } from "vitest";
import { createCountsCache, noCountsCache } from "./catalog-counts-cache";

/** A load the test finishes by hand, so it decides what happens while a count runs. */
function deferredLoad<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load, calls };
}

describe("catalogue counts cache", () => {
  it("counts again after forget(), within the TTL (the catalogue index took in a change)", async () => {
    const cache = createCountsCache({ ttlMs: 60_000, now: () => 0 });
    let total = 1;
    const load = vi.fn(async () => total);
    expect(await cache.remember("total", { storeId: 1, categoryIds: [3] }, load)).toBe(1);
    total = 2;
    expect(await cache.remember("total", { storeId: 1, categoryIds: [3] }, load)).toBe(1);
    cache.forget();
    expect(await cache.remember("total", { storeId: 1, categoryIds: [3] }, load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
    noCountsCache.forget();
  });

  it("answers a repeated selection from memory until the TTL passes", async () => {
    let clock = 1_000;
    const cache = createCountsCache({ ttlMs: 1_000, now: () => clock });
    const load = vi.fn(async () => 42);
    expect(await cache.remember("total", { storeId: 1, categoryIds: [3] }, load)).toBe(42);
    clock += 999;
    expect(await cache.remember("total", { storeId: 1, categoryIds: [3] }, load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    clock += 2;
    await cache.remember("total", { storeId: 1, categoryIds: [3] }, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("counts the TTL from when a value arrives, so a count slower than the TTL is still remembered", async () => {
    let clock = 0;
    const cache = createCountsCache({ ttlMs: 1_000, now: () => clock });
    const { load, calls } = deferredLoad<number>();
    const first = cache.remember("facets", { storeId: 1 }, load);
    clock += 5_000; // the count takes five TTLs
    calls[0]!.resolve(9);
    expect(await first).toBe(9);
    clock += 999;
    expect(await cache.remember("facets", { storeId: 1 }, load)).toBe(9);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("answers a stale value at once past the TTL while one refresh runs in the background", async () => {
    let clock = 0;
    const cache = createCountsCache({ ttlMs: 1_000, now: () => clock });
    const { load, calls } = deferredLoad<number>();
    const cold = cache.remember("total", { storeId: 1 }, load);
    calls[0]!.resolve(1);
    expect(await cold).toBe(1);

    clock += 1_500;
    // Three requests past the TTL: each gets the stale value without waiting, one refresh is started.
    expect(await cache.remember("total", { storeId: 1 }, load)).toBe(1);
    expect(await cache.remember("total", { storeId: 1 }, load)).toBe(1);
    expect(await cache.remember("total", { storeId: 1 }, load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);

    calls[1]!.resolve(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.remember("total", { storeId: 1 }, load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps the stale value when a refresh fails, and tries again on the next request", async () => {
    let clock = 0;
    const refreshErrors: unknown[] = [];
    const cache = createCountsCache({ ttlMs: 1_000, now: () => clock, onRefreshError: (error) => refreshErrors.push(error) });
    expect(await cache.remember("total", { storeId: 1 }, async () => 1)).toBe(1);
    clock += 2_000;
    const failing = vi.fn(async () => Promise.reject(new Error("db down")));
    expect(await cache.remember("total", { storeId: 1 }, failing)).toBe(1);
    await vi.waitFor(() => expect(refreshErrors).toHaveLength(1));
    const working = vi.fn(async () => 3);
    expect(await cache.remember("total", { storeId: 1 }, working)).toBe(1);
    expect(working).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () => expect(await cache.remember("total", { storeId: 1 }, working)).toBe(3));
  });

  it("keeps selections, stores and kinds apart", async () => {
    const cache = createCountsCache({ ttlMs: 60_000 });
    expect(await cache.remember("total", { storeId: 1 }, async () => 1)).toBe(1);
    expect(await cache.remember("total", { storeId: 2 }, async () => 2)).toBe(2);
    expect(await cache.remember("facets", { storeId: 1 }, async () => "facets")).toBe("facets");
    expect(await cache.remember("total", { storeId: 1, currencyCode: "EUR" }, async () => 3)).toBe(3);
  });

  it("shares one load between concurrent cold misses for the same selection", async () => {
    const cache = createCountsCache({ ttlMs: 60_000 });
    const load = vi.fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(7), 10)));
    const results = await Promise.all([1, 2, 3].map(() => cache.remember("total", { storeId: 1 }, load)));
    expect(results).toEqual([7, 7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not remember a failed cold load", async () => {
    const cache = createCountsCache({ ttlMs: 60_000 });
    await expect(cache.remember("total", { storeId: 1 }, async () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.remember("total", { storeId: 1 }, async () => 5)).toBe(5);
  });

  it("is switched off by a TTL of zero", async () => {
    expect(createCountsCache({ ttlMs: 0 })).toBe(noCountsCache);
    const load = vi.fn(async () => 1);
    await noCountsCache.remember("total", {}, load);
    await noCountsCache.remember("total", {}, load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
