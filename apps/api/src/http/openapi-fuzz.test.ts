import { mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createFailureLog, type FuzzResponse } from "../testing/fuzz/fuzz-findings";
import { generateRequests, seedFor, withToken, type Caller, type FuzzRequest } from "../testing/fuzz/fuzz-requests";
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
 *
 * The first request of each distinct failure is written whole to test-results/openapi-fuzz.json.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
const ONLY = process.env.FUZZ_ONLY?.split(",")
  .map((key) => key.trim())
  .filter(Boolean);
const CALLERS: Caller[] = ["anonymous", "signed-in"];
const REPORT_FILE = new URL("../../../../test-results/openapi-fuzz.json", import.meta.url);

const api = useTestApi((db) => createFuzzShop(db));

async function send(request: FuzzRequest): Promise<FuzzResponse> {
  const response = await api.app.inject({
    method: request.method as "GET",
    url: request.url,
    headers: { ...TEST_HEADERS, ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  return { statusCode: response.statusCode, body: response.body };
}

async function fetchDocument() {
  const response = await api.get("/openapi.json");
  expect(response.statusCode).toBe(200);
  return response.json() as OpenApiDocument;
}

/** Sends every operation's generated requests, anonymous and signed in, and logs what is wrong with the answers. */
async function fuzz(document: OpenApiDocument, operations: Operation[]) {
  const all = listOperations(document);
  const checkResponse = createResponseChecker(document);
  // Checked against the operation the URL reaches, which a mutation may have changed (`/categories/`).
  const check = (request: FuzzRequest, status: number) => (body: unknown) =>
    checkResponse(operationFor(all, request.method, request.url), status, body);
  const log = createFailureLog();
  for (const [index, operation] of operations.entries()) {
    // Fresh actors per operation: whatever one operation's requests do to their customer stays there.
    const actors = await createFuzzActors(api.app, api.database.db, api.seeded, String(index));
    const context = { document, known: knownValuesOf(api.seeded, actors) };
    for (const caller of CALLERS) {
      for (const generated of generateRequests(context, operation, { seed: seedFor(SEED, operation, caller), count: RUNS, caller })) {
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
  }
  return log;
}

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

  it(
    "answers every operation without a 5xx, with an errors list on every 4xx and a documented body on every 2xx",
    { timeout: Math.max(120_000, RUNS * 5_000) },
    async () => {
      expect(Number.isInteger(RUNS) && RUNS > 0, "FUZZ_RUNS must be a positive whole number").toBe(true);
      expect(Number.isInteger(SEED), "FUZZ_SEED must be a whole number").toBe(true);
      const document = await fetchDocument();
      const all = listOperations(document);
      const operations = ONLY ? all.filter((operation) => ONLY.includes(operation.key)) : all;
      expect(
        operations.length,
        ONLY ? `FUZZ_ONLY names no operation of ${all.map((o) => o.key).join(", ")}` : "no operations",
      ).toBeGreaterThan(0);

      const started = performance.now();
      const log = await fuzz(document, operations);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `openapi-fuzz: ${log.requestCount} requests to ${operations.length} operations in ${seconds} s (seed ${SEED}, ${RUNS} per operation and caller)`,
      );

      const failures = log.failures();
      mkdirSync(new URL(".", REPORT_FILE), { recursive: true });
      writeFileSync(
        REPORT_FILE,
        JSON.stringify(
          {
            seed: SEED,
            runs: RUNS,
            requests: log.requestCount,
            failures: failures.map(({ kinds, callers, ...failure }) => ({
              ...failure,
              kinds: Object.fromEntries(kinds),
              callers: [...callers],
            })),
          },
          null,
          2,
        ),
      );
      const report = log.report();
      if (report) {
        const replay = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ONLY="<operation>"`;
        expect.fail(
          `${report.split("\n").length} problems in ${log.requestCount} requests (seed ${SEED}; re-run one operation with ${replay}; ` +
            `whole requests in test-results/openapi-fuzz.json):\n${report}`,
        );
      }
    },
  );
});
