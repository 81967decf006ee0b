import { ErrorResponseSchema, isApiErrorCode } from "@quire/contracts";
import type { Caller, FuzzRequest, InputKind } from "./fuzz-requests";
import type { Operation, ResponseCheck } from "./openapi-operations";

/** An answer as the suite reads it. */
export interface FuzzResponse {
  statusCode: number;
  body: string;
}

/** One distinct failure: an operation, a status and an error code, with the first request that showed it. */
export interface Failure {
  key: string;
  operation: string;
  status: number;
  code: string;
  problem: string;
  count: number;
  kinds: Map<InputKind, number>;
  callers: Set<Caller>;
  example: { caller: Caller; request: FuzzRequest; response: string };
}

const MIN_VALID_REQUESTS_TO_JUDGE = 6;

/** The codes errors.ts gives a request its schema refuses: such a request never reached the handler. */
const INPUT_VALIDATION_CODES = new Set(["invalid_input", "unknown_parameter"]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorCodesOf(body: unknown): string[] {
  const parsed = ErrorResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.errors.map((error) => error.code) : [];
}

/**
 * What is wrong with one answer, if anything: a 5xx; a 4xx without a non-empty `errors` list of
 * `{ code, message, field? }` with catalogue codes; an answer to an operation with a status the document does
 * not declare for it, or whose body does not match the schema it declares for that status (for an error, with
 * codes among the operation's `x-error-codes`). A 4xx to a URL that reaches no operation (route_not_found) is
 * judged by its body alone.
 */
export function problemOf(response: FuzzResponse, check: (body: unknown) => ResponseCheck): { code: string; problem: string } | null {
  const { statusCode: status } = response;
  const body = response.body === "" ? undefined : parseJson(response.body);
  if (status >= 500) {
    return { code: errorCodesOf(body)[0] ?? "-", problem: "server error" };
  }
  if (status >= 400) {
    const unknownCode = ((body as { errors?: { code?: unknown }[] } | undefined)?.errors ?? []).find(
      (error) => typeof error?.code === "string" && !isApiErrorCode(error.code),
    );
    if (unknownCode)
      return { code: `unknown-error-code(${String(unknownCode.code)})`, problem: "an error code that is not in the catalogue" };
    if (!ErrorResponseSchema.safeParse(body).success) {
      const frameworkCode = (body as { code?: unknown } | undefined)?.code;
      const shape =
        body === undefined
          ? response.body === ""
            ? "empty body"
            : "not JSON"
          : typeof frameworkCode === "string"
            ? frameworkCode
            : "other JSON";
      return { code: `no-errors-list(${shape})`, problem: "a 4xx without a non-empty errors list of { code, message, field? }" };
    }
  } else if (response.body !== "" && body === undefined) {
    // A document the operation declares as something else than JSON (a PDF, a CSV) is bytes, not a JSON body.
    const declared = check(undefined);
    if (declared.declared && declared.document) return null;
    return { code: "not-json", problem: "a success whose body is not JSON" };
  }
  const result = check(body);
  if (!result.declared) {
    if (status >= 400 && result.reason === "no-operation") return null;
    return { code: "undeclared-status", problem: "a status the document does not declare for the operation" };
  }
  if (result.errors.length === 0) return null;
  // Array positions vary from answer to answer; the field that breaks the schema does not.
  const first = result.errors[0]!.replace(/\/\d+(?=\/|\s)/g, "/*");
  return {
    code: `response-schema ${first}`,
    problem: `the body does not match the documented schema: ${result.errors.slice(0, 3).join("; ")}`,
  };
}

/** Whether an answer shows the request got past input validation (a handler, or auth, decided it). */
export function passedInputValidation(response: FuzzResponse): boolean {
  if (response.statusCode < 400) return true;
  const codes = errorCodesOf(parseJson(response.body));
  return codes.length > 0 && !codes.every((code) => INPUT_VALIDATION_CODES.has(code));
}

/** Text a terminal shows as it is: control characters, lone surrogates and the like escaped. */
function printable(text: string) {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- escaping control characters is the point
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function clip(text: string, max: number) {
  return text.length <= max ? text : `${text.slice(0, max)}…(${text.length} chars)`;
}

/** A request on one line: method, URL, the headers a replay needs, and the body. */
export function describeRequest(request: FuzzRequest) {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${clip(value.replace(/(Bearer\s+)[\w-]+\.[\w-]+\.[\w-]*/gi, "$1<token>"), 60)}`)
    .join(", ");
  const body = request.payload === undefined ? "" : ` ${clip(request.payload, 200)}`;
  return printable(`${request.method} ${clip(request.url, 200)}${headers ? ` [${headers}]` : ""}${body}`);
}

/** Collects failures, one per operation + status + error code, counting how often and by which inputs. */
export function createFailureLog() {
  const failures = new Map<string, Failure>();
  const validRequests = new Map<string, { sent: number; passed: number; example?: string }>();
  let requests = 0;

  const add = (
    operation: Operation,
    caller: Caller,
    request: FuzzRequest,
    response: FuzzResponse,
    found: { code: string; problem: string },
  ) => {
    const key = `${operation.key} ${response.statusCode} ${found.code}`;
    let failure = failures.get(key);
    if (!failure) {
      failure = {
        key,
        operation: operation.key,
        status: response.statusCode,
        ...found,
        count: 0,
        kinds: new Map(),
        callers: new Set(),
        example: { caller, request, response: response.body },
      };
      failures.set(key, failure);
    }
    failure.count++;
    failure.kinds.set(request.kind, (failure.kinds.get(request.kind) ?? 0) + 1);
    failure.callers.add(caller);
  };

  return {
    get requestCount() {
      return requests;
    },
    /** Records one exchange and whatever is wrong with its answer. */
    record(operation: Operation, caller: Caller, request: FuzzRequest, response: FuzzResponse, check: (body: unknown) => ResponseCheck) {
      requests++;
      const found = problemOf(response, check);
      if (found) add(operation, caller, request, response, found);
      if (request.kind === "valid") {
        const tally = validRequests.get(operation.key) ?? { sent: 0, passed: 0 };
        tally.sent++;
        if (passedInputValidation(response)) tally.passed++;
        else tally.example ??= `${describeRequest(request)} → ${clip(printable(response.body), 200)}`;
        validRequests.set(operation.key, tally);
      }
    },
    /** A request and its twin in another form (`?Skus=QB-1`, `?Skus[0]=QB-1`) must be answered alike. */
    recordTwins(operation: Operation, caller: Caller, request: FuzzRequest, response: FuzzResponse, twin: FuzzResponse) {
      if (response.statusCode === twin.statusCode) return;
      add(operation, caller, request, response, {
        code: "single-value-array",
        problem: `a single value for an array parameter answered ${response.statusCode} where the indexed form answered ${twin.statusCode}`,
      });
    },
    /**
     * Operations none of whose valid-ish requests got past input validation: the generator cannot reach their
     * handlers. Judged from a handful of requests on (FUZZ_RUNS of 8 or more), as one or two may all miss.
     */
    unreached() {
      return [...validRequests.entries()].filter(([, tally]) => tally.sent >= MIN_VALID_REQUESTS_TO_JUDGE && tally.passed === 0);
    },
    failures(): Failure[] {
      return [...failures.values()].sort(
        (a, b) => b.status - a.status || a.code.localeCompare(b.code) || a.operation.localeCompare(b.operation),
      );
    },
    /** One line per distinct failure, then one per unreachable operation; empty when all is well. */
    report() {
      const lines = this.failures().map((failure) => {
        const kinds = [...failure.kinds.entries()].map(([kind, count]) => `${kind}×${count}`).join(", ");
        const response = clip(printable(failure.example.response), 200);
        return `${failure.status} ${failure.code} · ${failure.operation} · ${failure.count}× (${kinds}; ${[...failure.callers].join(", ")}) · e.g. ${failure.example.caller}: ${describeRequest(failure.example.request)} → ${response}`;
      });
      const unreached = this.unreached().map(
        ([operation, tally]) =>
          `unreached · ${operation} · none of its ${tally.sent} valid requests passed input validation (give its fields known values in testing/fuzz/fuzz-shop.ts) · e.g. ${tally.example}`,
      );
      return [...lines, ...unreached].join("\n");
    },
  };
}
