import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Scans the page as it is now with axe-core and fails on any serious or critical violation, listing each
 * rule with the elements it found, so the failure message says what to fix.
 *
 * Every rule runs; two settings only make the scan cheaper (decision 021). Axe details only the
 * violations, not the hundreds of passing nodes nobody reads. And it runs in the page itself
 * ("legacy mode") instead of opening a second blank page per scan to merge results from frames: Quire's
 * pages have no frames, and in this mode a cross-origin frame, should one appear, is not scanned but
 * reported by axe's `frame-tested` rule. Together these halve the browser's work per scan.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const report = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ") ?? ""}`).join("\n"),
  );
  expect(report, `accessibility violations on ${page.url()}`).toEqual([]);
}
