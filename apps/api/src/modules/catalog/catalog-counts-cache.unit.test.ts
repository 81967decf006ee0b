import { describe, expect, it, vi } from "vitest";
import { createCountsCache, noCountsCache } from "./catalog-counts-cache";

describe("catalogue counts cache", () => {
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

  it("keeps selections, stores and kinds apart", async () => {
    const cache = createCountsCache({ ttlMs: 60_000 });
    expect(await cache.remember("total", { storeId: 1 }, async () => 1)).toBe(1);
    expect(await cache.remember("total", { storeId: 2 }, async () => 2)).toBe(2);
    expect(await cache.remember("facets", { storeId: 1 }, async () => "facets")).toBe("facets");
    expect(await cache.remember("total", { storeId: 1, currencyCode: "EUR" }, async () => 3)).toBe(3);
  });

  it("shares one load between concurrent requests for the same selection", async () => {
    const cache = createCountsCache({ ttlMs: 60_000 });
    const load = vi.fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(7), 10)));
    const results = await Promise.all([1, 2, 3].map(() => cache.remember("total", { storeId: 1 }, load)));
    expect(results).toEqual([7, 7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not remember a failure", async () => {
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
