import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * One request id from the storefront through the API to the logs (issue 13): a call that comes with an
 * `X-Request-Id` (the storefront sends its shopper's request's id) is logged under it, every line of it; any
 * other call gets a new one. A value that is no plain token is replaced, so a caller cannot write into the
 * logs. The id is answered in `X-Request-Id`, so a failure a caller reports can be found.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(request: Pick<FastifyRequest["raw"], "headers">): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Answers every response, errors included, with its request's id. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
}
