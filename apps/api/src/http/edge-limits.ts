import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { AppError } from "./errors";

// Limits on what reaches the router, answered with the `errors` list like every other refusal. Node's HTTP
// parser refuses a request whose request line and headers together pass `maxHeaderSize` before Fastify sees
// it, so that limit is set above the two the API enforces itself, which can then say which part was too long.

/** Longest URL (path and query) the API serves; no call needs more (the longest are filtered listings). */
export const MAX_URL_LENGTH = 8 * 1024;
/** Most bytes of header names and values a request may send. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** What Node's parser accepts before refusing with 431 on its own (request line plus headers). */
export const MAX_REQUEST_HEAD_BYTES = 64 * 1024;

/**
 * How long a client may take to send its headers, and its whole request (HEADERS_TIMEOUT_MS and
 * REQUEST_TIMEOUT_MS override them): a slower one is answered 408 `request_timeout` and disconnected, so a
 * client that trickles bytes cannot hold a connection, and the memory of its half-read request, for long.
 */
export const DEFAULT_HTTP_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000 };
/**
 * A connection with nothing sent either way for this long is closed (Fastify's connectionTimeout); longer than
 * any keep-alive pause between a client's requests and than any answer takes (statements stop at 5 s).
 */
export const IDLE_CONNECTION_TIMEOUT_MS = 120_000;
/** How often Node looks for clients past those time-outs; its default, 30 s, would let one stay far longer. */
export const CONNECTIONS_CHECK_MS = 1000;

function headerBytes(rawHeaders: string[]): number {
  let total = 0;
  for (const part of rawHeaders) total += Buffer.byteLength(part) + 2;
  return total;
}

/** Refuses an over-long URL (414) or header section (431) before routing decides anything. */
export function registerEdgeLimits(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    if ((request.raw.url ?? "").length > MAX_URL_LENGTH) {
      throw new AppError("url_too_long", `The URL is longer than ${MAX_URL_LENGTH} characters`);
    }
    if (headerBytes(request.raw.rawHeaders) > MAX_HEADER_BYTES) {
      throw new AppError("headers_too_large", `The request headers are larger than ${MAX_HEADER_BYTES} bytes`);
    }
  });
}

/**
 * Answers what Node's HTTP parser refuses (a request it cannot parse, a head past MAX_REQUEST_HEAD_BYTES, a
 * request that took too long) with the same `errors` body as every other refusal, instead of Fastify's own.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions["clientErrorHandler"]> = (error, socket: Socket) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ECONNRESET" || code === "EPIPE" || !socket.writable) {
    socket.destroy();
    return;
  }
  // Written on the socket by hand (no reply exists yet), with the status the catalogue gives the code.
  const refusal =
    code === "HPE_HEADER_OVERFLOW"
      ? new AppError("headers_too_large", "The request line and headers are too large")
      : code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? new AppError("request_timeout")
        : new AppError("malformed_request");
  const body = JSON.stringify({ errors: [{ code: refusal.code, message: refusal.message }] });
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
};
