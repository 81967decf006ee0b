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

/** The WCAG 2.2 A and AA rules axe has (target size among them), with the WCAG 2.0 and 2.1 ones they build on. */
const WCAG_22_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Scans the page with axe's WCAG 2.2 A and AA rules and fails on any violation, whatever its impact (a
 * target too small for a finger is "serious" at most, yet a failure of the standard). Three of axe's
 * best-practice rules run too: content outside landmarks (region), headings that skip a level
 * (heading-order), and a paragraph styled to look like a heading (p-as-heading).
 */
export async function expectNoWcag22Violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(WCAG_22_AA_TAGS)
    .options({
      resultTypes: ["violations"],
      rules: { region: { enabled: true }, "heading-order": { enabled: true }, "p-as-heading": { enabled: true } },
    })
    .analyze();
  const report = results.violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ") ?? ""}`).join("\n"),
  );
  expect(report, `WCAG 2.2 AA violations on ${page.url()}`).toEqual([]);
}
