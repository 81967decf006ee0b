import {
  API_UNREACHABLE,
  ApiRequestError,
  createOperationClient,
  isConnectionFailure,
  isUnavailableStatus,
} from "@quire/web-kit/operation-client";
import { SURROGATE_KEY_HEADER } from "@quire/contracts/constants";
import { Agent, type Dispatcher } from "undici";
import { getEnv } from "./env.server";
import { idempotencyKeyFor } from "./idempotency-keys.server";
import { backShortly } from "./api-unavailable.server";
import { t } from "~/lib/i18n/messages/error-server";

// The typed client's core is shared with the back office (packages/web-kit); what is the storefront's is here.
export {
  ApiRequestError,
  UNEXPECTED_RESPONSE,
  isMediaTypeOf,
  operationPath,
  type ApiDocument,
  type CallError,
  type CallInput,
  type DocumentOperationId,
} from "@quire/web-kit/operation-client";

/**
 * The connections to the API, kept alive between pages. Calls go through undici's `request` rather than the
 * global fetch: the same HTTP client without the WHATWG layer (Request, Headers and web-stream objects per
 * call), which cost the storefront about 0.3 ms of CPU a call (decision 029).
 */
const apiConnections = new Agent({ keepAliveTimeout: 30_000 });

export interface CallerContext {
  currencyCode?: string;
  countryCode?: string;
  /** Bearer token of a signed-in customer. */
  token?: string;
  /** The shopper's address, sent as X-Forwarded-For so the API can throttle per client. */
  clientAddress?: string;
  /** The shopper's request's id, sent as X-Request-Id so the API's log lines carry it too (issue 13). */
  requestId?: string;
  /**
   * Aborts when the shopper's browser goes away before the page is sent (React Router's request.signal). It
   * ends this request's reads, so the API cancels their SQL (decision 030); a write is never cut off midway.
   */
  signal?: AbortSignal;
  /**
   * The request being served is a page (GET or HEAD): when the API is away (502, 503, 504, or no answer at all)
   * a call ends it with the 503 "back shortly" page (lib/api-unavailable.server.ts). Without it (a form's
   * action), the call fails with ApiRequestError, status 503 and API_UNREACHABLE when no answer came, which
   * the action shows as a toast.
   */
  page?: boolean;
  /**
   * Where this request's calls put the surrogate keys their answers name (the API's Surrogate-Key header): what a
   * public page is made from, which its shared copies are forgotten by (decision 064). Shared by every client made
   * from this caller.
   */
  surrogateKeys?: Set<string>;
}

/**
 * The one way the storefront talks to the API: `api.call(operationId, { params, query, body, headers })`. Method and
 * path come from the contracts' operation table (docs/decisions/022), which also types what is sent and what comes
 * back. Every call carries the API's headers (API-Key, StoreKey, CurrencyCode, CountryCode, and the bearer token when
 * signed in); answers are parsed with the operation's response schema so a drift between API and storefront fails
 * loudly, here, on the server. A 204 answers null. `connections` replaces the pooled connections, for a caller with
 * time-outs of its own (the search client), which reports its own failures: no "back shortly" page from it.
 */
export function createApiClient(caller: CallerContext = {}, connections: { dispatcher?: Dispatcher } = {}) {
  const env = getEnv();
  const ownConnections = connections.dispatcher !== undefined;
  return createOperationClient({
    apiUrl: env.API_URL,
    dispatcher: connections.dispatcher ?? apiConnections,
    /** The API's headers for this caller, then the call's own (an Idempotency-Key, made this shopper's: decision 018). */
    headersOf(callHeaders, hasBody) {
      const headers: Record<string, string> = {
        "API-Key": env.API_KEY,
        StoreKey: env.STORE_KEY,
      };
      if (caller.currencyCode) headers.CurrencyCode = caller.currencyCode;
      if (caller.countryCode) headers.CountryCode = caller.countryCode;
      if (caller.token) headers.Authorization = `Bearer ${caller.token}`;
      if (caller.clientAddress) headers["X-Forwarded-For"] = caller.clientAddress;
      if (caller.requestId) headers["X-Request-Id"] = caller.requestId;
      if (hasBody) headers["content-type"] = "application/json";
      for (const [name, value] of Object.entries(callHeaders)) {
        if (value === undefined) continue;
        // A form's key goes to the API only as this shopper's key made from it with the storefront's secret.
        headers[name] = name.toLowerCase() === "idempotency-key" ? idempotencyKeyFor(caller, value) : value;
      }
      return headers;
    },
    answered(header) {
      const keys = caller.surrogateKeys && header(SURROGATE_KEY_HEADER.toLowerCase());
      if (keys) for (const key of keys.split(" ")) if (key) caller.surrogateKeys!.add(key);
    },
    // A read ends with the page that asked for it; a write is never cut off midway.
    defaultSignal: (operation) => (operation.method === "GET" ? caller.signal : undefined),
    unreachable(error, signal) {
      if (ownConnections || !isConnectionFailure(error, signal)) return error;
      if (caller.page) backShortly();
      return new ApiRequestError(503, [{ code: API_UNREACHABLE, message: t("error.api_unreachable") }]);
    },
    // On a page, an API that is away ends the request with the "back shortly" page.
    beforeFailure(status) {
      if (caller.page && !ownConnections && isUnavailableStatus(status)) backShortly();
    },
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
