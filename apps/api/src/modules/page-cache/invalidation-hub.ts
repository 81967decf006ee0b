import type { CacheInvalidation } from "@quire/contracts";
import type { Db } from "../../db/client";
import { listenToFeed } from "../jobs/event-feed";
import { EVERY_PAGE, keysMadeStaleBy } from "./invalidation-keys";

/*
 * The API process's side of the storefronts' page caches (decision 064): one listener of the change feed (decision
 * 044) for every storefront connected to this process, each told the keys its store's changes make stale. The feed
 * does not keep what it says: while this process is not listening, changes go unheard, so every subscriber is told to
 * forget everything when the connection is lost and again once it listens anew.
 */

/** What a subscriber hears: a notice to pass on, and the end of the stream (the process is stopping). */
export interface InvalidationSubscriber {
  storeId: number;
  notice(invalidation: CacheInvalidation): void;
  end(): void;
}

/** How long after losing the feed the hub listens again. */
const RELISTEN_MS = 1_000;

export function createInvalidationHub(db: Db, log?: { warn(object: object, message: string): void }) {
  const subscribers = new Set<InvalidationSubscriber>();
  let listening: Promise<{ close(): Promise<void> | void } | null> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const tellAll = (invalidation: CacheInvalidation) => {
    for (const subscriber of subscribers) subscriber.notice(invalidation);
  };

  /** Counts the connections listened on: a loss is heard once per connection, and only for the current one. */
  let connection = 0;

  const listen = (): Promise<{ close(): Promise<void> | void } | null> => {
    const current = ++connection;
    return listenToFeed(db, {
      event: (event) => {
        const keys = keysMadeStaleBy(event);
        if (keys !== EVERY_PAGE && keys.length === 0) return;
        const invalidation: CacheInvalidation = keys === EVERY_PAGE ? { all: true } : { keys };
        for (const subscriber of subscribers) if (subscriber.storeId === event.storeId) subscriber.notice(invalidation);
      },
      marker: () => {},
      lost: (error) => {
        // A broken connection reports both its error and its end: the first is the loss.
        if (closed || current !== connection) return;
        connection += 1;
        listening = null;
        tellAll({ all: true });
        log?.warn({ cause: error.message }, "page caches: listening connection lost; every page forgotten, listening again");
        retry ??= setTimeout(() => {
          retry = null;
          // Whatever was said while not listening is lost: once listening again, everything is forgotten again.
          if (!closed && subscribers.size > 0) void ensureListening().then((feed) => feed && tellAll({ all: true }));
        }, RELISTEN_MS);
      },
    }).catch((error: Error) => {
      listening = null;
      log?.warn({ cause: error.message }, "page caches: cannot listen for changes; trying again");
      retry ??= setTimeout(() => {
        retry = null;
        if (!closed && subscribers.size > 0) void ensureListening().then((feed) => feed && tellAll({ all: true }));
      }, RELISTEN_MS * 5);
      return null;
    });
  };

  /** Listens on the feed unless it already does; answers the listener, or null when listening failed. */
  const ensureListening = () => (listening ??= listen());

  return {
    /**
     * Adds a subscriber once the hub listens (answers false when it cannot listen now: the caller says so, and the
     * subscriber should come back); `unsubscribe` removes it.
     */
    async subscribe(subscriber: InvalidationSubscriber): Promise<{ listening: boolean; unsubscribe(): void }> {
      subscribers.add(subscriber);
      const feed = await ensureListening();
      return { listening: feed !== null, unsubscribe: () => subscribers.delete(subscriber) };
    },
    /** Ends every subscriber's stream and stops listening (the process is stopping). */
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      for (const subscriber of subscribers) subscriber.end();
      subscribers.clear();
      const feed = await listening;
      await feed?.close();
    },
  };
}
export type InvalidationHub = ReturnType<typeof createInvalidationHub>;
