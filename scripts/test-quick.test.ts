import { describe, expect, it } from "vitest";
import { quickPlan } from "./test-quick.mjs";

type Step = { name: string; command: string; args: string[] };
const plan = (changed: string[], since = "origin/main"): Step[] => quickPlan(changed, since);

describe("the quick test loop", () => {
  it("type-checks everything, lints and formats the changed files, and runs the tests related to the change", () => {
    const steps = plan(["apps/api/src/modules/cart/cart.service.ts", "docs/architecture.md", "package.json"]);
    expect(steps.map((step) => step.name)).toEqual(["typecheck", "eslint", "prettier", "unit tests", "api tests"]);
    expect(steps[1]!.args).toEqual(["eslint", "--no-warn-ignored", "apps/api/src/modules/cart/cart.service.ts"]);
    expect(steps[2]!.args.slice(-2)).toEqual(["apps/api/src/modules/cart/cart.service.ts", "package.json"]);
    expect(steps[3]!.args).toEqual(["vitest", "run", "--project", "unit", "--changed=origin/main", "--passWithNoTests"]);
    expect(steps[4]!.args).toEqual(["vitest", "run", "--project", "api", "--changed=origin/main", "--passWithNoTests"]);
  });

  it("leaves out the browser journeys and the topology test, which only `npm test` runs", () => {
    const projects = plan(["apps/storefront/app/root.tsx"]).flatMap((step) => (step.args.includes("--project") ? [step.args[3]] : []));
    expect(projects).toEqual(["unit", "api"]);
  });

  it("skips lint and format when only documents changed", () => {
    expect(plan(["README.md"], "HEAD").map((step) => step.name)).toEqual(["typecheck", "unit tests", "api tests"]);
  });
});
