import {
  ErrorResponseSchema,
  operations,
  type ApiError,
  type Operation,
  type OperationAnswer,
  type OperationId,
  type OperationPart,
  type Operations,
} from "@quire/contracts";
import { Readable } from "node:stream";
import qs from "qs";
import { Agent, request, type Dispatcher } from "undici";
import type { z } from "zod";
import { getEnv } from "./env.server";
import { idempotencyKeyFor } from "./idempotency-keys.server";
import { API_UNREACHABLE, backShortly, isConnectionFailure, isUnavailableStatus } from "./api-unavailable.server";
import { t } from "~/lib/i18n/messages/error-server";

/**
 * The connections to the API, kept alive between pages. Calls go through undici's `request` rather than the
 * global fetch: the same HTTP client without the WHATWG layer (Request, Headers and web-stream objects per
 * call), which cost the storefront about 0.3 ms of CPU a call (decision 029).
 */
const apiConnections = new Agent({ keepAliveTimeout: 30_000 });

/** An answer of the API: its status, one header read by name, and its body. */
interface ApiAnswer {
  status: number;
  ok: boolean;
  header(name: string): string | null;
  body: Dispatcher.ResponseData["body"];
}

/**
 * The code this client gives a failure whose answer is not the API's `errors` list (a proxy's error page, a
 * cut connection): not one of the API's codes, so nothing mistakes it for an outcome the API decided.
 */
export const UNEXPECTED_RESPONSE = "unexpected_response";
/** One error of a failed call: the API's (a catalogue code), or this client's own when the answer was unreadable. */
export type CallError = ApiError | { code: typeof UNEXPECTED_RESPONSE | typeof API_UNREACHABLE; message: string; field?: undefined };

/** A Retry-After worth passing on: whole seconds, as the API sends it; anything else is dropped. */
function retryAfterOf(value: string | null): string | null {
  return value !== null && /^\d{1,9}$/.test(value) ? value : null;
}

/** A failed API call: the HTTP status and the API's `errors` list (each a code, a message and maybe a field). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: CallError[],
    /** The API's Retry-After (a locked sign-in, a capped form, an outage): when the same call may work. */
    readonly retryAfter: string | null = null,
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
}

/**
 * One part of a call (params, query, body, headers), typed by the operation's schema as the caller writes it
 * (z.input). Required when the schema needs something; absent from the type when the operation takes no such part.
 */
type PartOf<Key extends string, Schema> = Schema extends z.ZodType
  ? object extends z.input<Schema>
    ? { [K in Key]?: z.input<Schema> }
    : { [K in Key]: z.input<Schema> }
  : { [K in Key]?: never };

/** What a call of an operation sends, each part typed by the contracts' operation table. */
export type CallInput<Id extends OperationId> = PartOf<"params", OperationPart<Id, "params">> &
  PartOf<"query", OperationPart<Id, "query">> &
  PartOf<"body", OperationPart<Id, "body">> &
  PartOf<"headers", OperationPart<Id, "headers">> & { signal?: AbortSignal };

/** The input argument may be left out when nothing in it is required. */
type CallArguments<Id extends OperationId> = object extends CallInput<Id> ? [input?: CallInput<Id>] : [input: CallInput<Id>];

/**
 * The path of a call: the operation's template (`/wishlists/:id/wishlist-items/:itemId`) with each parameter
 * URL-encoded, so a value can never reach another path (a slug holding `/` or `?` stays one segment).
 */
