import type { Permission } from "@quire/contracts";
import { STATUS_CODES } from "node:http";
import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import { API_ERROR_CODES, ErrorResponseSchema, errorStatusOf, type ApiErrorCode, type ErrorStatus } from "@quire/contracts";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

// The OpenAPI document (GET /openapi.json, /docs) is generated from the routes' zod schemas. This file holds
// what the schemas alone do not say: the document's frame, each operation's error answers, and how a
// generated client sends the query parameters that hold objects (docs/decisions/014).

declare module "fastify" {
  interface FastifySchema {
    /**
     * The codes a route's handler and services throw (`AppError`). Those every call may answer (the edge,
     * the request headers, input validation) are added by registerErrorDocumentation, which also documents
     * each code's status with the ErrorResponse body. The document shows the whole list under this name.
     */
    "x-error-codes"?: readonly ApiErrorCode[];
    /** An admin call's permission (decision 046): what the caller's role must allow, in the document for integrators. */
    "x-permission"?: Permission | "own-session";
  }
}

/** What any call may be answered before its handler runs, or instead of its answer. */
const EVERY_CALL: readonly ApiErrorCode[] = [
  // The edge (edge-limits.ts) and what Fastify refuses before routing (errors.ts).
  "url_too_long",
  "headers_too_large",
  "malformed_url",
  "bad_request",
  // The headers every call carries (request-context.ts); a bearer token, when sent, must be good on every call.
  "api_key_missing",
  "api_key_invalid",
  "store_key_missing",
  "store_key_invalid",
  "store_not_found",
  "currency_not_supported",
  "country_not_supported",
  "token_invalid",
  // A bug, or the database away for a moment.
  "internal_error",
  "service_unavailable",
];
/** What Fastify refuses while reading the body of a method that carries one (whether the route takes one or not). */
const BODY_READING: readonly ApiErrorCode[] = ["malformed_json", "invalid_content_length", "body_too_large", "unsupported_media_type"];
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** A route with a schema for any part of its input refuses what the schema refuses. */
const INPUT_VALIDATION: readonly ApiErrorCode[] = ["invalid_input", "unknown_parameter"];
/** Routes that accept an Idempotency-Key (modules/idempotency). */
const IDEMPOTENT_CALL: readonly ApiErrorCode[] = ["idempotency_key_reused", "idempotency_request_in_flight"];

const catalogueOrder = (a: ApiErrorCode, b: ApiErrorCode) => API_ERROR_CODES.indexOf(a) - API_ERROR_CODES.indexOf(b);

/** Every code a route may answer: what it declares, and what every call of its kind may answer. */
function errorCodesOfRoute(route: Pick<RouteOptions, "method" | "schema" | "config">): ApiErrorCode[] {
  const schema = route.schema ?? {};
  const methods = [route.method].flat();
  const codes = new Set<ApiErrorCode>([...EVERY_CALL, ...(schema["x-error-codes"] ?? [])]);
  if (methods.some((method) => BODY_METHODS.has(method))) for (const code of BODY_READING) codes.add(code);
  if (schema.body || schema.querystring || schema.params || schema.headers) for (const code of INPUT_VALIDATION) codes.add(code);
  if (route.config?.idempotent) for (const code of IDEMPOTENT_CALL) codes.add(code);
  return [...codes].sort(catalogueOrder);
}

