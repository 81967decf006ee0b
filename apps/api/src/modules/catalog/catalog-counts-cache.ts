import { LRUCache } from "lru-cache";

/**
 * Totals and facet counts of a product selection, kept per process for a short TTL. Counting is the one
 * part of a catalogue read whose cost grows with the catalogue (a page walks an index and stops; an exact
 * total or a facet has to visit every matching product), while shoppers ask the same few selections over
 * and over (a category, a category with one filter). Counts a few seconds stale are acceptable for
 * display; nothing that decides money or stock reads them. Concurrent misses on one key share one query.
 */
export interface CountsCache {
  remember<T>(kind: "total" | "facets", selection: object, load: () => Promise<T>): Promise<T>;
}

/** Never caches: what tests use by default, so a count always reflects the rows a test just wrote. */
export const noCountsCache: CountsCache = { remember: (_kind, _selection, load) => load() };

export function createCountsCache(options: { ttlMs: number; maxEntries?: number; now?: () => number }): CountsCache {
  if (options.ttlMs <= 0) return noCountsCache;
  const cache = new LRUCache<string, Promise<unknown>>({
    max: options.maxEntries ?? 2_000,
    ttl: options.ttlMs,
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  return {
    remember<T>(kind: "total" | "facets", selection: object, load: () => Promise<T>): Promise<T> {
      // The selection is built by resolveSelection in a fixed key order, so its JSON is a stable key.
      const key = `${kind}:${JSON.stringify(selection)}`;
      const hit = cache.get(key);
      if (hit) return hit as Promise<T>;
      const pending = load();
      cache.set(key, pending);
      // A failed count is not remembered; the next request asks the database again.
      pending.catch(() => cache.delete(key));
      return pending;
    },
  };
}
