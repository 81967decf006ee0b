import type { Db } from "../../db/client";
import { findStoreByKey, type Store } from "./stores.repository";

export {
  findContactEmail,
  findStoreBankDetails,
  findStoreByKey,
  findStoreCurrencies,
  findStoreName,
  listStoreIds,
  setContactEmail,
  type Store,
} from "./stores.repository";
export type { BankTransferDetails } from "./stores.tables";

/**
 * Store settings change rarely and are read on every request, so each process keeps them for a short
 * TTL: a process's copy may be briefly stale, so nothing relies on it for correctness.
 */
export function createStoreCache(db: Db, ttlMs: number) {
  const cache = new Map<string, { store: Store | null; expiresAt: number }>();
  return {
    /** The store whose key is `key`, or null when there is none. */
    async getStore(key: string): Promise<Store | null> {
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now) return hit.store;
      const store = await findStoreByKey(db, key);
      if (ttlMs > 0) cache.set(key, { store, expiresAt: now + ttlMs });
      return store;
    },
    clear() {
      cache.clear();
    },
  };
}
export type StoreCache = ReturnType<typeof createStoreCache>;
