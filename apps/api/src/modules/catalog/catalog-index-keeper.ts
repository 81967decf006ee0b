import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { StoreCatalogueIndex } from "./catalog-index";
import { runUncancellable } from "../../db/query-cancellation";
import { listenToFeed, sendMarker, type BroadcastEvent } from "../jobs/event-feed";
import { listLargeStores, loadProductChanges, loadStoreCatalogue } from "./catalog-index.repository";

/*
 * Keeps a catalogue index (catalog-index.ts) per store in this process (decision 028). A large store's index
 * is built when the process starts, and readiness (GET /health/ready) waits for it; any other store's is built
 * in the background on its first catalogue read. Until a store's index is ready, the SQL path answers. It follows
 * the event feed (decision 044): every product write publishes product.changed, and the search index's job
 * search.documents_written, in its transaction; the products they name are read again in batches a moment
 * later, so the index is at most about `batchDelayMs` plus one batch behind the database. Losing the listening
 * connection loses events: every index is then rebuilt once it is back, and each is rebuilt every
 * `rebuildEveryMs` anyway, which bounds any drift.
 */

export interface CatalogIndex {
  /** The store's index when it is ready; otherwise starts building it and answers null (use SQL). */
  forStore(storeId: number): StoreCatalogueIndex | null;
  /** Waits until the index holds every product change committed before the call (built if need be). */
  sync(storeId: number): Promise<StoreCatalogueIndex>;
  /**
   * Whether the start-up builds are done: the index of every store with `warmFromProducts` or more has been
   * built (or tried: a store whose build failed is built on a later read instead).
   */
  isWarm(): boolean;
  /** Resolves once isWarm() holds. */
  whenWarm(): Promise<void>;
  close(): Promise<void>;
}

export interface CatalogIndexOptions {
  db: Db;
  /** Wait after a change is heard before applying it, so a burst of writes becomes one batch. */
  batchDelayMs?: number;
  /** Rebuild each index from scratch this often. */
  rebuildEveryMs?: number;
  /** A batch of more changed products than this is a rebuild (a bulk import). */
  maxBatch?: number;
  /**
   * Stores with at least this many published products have their index built at start-up, before the process
   * reports ready. On SQL alone their facet counts can take longer than the statement timeout (issue 9: at
   * 100,000 products, 5 s and more); a smaller store's index builds in milliseconds on its first read.
   */
  warmFromProducts?: number;
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** Hears that a store's index was built or took in changes (what was counted from the older one is stale). */
  onIndexChanged?: (storeId: number) => void;
}

interface StoreState {
  index: StoreCatalogueIndex | null;
  /** Changes heard and not yet applied (including during a build). */
  pending: Set<number>;
  /** The build or batch under way; work on one store is serial. */
  running: Promise<void> | null;
  rebuild: boolean;
  timer: NodeJS.Timeout | null;
  builtAt: number;
}

