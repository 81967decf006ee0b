import { describe, expect, it } from "vitest";
import { errorAnswerProblem } from "./error-answers";

const body = (...codes: string[]) => JSON.stringify({ errors: codes.map((code) => ({ code, message: "No" })) });

describe("errorAnswerProblem", () => {
  it("accepts catalogue codes answered with their status, declared by the route", () => {
    expect(errorAnswerProblem(409, body("out_of_stock"), ["out_of_stock", "insufficient_stock"])).toBeNull();
    expect(errorAnswerProblem(400, body("invalid_input", "unknown_parameter"))).toBeNull();
    expect(errorAnswerProblem(404, body("route_not_found"), undefined)).toBeNull();
  });

  it.each([
    ["a code the catalogue does not have", 404, body("not_found"), undefined, /not in the catalogue: not_found/],
    [
      "a code answered with another status than its own",
      400,
      body("out_of_stock"),
      undefined,
      /catalogue status is not 400: out_of_stock \(409\)/,
    ],
    ["a code the route does not declare", 409, body("out_of_stock"), ["insufficient_stock"], /x-error-codes leaves out: out_of_stock/],
    ["a body in another shape", 400, JSON.stringify({ error: "Bad Request", statusCode: 400 }), undefined, /not an errors list/],
    ["a body that is not JSON", 400, "Bad Request", undefined, /not JSON/],
  ])("flags %s", (_name, status, answer, declared, problem) => {
    expect(errorAnswerProblem(status, answer, declared)).toMatch(problem);
  });
});
