import { mkdirSync, writeFileSync } from "node:fs";
import { operations } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFailureLog, type FuzzResponse } from "../testing/fuzz/fuzz-findings";
import { FUZZ_ADMIN_KEY, generateRequests, seedFor, withToken, type Caller, type FuzzRequest } from "../testing/fuzz/fuzz-requests";
import { createFuzzActors, createFuzzShop, knownValuesOf } from "../testing/fuzz/fuzz-shop";
import {
  createResponseChecker,
  listOperations,
  operationFor,
  type OpenApiDocument,
  type Operation,
} from "../testing/fuzz/openapi-operations";
import { TEST_HEADERS, useTestApi } from "../testing/test-api";

/**
 * Every operation of the API's own /openapi.json, anonymous and signed in, under requests generated from its
 * schemas: valid-ish ones, then wrong types, missing and unknown keys, out-of-range and fractional numbers,
 * control characters, long and odd unicode text, deep nesting, arrays for scalars and back, bad percent-
 * encoding, malformed JSON, wrong content types, oversized bodies and bad headers (fuzz-requests.ts).
 *
 *   FUZZ_RUNS   requests per operation and caller (default 24: the whole file well under a minute)
 *   FUZZ_SEED   the seed (default below); the report names it, so a run can be repeated exactly
 *   FUZZ_ONLY   operations to run, comma-separated as the report names them: "PUT /baskets,GET /products"
 *               (only their tests are declared)
 *
 * The first request of each distinct failure is written whole to test-results/openapi-fuzz.json.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
const ONLY = process.env.FUZZ_ONLY?.split(",")
  .map((key) => key.trim())
  .filter(Boolean);
const CALLERS: Caller[] = ["anonymous", "signed-in"];
/** The merchant's admin API: without a credential, and as an owner (decision 046), whose calls reach their handlers. */
const ADMIN_CALLERS: Caller[] = ["anonymous", "admin"];
const callersOf = (operation: Operation): Caller[] => (operation.path.startsWith("/admin/") ? ADMIN_CALLERS : CALLERS);
const REPORT_FILE = new URL("../../../../test-results/openapi-fuzz.json", import.meta.url);

const api = useTestApi((db) => createFuzzShop(db), { adminApiKeys: [FUZZ_ADMIN_KEY] });

/**
 * Sends one request and reads its answer. A stream of server-sent events (GET /cache/invalidations) does not end:
 * its status and headers are the answer, and the stream is let go.
 */
