import {
  defaultErrorMessageOf,
  errorStatusOf,
  type ApiError,
  type ApiErrorCode,
  type ApiErrorCodeWithMessage,
  type ErrorStatus,
} from "@quire/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { wasAbandoned } from "./abandoned-reads";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isStatementCancelled, summariseDatabaseError } from "./database-unavailable";

export interface AppErrorOptions {
  /** The input the error concerns, as the caller named it (`body.email`, `token`, `CurrencyCode`). */
  field?: string;
  /** Seconds until the same call may work: sent as Retry-After (429 limits, 503 outages). */
  retryAfterSeconds?: number;
  /** Further problems of the same code, each its own item of the answer's errors list after the first. */
  more?: readonly string[];
}

/** A code with a default message in the catalogue may leave the message out; any other must say it. */
type MessageAndOptions<C extends ApiErrorCode> = [C] extends [ApiErrorCodeWithMessage]
  ? [options?: AppErrorOptions] | [message: string, options?: AppErrorOptions]
  : [message: string, options?: AppErrorOptions];

/**
 * An expected failure, named by a code of the catalogue (`@quire/contracts` error-codes.ts), which also
 * fixes its HTTP status: `throw new AppError("out_of_stock")`, `new AppError("wishlist_name_taken", message,
 * { field: "body.name" })`, `new AppError("email_required", { field: "body.email" })`. Services throw these; the error handler below is the one place that turns them
 * into HTTP answers.
 */
export class AppError<C extends ApiErrorCode = ApiErrorCode> extends Error {
  readonly code: C;
  readonly status: ErrorStatus;
  readonly field?: string;
  readonly retryAfterSeconds?: number;
  readonly more?: readonly string[];

  constructor(code: C, ...args: MessageAndOptions<C>) {
    const [message, options = {}] = typeof args[0] === "string" ? [args[0], args[1]] : [undefined, args[0]];
    super(message ?? defaultErrorMessageOf(code) ?? code);
    this.name = "AppError";
    this.code = code;
    this.status = errorStatusOf(code);
    if (options.field !== undefined) this.field = options.field;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.more !== undefined) this.more = options.more;
  }
}

/**
 * Fastify's codes for requests it refuses before a handler runs, as the API's own codes (with the
 * catalogue's messages). Any other refusal of Fastify's is `bad_request`.
 */
const FRAMEWORK_ERRORS: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "malformed_json",
  FST_ERR_CTP_EMPTY_JSON_BODY: "malformed_json",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid_content_length",
  FST_ERR_CTP_BODY_TOO_LARGE: "body_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_INVALID_TYPE: "unsupported_media_type",
  FST_ERR_BAD_URL: "malformed_url",
  FST_ERR_MAX_PARAM_LENGTH: "url_too_long",
  FST_ERR_NOT_FOUND: "route_not_found",
  FST_ERR_ASYNC_CONSTRAINT: "bad_request",
  // A form with a file (multipart/form-data) with more parts, files or fields than its route takes.
  FST_PARTS_LIMIT: "body_too_large",
  FST_FILES_LIMIT: "body_too_large",
  FST_FIELDS_LIMIT: "body_too_large",
};
const FRAMEWORK_MESSAGES: Partial<Record<string, string>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: "The body is empty; send a JSON object",
  FST_ERR_MAX_PARAM_LENGTH: "A path segment of the URL is too long",
  FST_ERR_NOT_FOUND: "No such route",
};

/** Maps every error to `{ errors: [...] }`. Anything unexpected is a logged 500 that reveals nothing. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(answerError);

  app.setNotFoundHandler((request, reply) =>
    replyWithError(reply, new AppError("route_not_found", `No route ${request.method} ${request.url.split("?")[0]?.slice(0, 200)}`)),
  );
}

/** The one place an error becomes an HTTP answer: the catalogue's status, Retry-After when due, the errors list. */
function replyWithError(reply: FastifyReply, error: AppError) {
  if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
  const item: ApiError = { code: error.code, message: error.message };
  if (error.field) item.field = error.field;
  const more = (error.more ?? []).map((message): ApiError => ({ code: error.code, message }));
  return reply.status(error.status).send({ errors: [item, ...more] });
}

/** The answer to any error; also Fastify's `frameworkErrors` hook, for what it refuses before routing. */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    // A third party that failed us (a payment gateway) is worth a line for whoever runs the shop.
    if (error.status >= 500 && error.cause instanceof Error) request.log.warn({ err: error.cause }, error.message);
    return replyWithError(reply, error);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? "request";
    const errors: ApiError[] = error.validation.map((issue) => {
      const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
      const field = path ? `${where}.${path}` : where;
      // fastify-type-provider-zod puts the zod issue code in `keyword` and its other fields in `params`.
      const unknownKeys = issue.keyword === "unrecognized_keys" ? (issue.params as { keys?: string[] }).keys : undefined;
      if (unknownKeys) {
        const named = unknownKeys
          .slice(0, 5)
          .map((key) => key.slice(0, 50))
          .join(", ");
        return { code: "unknown_parameter", message: `Unknown parameter: ${named}`, field };
      }
      return { code: "invalid_input", message: issue.message ?? "Invalid value", field };
    });
    return reply.status(errorStatusOf("invalid_input")).send({ errors });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, "response does not match its contract");
    return replyWithError(reply, new AppError("internal_error"));
  }
  // Fastify's own client errors, raised before a handler runs: malformed JSON, body too large...
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    const code = FRAMEWORK_ERRORS[error.code] ?? "bad_request";
    const message = FRAMEWORK_MESSAGES[error.code] ?? defaultErrorMessageOf(code) ?? "The request is malformed";
    return replyWithError(reply, new AppError(code, message));
  }
  // The database is away (stopped, restarting, unreachable): a 503 to retry, not a bug.
  if (isDatabaseUnavailable(error)) {
    return replyWithError(reply, new AppError("service_unavailable", { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS }));
  }
  // A statement cancelled by the statement timeout (the database is too busy, or the query too slow): a 503 to
  // retry, logged with its SQLSTATE and message only (never the SQL's parameters). One cancelled because the
  // client went away has nobody to answer; the line says so.
  if (isStatementCancelled(error)) {
    if (wasAbandoned(request)) request.log.info("the client went away: the database statement of its read was cancelled");
    else request.log.warn({ cause: summariseDatabaseError(error) }, "a database statement was cancelled (statement timeout)");
    return replyWithError(reply, new AppError("service_unavailable", { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS }));
  }
  request.log.error({ err: error }, "unhandled error");
  return replyWithError(reply, new AppError("internal_error"));
}