/** Starts listening for product changes; indexes are built on demand. */
export async function createCatalogIndex(options: CatalogIndexOptions): Promise<CatalogIndex> {
  const { db, log } = options;
  const batchDelayMs = options.batchDelayMs ?? 500;
  const rebuildEveryMs = options.rebuildEveryMs ?? 30 * 60_000;
  const maxBatch = options.maxBatch ?? 20_000;
  const warmFromProducts = options.warmFromProducts ?? 10_000;
  const stores = new Map<number, StoreState>();
  const markers = new Map<string, () => void>();
  let closed = false;
  let listening: { close(): Promise<void> | void } | null = null;
  let reconnect: NodeJS.Timeout | null = null;
  /** null until the first connection to listen on; then the start-up builds, under way or done. */
  let warming: Promise<void> | null = null;
  let warm = false;
  let warmed: () => void = () => {};
  const warmedUp = new Promise<void>((resolve) => (warmed = resolve));

  /** A product's rows (product.changed) or its search document (search.documents_written) changed. */
  function heard(event: BroadcastEvent) {
    if (event.type !== "product.changed" && event.type !== "search.documents_written") return; // not the catalogue's
    const state = stores.get(event.storeId);
    if (!state) return; // no index of that store here
    for (const id of event.productIds) state.pending.add(id);
    schedule(state, event.storeId);
  }

  function lost(error: Error) {
    if (closed || !listening) return;
    listening = null;
    log?.warn({ cause: error.message }, "catalogue index: listening connection lost; indexes are rebuilt once it is back");
    reconnect ??= setTimeout(() => void listen(), 1_000);
  }

  async function listen() {
    reconnect = null;
    if (closed) return;
    try {
      listening = await listenToFeed(db, { event: heard, marker: (marker) => markers.get(marker)?.(), lost });
      // Built once the database answers; outside any request's async context, like every build.
      warming ??= runUncancellable(() => warmLargeStores());
      // Whatever changed while nobody listened is unknown: rebuild every index there is.
      for (const [storeId, state] of stores) {
        if (state.index) {
          state.rebuild = true;
          schedule(state, storeId);
        }
      }
    } catch (error) {
      log?.warn({ cause: (error as Error).message }, "catalogue index: cannot listen for changes; trying again");
      reconnect = setTimeout(() => void listen(), 5_000);
    }
  }

  /** Builds the large stores' indexes one after another; done (warm) even if one fails, which a read retries. */
  async function warmLargeStores() {
    try {
      for (const storeId of await listLargeStores(db, warmFromProducts)) {
        if (closed) return;
        await work(stateOf(storeId), storeId).catch(() => {});
      }
    } catch (error) {
      log?.warn({ cause: (error as Error).message }, "catalogue index: cannot list the stores to build at start-up");
    } finally {
      warm = true;
      warmed();
    }
  }

  function schedule(state: StoreState, storeId: number) {
    if (state.timer || closed) return;
    // Scheduled outside the request that asked (a timer keeps its creator's async context): a shopper who
    // leaves must not cancel the build their read started (db/query-cancellation.ts).
    state.timer = runUncancellable(() =>
      setTimeout(() => {
        state.timer = null;
        // A failure is logged by work() and tried again later; nobody waits on this run.
        work(state, storeId).catch(() => {});
      }, batchDelayMs),
    );
    state.timer.unref();
  }

  /** Builds or follows changes, one run at a time per store; answers when the store is up to date. */
  async function work(state: StoreState, storeId: number): Promise<void> {
    while (state.running) await state.running.catch(() => {});
    if (closed) return;
    state.running = (async () => {
      try {
        const stale = Date.now() - state.builtAt > rebuildEveryMs;
        if (!state.index || state.rebuild || stale || state.pending.size > maxBatch) {
          state.rebuild = false;
          // Changes heard from here on are applied after the build; earlier ones are in it.
          state.pending.clear();
          const started = performance.now();
          const loaded = await loadStoreCatalogue(db, storeId);
          state.index = StoreCatalogueIndex.build(loaded.rows, loaded.orders, loaded.values, loaded.search);
          state.builtAt = Date.now();
          options.onIndexChanged?.(storeId);
          log?.info(
            {
              storeId,
              products: state.index.size,
              searchDocuments: state.index.search?.size ?? 0,
              megabytes: Math.round(state.index.memoryBytes() / 1e5) / 10,
              ms: Math.round(performance.now() - started),
            },
            "catalogue index built",
          );
        }
        while (state.pending.size > 0 && !closed) {
          const changedIds = [...state.pending].slice(0, maxBatch);
          for (const id of changedIds) state.pending.delete(id);
          const index: StoreCatalogueIndex = state.index;
          const changes = await loadProductChanges(db, { storeId, changedIds, currencies: index.currencies() });
          const next = index.withChanges(changes);
          if (next) {
            state.index = next;
            options.onIndexChanged?.(storeId);
          } else {
            // A change names a product the index has not heard of yet: start again from the database.
            state.rebuild = true;
            schedule(state, storeId);
            return;
          }
        }
      } catch (error) {
        log?.warn({ storeId, cause: (error as Error).message }, "catalogue index: update failed; rebuilding it shortly");
        // The batch's changes have left the pending set: only a rebuild is sure to hold them.
        state.rebuild = true;
        setTimeout(() => schedule(state, storeId), 5_000).unref();
        throw error;
      }
    })();
    try {
      await state.running;
    } finally {
      state.running = null;
    }
  }

  function stateOf(storeId: number) {
    let state = stores.get(storeId);
    if (!state) {
      state = { index: null, pending: new Set(), running: null, rebuild: false, timer: null, builtAt: 0 };
      stores.set(storeId, state);
    }
    return state;
  }

  await listen();
  const rebuildTimer = setInterval(
    () => {
      for (const [storeId, state] of stores) if (state.index && Date.now() - state.builtAt > rebuildEveryMs) schedule(state, storeId);
    },
    Math.min(rebuildEveryMs, 60_000),
  );
  rebuildTimer.unref();

  return {
    forStore(storeId) {
      const state = stateOf(storeId);
      // Built outside the asking request's async context, so that request's client leaving cancels nothing.
      if (!state.index && !state.running && listening) void runUncancellable(() => work(state, storeId)).catch(() => {});
      return state.index;
    },
    async sync(storeId) {
      const state = stateOf(storeId);
      const marker = `sync:${randomUUID()}`;
      const heardMarker = new Promise<void>((resolve) => markers.set(marker, resolve));
      await sendMarker(db, marker);
      await heardMarker;
      markers.delete(marker);
      await work(state, storeId);
      if (!state.index) throw new Error("the catalogue index could not be built");
      return state.index;
    },
    isWarm() {
      return warm;
    },
    whenWarm() {
      return warmedUp;
    },
    async close() {
      closed = true;
      clearInterval(rebuildTimer);
      if (reconnect) clearTimeout(reconnect);
      for (const state of stores.values()) {
        if (state.timer) clearTimeout(state.timer);
        await state.running?.catch(() => {});
      }
      await warming;
      await listening?.close();
      listening = null;
    },
  };
}
