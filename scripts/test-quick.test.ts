import { describe, expect, it } from "vitest";
import { nearestApiTests, quickPlan } from "./test-quick.mjs";

type Step = { name: string; command: string; args: string[] };
type ApiTest = { file: string; source: string };
const plan = (changed: string[], since = "origin/main", apiTests: ApiTest[] = []): Step[] => quickPlan(changed, since, apiTests);

/** A few API test files as they import their subjects. */
const API_TESTS: ApiTest[] = [
  { file: "apps/api/src/modules/cart/cart.test.ts", source: 'import { addLine } from "./cart.service";\n' },
  { file: "apps/api/src/modules/cart/cart-reorder.test.ts", source: 'import { useTestApi } from "../../testing/test-api";\n' },
  {
    file: "apps/api/src/flows/money-flows.test.ts",
    source: 'import { refund } from "./money-flows";\nimport { addLine } from "../modules/cart/cart.service.ts";\n',
  },
  { file: "apps/api/src/modules/contact/contact.test.ts", source: 'import { useTestApi } from "../../testing/test-api";\n' },
  { file: "apps/api/src/http/openapi.test.ts", source: 'const { buildApp } = await import("../app");\nimport "../modules/orders";\n' },
];

describe("the quick test loop", () => {
  it("type-checks everything, lints and formats the changed files, and runs the tests related to the change", () => {
    const steps = plan(["apps/api/src/modules/cart/cart.service.ts", "docs/architecture.md", "package.json"], "origin/main", API_TESTS);
    expect(steps.map((step) => step.name)).toEqual(["typecheck", "eslint", "prettier", "unit tests", "api tests"]);
    expect(steps[1]!.args).toEqual(["eslint", "--no-warn-ignored", "apps/api/src/modules/cart/cart.service.ts"]);
    expect(steps[2]!.args.slice(-2)).toEqual(["apps/api/src/modules/cart/cart.service.ts", "package.json"]);
    expect(steps[3]!.args).toEqual(["vitest", "run", "--project", "unit", "--changed=origin/main", "--passWithNoTests"]);
    expect(steps[4]!.args).toEqual([
      "vitest",
      "run",
      "--project",
      "api",
      "apps/api/src/flows/money-flows.test.ts",
      "apps/api/src/modules/cart/cart-reorder.test.ts",
      "apps/api/src/modules/cart/cart.test.ts",
    ]);
  });

  it("runs the API tests that changed, sit beside a changed file or import one directly, not all those the app reaches", () => {
    expect(nearestApiTests(["apps/api/src/modules/contact/contact.service.ts"], API_TESTS)).toEqual([
      "apps/api/src/modules/contact/contact.test.ts",
    ]);
    expect(nearestApiTests(["apps/api/src/http/openapi.test.ts"], API_TESTS)).toEqual(["apps/api/src/http/openapi.test.ts"]);
    // A dynamic import, and a folder's index named by the folder.
    expect(nearestApiTests(["apps/api/src/app.ts"], API_TESTS)).toEqual(["apps/api/src/http/openapi.test.ts"]);
    expect(nearestApiTests(["apps/api/src/modules/orders/index.ts"], API_TESTS)).toEqual(["apps/api/src/http/openapi.test.ts"]);
    // The test helpers are imported by every file that builds the app: each importer runs.
    expect(nearestApiTests(["apps/api/src/testing/test-api.ts"], API_TESTS)).toEqual([
      "apps/api/src/modules/cart/cart-reorder.test.ts",
      "apps/api/src/modules/contact/contact.test.ts",
    ]);
  });

  it("runs no API test for a change the API tests do not import", () => {
    expect(plan(["apps/storefront/app/root.tsx"], "origin/main", API_TESTS).map((step) => step.name)).toEqual([
      "typecheck",
      "eslint",
      "prettier",
      "unit tests",
    ]);
  });

  it("leaves out the browser journeys and the topology test, which only `npm test` runs", () => {
    const projects = plan(["apps/api/src/modules/cart/cart.service.ts"], "origin/main", API_TESTS).flatMap((step) =>
      step.args.includes("--project") ? [step.args[3]] : [],
    );
    expect(projects).toEqual(["unit", "api"]);
  });

  it("skips lint and format when only documents changed", () => {
    expect(plan(["README.md"], "HEAD", API_TESTS).map((step) => step.name)).toEqual(["typecheck", "unit tests"]);
  });
});
