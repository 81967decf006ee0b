import { data } from "react-router";
import { errors as undiciErrors } from "undici";
import { NOT_READY_RETRY_AFTER_SECONDS } from "./health.server";

/*
 * The API away (issue 13, decision 040): its database stopped (it answers 503 with Retry-After), every API
 * process gone (a balancer answers 502, 503 or 504), or nothing listening at API_URL at all. None of these is
 * an answer the API decided about the shopper's request, so none is shown as one: a page the storefront cannot
 * draw answers the "back shortly" page with 503 and Retry-After, never the 500 page.
 */

/** The storefront's own code for an API it could not reach at all (no answer came). */
export const API_UNREACHABLE = "api_unreachable";

/** Statuses that mean the API (or the balancer in front of it) is away for now, not that it refused the call. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

export function isUnavailableStatus(status: number): boolean {
  return UNAVAILABLE_STATUSES.has(status);
}

/** System errors of a connection that failed to open or broke before an answer came. */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EPIPE",
]);

/**
 * Whether a call's failure is the connection to the API rather than its answer: undici's own errors (socket
 * closed, connect time-out) and the system's connection errors. A call the shopper's own request aborted (they
 * went away: `signal` fired) is not the API's fault, nor is an error of this process (a bug).
 */
export function isConnectionFailure(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return false;
  if (error instanceof undiciErrors.RequestAbortedError) return false;
  if (error instanceof undiciErrors.UndiciError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && CONNECTION_ERROR_CODES.has(code);
}

/**
 * Ends the request with the "back shortly" page: a route error response (so the server and the browser render
 * the same error page texts, error.503_*), status 503 and Retry-After.
 */
export function backShortly(): never {
  throw data(null, { status: 503, headers: { "Retry-After": String(NOT_READY_RETRY_AFTER_SECONDS) } });
}

/** Sets Retry-After on a 503 the storefront answers without one (entry.server: documents and data requests). */
export function withRetryAfter(status: number, headers: Headers): void {
  if (status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", String(NOT_READY_RETRY_AFTER_SECONDS));
}
