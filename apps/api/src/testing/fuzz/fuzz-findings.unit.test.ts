import { describe, expect, it } from "vitest";
import { createFailureLog, passedInputValidation, problemOf, type FuzzResponse } from "./fuzz-findings";
import type { FuzzRequest } from "./fuzz-requests";
import type { Operation, ResponseCheck } from "./openapi-operations";

const answer = (statusCode: number, body: unknown): FuzzResponse => ({
  statusCode,
  body: typeof body === "string" ? body : JSON.stringify(body),
});
const matches = (): ResponseCheck => ({ declared: true, errors: [] });
const errors = (...codes: string[]) => ({ errors: codes.map((code) => ({ code, message: "No" })) });

describe("problemOf", () => {
  it.each([
    ["a 4xx with an errors list of catalogue codes", answer(404, errors("product_not_found"))],
    ["a 2xx that matches its schema", answer(200, { data: 1 })],
    ["an empty 204 the document declares", answer(204, "")],
  ])("finds nothing wrong with %s", (_name, response) => {
    expect(problemOf(response, matches)).toBeNull();
  });

  it.each([
    ["a 5xx, named by its error code", answer(500, errors("internal_error")), "internal_error"],
    ["a 5xx without a body", answer(502, ""), "-"],
    [
      "a 4xx in the framework's own shape",
      answer(414, { statusCode: 414, code: "FST_ERR_MAX_PARAM_LENGTH", error: "URI Too Long" }),
      "no-errors-list(FST_ERR_MAX_PARAM_LENGTH)",
    ],
    ["a 4xx with an empty errors list", answer(400, { errors: [] }), "no-errors-list(other JSON)"],
    ["a 4xx whose error has no message", answer(400, { errors: [{ code: "invalid_input" }] }), "no-errors-list(other JSON)"],
    ["a 4xx with a code the catalogue does not have", answer(404, errors("not_found")), "unknown-error-code(not_found)"],
    ["a 4xx without a body", answer(431, ""), "no-errors-list(empty body)"],
    ["a 4xx in plain text", answer(400, "Bad Request"), "no-errors-list(not JSON)"],
    ["a 2xx that is not JSON", answer(200, "<html>"), "not-json"],
  ])("flags %s", (_name, response, code) => {
    expect(problemOf(response, matches)?.code).toBe(code);
  });

  it("takes a 2xx that is not JSON where the operation declares such a document (a CSV, a PDF), and only there", () => {
    const csv = answer(200, "order,total\nQB-1,12.00\n");
    expect(problemOf(csv, () => ({ declared: true, errors: [], document: true }))).toBeNull();
    expect(problemOf(csv, () => ({ declared: true, errors: ["must be object"] }))?.code).toBe("not-json");
  });

  it("flags a 2xx the document does not declare, and one that breaks its schema by the field that breaks it", () => {
    expect(problemOf(answer(201, {}), () => ({ declared: false, reason: "undeclared-status" }))?.code).toBe("undeclared-status");
    const broken = problemOf(answer(200, {}), () => ({ declared: true, errors: ["/data/results/3/price must be object"] }));
    expect(broken?.code).toBe("response-schema /data/results/*/price must be object");
  });

  it("flags an error status the operation does not declare, and an error body its schema refuses", () => {
    expect(problemOf(answer(409, errors("out_of_stock")), () => ({ declared: false, reason: "undeclared-status" }))?.code).toBe(
      "undeclared-status",
    );
    const undeclaredCode = problemOf(answer(409, errors("out_of_stock")), () => ({
      declared: true,
      errors: ["/errors/0/code out_of_stock is not in the operation's x-error-codes"],
    }));
    expect(undeclaredCode?.code).toBe("response-schema /errors/*/code out_of_stock is not in the operation's x-error-codes");
  });

  it("judges an error to a URL that reaches no operation by its body alone", () => {
    expect(problemOf(answer(404, errors("route_not_found")), () => ({ declared: false, reason: "no-operation" }))).toBeNull();
    expect(problemOf(answer(200, {}), () => ({ declared: false, reason: "no-operation" }))?.code).toBe("undeclared-status");
  });
});

describe("passedInputValidation", () => {
  it("tells a refusal by the request's schema from one a handler or the sign-in check made", () => {
    expect(passedInputValidation(answer(200, {}))).toBe(true);
    expect(passedInputValidation(answer(404, errors("cart_not_found")))).toBe(true);
    expect(passedInputValidation(answer(400, errors("invalid_input", "unknown_parameter")))).toBe(false);
    expect(passedInputValidation(answer(400, "oops"))).toBe(false);
  });
});

describe("createFailureLog", () => {
  const operation = { key: "PUT /baskets" } as Operation;
  const request = (kind: FuzzRequest["kind"], payload: string): FuzzRequest => ({
    kind,
    method: "PUT",
    url: "/baskets",
    headers: { authorization: "Bearer aaa.bbb.ccc", "content-type": "application/json" },
    payload,
  });

  it("keeps one line per operation, status and code, counting the inputs that showed it", () => {
    const log = createFailureLog();
    log.record(operation, "anonymous", request("out-of-range", '{"id":2147483648}'), answer(500, errors("internal_error")), matches);
    log.record(operation, "signed-in", request("control-chars", '{"name":"a\\u0000"}'), answer(500, errors("internal_error")), matches);
    log.record(operation, "anonymous", request("valid", "{}"), answer(200, { data: 1 }), matches);
    expect(log.requestCount).toBe(3);
    expect(log.failures()).toHaveLength(1);
    const lines = log.report().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("500 internal_error · PUT /baskets · 2× (out-of-range×1, control-chars×1; anonymous, signed-in)");
    // The first request, as sent, without the session's token.
    expect(lines[0]).toContain('PUT /baskets [authorization: Bearer <token>, content-type: application/json] {"id":2147483648}');
  });

  it("flags a single-value array parameter answered otherwise than its indexed form", () => {
    const log = createFailureLog();
    log.recordTwins(operation, "anonymous", request("single-value-array", ""), answer(400, errors("invalid_input")), answer(200, {}));
    log.recordTwins(operation, "anonymous", request("single-value-array", ""), answer(200, {}), answer(200, {}));
    expect(log.failures().map((failure) => failure.code)).toEqual(["single-value-array"]);
  });

  it("reports an operation none of whose valid requests passed input validation", () => {
    const log = createFailureLog();
    for (let index = 0; index < 6; index++)
      log.record(operation, "anonymous", request("valid", "{}"), answer(400, errors("invalid_input")), matches);
    expect(log.report()).toMatch(/^unreached · PUT \/baskets · none of its 6 valid requests/);
  });
});
