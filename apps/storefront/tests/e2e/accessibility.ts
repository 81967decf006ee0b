import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** axe-core's browser build, read once per test worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violations = AxeResults["violations"];

/**
 * Runs axe-core in the page's document and answers its violations. Every rule of `options` runs; three things
 * keep a scan cheap, since the journeys make some 250 of them on two busy cores (decision 021):
 * - axe is put into a document once, however often it is scanned (the Playwright wrapper evaluated its 650 KB
 *   twice per scan, a second on a busy core each time), through the DevTools protocol, which the page's
 *   Content-Security-Policy does not govern;
 * - axe runs in the page itself, `axe.run` on the top document: Quire's pages have no frames, and a
 *   cross-origin frame, should one appear, would be reported by axe's own `frame-tested` rule;
 * - only the violations come back, not the hundreds of passing nodes nobody reads.
 */
async function violationsOf(page: Page, options: RunOptions): Promise<Violations> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe
        .run(document, runOptions)
        .then((results) => results.violations),
    { ...options, resultTypes: ["violations"] } satisfies RunOptions,
  );
}

/**
 * Scans the page as it is now with axe-core and fails on any serious or critical violation, listing each
 * rule with the elements it found, so the failure message says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const violations = await violationsOf(page, {});
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
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
  const violations = await violationsOf(page, {
    runOnly: { type: "tag", values: WCAG_22_AA_TAGS },
    rules: { region: { enabled: true }, "heading-order": { enabled: true }, "p-as-heading": { enabled: true } },
  });
  const report = violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ") ?? ""}`).join("\n"),
  );
  expect(report, `WCAG 2.2 AA violations on ${page.url()}`).toEqual([]);
}
