import type { IncomingMessage, ServerResponse } from "node:http";
import { gunzipSync } from "node:zlib";
import { SURROGATE_KEY_HEADER } from "@quire/contracts/constants";
import { publicPageKey } from "./public-page.server";
import { createPageStore, type PageStore, type Ticket } from "./page-store.server";

/*
 * The page cache of one storefront process (decision 064), as server.mjs mounts it in front of React Router: a public
 * page (public-page.server.ts) kept from an earlier answer is answered from memory, compressed as the browser
 * accepts, without an API call or a render; a public page not kept is rendered as any other, and kept on its way
 * out when the app marked it `public` and named what it shows. Nothing is kept or answered while the API's stream of
 * changes is not heard (invalidation-listener.server.ts): a page kept then could not be forgotten when it changes.
 */

/** The request as Express gives it: what the page's key and the answer's encoding are read from. */
export interface CacheableRequest extends IncomingMessage {
  protocol: string;
  originalUrl: string;
  get(name: string): string | undefined;
  acceptsEncodings(...encodings: string[]): string | false;
}

/** The answer as Express gives it, with the request's CSP nonce (server.mjs sets it). */
export interface CacheableResponse extends ServerResponse {
  locals: Record<string, unknown>;
}

/** Headers made for each answer, never kept with a page. */
const PER_ANSWER_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "x-request-id",
  "content-security-policy",
  "age",
  "x-cache",
]);

/** What a kept page varies on, beside what the page said: the encoding it is answered in. */
const VARY_ENCODING = "Accept-Encoding";

/** Whether the page cache answered (`HIT`) or kept (`MISS`) this page: for whoever looks at the headers. */
export const CACHE_STATUS_HEADER = "X-Cache";

