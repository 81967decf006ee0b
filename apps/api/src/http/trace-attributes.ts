import { trace } from "@opentelemetry/api";
import type { FastifyInstance } from "fastify";

/**
 * What the API adds to a request's span when traces are exported (@quire/telemetry; without it there is no active
 * span and this does nothing): the request id, which finds the request's log lines, and the route's pattern
 * (`/products/:id`, never its values) as `http.route` and in the span's name. Addresses are left out of exported
 * spans altogether, so the pattern is what says which call a span was.
 */
export function registerTraceAttributes(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    const span = trace.getActiveSpan();
    if (!span) return;
    span.setAttribute("quire.request_id", request.id);
    const route = request.routeOptions.url;
    if (route) {
      span.setAttribute("http.route", route);
      span.updateName(`${request.method} ${route}`);
    }
  });
}
