import type { Autocomplete, ProductSummary } from "@quire/contracts";
import { surrogateKeys, type RecommendationType } from "@quire/contracts/constants";
import { Agent, errors as undiciErrors } from "undici";
import { ApiRequestError, createApiClient, type ApiClient, type CallerContext } from "~/lib/api.server";
import { getEnv } from "~/lib/env.server";

/*
 * The storefront's search client (docs/storefront-behaviour/search.md): the as-you-type suggestions and the
 * recommendations, asked of the API with time-outs of their own: a shopper typing would rather see no suggestion
 * than wait for a late one, and a page never waits long for its recommendations. A failure is reported as
 * { status, content }:
 *   - aborted while connecting: status 0, content 'Connection timeout';
 *   - aborted while reading the answer: status 0, content 'Socket timeout';
 *   - any other failure: the error's message, or 'Network request failed' when it has none; status 0 when
 *     no answer came, else the answer's status.
 * Visitors' answers are kept briefly (SEARCH_CACHE_TTL_MS, or CACHE_TTL_SECONDS when that is shorter), so a shopper
 * deleting and retyping a letter, many typing the same start, or every visitor of the home page's "Trending now",
 * cost the API one call.
 */

/** The search requests' time-outs and how long an answer is kept (decision 035). */
export const SEARCH_CONNECT_TIMEOUT_MS = 1_000;
export const SEARCH_READ_TIMEOUT_MS = 2_000;
export const SEARCH_CACHE_TTL_MS = 30_000;
const SEARCH_CACHE_SIZE = 500;

export const CONNECTION_TIMEOUT = "Connection timeout";
export const SOCKET_TIMEOUT = "Socket timeout";
export const NETWORK_REQUEST_FAILED = "Network request failed";

/** A failed search request: a status (0 when no answer came) and what went wrong. */
export class SearchRequestError extends Error {
  constructor(
    readonly status: number,
    readonly content: string,
  ) {
    super(content);
    this.name = "SearchRequestError";
  }
}

/** The report of any failure of a search request. */
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
  const ttl = options.cacheTtlMs ?? Math.min(SEARCH_CACHE_TTL_MS, getEnv().CACHE_TTL_SECONDS * 1000);
  const now = options.now ?? Date.now;
  /** Insertion-ordered, so the first key is the oldest: dropped when the cache is full. */
  const cache = new Map<string, { until: number; answer: unknown }>();

  /**
   * `load` through this client's connections, a visitor's answer kept for the TTL under `key`. Only visitors'
   * answers are kept: a signed-in customer may see what a store hides from visitors, or their own prices.
   */
  async function cached<T>(key: string, caller: CallerContext, load: (api: ApiClient) => Promise<T>): Promise<T> {
    const kept = caller.token ? undefined : cache.get(key);
    if (kept && kept.until > now()) return kept.answer as T;
    if (kept) cache.delete(key);
    try {
      const answer = await load(createApiClient(caller, { dispatcher: connections }));
      if (!caller.token && ttl > 0) {
        if (cache.size >= SEARCH_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(key, { until: now() + ttl, answer });
      }
      return answer;
    } catch (error) {
      throw toSearchFailure(error);
    }
  }

  return {
    /** The suggestions for `text`, as this caller may see them; rejects with SearchRequestError. */
    autocomplete(text: string, caller: CallerContext): Promise<Autocomplete> {
      return cached(`autocomplete\u0000${text}`, caller, async (api) => {
        return (await api.call("autocompleteProducts", { query: { SearchText: text } })).data;
      });
    },
    /**
     * Recommended products (GET /recommendations/:type), as this caller may see them: the cards hold prices, so
     * a visitor's are kept per currency and country. Rejects with SearchRequestError.
     */
    recommendations(
      type: RecommendationType,
      query: { productVariantId?: number; PageSize?: number },
      caller: CallerContext,
    ): Promise<ProductSummary[]> {
      const key = ["recommendations", type, query.productVariantId, query.PageSize, caller.currencyCode, caller.countryCode].join("\u0000");
      return cached(key, caller, async (api) => (await api.call("getRecommendations", { params: { type }, query })).data.results).then(
        (cards) => {
          // A kept answer came without the API's Surrogate-Key header: a page that shows these cards is named by them.
          for (const card of cards) caller.surrogateKeys?.add(surrogateKeys.product(card.id));
          return cards;
        },
      );
    },
    /** Forgets every kept answer (the page cache heard of a change: decision 064). */
    forget: () => cache.clear(),
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
