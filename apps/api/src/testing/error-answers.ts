import { ErrorResponseSchema, errorStatusOf, isApiErrorCode } from "@quire/contracts";
import type { App } from "../app";

/**
 * What is wrong with one error answer (4xx, 5xx), if anything: a body that is not the `errors` list; a code
 * the catalogue does not have; a code whose catalogue status is not the answer's; a code the route does not
 * declare in its `x-error-codes` (when the request reached a route that declares them).
 */
export function errorAnswerProblem(status: number, body: string, declared?: readonly string[]): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `the body is not JSON: ${body.slice(0, 100)}`;
  }
  const codes = ((parsed as { errors?: { code?: unknown }[] } | null)?.errors ?? []).map((error) => error?.code);
  const unknown = codes.filter((code) => typeof code !== "string" || !isApiErrorCode(code));
  if (unknown.length > 0) return `codes not in the catalogue: ${unknown.map(String).join(", ")}`;
  if (!ErrorResponseSchema.safeParse(parsed).success) return `the body is not an errors list: ${body.slice(0, 100)}`;
  const known = codes.filter((code): code is Parameters<typeof errorStatusOf>[0] => typeof code === "string" && isApiErrorCode(code));
  const misfiled = known.filter((code) => errorStatusOf(code) !== status);
  if (misfiled.length > 0)
    return `codes whose catalogue status is not ${status}: ${misfiled.map((code) => `${code} (${errorStatusOf(code)})`).join(", ")}`;
  const undeclared = declared ? known.filter((code) => !declared.includes(code)) : [];
  if (undeclared.length > 0) return `codes the route's x-error-codes leaves out: ${undeclared.join(", ")}`;
  return null;
}

/**
 * Watches every error answer an app gives while a test file runs (see errorAnswerProblem). The suites exercise
 * the API's refusals one by one, so this holds the catalogue and each route's declared codes to what the
 * API really answers; useTestApi fails the file when `problems()` is not empty.
 */
export function watchErrorAnswers(app: App) {
  const problems: string[] = [];
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    const body = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : "";
    const problem = errorAnswerProblem(reply.statusCode, body, request.routeOptions.schema?.["x-error-codes"]);
    if (problem) problems.push(`${request.method} ${request.url.slice(0, 200)} → ${reply.statusCode}: ${problem}`);
    return payload;
  });
  return { problems: () => [...problems] };
}

/** The fields a 4xx answer's `errors` list names, sorted: what a validation test compares. */
export function refusedFields(response: { json(): unknown }): (string | undefined)[] {
  const { errors } = response.json() as { errors: { field?: string }[] };
  return errors.map((error) => error.field).sort();
}
