import { Ajv2020 } from "ajv/dist/2020.js";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";

/** A JSON Schema (or OpenAPI Schema Object) as the document gives it; read, never trusted to be complete. */
export type JsonSchema = { [keyword: string]: unknown };

interface ParameterObject {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}
interface MediaTypeObject {
  schema?: JsonSchema;
}
type SecurityRequirement = Record<string, string[]>;
interface OperationObject {
  parameters?: ParameterObject[];
  security?: SecurityRequirement[];
  requestBody?: { required?: boolean; content?: Record<string, MediaTypeObject> };
  responses?: Record<string, { content?: Record<string, MediaTypeObject> }>;
  "x-error-codes"?: string[];
  "x-permission"?: string;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  security?: SecurityRequirement[];
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, { type?: string; scheme?: string }> };
}

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

/** One operation of the document: what it takes, and where its answers are described. */
export interface Operation {
  /** `PUT /baskets/{id}/merge`: how failures and FUZZ_ONLY name it. */
  key: string;
  method: string;
  /** The path template, `{name}` for each path parameter. */
  path: string;
  pathParameters: ParameterObject[];
  queryParameters: ParameterObject[];
  body?: { schema: JsonSchema; required: boolean; mediaType: string };
  /** Status keys of the documented responses ("200", "2XX", "default"). */
  responses: string[];
  /** Every security requirement of the operation names a bearer scheme: anonymous callers are refused. */
  requiresSignIn: boolean;
  /** The error codes the operation says it may answer (`x-error-codes`), when it says. */
  errorCodes?: string[];
  /** The permission an admin operation needs (`x-permission`, decision 046): it refuses any caller without a credential. */
  permission?: string;
}

/** Every operation in the document, in document order. Nothing here names an operation by hand. */
export function listOperations(document: OpenApiDocument): Operation[] {
  const bearerSchemes = Object.entries(document.components?.securitySchemes ?? {})
    .filter(([, scheme]) => scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer")
    .map(([name]) => name);
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const shared = (item.parameters as ParameterObject[] | undefined) ?? [];
    return HTTP_METHODS.filter((method) => item[method] !== undefined).map((method): Operation => {
      const operation = item[method] as OperationObject;
      // An operation's own parameter overrides a path-level one of the same name and place.
      const own = operation.parameters ?? [];
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      const content = Object.entries(operation.requestBody?.content ?? {});
      const [mediaType, media] = content.find(([type]) => /json/i.test(type)) ?? content[0] ?? [];
      const security = operation.security ?? document.security ?? [];
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParameters: parameters.filter((p) => p.in === "path"),
        queryParameters: parameters.filter((p) => p.in === "query"),
        ...(mediaType && media?.schema
          ? { body: { schema: media.schema, required: operation.requestBody?.required === true, mediaType } }
          : {}),
        responses: Object.keys(operation.responses ?? {}),
        requiresSignIn:
          security.length > 0 && security.every((requirement) => Object.keys(requirement).some((name) => bearerSchemes.includes(name))),
        ...(operation["x-error-codes"] ? { errorCodes: operation["x-error-codes"] } : {}),
        ...(typeof operation["x-permission"] === "string" ? { permission: operation["x-permission"] } : {}),
      };
    });
  });
}

/**
 * The operation a router would pick for a method and URL: of the templates that match it, the one with the most
 * static text (static segments win over parameters, as they do in find-my-way). A mutated request can land on another
 * operation than the one it was made for (`/categories/{id}` with an empty id is `/categories/`), and its
 * answer is checked against that one's responses. Trailing slashes are ignored, as the API ignores them.
 */
export function operationFor(operations: Operation[], method: string, url: string): Operation | undefined {
  const pathname = new URL(url, "http://fuzz.invalid").pathname.replace(/(.)\/+$/, "$1");
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  const staticLength = (operation: Operation) => operation.path.replace(/\{[^}]+\}/g, "").length;
  return operations
    .filter((operation) => operation.method === method)
    .filter((operation) => {
      const source = operation.path
        .split(/\{[^}]+\}/)
        .map(escape)
        .join("[^/]+");
      return new RegExp(`^${source}$`).test(pathname);
    })
    .sort((a, b) => staticLength(b) - staticLength(a))[0];
}

/** Follows `$ref`s to `#/components/schemas/...` (or anywhere in the document) until a schema has none. */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === "string"; hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${current.$ref}`);
    current = pointerTarget(document, current.$ref) as JsonSchema;
  }
  return current;
}

function pointerTarget(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`Only local $refs are expected in the document, not ${ref}`);
  return ref
    .slice(2)
    .split("/")
    .map((token) => decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, token) => (node as Record<string, unknown> | undefined)?.[token], document);
}

/** A JSON pointer fragment for a path of keys, escaped as RFC 6901 and as a URI fragment. */
function pointer(...tokens: string[]) {
  return `#/${tokens.map((token) => encodeURIComponent(token.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/")}`;
}

