import { z } from "zod";
import { SURROGATE_KEY_PATTERN } from "./constants";

// What a shared cache of the storefront's public pages (decision 064) must forget: each page names what it shows by
// surrogate keys ("product:12", "settings"), and the API tells the storefronts which keys a change makes stale.

/** One surrogate key: `settings`, `menu`, `blog`, or a product, category or content page by its id. */
export const SurrogateKeySchema = z.string().max(40).regex(SURROGATE_KEY_PATTERN, "Not a surrogate key");

/** The most keys one notice names (a catalogue's batch write names up to 500 products per event). */
export const CACHE_INVALIDATION_MAX_KEYS = 1000;

/**
 * One notice of GET /cache/invalidations (an `invalidate` event of the stream): the keys whose pages are stale, or
 * `all` when the API cannot say (its own feed was lost, so changes may have gone unheard) or a change may touch any
 * page (the store's redirects: any address may now answer with one).
 */
export const CacheInvalidationSchema = z
  .union([
    z.object({ keys: z.array(SurrogateKeySchema).min(1).max(CACHE_INVALIDATION_MAX_KEYS) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ])
  .meta({ id: "CacheInvalidation" });
export type CacheInvalidation = z.infer<typeof CacheInvalidationSchema>;

/** GET /cache/invalidations answers a stream of server-sent events, described here as its text. */
export const CacheInvalidationStreamSchema = z
  .string()
  .describe(
    "text/event-stream: `ready` once listening (a cache forgets everything it kept before, which may have gone stale " +
      "unheard), then one `invalidate` event per change whose data is a CacheInvalidation, and a comment line every " +
      "20 seconds to keep the connection open",
  );
