import type { Operation } from "./operation";
import { CacheInvalidationStreamSchema } from "../page-cache";

/** The storefronts' shared caches of public pages (decision 064). */
export const pageCacheOperations = {
  streamCacheInvalidations: {
    method: "GET",
    path: "/cache/invalidations",
    response: CacheInvalidationStreamSchema,
    produces: "text/event-stream",
  },
} as const satisfies Record<string, Operation>;
