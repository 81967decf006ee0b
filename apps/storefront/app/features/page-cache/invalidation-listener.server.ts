import { CacheInvalidationSchema, type CacheInvalidation } from "@quire/contracts";
import { EventSource } from "eventsource";

/*
 * The storefront's ear on the API's stream of what changed (GET /cache/invalidations, decision 064). The stream says
 * `ready` once the API listens to its change feed, then `invalidate` with the surrogate keys of each change. Notices
 * are not kept anywhere: while the stream is lost, changes go unheard, so a loss makes the page cache deaf (it forgets
 * everything and keeps nothing) until the stream is back and says `ready` again.
 */

export interface InvalidationListener {
  /** The stream is heard (again): forget everything kept before, and keep pages from now on. */
  ready(): void;
  /** A change made these pages stale. */
  invalidate(invalidation: CacheInvalidation): void;
  /** The stream is lost: forget everything and keep nothing until it is heard again. */
  lost(reason: string): void;
}

export interface InvalidationStreamOptions {
  apiUrl: string;
  apiKey: string;
  storeKey: string;
  /** How long after a refused connection (the API starting, or unable to hear its feed) it is tried again. */
  retryMs?: number;
}

/** A refused or failed connection is tried again after this long; a dropped one after the API's `retry` (1 s). */
const RETRY_MS = 2_000;

/** Listens until `close()`; reconnects by itself when the stream drops or is refused. */
export function listenForInvalidations(options: InvalidationStreamOptions, listener: InvalidationListener): { close(): void } {
  const url = new URL("/cache/invalidations", options.apiUrl);
  let source: EventSource | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  let heard = false;

  const loseIt = (reason: string) => {
    if (!heard) return;
    heard = false;
    listener.lost(reason);
  };

  const open = () => {
    retry = null;
    if (closed) return;
    const current = new EventSource(url, {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init?.headers, "API-Key": options.apiKey, StoreKey: options.storeKey } }),
    });
    source = current;
    current.addEventListener("ready", () => {
      heard = true;
      listener.ready();
    });
    current.addEventListener("invalidate", (event) => {
      let parsed: ReturnType<typeof CacheInvalidationSchema.safeParse>;
      try {
        parsed = CacheInvalidationSchema.safeParse(JSON.parse(event.data));
      } catch {
        parsed = CacheInvalidationSchema.safeParse(undefined);
      }
      // A notice the storefront cannot read may have named anything: everything is forgotten.
      listener.invalidate(parsed.success ? parsed.data : { all: true });
    });
    current.addEventListener("error", (event) => {
      loseIt(event.message ?? (event.code ? `status ${event.code}` : "stream lost"));
      // A dropped stream is reconnected by the EventSource itself; a refused one (a status other than 200) is closed
      // for good, and opened anew here.
      if (current.readyState === EventSource.CLOSED && !closed) retry ??= setTimeout(open, options.retryMs ?? RETRY_MS);
    });
  };

  open();
  return {
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      source?.close();
      heard = false;
    },
  };
}
