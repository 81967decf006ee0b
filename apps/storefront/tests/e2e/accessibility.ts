import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Scans the page as it is now with axe-core and fails on any serious or critical violation, listing each
 * rule with the elements it found, so the failure message says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const report = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ") ?? ""}`).join("\n"),
  );
  expect(report, `accessibility violations on ${page.url()}`).toEqual([]);
}
