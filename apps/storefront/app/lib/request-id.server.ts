import { randomUUID } from "node:crypto";

/**
 * One request id from the storefront through the API to the logs (issue 13): the storefront's server gives each
 * request one (or keeps the one a load balancer sent, when it is a plain token), answers it in `X-Request-Id`,
 * writes it first in its request log line, and sends it with every API call the request makes; the API logs each
 * line of that call under it. A value that is no plain token is replaced, so a client cannot write into the logs.
 */
export const REQUEST_ID_HEADER = "x-request-id";

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id for a request that came with `incoming` in its X-Request-Id header. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The id server.mjs gave this request; absent under `react-router dev`, which has no such server. */
export function requestIdOf(request: Request): string | undefined {
  const value = request.headers.get(REQUEST_ID_HEADER) ?? undefined;
  return value !== undefined && REQUEST_ID.test(value) ? value : undefined;
}
