import type { Db } from "../../db/client";
import { listenToFeed } from "../jobs/event-feed";
import { findStoreByKey, type Store } from "./stores.repository";

export {
  findContactEmail,
  findStoreBankDetails,
  findStoreByKey,
  findStoreCurrencies,
  findStoreName,
  findStockPolicy,
  findWithdrawalTerms,
  listStoreIds,
  setContactEmail,
  type Store,
} from "./stores.repository";
export type { BankTransferDetails } from "./stores.tables";

/**
 * Store settings change rarely and are read on every request, so each process keeps them for a short
 * TTL: a process's copy may be briefly stale, so nothing relies on it for correctness. A process that follows the
 * change feed (followStoreSettings) drops a store's copy as soon as its settings change.
 */
export function createStoreCache(db: Db, ttlMs: number) {
  const cache = new Map<string, { store: Store | null; expiresAt: number }>();
  return {
    /** Drops the copy of one store (its settings changed). */
    forget(storeId: number) {
      for (const [key, entry] of cache) if (entry.store?.id === storeId) cache.delete(key);
    },
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

/** How often a process that lost the change feed tries to listen again. */
const RELISTEN_MS = 1_000;

/**
 * Keeps this process's copy of the stores' settings in step with the change feed (decision 044): a store whose
 * settings changed in any process is read again on its next request, not when its copy's TTL runs out. While the
 * feed is lost, changes go unheard: every copy is dropped, and dropped again once the feed is back.
 */
export async function followStoreSettings(
  db: Db,
  cache: StoreCache,
  log?: { warn(object: object, message: string): void },
): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let listening: { close(): Promise<void> | void } | null = null;
  let retry: NodeJS.Timeout | null = null;
  const listen = async () => {
    retry = null;
    if (closed) return;
    try {
      listening = await listenToFeed(db, {
        event: (event) => {
          if (event.type === "store.settings_changed") cache.forget(event.storeId);
        },
        marker: () => {},
        lost: (error) => {
          if (closed || !listening) return;
          listening = null;
          cache.clear();
          log?.warn({ cause: error.message }, "store settings: listening connection lost; listening again");
          retry ??= setTimeout(() => void listen(), RELISTEN_MS);
        },
      });
      cache.clear();
    } catch (error) {
      log?.warn({ cause: (error as Error).message }, "store settings: cannot listen for changes; trying again");
      retry = setTimeout(() => void listen(), RELISTEN_MS * 5);
    }
  };
  await listen();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listening?.close();
    },
  };
}
