import type { CacheInvalidation } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { listenForInvalidations, type InvalidationListener } from "./invalidation-listener.server";
import { arrivals, serversEndedAfterEach, startInvalidationStream } from "./invalidation-test-servers.server";

/*
 * The storefront's ear on the API's stream of changes, against a stand-in for the API's stream on a real port: what
 * it hears, and how it comes back when the stream is refused or dropped.
 */

type Heard = { type: "ready" } | { type: "invalidate"; invalidation: CacheInvalidation } | { type: "lost"; reason: string };

/** A refused connection is tried again this soon here (2 s in the storefront). */
const RETRY_MS = 50;

/** What each test started, ended after it in reverse order. */
const endings = serversEndedAfterEach();

/** The stand-in stream, and a listener on it recording what it hears. */
async function listen() {
  const stream = await startInvalidationStream();
  endings.push(stream.close);
  const heard = arrivals<Heard>();
  const listener: InvalidationListener = {
    ready: () => heard.push({ type: "ready" }),
    invalidate: (invalidation) => heard.push({ type: "invalidate", invalidation }),
    lost: (reason) => heard.push({ type: "lost", reason }),
  };
  const listening = listenForInvalidations(
    { apiUrl: stream.url, apiKey: "api-key-for-tests", storeKey: "a-store", retryMs: RETRY_MS },
    listener,
  );
  endings.push(() => listening.close());
  return {
    stream,
    listening,
    heard: heard.received,
    /** The `n`-th thing of `type` heard, once it has been. */
    hears: <Type extends Heard["type"]>(n: number, type: Type) =>
      heard.nth(n, `the listener hearing ${type}`, (item) => item.type === type) as Promise<Extract<Heard, { type: Type }>>,
  };
}

describe("listening for the API's changes", () => {
  it("asks for the stream with the storefront's keys, and hears ready and each notice as the contract reads it", async () => {
    const { stream, hears, heard } = await listen();
    const connection = await stream.connection(1);
    expect(connection.path).toBe("/cache/invalidations");
    expect(connection.headers).toMatchObject({ accept: "text/event-stream", "api-key": "api-key-for-tests", storekey: "a-store" });

    connection.ready();
    await hears(1, "ready");
    connection.send("message", "a comment or an event it does not know is not a notice");
    connection.invalidate({ keys: ["product:1", "category:2"] });
    connection.invalidate({ all: true });
    expect((await hears(1, "invalidate")).invalidation).toEqual({ keys: ["product:1", "category:2"] });
    expect((await hears(2, "invalidate")).invalidation).toEqual({ all: true });
    expect(heard.map(({ type }) => type)).toEqual(["ready", "invalidate", "invalidate"]);
  });

  it.each([
    ["not JSON", "product:1"],
    ["no keys", JSON.stringify({ keys: [] })],
    ["no surrogate key", JSON.stringify({ keys: ["product:one"] })],
    ["a field the contract does not know", JSON.stringify({ keys: ["product:1"], also: "category:2" })],
  ])("hears a notice it cannot read (%s) as a change of everything", async (_case, data) => {
    const { stream, hears } = await listen();
    const connection = await stream.connection(1);
    connection.ready();
    connection.send("invalidate", data);
    expect((await hears(1, "invalidate")).invalidation).toEqual({ all: true });
  });

  it("tries a refused stream again after retryMs, and says nothing is lost when nothing was heard", async () => {
    const { stream, hears, heard } = await listen();
    stream.refuseNext(2);
    const started = performance.now();
    const refused = [await stream.connection(1), await stream.connection(2)];
    expect(refused.map((connection) => connection.refused)).toEqual([true, true]);
    const accepted = await stream.connection(3);
    // Each refusal waited retryMs before the next try: no loop hammering an API that is starting.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * RETRY_MS - 5);
    expect(accepted.refused).toBe(false);
    expect(accepted.headers).toMatchObject({ "api-key": "api-key-for-tests", storekey: "a-store" });
    accepted.ready();
    await hears(1, "ready");
    expect(heard).toEqual([{ type: "ready" }]);
  });

  it.each([
    ["ends its answer", "end"],
    ["is cut off mid-stream", "cutOff"],
  ] as const)("says once that the stream is lost when it %s, and hears again once a new stream says ready", async (_case, drop) => {
    const { stream, hears, heard } = await listen();
    const first = await stream.connection(1);
    first.ready();
    await hears(1, "ready");
    // The EventSource comes back by itself after the stream's `retry`; refused then, it is opened anew after retryMs.
    stream.refuseNext(1);
    first[drop]();
    const lost = await hears(1, "lost");
    expect(lost.reason).toEqual(expect.any(String));
    expect((await stream.connection(2)).refused).toBe(true);
    (await stream.connection(3)).ready();
    await hears(2, "ready");
    // Told once, however many tries it took: a second `lost` would purge everything again for nothing.
    expect(heard.map(({ type }) => type)).toEqual(["ready", "lost", "ready"]);
  });

  it("stops on close(): the stream is closed, and no loss is reported", async () => {
    const { stream, listening, hears, heard } = await listen();
    const connection = await stream.connection(1);
    connection.ready();
    await hears(1, "ready");
    listening.close();
    await connection.closed;
    expect(heard).toEqual([{ type: "ready" }]);
  });
});