/** The response object of one error status: the ErrorResponse body, and the codes that come with it. */
function errorResponse(status: ErrorStatus, codes: readonly ApiErrorCode[]) {
  return {
    description: `${STATUS_CODES[status]}: ${codes.map((code) => `\`${code}\``).join(", ")}`,
    content: { "application/json": { schema: ErrorResponseSchema } },
  };
}

/**
 * Documents every route's error answers as the route is added: `x-error-codes` becomes the whole list of
 * codes it may answer, and each of their statuses a response with the ErrorResponse body. The same
 * response schemas serialise the error answers, so an error body always matches the document. Routes
 * hidden from the document (docs, health) are left alone.
 */
export function registerErrorDocumentation(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (!route.schema || route.schema.hide || route.url.startsWith("/docs")) return;
    const codes = errorCodesOfRoute(route);
    const byStatus = new Map<ErrorStatus, ApiErrorCode[]>();
    for (const code of codes) byStatus.set(errorStatusOf(code), [...(byStatus.get(errorStatusOf(code)) ?? []), code]);
    const response = { ...(route.schema.response as Record<number, unknown> | undefined) };
    for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) response[status] ??= errorResponse(status, statusCodes);
    route.schema = { ...route.schema, "x-error-codes": codes, response };
  });
}

type JsonObject = { [key: string]: unknown };
const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** A query parameter whose value holds objects (`Filters`): sent as `Filters[0][Code]=format&Filters[0][Values][0]=hardback`. */
function holdsObjects(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (schema.type === "object") return true;
  return schema.type === "array" && isObject(schema.items) && schema.items.type === "object";
}

const RETRY_AFTER_HEADER = {
  "Retry-After": { description: "Seconds to wait before sending the same call again", schema: { type: "integer", minimum: 0 } },
};

/** Every `$ref` target under `node`. */
function referencedSchemas(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referencedSchemas(item, found);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.add(value.replace("#/components/schemas/", ""));
      else referencedSchemas(value, found);
    }
  }
  return found;
}

/**
 * The last touches on the generated document: query parameters that hold objects are `deepObject`
 * (the indexed form the API's `qs` parser reads), 429 and 503 answers carry Retry-After, and component
 * schemas nothing refers to (the request-side copies the type provider makes of every named schema) are
 * left out.
 */
function finishDocument(document: JsonObject): JsonObject {
  for (const pathItem of Object.values(document.paths as JsonObject)) {
    for (const operation of Object.values(pathItem as JsonObject)) {
      if (!isObject(operation)) continue;
      for (const parameter of (operation.parameters as JsonObject[] | undefined) ?? []) {
        if (parameter.in === "query" && holdsObjects(parameter.schema)) Object.assign(parameter, { style: "deepObject", explode: true });
      }
      for (const [status, response] of Object.entries((operation.responses as JsonObject | undefined) ?? {})) {
        if ((status === "429" || status === "503") && isObject(response)) response.headers = RETRY_AFTER_HEADER;
      }
    }
  }
  const components = document.components as { schemas: Record<string, unknown> };
  const kept: Record<string, unknown> = {};
  // Components may refer to each other: keep what the paths reach, then what those reach, until nothing new.
  let reached = referencedSchemas(document.paths);
  for (let size = -1; size !== reached.size;) {
    size = reached.size;
    for (const name of reached) if (components.schemas[name]) kept[name] = components.schemas[name];
    reached = referencedSchemas(kept, new Set(reached));
  }
  return { ...document, components: { ...components, schemas: kept } };
}

/** @fastify/swagger's options: OpenAPI 3.1 (nullable fields as `anyOf [..., null]`), the API's headers as security schemes. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Quire commerce API",
        version: "0.1.0",
        description:
          "Catalogue, cart, checkout and customer API behind the Quire storefront. Every call needs the API-Key and StoreKey headers; " +
          "CurrencyCode and CountryCode default from the store settings. Every 4xx and 5xx answer is `{ errors: [{ code, message, field? }] }`; " +
          "each operation lists the codes it may answer in `x-error-codes`, and each code always comes with the same status.",
      },
      // Relative: the API answers wherever it is deployed, and the docs call the host that serves them.
      servers: [{ url: "/", description: "The host that serves this document" }],
      components: {
        securitySchemes: {
          apiKey: { type: "apiKey", in: "header", name: "API-Key" },
          storeKey: { type: "apiKey", in: "header", name: "StoreKey" },
          bearer: { type: "http", scheme: "bearer" },
          adminKey: { type: "apiKey", in: "header", name: "Admin-Key" },
        },
      },
      security: [{ apiKey: [], storeKey: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as JsonObject),
  };
}
