import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../http/errors";
import { operationRoute } from "../../http/operation-route";
import type { InvalidationHub } from "./invalidation-hub";

/** How often an open stream says something, so that no proxy or idle time-out closes it (the API's is 120 s). */
export const KEEP_ALIVE_MS = 20_000;

/**
 * GET /cache/invalidations: the storefronts' stream of what their page caches must forget (decision 064), as
 * server-sent events. `ready` once this process listens to the change feed: a storefront forgets what it kept
 * before, which may have gone stale unheard; then an `invalidate` event per change of the caller's store. The stream
 * stays open until either side closes it; the process closes its streams when it stops.
 */
export const pageCacheRoutes: FastifyPluginAsyncZod<{ hub: InvalidationHub }> = async (app, { hub }) => {
  app.route({
    ...operationRoute("streamCacheInvalidations", {
      schema: {
        tags: ["Storefront"],
        "x-error-codes": ["service_unavailable"],
        summary:
          "Streams, as server-sent events, the surrogate keys of the public pages each change of the store makes stale, for the storefronts' page caches",
      },
    }),
    handler: async (request, reply) => {
      const stream = new PassThrough();
      const send = (event: string, data: unknown) => stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const subscription = await hub.subscribe({
        storeId: request.ctx.store.id,
        notice: (invalidation) => send("invalidate", invalidation),
        end: () => stream.end(),
      });
      if (!subscription.listening) {
        subscription.unsubscribe();
        throw new AppError("service_unavailable", "The change feed cannot be heard now; try again in a few seconds");
      }
      const keepAlive = setInterval(() => stream.write(": still here\n\n"), KEEP_ALIVE_MS);
      request.raw.once("close", () => {
        clearInterval(keepAlive);
        subscription.unsubscribe();
        stream.end();
      });
      // A client that lost the stream comes back after a second (the EventSource rule; the storefront's own reader
      // follows it too).
      stream.write("retry: 1000\n\n");
      send("ready", {});
      void reply.type("text/event-stream; charset=utf-8").header("cache-control", "no-store").header("x-accel-buffering", "no");
      return reply.send(stream as unknown as string);
    },
  });
};
