import { describe, expect, it } from "vitest";
import { createResponseChecker, listOperations, operationFor, type OpenApiDocument } from "./openapi-operations";

const id = { type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 2_147_483_647 };
const json = (schema: object) => ({ description: "answer", content: { "application/json": { schema } } });

/** A small OpenAPI 3.0 document written the way @fastify/swagger writes Quire's. */
const document: OpenApiDocument = {
  openapi: "3.0.3",
  security: [{ apiKey: [] }],
  components: {
    securitySchemes: { apiKey: { type: "apiKey" }, bearer: { type: "http", scheme: "bearer" } },
    schemas: {
      Image: { type: "object", properties: { url: { type: "string" } }, required: ["url"], additionalProperties: false },
    },
  },
  paths: {
    "/things": {
      put: {
        requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { id } } } } },
        responses: { "200": json({ type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] }) },
      },
    },
    "/things/{id}": {
      get: {
        parameters: [{ in: "path", name: "id", required: true, schema: id }],
        security: [{ apiKey: [], bearer: [] }],
        responses: {
          "200": json({
            type: "object",
            properties: {
              data: {
                type: "object",
                properties: {
                  id,
                  image: { nullable: true, allOf: [{ $ref: "#/components/schemas/Image" }] },
                  createdAt: { type: "string", format: "date-time" },
                },
                required: ["id", "image"],
                additionalProperties: false,
              },
            },
            required: ["data"],
          }),
        },
      },
      delete: {
        parameters: [{ in: "path", name: "id", required: true, schema: id }],
        responses: { "204": json({ type: "string", nullable: true, enum: [null] }) },
      },
    },
    "/things/slug={slug}": {
      get: { parameters: [{ in: "path", name: "slug", required: true, schema: { type: "string" } }], responses: { "200": json({}) } },
    },
  },
};

describe("listOperations", () => {
  it("lists every method of every path with its parameters, body and whether it needs a sign-in", () => {
    const operations = listOperations(document);
    expect(operations.map((operation) => [operation.key, operation.requiresSignIn])).toEqual([
      ["PUT /things", false],
      ["GET /things/{id}", true],
      ["DELETE /things/{id}", false],
      ["GET /things/slug={slug}", false],
    ]);
    expect(operations[0]!.body).toMatchObject({ required: true, mediaType: "application/json" });
    expect(operations[1]!.pathParameters.map((parameter) => parameter.name)).toEqual(["id"]);
  });
});

describe("operationFor", () => {
  const operations = listOperations(document);
  it.each([
    ["GET", "/things/slug=gifts", "GET /things/slug={slug}"],
    ["GET", "/things/5?x=1", "GET /things/{id}"],
    ["PUT", "/things/", "PUT /things"],
    ["DELETE", "/things/5", "DELETE /things/{id}"],
  ])("routes %s %s to %s, static text before parameters", (method, url, key) => {
    expect(operationFor(operations, method, url)?.key).toBe(key);
  });

  it("finds nothing for a path the document does not have", () => {
    expect(operationFor(operations, "GET", "/other")).toBeUndefined();
  });
});

describe("createResponseChecker on an OpenAPI 3.0 document", () => {
  const operations = listOperations(document);
  const check = createResponseChecker(document);
  const get = operations[1]!;

  it("accepts a body that matches, with null where a $ref'd schema is nullable", () => {
    expect(check(get, 200, { data: { id: 1, image: null } })).toEqual({ declared: true, errors: [] });
    expect(check(get, 200, { data: { id: 1, image: { url: "/a.svg" }, createdAt: "2026-01-01T00:00:00Z" } })).toEqual({
      declared: true,
      errors: [],
    });
  });

  it.each([
    ["a missing required field", { data: { id: 1 } }],
    ["an id of 0 under a boolean exclusiveMinimum", { data: { id: 0, image: null } }],
    ["an unknown key where additionalProperties is false", { data: { id: 1, image: null, extra: 1 } }],
    ["a bad date-time", { data: { id: 1, image: null, createdAt: "yesterday" } }],
    ["a wrong type inside the $ref'd schema", { data: { id: 1, image: { url: 5 } } }],
  ])("refuses %s", (_name, body) => {
    const result = check(get, 200, body);
    expect(result.declared).toBe(true);
    expect(result.declared && result.errors.length).toBeGreaterThan(0);
  });

  it("reads an empty 204 as the null its schema allows", () => {
    expect(check(operations[2]!, 204, undefined)).toEqual({ declared: true, errors: [] });
    expect(check(operations[2]!, 204, { deleted: true })).toMatchObject({
      declared: true,
      errors: expect.arrayContaining([expect.any(String)]),
    });
  });

  it("calls a status the operation does not declare undeclared", () => {
    expect(check(get, 201, {})).toEqual({ declared: false, reason: "undeclared-status" });
    expect(check(undefined, 200, {})).toEqual({ declared: false, reason: "no-operation" });
  });
});

describe("createResponseChecker on other versions", () => {
  it("reads OpenAPI 3.1 schemas as JSON Schema 2020-12", () => {
    const document31: OpenApiDocument = {
      openapi: "3.1.0",
      paths: {
        "/n": { get: { responses: { "200": json({ type: ["integer", "null"], exclusiveMinimum: 0 }) } } },
      },
    };
    const [operation] = listOperations(document31);
    const check = createResponseChecker(document31);
    expect(check(operation, 200, null)).toEqual({ declared: true, errors: [] });
    expect(check(operation, 200, 0)).toMatchObject({ declared: true, errors: expect.arrayContaining([expect.any(String)]) });
  });

  it("refuses an error body with a code the operation's x-error-codes leaves out", () => {
    const errorBody = { type: "object", properties: { errors: { type: "array", items: { type: "object" } } }, required: ["errors"] };
    const document31: OpenApiDocument = {
      openapi: "3.1.0",
      paths: { "/n": { get: { "x-error-codes": ["out_of_stock"], responses: { "409": json(errorBody) } } } },
    };
    const [operation] = listOperations(document31);
    expect(operation!.errorCodes).toEqual(["out_of_stock"]);
    const check = createResponseChecker(document31);
    expect(check(operation, 409, { errors: [{ code: "out_of_stock", message: "No" }] })).toEqual({ declared: true, errors: [] });
    expect(check(operation, 409, { errors: [{ code: "insufficient_stock", message: "No" }] })).toEqual({
      declared: true,
      errors: ["/errors/0/code insufficient_stock is not in the operation's x-error-codes"],
    });
  });

  it("refuses a document of a version it cannot read", () => {
    expect(() => createResponseChecker({ openapi: "2.0", paths: {} })).toThrow(/3\.0 and 3\.1/);
  });
});
