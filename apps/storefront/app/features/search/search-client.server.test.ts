import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Autocomplete } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { createSearchClient as CreateSearchClient, SearchClientOptions } from "./search-client.server";

/*
 * The search client against a real HTTP peer standing in for the API, which answers by the text searched:
 * at once, never (headers), half a body and then nothing, or with the API's errors list. Connections go to the
 * host search-api.test, whose address a lookup given to the client answers, or never answers.
 */

const ANSWER: Autocomplete = { text: "frank", didYouMean: null, products: [], categories: [], authors: [] };

let server: Server;
let calls = 0;
const stalled: ServerResponse[] = [];
let createSearchClient: typeof CreateSearchClient;
let SearchRequestError: typeof import("./search-client.server").SearchRequestError;

type Lookup = NonNullable<SearchClientOptions["lookup"]>;
/** Answers 127.0.0.1 for any host, in the form asked for (one address, or all of them). */
const localLookup: Lookup = (_hostname, options, callback) => {
  const all = (options as { all?: boolean }).all;
  if (all)
    (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
      { address: "127.0.0.1", family: 4 },
    ]);
  else callback(null, "127.0.0.1", 4);
};
/** Never answers: the connection never starts, as with a host that drops every packet. */
const silentLookup: Lookup = () => {};

beforeAll(async () => {
  server = createServer((request, response) => {
    calls += 1;
    const url = new URL(request.url ?? "/", "http://x");
    if (url.pathname.startsWith("/recommendations/")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ data: { type: url.pathname.split("/")[2], results: [] } }));
      return;
    }
    const text = url.searchParams.get("SearchText");
    if (text === "never") {
      stalled.push(response);
      return;
    }
    if (text === "half") {
      response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      response.write('{"data":');
      stalled.push(response);
      return;
    }
    if (text === "refused") {
      response.writeHead(429, { "content-type": "application/json" });
      response.end(JSON.stringify({ errors: [{ code: "too_many_requests", message: "Too many searches; try again shortly" }] }));
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ data: { ...ANSWER, text } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.API_URL = `http://search-api.test:${(server.address() as AddressInfo).port}`;
  process.env.API_KEY = "storefront-test-key";
  process.env.STORE_KEY = "test-store";
  // A module of its own, which reads the environment above: a unit worker runs other files before this one.
  vi.resetModules();
  ({ createSearchClient, SearchRequestError } = await import("./search-client.server"));
});
afterAll(async () => {
  for (const response of stalled) response.destroy();
  await new Promise((resolve) => server.close(resolve));
});

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SearchRequestError);
  const { status, content } = error as InstanceType<typeof SearchRequestError>;
  return { status, content };
}

describe("the search client", () => {
  it("answers the API's suggestions", async () => {
    const client = createSearchClient({ lookup: localLookup });
    expect(await client.autocomplete("frank", {})).toEqual(ANSWER);
    await client.close();
  });

  it("reports status 0 and 'Connection timeout' when connecting takes too long", async () => {
    const client = createSearchClient({ lookup: silentLookup, connectTimeoutMs: 50 });
    expect(await failureOf(client.autocomplete("frank", {}))).toEqual({ status: 0, content: "Connection timeout" });
    await client.close();
  });

  it("reports 'Socket timeout' when the answer does not come, or stops halfway", async () => {
    const client = createSearchClient({ lookup: localLookup, readTimeoutMs: 100 });
    expect(await failureOf(client.autocomplete("never", {}))).toEqual({ status: 0, content: "Socket timeout" });
    expect(await failureOf(client.autocomplete("half", {}))).toEqual({ status: 0, content: "Socket timeout" });
    await client.close();
  });

  it("reports any other failure by its message, or 'Network request failed'", async () => {
    const client = createSearchClient({ lookup: localLookup });
    expect(await failureOf(client.autocomplete("refused", {}))).toEqual({ status: 429, content: "Too many searches; try again shortly" });
    const failingLookup: Lookup = (_hostname, _options, callback) => callback(new Error("getaddrinfo ENOTFOUND search-api.test"), "", 4);
    const unresolvable = createSearchClient({ lookup: failingLookup });
    expect(await failureOf(unresolvable.autocomplete("frank", {}))).toEqual({
      status: 0,
      content: "getaddrinfo ENOTFOUND search-api.test",
    });
    const silentError: Lookup = (_hostname, _options, callback) => callback(new Error(""), "", 4);
    const noMessage = createSearchClient({ lookup: silentError });
    expect(await failureOf(noMessage.autocomplete("frank", {}))).toEqual({ status: 0, content: "Network request failed" });
    await Promise.all([client.close(), unresolvable.close(), noMessage.close()]);
  });

  it("keeps a visitor's answer briefly, never a signed-in customer's", async () => {
    let clock = 1_000;
    const client = createSearchClient({ lookup: localLookup, cacheTtlMs: 30_000, now: () => clock });
    const before = calls;
    await client.autocomplete("cached", {});
    await client.autocomplete("cached", {});
    expect(calls - before).toBe(1);
    clock += 30_001;
    await client.autocomplete("cached", {});
    expect(calls - before).toBe(2);
    await client.autocomplete("cached", { token: "a-customer" });
    await client.autocomplete("cached", { token: "a-customer" });
    expect(calls - before).toBe(4);
    await client.close();
  });

  it("keeps nothing when the storefront's CACHE_TTL_SECONDS is 0 (as the browser journeys run)", async () => {
    const before = process.env.CACHE_TTL_SECONDS;
    process.env.CACHE_TTL_SECONDS = "0";
    try {
      vi.resetModules();
      const { createSearchClient: uncachedClient } = await import("./search-client.server");
      const client = uncachedClient({ lookup: localLookup });
      const counted = calls;
      await client.recommendations("trending", { PageSize: 6 }, { currencyCode: "GBP" });
      await client.recommendations("trending", { PageSize: 6 }, { currencyCode: "GBP" });
      await client.autocomplete("uncached", {});
      await client.autocomplete("uncached", {});
      expect(calls - counted).toBe(4);
      await client.close();
    } finally {
      if (before === undefined) delete process.env.CACHE_TTL_SECONDS;
      else process.env.CACHE_TTL_SECONDS = before;
    }
  });

  it("keeps a visitor's recommendations per type, book, size, currency and country, never a customer's", async () => {
    const clock = 1_000;
    const client = createSearchClient({ lookup: localLookup, cacheTtlMs: 30_000, now: () => clock });
    const before = calls;
    const visitor = { currencyCode: "GBP", countryCode: "GB" };
    expect(await client.recommendations("trending", { PageSize: 6 }, visitor)).toEqual([]);
    await client.recommendations("trending", { PageSize: 6 }, visitor);
    expect(calls - before).toBe(1);
    await client.recommendations("trending", { PageSize: 6 }, { ...visitor, currencyCode: "EUR" });
    await client.recommendations("similar", { PageSize: 6, productVariantId: 7 }, visitor);
    await client.recommendations("similar", { PageSize: 6, productVariantId: 8 }, visitor);
    expect(calls - before).toBe(4);
    await client.recommendations("trending", { PageSize: 6 }, { ...visitor, token: "a-customer" });
    expect(calls - before).toBe(5);
    await client.close();
  });

  it("reports a recommendation request that times out like any search request", async () => {
    const client = createSearchClient({ lookup: silentLookup, connectTimeoutMs: 50 });
    expect(await failureOf(client.recommendations("trending", {}, {}))).toEqual({ status: 0, content: "Connection timeout" });
    await client.close();
  });
});
