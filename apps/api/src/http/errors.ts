import type { ApiError } from "@quire/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailable, replyDatabaseUnavailable } from "./database-unavailable";

/**
 * An expected failure with a stable code. Services throw these; the error handler below is the one place
 * that turns them into HTTP answers.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** 429: a limit was reached; the answer carries Retry-After (seconds), set by the error handler. */
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = "Too many requests from this address; try again later",
  ) {
    super(429, "too_many_requests", message);
    this.name = "TooManyRequestsError";
  }
}

export const notFound = (what: string, code = "not_found") => new AppError(404, code, `${what} was not found`);
export const badRequest = (code: string, message: string, field?: string) => new AppError(400, code, message, field);
export const unauthorized = (code: string, message: string) => new AppError(401, code, message);

/** Fastify's codes for requests it refuses before a handler runs, as the API's own codes and messages. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "malformed_json", message: "The body is not valid JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "malformed_json", message: "The body is empty; send a JSON object" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "invalid_content_length", message: "Content-Length does not match the body" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "body_too_large", message: "The body is too large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "unsupported_media_type", message: "Send the body as application/json" },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, code: "unsupported_media_type", message: "Send the body as application/json" },
  FST_ERR_BAD_URL: { status: 400, code: "malformed_url", message: "The URL is not validly percent-encoded" },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: "bad_request", message: "The request is malformed" },
};

/** Maps every error to `{ errors: [...] }`. Anything unexpected is a logged 500 that reveals nothing. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(answerError);

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      errors: [{ code: "route_not_found", message: `No route ${request.method} ${request.url.split("?")[0]?.slice(0, 200)}` }],
    }),
  );
}

/** The answer to any error; also Fastify's `frameworkErrors` hook, for what it refuses before routing. */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error instanceof TooManyRequestsError) reply.header("retry-after", String(error.retryAfterSeconds));
    const item: ApiError = { code: error.code, message: error.message };
    if (error.field) item.field = error.field;
    return reply.status(error.status).send({ errors: [item] });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? "request";
    const errors: ApiError[] = error.validation.map((issue) => {
      const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
      const field = path ? `${where}.${path}` : where;
      // fastify-type-provider-zod puts the zod issue code in `keyword` and its other fields in `params`.
      const unknownKeys = issue.keyword === "unrecognized_keys" ? (issue.params as { keys?: string[] }).keys : undefined;
      if (unknownKeys) {
        const named = unknownKeys.slice(0, 5).map((key) => key.slice(0, 50)).join(", ");
        return { code: "unknown_parameter", message: `Unknown parameter: ${named}`, field };
      }
      return { code: "invalid_input", message: issue.message ?? "Invalid value", field };
    });
    return reply.status(400).send({ errors });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, "response does not match its contract");
    return reply.status(500).send({ errors: [{ code: "internal_error", message: "Something went wrong on our side" }] });
  }
  // Fastify's own client errors, raised before a handler runs: malformed JSON, body too large...
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    const known = FRAMEWORK_ERRORS[error.code];
    const status = known?.status ?? error.statusCode;
    return reply.status(status).send({ errors: [{ code: known?.code ?? "bad_request", message: known?.message ?? "The request is malformed" }] });
  }
  // The database is away (stopped, restarting, unreachable): a 503 to retry, not a bug.
  if (isDatabaseUnavailable(error)) return replyDatabaseUnavailable(reply);
  request.log.error({ err: error }, "unhandled error");
  return reply.status(500).send({ errors: [{ code: "internal_error", message: "Something went wrong on our side" }] });
}