export function operationPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new TypeError(`The path ${template} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call, arrays in the indexed style the API reads (Filters[0][Code]=format), or "". */
function queryString(query: object | undefined): string {
  const search = query ? qs.stringify(query, { encodeValuesOnly: true, skipNulls: true }) : "";
  return search ? `?${search}` : "";
}

/**
 * The one way the storefront talks to the API: `api.call(operationId, { params, query, body, headers })`. Method and
 * path come from the contracts' operation table (docs/decisions/022), which also types what is sent and what comes
 * back. Every call carries the API's headers (API-Key, StoreKey, CurrencyCode, CountryCode, and the bearer token when
 * signed in); answers are parsed with the operation's response schema so a drift between API and storefront fails
 * loudly, here, on the server. A 204 answers null. `connections` replaces the pooled connections, for a caller with
 * time-outs of its own (the search client).
 */
export function createApiClient(caller: CallerContext = {}, connections: { dispatcher?: Dispatcher } = {}) {
  const env = getEnv();
  const dispatcher = connections.dispatcher ?? apiConnections;

  /** The API's headers for this caller, then the call's own (an Idempotency-Key, made this shopper's: decision 018). */
  function headersOf(callHeaders: Record<string, string | undefined> = {}, hasBody: boolean): Record<string, string> {
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
  }

  /** Sends a call as the operation table describes it; answers the API's response as it came. */
  async function send(operation: Operation, input: object | undefined, accept: string): Promise<ApiAnswer> {
    const { params, query, body, headers, signal } = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: object;
      body?: unknown;
      headers?: Record<string, string | undefined>;
      signal?: AbortSignal;
    };
    const url = `${env.API_URL}${operationPath(operation.path, params)}${queryString(query)}`;
    const abortSignal = signal ?? (operation.method === "GET" ? caller.signal : undefined);
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(url, {
        dispatcher,
        method: operation.method,
        headers: { ...headersOf(headers, body !== undefined), accept },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: abortSignal,
      });
    } catch (error) {
      // A caller with connections of its own (the search client) reports its failures itself.
      if (connections.dispatcher || !isConnectionFailure(error, abortSignal)) throw error;
      if (caller.page) backShortly();
      throw new ApiRequestError(503, [{ code: API_UNREACHABLE, message: t("error.api_unreachable") }]);
    }
    return {
      status: answer.statusCode,
      ok: answer.statusCode >= 200 && answer.statusCode < 300,
      header(name) {
        const value = answer.headers[name];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
      body: answer.body,
    };
  }

  /** The body of an answer as JSON; null when there is none or it is not JSON (the connection is freed either way). */
  async function jsonOf(response: ApiAnswer): Promise<unknown> {
    const text = await response.body.text();
    if (text === "") return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }

  /**
   * The ApiRequestError of a failed answer: the API's errors list, or this client's own code when unreadable.
   * On a page, an API that is away ends the request with the "back shortly" page instead.
   */
  async function failureOf(response: ApiAnswer): Promise<ApiRequestError> {
    if (caller.page && !connections.dispatcher && isUnavailableStatus(response.status)) {
      await response.body.dump();
      backShortly();
    }
    const parsed = ErrorResponseSchema.safeParse(await jsonOf(response));
    return new ApiRequestError(
      response.status,
      parsed.success ? parsed.data.errors : [{ code: UNEXPECTED_RESPONSE, message: `API answered ${response.status}` }],
      retryAfterOf(response.header("retry-after")),
    );
  }

  async function call<Id extends OperationId>(operationId: Id, ...[input]: CallArguments<Id>): Promise<OperationAnswer<Id>> {
    const operation: Operation = operations[operationId];
    const response = await send(operation, input, "application/json");
    if (!response.ok) throw await failureOf(response);
    // A 204 has no body: it reads as null, which is what the operation's NoContentSchema answers.
    const payload = await jsonOf(response);
    return operation.response.parse(payload) as OperationAnswer<Id>;
  }

  /**
   * Calls an operation whose success is a document rather than JSON (a PDF, an image: `produces` in the operation
   * table) and answers its bytes as a stream, to pass on to the browser without holding them. A failure is JSON
   * like any other, and rejects with ApiRequestError; a success of another media type is this client's own error.
   * A `produces` of a whole type (`image/*`) takes any of its subtypes (image/avif, image/jpeg...).
   */
  async function download<Id extends DocumentOperationId>(operationId: Id, ...[input]: CallArguments<Id>): Promise<ApiDocument> {
    const operation: Operation = operations[operationId];
    const mediaType = operation.produces!;
    const response = await send(operation, input, `${mediaType}, application/json`);
    if (!response.ok) throw await failureOf(response);
    const contentType = response.header("content-type") ?? "";
    if (!isMediaTypeOf(contentType, mediaType)) {
      await response.body.dump();
      throw new ApiRequestError(502, [
        { code: UNEXPECTED_RESPONSE, message: `API answered ${contentType || "no body"}, not ${mediaType}` },
      ]);
    }
    return {
      body: Readable.toWeb(response.body) as ReadableStream<Uint8Array>,
      contentType,
      contentDisposition: response.header("content-disposition"),
    };
  }

  return { call, download };
}

/**
 * Whether an answer's Content-Type is of the media type an operation produces: the same type (parameters such as
 * a charset aside), or, for a range such as `image/*`, any subtype of that type. Compared case-insensitively.
 */
export function isMediaTypeOf(contentType: string, produces: string): boolean {
  const type = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  const wanted = produces.toLowerCase();
  if (wanted.endsWith("/*")) {
    const prefix = wanted.slice(0, -1);
    return type.startsWith(prefix) && type.length > prefix.length && !type.slice(prefix.length).includes("/");
  }
  return type === wanted;
}

/** The operations whose success is a document (a PDF, an image) rather than JSON: the ones `download` takes. */
export type DocumentOperationId = {
  [Id in OperationId]: Operations[Id] extends { produces: string } ? Id : never;
}[OperationId];

/** A document the API answered: its bytes as they stream in, and the headers that say what it is. */
export interface ApiDocument {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** The API's `attachment; filename="…"`, when it named one. */
  contentDisposition: string | null;
}
export type ApiClient = ReturnType<typeof createApiClient>;