async function send(request: FuzzRequest): Promise<FuzzResponse> {
  const response = await api.app.inject({
    method: request.method as "GET",
    url: request.url,
    headers: { ...TEST_HEADERS, ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    payloadAsStream: true,
  });
  const stream = response.stream();
  if (String(response.headers["content-type"] ?? "").startsWith("text/event-stream")) {
    stream.destroy();
    return { statusCode: response.statusCode, body: "" };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return { statusCode: response.statusCode, body: Buffer.concat(chunks).toString("utf8") };
}

async function fetchDocument() {
  const response = await api.get("/openapi.json");
  expect(response.statusCode).toBe(200);
  return response.json() as OpenApiDocument;
}

/**
 * What an operation's requests act as. Fresh actors for each shopper's operation that may change something:
 * whatever its requests do to their customer stays there. Reads change nothing (decision 020), so the GET
 * operations share one set, made for the first of them. The admin operations share one set too: they are called
 * as the owner, never as the actors, and run last, so what an owner's write does to an actor (a blocked sign-in)
 * is seen by no shopper's operation. A set costs a fifth of a second; 120 admin operations made one each.
 */
let readActors: ReturnType<typeof createFuzzActors> | undefined;
let adminActors: ReturnType<typeof createFuzzActors> | undefined;
function actorsFor(operation: Operation, tag: string) {
  if (operation.method === "GET") return (readActors ??= createFuzzActors(api.app, api.database.db, api.seeded, "reads"));
  if (operation.path.startsWith("/admin/")) return (adminActors ??= createFuzzActors(api.app, api.database.db, api.seeded, "admin"));
  return createFuzzActors(api.app, api.database.db, api.seeded, tag);
}

/**
 * Requests per caller. An admin operation that needs a permission refuses a caller with no credential in its
 * first hook, before its body is read (the request context, decision 046): a few generated requests show that for
 * each; the full count goes to the owner, whose requests reach the handler, and to the admin operations anyone may
 * call (signing in, an invitation, the shop's set-up).
 */
const ANONYMOUS_ADMIN_RUNS = Math.min(RUNS, 4);
const runsOf = (operation: Operation, caller: Caller) => (caller === "anonymous" && operation.permission ? ANONYMOUS_ADMIN_RUNS : RUNS);

/**
 * Sends one operation's generated requests, anonymous and signed in, and logs what is wrong with the answers.
 * `checkResponse` is the whole run's one checker: it compiles each response schema once, not once per operation.
 */
async function fuzz(
  document: OpenApiDocument,
  all: Operation[],
  checkResponse: ReturnType<typeof createResponseChecker>,
  operation: Operation,
  actorsTag: string,
) {
  // Checked against the operation the URL reaches, which a mutation may have changed (`/categories/`).
  const check = (request: FuzzRequest, status: number) => (body: unknown) =>
    checkResponse(operationFor(all, request.method, request.url), status, body);
  const log = createFailureLog();
  const actors = await actorsFor(operation, actorsTag);
  const context = { document, known: knownValuesOf(api.seeded, actors) };
  for (const caller of callersOf(operation)) {
    for (const generated of generateRequests(context, operation, {
      seed: seedFor(SEED, operation, caller),
      count: runsOf(operation, caller),
      caller,
    })) {
      const request = withToken(generated, caller === "signed-in" ? await actors.newToken() : null);
      const response = await send(request);
      log.record(operation, caller, request, response, check(request, response.statusCode));
      if (request.twin) {
        const twin = await send(request.twin);
        log.record(operation, caller, request.twin, twin, check(request.twin, twin.statusCode));
        log.recordTwins(operation, caller, request, response, twin);
      }
    }
  }
  return log;
}

/** `GET /wishlists/{id}`: how the document, the report and FUZZ_ONLY name an operation of the contracts' table. */
const keyOf = (operation: { method: string; path: string }) => `${operation.method} ${operation.path.replace(/:(\w+)/g, "{$1}")}`;
const TABLE_KEYS = Object.values(operations).map(keyOf);
// The admin calls go last: an owner's writes (the store's currencies, a blocked customer) change what later calls see.
const KEYS = (ONLY ? TABLE_KEYS.filter((key) => ONLY.includes(key)) : TABLE_KEYS).sort(
  (a, b) => Number(a.includes(" /admin/")) - Number(b.includes(" /admin/")),
);

describe("the API under requests generated from its OpenAPI document", () => {
  // The suite's signed-in caller must really be signed in, or every signed-in request would test only a 401.
  it("signs its requests in: a fresh token opens every parameterless GET the document reserves for signed-in callers", async () => {
    const probes = listOperations(await fetchDocument()).filter(
      (operation) =>
        operation.requiresSignIn &&
        operation.method === "GET" &&
        operation.pathParameters.length === 0 &&
        !operation.queryParameters.some((p) => p.required),
    );
    expect(probes.length).toBeGreaterThan(0);
    const actors = await createFuzzActors(api.app, api.database.db, api.seeded, "probe");
    for (const operation of probes) {
      const anonymous = await send({ kind: "valid", method: "GET", url: operation.path, headers: {} });
      const signedIn = await send(
        withToken(
          { kind: "valid", method: "GET", url: operation.path, headers: { authorization: "Bearer {token}" } },
          await actors.newToken(),
        ),
      );
      expect(anonymous.statusCode, `${operation.key} anonymous: ${anonymous.body}`).toBe(401);
      expect(signedIn.statusCode, `${operation.key} signed in: ${signedIn.body}`).toBe(200);
    }
  });

  it("fuzzes every operation of the contracts' table, and the document describes exactly those", async () => {
    expect(Number.isInteger(RUNS) && RUNS > 0, "FUZZ_RUNS must be a positive whole number").toBe(true);
    expect(Number.isInteger(SEED), "FUZZ_SEED must be a whole number").toBe(true);
    expect(KEYS.length, `FUZZ_ONLY names no operation of ${TABLE_KEYS.join(", ")}`).toBeGreaterThan(0);
    const documented = listOperations(await fetchDocument()).map((operation) => operation.key);
    expect(documented.toSorted()).toEqual(TABLE_KEYS.toSorted());
  });

  // One test per operation: a failure names its operation, and no single test carries the whole run's time
  // (on a loaded machine one test for all 65 operations ran past its time-out).
  describe("answers without a 5xx, with an errors list on every 4xx and a documented body on every 2xx", () => {
    let document: OpenApiDocument;
    let all: Operation[];
    let checkResponse: ReturnType<typeof createResponseChecker>;
    const findings: Array<ReturnType<typeof createFailureLog>> = [];
    beforeAll(async () => {
      document = await fetchDocument();
      all = listOperations(document);
      checkResponse = createResponseChecker(document);
    });
    afterAll(() => {
      const requests = findings.reduce((sum, log) => sum + log.requestCount, 0);
      console.log(`openapi-fuzz: ${requests} requests to ${findings.length} operations (seed ${SEED}, ${RUNS} per operation and caller)`);
      mkdirSync(new URL(".", REPORT_FILE), { recursive: true });
      writeFileSync(
        REPORT_FILE,
        JSON.stringify(
          {
            seed: SEED,
            runs: RUNS,
            requests,
            failures: findings
              .flatMap((log) => log.failures())
              .map(({ kinds, callers, ...failure }) => ({ ...failure, kinds: Object.fromEntries(kinds), callers: [...callers] })),
          },
          null,
          2,
        ),
      );
    });

    it.for(KEYS.map((key, index) => [key, index] as const))("%s", { timeout: Math.max(30_000, RUNS * 1_000) }, async ([key, index]) => {
      const operation = all.find((candidate) => candidate.key === key);
      expect(operation, `${key} is not in the OpenAPI document`).toBeDefined();
      const log = await fuzz(document, all, checkResponse, operation!, String(index));
      findings.push(log);
      const report = log.report();
      if (report) {
        const replay = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ONLY="${key}"`;
        expect.fail(
          `${report.split("\n").length} problems in ${log.requestCount} requests (seed ${SEED}; re-run with ${replay}; ` +
            `whole requests in test-results/openapi-fuzz.json):\n${report}`,
        );
      }
    });
  });
});
