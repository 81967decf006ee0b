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
import { errors as undiciErrors, request, type Dispatcher } from "undici";
import type { z } from "zod";

/*
 * The core of the typed API client both server-rendered apps use (decision 022): `call(operationId, { params,
 * query, body, headers })`, with method and path from the contracts' operation table, which also types what is
 * sent and what comes back; answers are parsed with the operation's response schema, so a drift between the API
 * and an app fails loudly, on the app's server. What differs between the apps (which headers a caller sends, what
 * a page does when the API is away) is the `policy` each passes in.
 */

/**
 * The code a client gives a failure whose answer is not the API's `errors` list (a proxy's error page, a cut
 * connection): not one of the API's codes, so nothing mistakes it for an outcome the API decided.
 */
export const UNEXPECTED_RESPONSE = "unexpected_response";
/** The code of a call that got no answer at all: the API could not be reached. */
export const API_UNREACHABLE = "api_unreachable";
/** One error of a failed call: the API's (a catalogue code), or the client's own when the answer was unreadable. */
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

/** Statuses that mean the API (or the balancer in front of it) is away for now, not that it refused the call. */
const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export function isUnavailableStatus(status: number): boolean {
  return UNAVAILABLE_STATUSES.has(status);
}

/** System errors of a connection that failed to open or broke before an answer came. */
const CONNECTION_ERROR_CODES: ReadonlySet<string> = new Set([
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
 * closed, connect time-out) and the system's connection errors. A call the person's own request aborted (they
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
export type CallArguments<Id extends OperationId> = object extends CallInput<Id> ? [input?: CallInput<Id>] : [input: CallInput<Id>];

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
export function queryString(query: object | undefined): string {
  const search = query ? qs.stringify(query, { encodeValuesOnly: true, skipNulls: true }) : "";
  return search ? `?${search}` : "";
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

/** The operations whose success is a document (a PDF, an image, a CSV) rather than JSON: the ones `download` takes. */
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

/** What an app decides for its own calls. */
export interface OperationClientPolicy {
  /** The API's base URL, without a trailing slash. */
  apiUrl: string;
  /** The pooled connections the calls go through. */
  dispatcher: Dispatcher;
  /** Every header of a call: the app's own (keys, the caller's token) and then the call's, as the app maps them. */
  headersOf(callHeaders: Record<string, string | undefined>, hasBody: boolean): Record<string, string>;
  /** The signal a call is cut off with when the call names none (a page's request.signal, for reads). */
  defaultSignal?(operation: Operation): AbortSignal | undefined;
  /**
   * A call that got no answer (a refused or broken connection, or one the caller cut off; `error` as undici threw
   * it): answers what to throw instead (the error itself, or an ApiRequestError), or throws a page's own answer.
   */
  unreachable(error: unknown, signal: AbortSignal | undefined): unknown;
  /** Called with a failed answer's status before its body is read: a page may end here when the API is away. */
  beforeFailure?(status: number): void;
  /** Called with every answer that came, before its body is read: a page collects what its answers name. */
  answered?(header: (name: string) => string | null): void;
}

/** An answer of the API: its status, one header read by name, and its body. */
interface ApiAnswer {
  status: number;
  ok: boolean;
  header(name: string): string | null;
  body: Dispatcher.ResponseData["body"];
}

/** A client of the operation table under an app's policy: `call` for JSON answers, `download` for documents. */
export function createOperationClient(policy: OperationClientPolicy) {
  /** Sends a call as the operation table describes it; answers the API's response as it came. */
  async function send(operation: Operation, input: object | undefined, accept: string): Promise<ApiAnswer> {
    const { params, query, body, headers, signal } = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: object;
      body?: unknown;
      headers?: Record<string, string | undefined>;
      signal?: AbortSignal;
    };
    const url = `${policy.apiUrl}${operationPath(operation.path, params)}${queryString(query)}`;
    const abortSignal = signal ?? policy.defaultSignal?.(operation);
    if (operation.consumes === "multipart/form-data") {
      throw new TypeError(`${operation.path} takes a multipart form: send its file with the app's own upload, not \`call\``);
    }
    // A document body (a CSV file) goes as its text with its own media type; anything else as JSON.
    const asText = operation.consumes === "text/csv";
    if (asText && body !== undefined && typeof body !== "string") throw new TypeError(`${operation.path} takes the file's text`);
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(url, {
        dispatcher: policy.dispatcher,
        method: operation.method,
        headers: {
          ...policy.headersOf(headers ?? {}, body !== undefined),
          ...(asText && body !== undefined ? { "content-type": `${operation.consumes}; charset=utf-8` } : {}),
          accept,
        },
        body: body === undefined ? undefined : asText ? (body as string) : JSON.stringify(body),
        signal: abortSignal,
      });
    } catch (error) {
      throw policy.unreachable(error, abortSignal);
    }
    const header = (name: string) => {
      const value = answer.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    };
    policy.answered?.(header);
    return { status: answer.statusCode, ok: answer.statusCode >= 200 && answer.statusCode < 300, header, body: answer.body };
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

  /** The ApiRequestError of a failed answer: the API's errors list, or this client's own code when unreadable. */
  async function failureOf(response: ApiAnswer): Promise<ApiRequestError> {
    if (policy.beforeFailure) {
      try {
        policy.beforeFailure(response.status);
      } catch (error) {
        await response.body.dump();
        throw error;
      }
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
