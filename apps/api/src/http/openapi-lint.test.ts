import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorStatusOf, type ApiErrorCode } from "@quire/contracts";
import { useTestApi } from "../testing/test-api";

/**
 * The document the API serves at /openapi.json passes `redocly lint` (the repository's redocly.yaml: the
 * recommended rules, operationIds required) with no error, as a client generator needs it. Warnings are allowed.
 */
const REDOCLY_CLI = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
const CONFIG = fileURLToPath(new URL("../../../../redocly.yaml", import.meta.url));

interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer?: string }[];
}

const api = useTestApi(async () => undefined);
let directory: string;
beforeAll(async () => void (directory = await mkdtemp(path.join(tmpdir(), "quire-openapi-lint-"))));
afterAll(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
});

async function lint(document: unknown): Promise<LintProblem[]> {
  const file = path.join(directory, "openapi.json");
  await writeFile(file, JSON.stringify(document));
  // redocly exits 1 when it finds errors; its JSON report on stdout says which either way.
  const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY_CLI, "lint", file, "--config", CONFIG, "--format", "json"], {
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
}

const describeProblem = (problem: LintProblem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? "?"}: ${problem.message}`;

describe("the OpenAPI document", () => {
  it("passes redocly lint without errors", { timeout: 60_000 }, async () => {
    const response = await api.get("/openapi.json");
    expect(response.statusCode).toBe(200);
    const errors = (await lint(response.json())).filter((problem) => problem.severity === "error");
    expect(errors.map(describeProblem)).toEqual([]);
  });

  it("is linted for real: an operation without an operationId is an error", { timeout: 60_000 }, async () => {
    const document = (await api.get("/openapi.json")).json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    delete document.paths["/products"]!.get!.operationId;
    const errors = (await lint(document)).filter((problem) => problem.severity === "error");
    expect(errors.map((problem) => problem.ruleId)).toEqual(["operation-operationId"]);
  });
});

interface DocumentedOperation {
  operationId?: string;
  "x-error-codes"?: string[];
  parameters?: { name: string; in: string; style?: string; explode?: boolean }[];
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>;
}

describe("each operation's error answers in the document", () => {
  const operationsOf = async () => {
    const document = (await api.get("/openapi.json")).json() as { paths: Record<string, Record<string, DocumentedOperation>> };
    return Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ key: `${method} ${path}`, operation })),
    );
  };

  it("list the codes it may answer, each status with the ErrorResponse body and its codes named", async () => {
    for (const { key, operation } of await operationsOf()) {
      const codes = operation["x-error-codes"] ?? [];
      expect(codes, key).toEqual(
        expect.arrayContaining(["api_key_missing", "store_not_found", "token_invalid", "internal_error", "service_unavailable"]),
      );
      for (const code of codes) {
        const response = operation.responses[String(errorStatusOf(code as ApiErrorCode))];
        expect(response?.content?.["application/json"]?.schema, `${key} ${code}`).toEqual({ $ref: "#/components/schemas/ErrorResponse" });
        expect(response?.description, `${key} ${code}`).toContain(`\`${code}\``);
      }
    }
  });

  it("add what a route declares to what every call answers, with Retry-After on 429 and 503", async () => {
    const operations = new Map((await operationsOf()).map(({ key, operation }) => [key, operation]));
    const addToCart = operations.get("put /baskets")!;
    expect(addToCart["x-error-codes"]).toEqual(
      expect.arrayContaining(["out_of_stock", "insufficient_stock", "invalid_input", "malformed_json"]),
    );
    expect(addToCart.responses["409"]?.description).toMatch(/`out_of_stock`/);
    expect(operations.get("get /categories/tree")!["x-error-codes"]).not.toContain("malformed_json");
    expect(operations.get("post /notifications/back-in-stock")!.responses["429"]?.headers).toHaveProperty("Retry-After");
    expect(operations.get("get /products")!.responses["503"]?.headers).toHaveProperty("Retry-After");
  });

  it("describe Filters as the indexed deepObject parameters the API reads", async () => {
    const listProducts = (await operationsOf()).find(({ key }) => key === "get /products")!.operation;
    expect(listProducts.parameters?.find((parameter) => parameter.name === "Filters")).toMatchObject({
      in: "query",
      style: "deepObject",
      explode: true,
    });
  });
});
