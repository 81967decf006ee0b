import { ErrorResponseSchema, type ApiError } from "@quire/contracts";
import qs from "qs";
import type { z } from "zod";
import { getEnv } from "./env.server";

/**
 * The code this client gives a failure whose answer is not the API's `errors` list (a proxy's error page, a
 * cut connection): not one of the API's codes, so nothing mistakes it for an outcome the API decided.
 */
export const UNEXPECTED_RESPONSE = "unexpected_response";
/** One error of a failed call: the API's (a catalogue code), or this client's own when the answer was unreadable. */
export type CallError = ApiError | { code: typeof UNEXPECTED_RESPONSE; message: string; field?: undefined };

/** A failed API call: the HTTP status and the API's `errors` list (spec section 8). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: CallError[],
  ) {
    super(errors[0]?.message ?? `API answered ${status}`);
    this.name = "ApiRequestError";
  }
}

export interface CallerContext {
  currencyCode?: string;
  countryCode?: string;
  /** Bearer token of a signed-in customer. */
  token?: string;
  /** The shopper's address, sent as X-Forwarded-For so the API can throttle per client. */
  clientAddress?: string;
}

type Query = Record<string, unknown>;

/**
 * The one way the storefront talks to the API. Every call carries the spec's headers; answers are parsed
 * with the contract's schema so a drift between API and storefront fails loudly, here, on the server.
 */
export function createApiClient(caller: CallerContext = {}) {
  const env = getEnv();

  async function call<S extends z.ZodType>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    schema: S,
    options: { query?: Query; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<z.infer<S>> {
    const search = options.query ? qs.stringify(options.query, { encodeValuesOnly: true, skipNulls: true }) : "";
    const url = `${env.API_URL}${path}${search ? `?${search}` : ""}`;
    const headers: Record<string, string> = {
      accept: "application/json",
      "API-Key": env.API_KEY,
      StoreKey: env.STORE_KEY,
    };
    if (caller.currencyCode) headers.CurrencyCode = caller.currencyCode;
    if (caller.countryCode) headers.CountryCode = caller.countryCode;
    if (caller.token) headers.Authorization = `Bearer ${caller.token}`;
    if (caller.clientAddress) headers["X-Forwarded-For"] = caller.clientAddress;
    if (options.body !== undefined) headers["content-type"] = "application/json";

    const response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = ErrorResponseSchema.safeParse(payload);
      throw new ApiRequestError(
        response.status,
        parsed.success ? parsed.data.errors : [{ code: UNEXPECTED_RESPONSE, message: `API answered ${response.status}` }],
      );
    }
    return schema.parse(payload);
  }

  return {
    get: <S extends z.ZodType>(path: string, schema: S, query?: Query) => call("GET", path, schema, { query }),
    post: <S extends z.ZodType>(path: string, schema: S, body?: unknown) => call("POST", path, schema, { body }),
    put: <S extends z.ZodType>(path: string, schema: S, body?: unknown) => call("PUT", path, schema, { body }),
    delete: <S extends z.ZodType>(path: string, schema: S, body?: unknown) => call("DELETE", path, schema, { body }),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
