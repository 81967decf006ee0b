import { SURROGATE_KEY_HEADER } from "@quire/contracts/constants";
import type { FastifyReply } from "fastify";

/**
 * Names what an answer is built from by its surrogate keys (decision 064): the storefront collects the keys of every
 * answer a page is made from, so that a change told on GET /cache/invalidations forgets exactly the pages it makes
 * stale. Answers `data` unchanged, for a handler's return.
 */
export function withSurrogateKeys<T>(reply: FastifyReply, keys: Iterable<string>, data: T): { data: T } {
  const unique = [...new Set(keys)];
  if (unique.length > 0) void reply.header(SURROGATE_KEY_HEADER, unique.join(" "));
  return { data };
}
