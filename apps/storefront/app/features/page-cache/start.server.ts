import type { CacheInvalidation } from "@quire/contracts";
import { getSearchClient } from "~/features/search/search-client.server";
import type { StorefrontEnv } from "~/lib/env.server";
import { PUBLIC_PAGE_SHARED_SECONDS } from "./public-page.server";
import { forgetShopData } from "~/lib/shop-data.server";
import { listenForInvalidations } from "./invalidation-listener.server";
import { createPageCache, type CacheableRequest, type CacheableResponse } from "./page-cache.server";

/**
 * How long after a notice its keys are forgotten a second time. The API processes hear their change feed each on
 * their own connection: a page rendered just after the notice may have been made by a process that had not yet
 * heard the change (its catalogue copy a moment behind), and kept. The second forgetting drops such a page.
 */
export const FORGET_AGAIN_MS = 1_000;

/** How long a purge sent to a shared cache may take before it is given up (and logged). */
const PURGE_TIMEOUT_MS = 5_000;

/** The header quire.vcl reads the keys of a PURGE from; `*` purges everything. */
export const PURGE_KEYS_HEADER = "xkey-purge";

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** Tells each shared cache in front (deploy/varnish) to forget what a notice names. A failure is logged, not thrown. */
async function purgeShared(urls: readonly string[], invalidation: CacheInvalidation, log: Log): Promise<void> {
  const keys = "all" in invalidation ? "*" : invalidation.keys.join(" ");
  await Promise.all(
    urls.map(async (url) => {
      try {
        const response = await fetch(url, {
          method: "PURGE",
          headers: { [PURGE_KEYS_HEADER]: keys },
          signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (!response.ok) log.warn({ url, status: response.status }, "page cache: a shared cache refused a purge");
      } catch (error) {
        log.warn({ url, cause: error instanceof Error ? error.message : String(error) }, "page cache: a shared cache could not be purged");
      }
    }),
  );
}

/** What server.mjs mounts: the page cache's middleware (a pass-through without one in memory), and its end. */
export interface RunningPageCache {
  handle(request: CacheableRequest, response: CacheableResponse, next: (error?: unknown) => void): void;
  close(): void;
}

/**
 * The page caches of this process, listening to the API's stream of changes: its memory (PAGE_CACHE=memory) and the
 * shared caches in front (PAGE_CACHE_PURGE_URLS), each told what to forget. Null when there is neither.
 */
export function startPageCache(
  env: Pick<StorefrontEnv, "PAGE_CACHE" | "PAGE_CACHE_MAX_MB" | "PAGE_CACHE_PURGE_URLS" | "API_URL" | "API_KEY" | "STORE_KEY">,
  log: Log,
): RunningPageCache | null {
  if (env.PAGE_CACHE === "off") return null;
  const purgeUrls = env.PAGE_CACHE_PURGE_URLS;
  const cache =
    env.PAGE_CACHE === "memory"
      ? createPageCache({
          maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
          ttlSeconds: PUBLIC_PAGE_SHARED_SECONDS,
          onError: (error) =>
            log.warn({ cause: error instanceof Error ? error.message : String(error) }, "page cache: a page was not kept"),
        })
      : null;
  if (!cache && purgeUrls.length === 0) {
    log.warn({}, "page cache: PAGE_CACHE=shared names no shared cache to purge (PAGE_CACHE_PURGE_URLS): pages live out their s-maxage");
    return null;
  }
  /** Drops the process's copies the next pages are made from: the shop's data, the tree, the menu, search answers. */
  const forgetCopies = () => {
    forgetShopData();
    getSearchClient().forget();
  };
  /** Forgets what a notice names: in memory, in the shared caches, and the process's copies. */
  const forget = (invalidation: CacheInvalidation) => {
    if (cache) {
      if ("all" in invalidation) cache.forgetAll();
      else cache.forget(invalidation.keys);
    }
    forgetCopies();
    if (purgeUrls.length > 0) void purgeShared(purgeUrls, invalidation, log);
  };
  const again = new Set<NodeJS.Timeout>();
  const listening = listenForInvalidations(
    { apiUrl: env.API_URL, apiKey: env.API_KEY, storeKey: env.STORE_KEY },
    {
      ready() {
        // A change made while the stream was not heard was never announced: the copies go with the pages.
        forgetCopies();
        cache?.hearing();
        if (purgeUrls.length > 0) void purgeShared(purgeUrls, { all: true }, log);
        log.info({}, "page cache: hearing the API's changes; keeping public pages");
      },
      invalidate(invalidation) {
        forget(invalidation);
        const timer = setTimeout(() => {
          again.delete(timer);
          forget(invalidation);
        }, FORGET_AGAIN_MS);
        timer.unref();
        again.add(timer);
      },
      lost(reason) {
        cache?.deaf();
        if (purgeUrls.length > 0) void purgeShared(purgeUrls, { all: true }, log);
        log.warn({ reason }, "page cache: the API's changes are not heard; keeping no page until they are");
      },
    },
  );
  return {
    handle: cache ? cache.handle : (_request, _response, next) => next(),
    close() {
      for (const timer of again) clearTimeout(timer);
      listening.close();
    },
  };
}
