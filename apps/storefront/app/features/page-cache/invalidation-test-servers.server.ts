import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/*
 * For the page cache's tests: stand-ins for what the storefront's page cache talks to, each a real HTTP server on a
 * free port. The API's stream of changes (GET /cache/invalidations, written as apps/api's page-cache.routes.ts writes
 * it), whose events, drops and refusals the test decides; and a shared cache in front (Varnish) that records the
 * purges it is sent. A test waits on what they receive, never on time.
 */

/**
 * The list a test file pushes the end of each server (and listener) it starts onto: after each test they are ended in
 * reverse order, every one of them even when one fails, and the first failure is the test's.
 */
export function serversEndedAfterEach(): Array<() => unknown> {
  const endings: Array<() => unknown> = [];
  afterEach(async () => {
    const failures: unknown[] = [];
    for (const end of endings.splice(0).reverse())
      await Promise.resolve()
        .then(end)
        .catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  });
  return endings;
}

/** How long a test waits for something to arrive before it gives up and says what did arrive. */
const GIVE_UP_MS = 10_000;

/** What a stand-in received, in order, and a way to wait until it has received what a test expects. */
export function arrivals<T>(describe: (item: T) => unknown = (item) => item) {
  const received: T[] = [];
  const waiting = new Set<() => void>();
  return {
    received: received as readonly T[],
    push(item: T): void {
      received.push(item);
      for (const check of [...waiting]) check();
    },
    /** The `count`-th item received that `matches` (1 for the first), as soon as it has arrived. */
    nth(count: number, what: string, matches: (item: T) => boolean = () => true): Promise<T> {
      return new Promise((resolve, reject) => {
        const giveUp = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`${what} (number ${count}) did not arrive; received: ${JSON.stringify(received.map(describe))}`));
        }, GIVE_UP_MS);
        const check = () => {
          const found = received.filter(matches)[count - 1];
          if (found === undefined) return;
          clearTimeout(giveUp);
          waiting.delete(check);
          resolve(found);
        };
        waiting.add(check);
        check();
      });
    },
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  // Open streams and kept-alive connections would hold close() until they end.
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** One request for the stream, as the stand-in received it. */
export interface StreamConnection {
  path: string;
  headers: IncomingHttpHeaders;
  /** Answered 503, as the API does while it cannot hear its change feed. */
  refused: boolean;
  /** Writes one event, `data` as it goes on the wire. */
  send(event: string, data: string): void;
  /** The API listens to its change feed: `ready`. */
  ready(): void;
  /** One change: an `invalidate` event carrying `notice` as JSON. */
  invalidate(notice: unknown): void;
  /** The API ends the stream (it stops, or its own feed was lost). */
  end(): void;
  /** The connection breaks mid-stream (the API's process dies). */
  cutOff(): void;
  /** Settles once the connection has closed, from either side. */
  closed: Promise<void>;
}

/**
 * A stand-in for the API's GET /cache/invalidations. Each request is answered with an open stream that says nothing
 * until the test makes it (`connection(n)`), or refused with a 503 while `refuseNext` says so. The stream asks its
 * reader to come back `reconnectMs` after a drop, as the API's `retry: 1000` does.
 */
export async function startInvalidationStream({ reconnectMs = 20 }: { reconnectMs?: number } = {}) {
  const connections = arrivals<StreamConnection>(({ path, headers, refused }) => ({ path, headers, refused }));
  let refusals = 0;
  const server = createServer((request, response) => {
    const refused = refusals > 0;
    if (refused) refusals -= 1;
    const closed = new Promise<void>((resolve) => response.once("close", () => resolve()));
    const send = (event: string, data: string) => response.write(`event: ${event}\ndata: ${data}\n\n`);
    if (refused) {
      response.writeHead(503, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: "service_unavailable", message: "The change feed cannot be heard now" }));
    } else {
      response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store" });
      response.write(`retry: ${reconnectMs}\n\n`);
    }
    connections.push({
      path: request.url ?? "",
      headers: request.headers,
      refused,
      send,
      ready: () => send("ready", "{}"),
      invalidate: (notice) => send("invalidate", JSON.stringify(notice)),
      end: () => response.end(),
      cutOff: () => response.destroy(),
      closed,
    });
  });
  const url = await listen(server);
  return {
    url,
    connections: connections.received,
    /** The `n`-th request for the stream (1 for the first), refused or not, once it has come. */
    connection: (n: number) => connections.nth(n, "a request for the stream"),
    /** Refuses the next `count` requests with a 503. */
    refuseNext(count: number): void {
      refusals = count;
    },
    close: () => close(server),
  };
}
export type InvalidationStream = Awaited<ReturnType<typeof startInvalidationStream>>;

/** One request a shared cache received. */
export interface Purge {
  method: string;
  path: string;
  /** What its `xkey-purge` header names: surrogate keys, space-separated, or `*`. */
  keys: string | undefined;
  /** When it arrived (performance.now()). */
  at: number;
}

/** A stand-in for the shared caches in front (Varnish with quire.vcl): answers every request 200 and records it. */
export async function startPurgeCatcher() {
  const purges = arrivals<Purge>(({ method, path, keys }) => ({ method, path, keys }));
  const server = createServer((request, response) => {
    // The header deploy/varnish/quire.vcl reads, spelt out: the test holds the storefront to what Varnish expects.
    const keys = request.headers["xkey-purge"];
    purges.push({
      method: request.method ?? "",
      path: request.url ?? "",
      keys: Array.isArray(keys) ? keys.join(", ") : keys,
      at: performance.now(),
    });
    request.resume();
    response.end();
  });
  const url = await listen(server);
  return {
    url,
    purges: purges.received,
    /** The `n`-th request naming `keys` (1 for the first), once it has come. */
    purge: (n: number, keys: string) => purges.nth(n, `a purge of ${JSON.stringify(keys)}`, (purge) => purge.keys === keys),
    close: () => close(server),
  };
}
export type PurgeCatcher = Awaited<ReturnType<typeof startPurgeCatcher>>;
