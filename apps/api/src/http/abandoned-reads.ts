import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import { runCancellable } from "../db/query-cancellation";

/** Methods whose work is cancelled when the client goes: reads, which change nothing (decision 020). */
const CANCELLABLE_METHODS = new Set(["GET", "HEAD"]);

/**
 * When the client of a GET goes away before its answer is sent (a closed tab, a storefront that gave up), the
 * statement its handler is running is cancelled and the handler gets no new connection (db/client.ts), instead
 * of the database working on for nobody. Writes are never cancelled this way: a cancel that reached a write's
 * COMMIT could leave the caller unsure of an order that was placed; they run to their end, bounded only by the
 * statement timeout. Applies to the routes registered after it; the request's own hooks (store, session) are
 * short lookups and run as before.
 */
/** Requests whose client went away before their answer was written. */
const abandonedRequests = new WeakSet<FastifyRequest>();

export function registerAbandonedReadCancellation(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.every((method) => CANCELLABLE_METHODS.has(method))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const abandoned = new AbortController();
      // 'close' comes after the answer is written, or earlier when the connection drops before it.
      reply.raw.once("close", () => {
        if (reply.raw.writableFinished) return;
        abandonedRequests.add(request);
        abandoned.abort();
      });
      return runCancellable(abandoned.signal, () => handler.call(this, request, reply));
    };
  });
}

/** Whether this read's client went away before its answer was written (its statements were cancelled). */
export function wasAbandoned(request: FastifyRequest): boolean {
  return abandonedRequests.has(request);
}
