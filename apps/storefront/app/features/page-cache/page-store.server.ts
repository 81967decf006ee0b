import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";

/*
 * The pages one storefront process keeps (decision 064): public pages, each under its key (public-page.server.ts),
 * stored once compressed both ways, bounded in bytes, forgotten by the surrogate keys that name what they show.
 */

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A page as it is kept: the headers to answer with, its body compressed both ways, and what it is named by. */
export interface StoredPage {
  /** The page's own headers (content type, caching, surrogate keys...), without those made per answer. */
  headers: ReadonlyArray<readonly [string, string]>;
  gzip: Buffer;
  br: Buffer;
  /** `'sha256-…'` of each inline script, for the policy a stored page is answered with (no nonce is shared). */
  scriptHashes: string[];
  /** The surrogate keys it was named by. */
  keys: string[];
  /** When it was stored (ms since the epoch), for the Age header. */
  storedAt: number;
}

/** A page on its way to be kept: its HTML as rendered, its headers and keys, and the render's start. */
export interface PageToStore {
  html: Buffer;
  headers: ReadonlyArray<readonly [string, string]>;
  keys: string[];
  /** `store.ticket()` taken when the render began: a page with a key forgotten since is not kept (it may be stale). */
  ticket: Ticket;
}

export interface PageStoreOptions {
  /** The most bytes kept (both compressed copies of every page). */
  maxBytes: number;
  /** How long a page is kept at most, when nothing forgets it sooner. */
  ttlSeconds: number;
  now?: () => number;
}

/** When a render began: how many forgettings there had been, and the time. */
export interface Ticket {
  sequence: number;
  at: number;
}

/**
 * How long forgettings are remembered, so a page rendered across one is not kept: far longer than a render takes (its
 * stream is cut off after some seconds). A page whose render began longer ago than this is not kept at all.
 */
export const FORGETTING_REMEMBERED_MS = 60_000;

/** Per page beyond its bodies: the headers, keys and the cache's own book-keeping, roughly. */
const PAGE_OVERHEAD_BYTES = 2048;

/** An inline script (one without `src`) and what it says. React writes `</script` inside one escaped. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)([^>]*)>([\s\S]*?)<\/script>/gi;
/** A data block is not run, so needs no hash: structured data. */
const DATA_BLOCK = /\btype\s*=\s*"application\/(?:ld\+)?json"/i;

/** The CSP hash sources of the inline scripts `html` runs. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export function createPageStore({ maxBytes, ttlSeconds, now = Date.now }: PageStoreOptions) {
  /** Which kept pages each surrogate key names. */
  const pagesByKey = new Map<string, Set<string>>();
  const pages = new LRUCache<string, StoredPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.gzip.length + page.br.length + PAGE_OVERHEAD_BYTES,
    ttl: ttlSeconds * 1000,
    perf: { now },
    // Read the store's clock on each look-up: lru-cache otherwise reuses a reading for 1 ms of real time, so a page
    // could outlive its time by a jump of the clock `now` gives.
    ttlResolution: 0,
    dispose: (page, pageKey) => {
      for (const key of page.keys) {
        const named = pagesByKey.get(key);
        named?.delete(pageKey);
        if (named?.size === 0) pagesByKey.delete(key);
      }
    },
  });
  /** Counts forgettings; a ticket is its value when a render began. */
  let sequence = 0;
  /** When each key was last forgotten (the sequence number, and the time), so a page rendered across it is not kept. */
  const forgottenAt = new Map<string, Ticket>();
  /** The last forgetting of everything. */
  let allForgottenAt = 0;
  /** Drops the forgettings no render still under way can have begun before. */
  const dropOldForgettings = () => {
    const before = now() - FORGETTING_REMEMBERED_MS;
    // A Map iterates in insertion order, and a key forgotten again is re-inserted: the oldest come first.
    for (const [key, forgotten] of forgottenAt) {
      if (forgotten.at >= before) break;
      forgottenAt.delete(key);
    }
  };

  const forgetAll = () => {
    allForgottenAt = ++sequence;
    forgottenAt.clear();
    pages.clear();
  };

  return {
    /** A kept page still fresh, or undefined. */
    get: (pageKey: string): StoredPage | undefined => pages.get(pageKey),
    /** The ticket of a render beginning now: `put` compares it with what was forgotten since. */
    ticket: (): Ticket => ({ sequence, at: now() }),
    /**
     * Keeps a rendered page (compressed here, off the event loop's thread), unless one of its keys was forgotten
     * after its render began: it may show what changed. Resolves once stored or refused.
     */
    async put(pageKey: string, page: PageToStore): Promise<boolean> {
      const [gzipped, brotlied] = await Promise.all([
        gzip(page.html, { level: zlib.constants.Z_BEST_COMPRESSION }),
        brotli(page.html, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.html.length,
          },
        }),
      ]);
      const { ticket } = page;
      const stale =
        now() - ticket.at > FORGETTING_REMEMBERED_MS ||
        allForgottenAt > ticket.sequence ||
        page.keys.some((key) => (forgottenAt.get(key)?.sequence ?? 0) > ticket.sequence);
      if (stale) return false;
      // Kept under its key, and forgotten first so its old keys are released.
      pages.delete(pageKey);
      pages.set(pageKey, {
        headers: page.headers,
        gzip: gzipped,
        br: brotlied,
        scriptHashes: inlineScriptHashes(page.html.toString("utf8")),
        keys: page.keys,
        storedAt: now(),
      });
      if (!pages.has(pageKey)) return false;
      for (const key of page.keys) {
        let named = pagesByKey.get(key);
        if (!named) pagesByKey.set(key, (named = new Set()));
        named.add(pageKey);
      }
      return true;
    },
    /** Forgets every page named by any of `keys`, and any such page still being rendered. */
    forget(keys: readonly string[]): void {
      dropOldForgettings();
      const forgotten = { sequence: ++sequence, at: now() };
      for (const key of keys) {
        forgottenAt.delete(key);
        forgottenAt.set(key, forgotten);
        for (const pageKey of [...(pagesByKey.get(key) ?? [])]) pages.delete(pageKey);
      }
    },
    forgetAll,
    /** How many pages, and how many bytes, are kept. */
    size: () => ({ pages: pages.size, bytes: pages.calculatedSize }),
  };
}
export type PageStore = ReturnType<typeof createPageStore>;