export interface PageCacheOptions {
  maxBytes: number;
  ttlSeconds: number;
  /** The most bytes of HTML one page may have to be kept. */
  maxPageBytes?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** 2 MB: a product page is under 100 KB; anything far larger is not worth keeping. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** The address React Router builds the request from (host and protocol as Express has them, proxies included). */
function addressOf(request: CacheableRequest): string | null {
  const address = `${request.protocol}://${request.get("host") ?? ""}${request.originalUrl}`;
  return URL.canParse(address) ? address : null;
}

/** The CSP of a kept page: the request's policy, its nonce replaced by the hashes of the page's inline scripts. */
function policyWithHashes(policy: string, nonce: unknown, hashes: readonly string[]): string {
  return typeof nonce === "string" ? policy.replace(`'nonce-${nonce}'`, hashes.join(" ")) : policy;
}

function toBuffer(chunk: unknown, encoding?: unknown): Buffer | null {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return null;
}

export function createPageCache(options: PageCacheOptions) {
  const store: PageStore = createPageStore(options);
  const now = options.now ?? Date.now;
  const maxPageBytes = options.maxPageBytes ?? MAX_PAGE_BYTES;
  /** Whether the API's stream of changes is heard: pages are kept and answered only then. */
  let hearing = false;

  function answerKept(request: CacheableRequest, response: CacheableResponse, page: NonNullable<ReturnType<PageStore["get"]>>) {
    response.statusCode = 200;
    for (const [name, value] of page.headers) response.setHeader(name, value);
    const policy = response.getHeader("Content-Security-Policy");
    if (typeof policy === "string") {
      response.setHeader("Content-Security-Policy", policyWithHashes(policy, response.locals.cspNonce, page.scriptHashes));
    }
    const vary = page.headers.find(([name]) => name === "vary")?.[1];
    response.setHeader("Vary", vary ? `${vary}, ${VARY_ENCODING}` : VARY_ENCODING);
    response.setHeader("Age", String(Math.max(0, Math.floor((now() - page.storedAt) / 1000))));
    response.setHeader(CACHE_STATUS_HEADER, "HIT");
    // br whenever accepted, as the compression middleware chooses: browsers list gzip first, and Express's negotiation
    // keeps the browser's order among equals.
    const encoding = request.acceptsEncodings("br") ? "br" : request.acceptsEncodings("gzip") ? "gzip" : "identity";
    const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : gunzipSync(page.gzip);
    if (encoding !== "identity") response.setHeader("Content-Encoding", encoding);
    response.setHeader("Content-Length", String(body.length));
    response.end(body);
  }

  /** Gathers what the app writes of a public page and keeps it once the answer has gone, if the app made it public. */
  function keepOnItsWay(pageKey: string, response: CacheableResponse, ticket: Ticket) {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    /** Null until the first write, whose headers say whether the answer may be kept: a cover or an image never is. */
    let worthGathering: boolean | null = null;
    const gather = (chunk: unknown, encoding?: unknown) => {
      worthGathering ??= mayBeKept(response);
      if (tooLarge || !worthGathering) return;
      const buffer = toBuffer(chunk, encoding);
      if (!buffer) return;
      size += buffer.length;
      if (size > maxPageBytes) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    const write = response.write;
    const end = response.end;
    response.write = function (this: CacheableResponse, chunk: unknown, ...rest: unknown[]) {
      gather(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof response.write;
    response.end = function (this: CacheableResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== "function") gather(chunk, rest[0]);
      return (end as (...args: unknown[]) => CacheableResponse).call(this, chunk, ...rest);
    } as typeof response.end;
    response.setHeader(CACHE_STATUS_HEADER, "MISS");
    response.once("finish", () => {
      if (tooLarge || worthGathering === false || !mayBeKept(response)) return;
      const keys = String(response.getHeader(SURROGATE_KEY_HEADER) ?? "")
        .split(" ")
        .filter(Boolean);
      if (keys.length === 0) return;
      const headers = Object.entries(response.getHeaders())
        .filter(([name]) => !PER_ANSWER_HEADERS.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)] as const)
        .map(([name, value]) => (name === "vary" ? ([name, withoutEncoding(value)] as const) : ([name, value] as const)))
        .filter(([, value]) => value !== "");
      store.put(pageKey, { html: Buffer.concat(chunks), headers, keys, ticket }).catch((error: unknown) => options.onError?.(error));
    });
  }

  return {
    /**
     * Express middleware: answers a kept public page, or marks one to be kept on its way out; anything else goes on
     * untouched. Mounted just before React Router's handler, after the security headers (whose policy a kept page
     * rewrites) and the request log.
     */
    handle(request: CacheableRequest, response: CacheableResponse, next: (error?: unknown) => void): void {
      if (!hearing || request.method !== "GET") return next();
      const address = addressOf(request);
      if (address === null) return next();
      const ticket = store.ticket();
      publicPageKey({ method: request.method, url: address, cookie: request.headers.cookie, secFetchDest: request.get("sec-fetch-dest") })
        .then((pageKey) => {
          if (pageKey === null) return next();
          const kept = store.get(pageKey);
          if (kept) return answerKept(request, response, kept);
          keepOnItsWay(pageKey, response, ticket);
          next();
        })
        .catch(next);
    },
    /** The API's stream is heard (anew): whatever was kept before may have gone stale unheard, so it is forgotten. */
    hearing(): void {
      store.forgetAll();
      hearing = true;
    },
    /** The stream is lost: everything is forgotten, and nothing is kept or answered until it is heard again. */
    deaf(): void {
      hearing = false;
      store.forgetAll();
    },
    forget: store.forget,
    forgetAll: store.forgetAll,
    size: store.size,
  };
}

/** Whether an answer, by its headers, is a page that may be kept: a 200 of HTML the app marked public, setting no cookie. */
function mayBeKept(response: CacheableResponse): boolean {
  return (
    response.statusCode === 200 &&
    !response.hasHeader("set-cookie") &&
    String(response.getHeader("cache-control") ?? "").startsWith("public") &&
    String(response.getHeader("content-type") ?? "").startsWith("text/html")
  );
}

/** A page's own Vary without the encoding, which the cache adds to each answer it makes. */
function withoutEncoding(vary: string): string {
  return vary
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part.toLowerCase() !== VARY_ENCODING.toLowerCase())
    .join(", ");
}
