import type { ApiError } from "@quire/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

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

export const notFound = (what: string, code = "not_found") => new AppError(404, code, `${what} was not found`);
export const badRequest = (code: string, message: string, field?: string) => new AppError(400, code, message, field);
export const unauthorized = (code: string, message: string) => new AppError(401, code, message);

/** Maps every error to `{ errors: [...] }`. Anything unexpected is a logged 500 that reveals nothing. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
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
          return { code: "unknown_parameter", message: `Unknown parameter: ${unknownKeys.join(", ")}`, field };
        }
        return { code: "invalid_input", message: issue.message ?? "Invalid value", field };
      });
      return reply.status(400).send({ errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its contract");
      return reply.status(500).send({ errors: [{ code: "internal_error", message: "Something went wrong on our side" }] });
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ errors: [{ code: (error.code ?? "bad_request").toLowerCase(), message: error.message }] });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ errors: [{ code: "internal_error", message: "Something went wrong on our side" }] });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      errors: [{ code: "route_not_found", message: `No route ${request.method} ${request.url.split("?")[0]}` }],
    }),
  );
}
