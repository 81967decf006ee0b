import { LRUCache } from "lru-cache";

/**
 * Totals and facet counts of a product selection, kept per process. Counting is the one part of a
 * catalogue read whose cost grows with the catalogue (a page walks an index and stops; an exact total or a
 * facet has to visit every matching product), while shoppers ask the same few selections over and over (a
 * category, a category with one filter). Counts a few seconds stale are acceptable for display; nothing
 * that decides money or stock reads them.
 *
 * Stale while revalidating: a value is fresh for the TTL counted from when it arrived (not from when its
 * count started, so a count slower than the TTL is still remembered). Past it, a request gets the stale
 * value at once and one refresh runs in the background; only a cold miss waits, and concurrent cold misses
 * on one key share one load.
 */
export interface CountsCache {
  remember<T>(kind: "total" | "facets", selection: object, load: () => Promise<T>): Promise<T>;
  /**
   * Drops every count, so each is counted again on its next read: called when the process's catalogue index takes
   * in a change (a merchant's new product shows in its category's facets at once, not a TTL later). Catalogue
   * writes are rare beside reads, so forgetting all of them costs a recount per selection now and then.
   */
  forget(): void;
}

/** Never caches: what tests use by default, so a count always reflects the rows a test just wrote. */
export const noCountsCache: CountsCache = { remember: (_kind, _selection, load) => load(), forget: () => {} };

interface Entry {
  /** The last value that arrived, and when (by the cache's clock). */
  value?: { data: unknown; arrivedAt: number };
  /** The load under way: the first one (cold) or a background refresh. */
  pending?: Promise<unknown>;
}

export function createCountsCache(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** Hears a background refresh that failed (the stale value is kept and the next request tries again). */
  onRefreshError?: (error: unknown) => void;
}): CountsCache {
  if (options.ttlMs <= 0) return noCountsCache;
  const now = options.now ?? (() => performance.now());
  const entries = new LRUCache<string, Entry>({ max: options.maxEntries ?? 2_000 });

  function load(key: string, entry: Entry, loader: () => Promise<unknown>) {
    const pending = loader().then(
      (data) => {
        entry.value = { data, arrivedAt: now() };
        entry.pending = undefined;
        return data;
      },
      (error: unknown) => {
        entry.pending = undefined;
        // A failed cold load is not remembered; a failed refresh keeps the stale value.
        if (!entry.value && entries.peek(key) === entry) entries.delete(key);
        throw error;
      },
    );
    entry.pending = pending;
    return pending;
  }

  return {
    remember<T>(kind: "total" | "facets", selection: object, loader: () => Promise<T>): Promise<T> {
      // The selection is built by resolveSelection in a fixed key order, so its JSON is a stable key.
      const key = `${kind}:${JSON.stringify(selection)}`;
      let entry = entries.get(key);
      if (!entry) {
        entry = {};
        entries.set(key, entry);
      }
      const { value } = entry;
      if (!value) return (entry.pending ?? load(key, entry, loader)) as Promise<T>;
      if (now() - value.arrivedAt >= options.ttlMs && !entry.pending) {
        load(key, entry, loader).catch((error: unknown) => options.onRefreshError?.(error));
      }
      return Promise.resolve(value.data as T);
    },
    forget() {
      // A load under way finishes into its own entry, no longer in the cache.
      entries.clear();
    },
  };
}
