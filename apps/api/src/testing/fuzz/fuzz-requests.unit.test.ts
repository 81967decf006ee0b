import qs from "qs";
import { describe, expect, it } from "vitest";
import { applicableKinds, generateRequests, INPUT_KINDS, kindOf, seedFor, withToken, type FuzzRequest } from "./fuzz-requests";
import { listOperations, type OpenApiDocument } from "./openapi-operations";

const id = { type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 2_147_483_647 };
const document: OpenApiDocument = {
  openapi: "3.0.3",
  paths: {
    "/lists/{id}/items": {
      put: {
        parameters: [
          { in: "path", name: "id", required: true, schema: id },
          { in: "query", name: "Skus", schema: { type: "array", items: { type: "string", minLength: 1 } } },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  variantId: id,
                  name: { type: "string", minLength: 1, maxLength: 100 },
                  tags: { type: "array", items: { type: "string" } },
                },
                required: ["variantId", "name"],
                additionalProperties: false,
              },
            },
          },
        },
        responses: { "200": { description: "ok" } },
      },
    },
    "/health": { get: { responses: { "200": { description: "ok" } } } },
  },
};
const [put, get] = listOperations(document);
const context = {
  document,
  known: new Map<string, readonly unknown[]>([
    ["skus", ["QB-1"]],
    ["variantid", [7]],
  ]),
};
const generate = (seed: number, count = 40, operation = put!) => generateRequests(context, operation, { seed, count, caller: "signed-in" });
const bodyOf = (request: FuzzRequest) => JSON.parse(request.payload!) as Record<string, unknown>;

// Generating and comparing requests (bodies past 256 KB among them) is CPU work: beside the API tests and
// browser journeys of `npm test` on two cores it can take several times what it takes alone.
describe("generateRequests", { timeout: 30_000 }, () => {
  it("makes the same requests from the same seed, and others from another", () => {
    expect(generate(1)).toEqual(generate(1));
    expect(generate(2)).not.toEqual(generate(1));
  });

  it("starts with the sweep: each id alone past a 32-bit column, each text field alone with a NUL byte", () => {
    const sweep = generate(3).slice(0, 5);
    expect(sweep.map((request) => request.kind)).toEqual([
      "out-of-range",
      "control-chars",
      "out-of-range",
      "control-chars",
      "control-chars",
    ]);
    expect(sweep[0]!.url).toMatch(/^\/lists\/2147483648\/items/);
    expect(qs.parse(sweep[1]!.url.split("?")[1] ?? "").Skus).toEqual(expect.arrayContaining([expect.stringContaining("\u0000")]));
    expect(bodyOf(sweep[2]!).variantId).toBe(2_147_483_648);
    expect(bodyOf(sweep[3]!).name).toContain("\u0000");
    expect(bodyOf(sweep[4]!).tags).toEqual(expect.arrayContaining([expect.stringContaining("\u0000")]));
  });

  it("after the sweep, sends a valid request every third time and every kind that applies in turn", () => {
    const kinds = applicableKinds(document, put!);
    expect(kinds).toEqual([...INPUT_KINDS]);
    const generated = generate(4, 3 * kinds.length).slice(5);
    expect(generated.filter((_, index) => index % 3 === 0).every((request) => request.kind === "valid")).toBe(true);
    expect(new Set(generated.map((request) => request.kind))).toEqual(new Set(kinds));
    expect(kindOf(["valid"], 5)).toBe("valid");
  });

  it("sends valid requests that follow the schema and lean on known values", () => {
    const valid = generate(5, 60).filter((request) => request.kind === "valid");
    for (const request of valid) {
      const body = bodyOf(request);
      expect(Number.isInteger(body.variantId) && (body.variantId as number) > 0).toBe(true);
      expect(typeof body.name).toBe("string");
      expect(request.headers["content-type"]).toBe("application/json");
    }
    expect(valid.some((request) => bodyOf(request).variantId === 7)).toBe(true);
  });

  it("pairs a single value for an array parameter with its indexed twin", () => {
    const twins = generate(6, 200).filter((request) => request.kind === "single-value-array");
    expect(twins.length).toBeGreaterThan(0);
    for (const request of twins) {
      const single = qs.parse(request.url.split("?")[1]!).Skus;
      expect(typeof single).toBe("string");
      expect(qs.parse(request.twin!.url.split("?")[1]!).Skus).toEqual([single]);
    }
  });

  it("sends oversized bodies past 256 KB and header values a socket can carry", () => {
    const requests = generate(7, 400);
    const oversized = requests.filter((request) => request.kind === "oversized-body");
    expect(oversized.length).toBeGreaterThan(0);
    expect(oversized.every((request) => Buffer.byteLength(request.payload!) > 256 * 1024)).toBe(true);
    const headerValues = requests.filter((request) => request.kind === "bad-header").flatMap((request) => Object.values(request.headers));
    expect(headerValues.filter((value) => /[^\t\u0020-\u007e\u0080-\u00ff]/.test(value))).toEqual([]);
  });

  it("leaves out the kinds that cannot apply: a GET without parameters has no body, ids or arrays", () => {
    expect(applicableKinds(document, get!)).toEqual(["valid", "unknown-key", "deep-nesting", "bad-url-encoding", "bad-header"]);
    expect(generate(8, 12, get!).every((request) => request.payload === undefined)).toBe(true);
  });
});

describe("withToken and seedFor", () => {
  it("puts the caller's token where the request says, and a forged one for an anonymous caller", () => {
    const request: FuzzRequest = { kind: "bad-header", method: "GET", url: "/", headers: { authorization: "Bearer {token} {token}" } };
    expect(withToken(request, "abc").headers.authorization).toBe("Bearer abc abc");
    expect(withToken(request, null).headers.authorization).not.toContain("{token}");
  });

  it("gives each operation and caller a seed of its own", () => {
    expect(seedFor(1, put!, "anonymous")).toBe(seedFor(1, put!, "anonymous"));
    expect(
      new Set([seedFor(1, put!, "anonymous"), seedFor(1, put!, "signed-in"), seedFor(1, get!, "anonymous"), seedFor(2, put!, "anonymous")])
        .size,
    ).toBe(4);
  });
});
