import { describe, expect, it, vi } from "vitest";
import { cached } from "./shop-data.server";

/** A load whose answers the test releases one at a time. */
function controlledLoad() {
  const calls: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load, calls };
}

const TTL_MS = 60_000;

describe("the shop-data cache", () => {
  it("shares one first load between the callers that wait for it", async () => {
    const { load, calls } = controlledLoad();
    const get = cached(load, { now: () => 0, ttlSeconds: () => 60 });
    const first = get();
    const second = get();
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]!.resolve("v1");
    expect(await Promise.all([first, second])).toEqual(["v1", "v1"]);
  });

  it("answers a stale copy at once and refreshes it once in the background", async () => {
    let clock = 0;
    const { load, calls } = controlledLoad();
    const get = cached(load, { now: () => clock, ttlSeconds: () => 60 });
    const first = get();
    calls[0]!.resolve("v1");
    await first;

    clock = TTL_MS + 1;
    // Past its time the old copy is still answered, without waiting, and one refresh starts for everyone.
    expect(await get()).toBe("v1");
    expect(await get()).toBe("v1");
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]!.resolve("v2");
    await vi.waitFor(async () => expect(await get()).toBe("v2"));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps the old copy when a refresh fails, and tries again on the next request", async () => {
    let clock = 0;
    const { load, calls } = controlledLoad();
    const get = cached(load, { now: () => clock, ttlSeconds: () => 60 });
    const first = get();
    calls[0]!.resolve("v1");
    await first;

    clock = TTL_MS + 1;
    expect(await get()).toBe("v1");
    calls[1]!.reject(new Error("API down"));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await Promise.resolve();
    expect(await get()).toBe("v1");
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(3));
  });

  it("fails the callers of a first load that fails, and loads again for the next one", async () => {
    const { load, calls } = controlledLoad();
    const get = cached(load, { now: () => 0, ttlSeconds: () => 60 });
    const first = get();
    calls[0]!.reject(new Error("API down"));
    await expect(first).rejects.toThrow("API down");
    const second = get();
    calls[1]!.resolve("v1");
    expect(await second).toBe("v1");
  });

  describe("with CACHE_TTL_SECONDS=0", () => {
    it("reads the API on every call", async () => {
      let version = 0;
      const get = cached(async () => `v${++version}`, { ttlSeconds: () => 0 });
      expect(await get()).toBe("v1");
      expect(await get()).toBe("v2");
    });
  });
});
