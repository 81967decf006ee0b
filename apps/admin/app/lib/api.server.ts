import { API_UNREACHABLE, ApiRequestError, createOperationClient, isConnectionFailure } from "@quire/web-kit/operation-client";
import { Agent } from "undici";
import { getEnv } from "./env.server";

export { ApiRequestError } from "@quire/web-kit/operation-client";

/** The connections to the API, kept alive between requests. */
const apiConnections = new Agent({ keepAliveTimeout: 30_000 });

/** Who is calling: the member of staff's session token (none before sign-in) and the request's own details. */
export interface StaffCaller {
  token?: string;
  /** The person's address, sent as X-Forwarded-For: the API throttles failed sign-ins per client. */
  clientAddress?: string;
  requestId?: string;
  /** The page's request signal: a read is cut off when the person goes away; a write never is. */
  signal?: AbortSignal;
}

/**
 * The back office's typed client of the admin API (the contracts' operation table, as the storefront's). Calls
 * carry the store's key and the member's session as a bearer token; the API decides, per operation, whether the
 * member's role allows it (403 permission_denied otherwise). An API that cannot be reached is a 503 with the
 * client's own code, which a page shows as its error page and a form as a message.
 */
export function createAdminApi(caller: StaffCaller) {
  const env = getEnv();
  return createOperationClient({
    apiUrl: env.API_URL,
    dispatcher: apiConnections,
    headersOf(callHeaders, hasBody) {
      const headers: Record<string, string> = { StoreKey: env.STORE_KEY };
      if (caller.token) headers.Authorization = `Bearer ${caller.token}`;
      if (caller.clientAddress) headers["X-Forwarded-For"] = caller.clientAddress;
      if (caller.requestId) headers["X-Request-Id"] = caller.requestId;
      if (hasBody) headers["content-type"] = "application/json";
      for (const [name, value] of Object.entries(callHeaders)) if (value !== undefined) headers[name] = value;
      return headers;
    },
    defaultSignal: (operation) => (operation.method === "GET" ? caller.signal : undefined),
    unreachable(error, signal) {
      if (!isConnectionFailure(error, signal)) return error;
      return new ApiRequestError(503, [{ code: API_UNREACHABLE, message: "The shop's API cannot be reached. Try again in a moment." }]);
    },
  });
}

export type AdminApi = ReturnType<typeof createAdminApi>;
