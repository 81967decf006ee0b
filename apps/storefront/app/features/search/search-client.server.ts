import type { Autocomplete } from "@quire/contracts";
import { Agent, errors as undiciErrors } from "undici";
import { ApiRequestError, createApiClient, type CallerContext } from "~/lib/api.server";

/*
 * The storefront's search client (spec section 8): the as-you-type suggestions, asked of the API with time-outs
 * of their own, since a shopper typing would rather see no suggestion than wait for a late one. A failure
 * answers the spec's shape, { status, content }:
 *   - aborted while connecting: status 0, content 'Connection timeout';
 *   - aborted while reading the answer: status 0, content 'Socket timeout';
 *   - any other failure: the error's message, or 'Network request failed' when it has none; status 0 when
 *     no answer came, else the answer's status.
 * Visitors' answers are kept briefly (SEARCH_CACHE_TTL_MS) per text, so a shopper deleting and retyping a
 * letter, or many typing the same start, cost the API one call.
 */

/** The spec does not give the search service's time-outs; ours (decision 035). */
export const SEARCH_CONNECT_TIMEOUT_MS = 1_000;
export const SEARCH_READ_TIMEOUT_MS = 2_000;
export const SEARCH_CACHE_TTL_MS = 30_000;
const SEARCH_CACHE_SIZE = 500;

export const CONNECTION_TIMEOUT = "Connection timeout";
export const SOCKET_TIMEOUT = "Socket timeout";
export const NETWORK_REQUEST_FAILED = "Network request failed";

/** A failed search request, as the spec reports it. */
export class SearchRequestError extends Error {
  constructor(
    readonly status: number,
    readonly content: string,
  ) {
    super(content);
    this.name = "SearchRequestError";
  }
}

/** The spec's report of any failure of a search request. */
export function toSearchFailure(error: unknown): SearchRequestError {
  if (error instanceof SearchRequestError) return error;
  if (error instanceof undiciErrors.ConnectTimeoutError) return new SearchRequestError(0, CONNECTION_TIMEOUT);
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new SearchRequestError(0, SOCKET_TIMEOUT);
  }
  if (error instanceof ApiRequestError) return new SearchRequestError(error.status, error.message || NETWORK_REQUEST_FAILED);
  const message = error instanceof Error ? error.message : "";
  return new SearchRequestError(0, message || NETWORK_REQUEST_FAILED);
}

export interface SearchClientOptions {
  connectTimeoutMs?: number;
  readTimeoutMs?: number;
  cacheTtlMs?: number;
  /** How a connection finds its host's address: tests give one that never answers, to time out connecting. */
  lookup?: (hostname: string, options: object, callback: (error: Error | null, address: string, family: number) => void) => void;
  now?: () => number;
}

export function createSearchClient(options: SearchClientOptions = {}) {
  const readTimeout = options.readTimeoutMs ?? SEARCH_READ_TIMEOUT_MS;
  const connections = new Agent({
    keepAliveTimeout: 30_000,
    connect: { timeout: options.connectTimeoutMs ?? SEARCH_CONNECT_TIMEOUT_MS, ...(options.lookup ? { lookup: options.lookup } : {}) },
    headersTimeout: readTimeout,
    bodyTimeout: readTimeout,
  });
  const ttl = options.cacheTtlMs ?? SEARCH_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  /** Insertion-ordered, so the first key is the oldest: dropped when the cache is full. */
  const cache = new Map<string, { until: number; answer: Autocomplete }>();

  return {
    /** The suggestions for `text`, as this caller may see them; rejects with SearchRequestError. */
    async autocomplete(text: string, caller: CallerContext): Promise<Autocomplete> {
      // Only visitors' answers are kept: a signed-in customer may see what a store hides from visitors.
      const kept = caller.token ? undefined : cache.get(text);
      if (kept && kept.until > now()) return kept.answer;
      if (kept) cache.delete(text);
      try {
        const { data } = await createApiClient(caller, { dispatcher: connections }).call("autocompleteProducts", {
          query: { SearchText: text },
        });
        if (!caller.token && ttl > 0) {
          if (cache.size >= SEARCH_CACHE_SIZE) cache.delete(cache.keys().next().value!);
          cache.set(text, { until: now() + ttl, answer: data });
        }
        return data;
      } catch (error) {
        throw toSearchFailure(error);
      }
    },
    close: () => connections.close(),
  };
}

export type SearchClient = ReturnType<typeof createSearchClient>;

let shared: SearchClient | undefined;
/** The process's search client: one pool of connections and one cache. */
export function getSearchClient(): SearchClient {
  shared ??= createSearchClient();
  return shared;
}
