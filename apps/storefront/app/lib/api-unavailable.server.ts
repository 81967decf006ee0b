import { data } from "react-router";
import { NOT_READY_RETRY_AFTER_SECONDS } from "./health.server";

/*
 * The API away (issue 13, decision 040): its database stopped (it answers 503 with Retry-After), every API
 * process gone (a balancer answers 502, 503 or 504), or nothing listening at API_URL at all. None of these is
 * an answer the API decided about the shopper's request, so none is shown as one: a page the storefront cannot
 * draw answers the "back shortly" page with 503 and Retry-After, never the 500 page.
 */

// Which failures mean "the API is away" is the typed client's rule, shared with the back office.
export { API_UNREACHABLE, isConnectionFailure, isUnavailableStatus } from "@quire/web-kit/operation-client";

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
