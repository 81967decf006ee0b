import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage } from "node:http";
import { format } from "node:util";
import { pino, type Logger } from "pino";
import { pinoHttp } from "pino-http";
import { redactUrlForLog } from "./request-log.server";

/*
 * The storefront's log (issue 13): one JSON line per event, as the API writes its own (pino), each line of a
 * request carrying that request's id as `reqId`, the same id the API's lines for its calls carry. Code that logs
 * with console.* (ours, React Router's, a library's) writes such lines too, so no line is left without its id.
 */

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `next` (the rest of a request's handling) with `requestId` as the id its log lines carry. */
export function inRequestScope(requestId: string, next: () => void): void {
  requestScope.run({ requestId }, next);
}

/** The id of the request being handled where this is called, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/** The storefront's logger: JSON lines on standard output, each with the current request's id when there is one. */
export function createLog(level: LogLevel, destination?: pino.DestinationStream): Logger {
  const options = {
    level,
    base: { service: "storefront" },
    // A child logger bound to its request (the request log's) carries the id already.
    mixin: (_object: object, _level: number, logger: Logger) => {
      const requestId = currentRequestId();
      return requestId && !("reqId" in logger.bindings()) ? { reqId: requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * console.log/info/debug/warn/error write through `log` from now on: a line from React Router's error handling or
 * from a loader's warning is JSON with its request's id like every other. An Error logged alone keeps its stack
 * under `err`.
 */
export function routeConsoleTo(log: Logger): void {
  const levels = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error" } as const;
  for (const [method, level] of Object.entries(levels) as [keyof typeof levels, (typeof levels)[keyof typeof levels]][]) {
    console[method] = (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (first instanceof Error) log[level]({ err: first }, rest.length > 0 ? format(...rest) : first.message);
      else log[level](format(...args));
    };
  }
}

/** The URL the client asked for: Express's original one (its `url` changes as routers strip their prefixes). */
function urlOf(request: IncomingMessage): string {
  return (request as IncomingMessage & { originalUrl?: string }).originalUrl ?? request.url ?? "";
}

/**
 * The request log: a line per request once it is answered, with method, URL (its secrets redacted:
 * request-log.server.ts), status and time. It names no header, so cookies, Authorization and the Referer (which
 * may be a page with a token in its path) never reach it. 5xx answers log as errors.
 */
export function requestLogger(log: Logger) {
  return pinoHttp({
    logger: log,
    // The id server.mjs settled for the request (lib/request-id.server.ts), under the key the API's lines use.
    genReqId: (request) => String(request.headers["x-request-id"] ?? ""),
    quietReqLogger: true,
    customAttributeKeys: { reqId: "reqId" },
    serializers: {
      req: (request: { method: string; url: string; raw?: IncomingMessage }) => ({
        method: request.method,
        url: redactUrlForLog(request.raw ? urlOf(request.raw) : request.url),
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: (request, response) => `${request.method} ${redactUrlForLog(urlOf(request))} ${response.statusCode}`,
    customErrorMessage: (request, response) => `${request.method} ${redactUrlForLog(urlOf(request))} ${response.statusCode}`,
  });
}