/**
 * OpenAPI 3.0 writes `nullable: true` beside `allOf: [{ $ref }]` without a `type` (as fastify-type-provider-zod
 * emits a nullable component). Read literally, OpenAPI 3.0.3 gives that `nullable` no effect, and Ajv refuses
 * it; the contract means "this, or null", so it is rewritten to say that in JSON Schema.
 */
function withTypelessNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withTypelessNullables);
  if (node === null || typeof node !== "object") return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withTypelessNullables(value)]));
  if (copy.nullable === true && !("type" in copy)) {
    const { nullable: _nullable, ...rest } = copy;
    return { anyOf: [{ type: "null" }, rest] };
  }
  return copy;
}

/** Fields of the OpenAPI document itself, which Ajv's strict mode would otherwise take for unknown keywords. */
const DOCUMENT_FIELDS = [
  "openapi",
  "info",
  "servers",
  "paths",
  "components",
  "security",
  "tags",
  "externalDocs",
  "webhooks",
  "jsonSchemaDialect",
];

/** `no-operation`: the URL reaches no operation of the document; `undeclared-status`: the operation does not declare the status. */
export type ResponseCheck =
  | { declared: false; reason: "no-operation" | "undeclared-status" }
  /** `document`: the status is answered with a document that is not JSON (a PDF, a CSV), as declared. */
  | { declared: true; errors: string[]; document?: true };

/** The codes of an error body that the operation's `x-error-codes` leaves out, as schema-like errors. */
function undeclaredErrorCodes(operation: Operation, body: unknown): string[] {
  const declared = operation.errorCodes;
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!declared || !Array.isArray(errors)) return [];
  return errors.flatMap((error: { code?: unknown }, index) =>
    typeof error?.code === "string" && !declared.includes(error.code)
      ? [`/errors/${index}/code ${error.code} is not in the operation's x-error-codes`]
      : [],
  );
}

/**
 * Checks answers against the responses the document declares. OpenAPI 3.0 schemas are JSON Schema draft 04
 * with OpenAPI's additions (boolean `exclusiveMinimum`, `nullable`), so they are compiled by Ajv's draft-04
 * class, which knows `nullable`; OpenAPI 3.1 schemas are JSON Schema 2020-12. `$ref`s resolve inside the
 * document, which Ajv holds whole under the id "openapi.json".
 */
export function createResponseChecker(document: OpenApiDocument) {
  const version = document.openapi;
  let ajv: AjvDraft04 | Ajv2020;
  let schemaDocument: unknown = document;
  if (/^3\.0\.\d+$/.test(version)) {
    ajv = new AjvDraft04({ allErrors: true, strict: true });
    schemaDocument = withTypelessNullables(document);
  } else if (/^3\.1\.\d+$/.test(version)) {
    ajv = new Ajv2020({ allErrors: true, strict: true });
  } else {
    throw new Error(`The fuzz suite reads OpenAPI 3.0 and 3.1 documents; this one is ${version}`);
  }
  addFormats(ajv);
  ajv.addVocabulary(DOCUMENT_FIELDS);
  ajv.addSchema(schemaDocument as JsonSchema, "openapi.json");
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();

  return (operation: Operation | undefined, status: number, body: unknown): ResponseCheck => {
    if (!operation) return { declared: false, reason: "no-operation" };
    const statusKey =
      [String(status), `${String(status)[0]}XX`, "default"].find((key) => operation.responses.includes(key)) ??
      [String(status), `${String(status)[0]}xx`].find((key) => operation.responses.includes(key));
    if (!statusKey) return { declared: false, reason: "undeclared-status" };
    const responseObject = pointerTarget(
      document,
      pointer("paths", operation.path, operation.method.toLowerCase(), "responses", statusKey),
    ) as {
      content?: Record<string, MediaTypeObject>;
    };
    const mediaTypes = Object.keys(responseObject.content ?? {});
    const mediaType = mediaTypes.find((type) => /json/i.test(type));
    // A document that is not JSON (a PDF) is bytes the schema does not describe further.
    if (!mediaType && mediaTypes.length > 0) return { declared: true, errors: [], document: true };
    if (!mediaType) {
      return { declared: true, errors: body === undefined ? [] : [`declares no body, but one was sent`] };
    }
    const id = `openapi.json${pointer("paths", operation.path, operation.method.toLowerCase(), "responses", statusKey, "content", mediaType, "schema")}`;
    let validate = validators.get(id);
    if (!validate) validators.set(id, (validate = ajv.compile({ $ref: id })));
    // An empty answer (204) is checked as null: the document describes "no body" as a nullable schema.
    const schemaErrors = validate(body === undefined ? null : body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`);
    return { declared: true, errors: [...schemaErrors, ...(status >= 400 ? undeclaredErrorCodes(operation, body) : [])] };
  };
}
