import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api.server";
import { failedForm, formAnswerHeaders } from "./form-failure.server";

/** What React Router sends for a `data()` answer: its status and headers. */
function answerOf(result: ReturnType<typeof failedForm>) {
  return { status: result.init?.status, headers: new Headers(result.init?.headers) };
}

describe("a form's answer to a refused API call", () => {
  it("says when to try again when the API did: a locked sign-in's 429 carries its Retry-After", () => {
    const locked = new ApiRequestError(429, [{ code: "too_many_attempts", message: "Too many attempts" }], "840");
    const answer = answerOf(failedForm(locked, { values: { email: "ada@example.test" } }));
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("840");
  });

  it("adds no Retry-After the API did not send", () => {
    const refused = new ApiRequestError(401, [{ code: "invalid_credentials", message: "Wrong email or password" }]);
    const answer = answerOf(failedForm(refused));
    expect(answer.status).toBe(401);
    expect(answer.headers.has("Retry-After")).toBe(false);
  });
});

describe("the headers of a page whose form answers with failedForm", () => {
  const headersOf = (actionHeaders: HeadersInit, parentHeaders: HeadersInit = {}) =>
    new Headers(
      formAnswerHeaders({
        actionHeaders: new Headers(actionHeaders),
        parentHeaders: new Headers(parentHeaders),
        loaderHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );

  it("pass the action's Retry-After on to the page, beside the parents' headers", () => {
    const headers = headersOf({ "Retry-After": "840" }, { "X-Parent": "kept" });
    expect(headers.get("Retry-After")).toBe("840");
    expect(headers.get("X-Parent")).toBe("kept");
  });

  it("add nothing when the action sent no Retry-After", () => {
    expect([...headersOf({}, { "X-Parent": "kept" }).keys()]).toEqual(["x-parent"]);
  });
});
