import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { asShop, backOfficeStack, joinAs } from "./back-office";

/*
 * The catalogue's files in the back office, in Chromium against the shared stack: a manager checks a Quire-format
 * CSV with a bad price, sees that row's problem and the import withheld, fixes the row, checks and starts the
 * import, follows its progress page (which refreshes itself) to the end, and finds the new products in the list;
 * then downloads the export. With JavaScript and without. The products are this run's own (a random suffix) and
 * unpublished, so no other journey sees them. A content member is refused the import.
 */
const stack = backOfficeStack();

const HEADER = "handle,name,description,published,sku,variant_name,stock,price_GBP,price_EUR,price_USD";

/** A Quire catalogue file of two new products; `tallyPrice` is the second product's GBP price as written. */
function catalogueFile(suffix: string, tallyPrice: string): string {
  const upper = suffix.toUpperCase();
  return [
    HEADER,
    `ledger-${suffix},The Ledger ${suffix},A year of accounts.,false,LEDGER-${upper}-HB,Hardback,3,18.00,21.00,23.00`,
    `tallies-${suffix},Tallies ${suffix},Counting sticks.,false,TALLY-${upper}-PB,Paperback,5,${tallyPrice},8.50,9.00`,
  ].join("\n");
}

/** This run's products as the API holds them: slug and whether published, by slug. */
async function productsOfRun(suffix: string) {
  const answer = await asShop<{ data: { products: { slug: string; isPublished: boolean }[] } }>(
    stack,
    "GET",
    `/admin/products?search=${encodeURIComponent(suffix)}`,
  );
  return answer.data.products.map(({ slug, isPublished }) => ({ slug, isPublished })).sort((a, b) => a.slug.localeCompare(b.slug));
}

/** Chooses the file in the import form (again, after a page without JavaScript was reloaded). */
async function chooseFile(page: Page, text: string) {
  await page.getByLabel("Format").selectOption({ label: "Quire catalogue CSV" });
  if (!text) return;
  await page.getByLabel(/^CSV file/).setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
}

/** The page's main text, or "" while it is being reloaded (the progress page refreshes itself). */
async function mainText(page: Page): Promise<string> {
  return page
    .locator("main")
    .innerText({ timeout: 1_000 })
    .catch(() => "");
}

for (const javaScriptEnabled of [true, false]) {
  describe(`the catalogue's files (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    const browser = sessionPerTest({ javaScriptEnabled });

    it("checks a file, shows its bad row, imports the fixed file, follows its progress, and exports the catalogue", async () => {
      const { page } = browser;
      const suffix = `${javaScriptEnabled ? "js" : "nojs"}-${randomUUID().slice(0, 8)}`;
      await joinAs(page, stack, "manager");

      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products" }).click();
      await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
      await page.getByRole("link", { name: "Import", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Import products" }).waitFor();

      // A file saved in another encoding than UTF-8 is refused beside its field, with how to save it.
      await chooseFile(page, "");
      await page
        .getByLabel(/^CSV file/)
        .setInputFiles({ name: "latin1.csv", mimeType: "text/csv", buffer: Buffer.from(`${HEADER}\ncafé-${suffix},Café`, "latin1") });
      await page.getByRole("button", { name: "Check the file" }).click();
      // Polled on the whole page, so a failure says what the page showed instead (once, under CI, no alert came).
      await expect.poll(() => mainText(page)).toContain("The file is not UTF-8 text.");
      expect(await page.getByRole("alert").innerText()).toContain("The file is not UTF-8 text.");
      expect(await page.getByLabel(/^CSV file/).getAttribute("aria-invalid")).toBe("true");

      // The dry run of a file with a price that is not money: the row's problem, by row and column.
      await chooseFile(page, catalogueFile(suffix, "abc"));
      await page.getByRole("button", { name: "Check the file" }).click();
      const report = page.getByRole("region", { name: "What the import would do" });
      await report.waitFor();
      const problems = report.getByRole("table", { name: /Problems to fix/ });
      await expect.poll(() => problems.getByRole("row").allInnerTexts()).toHaveLength(2);
      const problem = await problems.getByRole("row").nth(1).innerText();
      expect(problem).toMatch(/^3\s+price_GBP\s+\S/);
      expect(await report.innerText()).toMatch(/New products\s+1/);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-catalogue-import-report");
        await page.setViewportSize({ width: 390, height: 844 });
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-catalogue-import-report-390");
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      // Asked to start, the same file is checked again and the import withheld.
      if (!javaScriptEnabled) await chooseFile(page, catalogueFile(suffix, "abc"));
      await page.getByRole("button", { name: "Check and start the import if it has no problems" }).click();
      await expect.poll(() => report.innerText()).toContain("The import was not started");
      expect(new URL(page.url()).pathname).toBe("/products/import");
      expect(await productsOfRun(suffix)).toEqual([]);

      // The fixed file: checked and started, then followed to its end on the page that refreshes itself.
      await chooseFile(page, catalogueFile(suffix, "7.25"));
      await page.getByRole("button", { name: "Check and start the import if it has no problems" }).click();
      await page.waitForURL(/\/products\/import\/\d+$/);
      await page.getByRole("heading", { level: 1, name: /^Import \d+$/ }).waitFor();
      await expect.poll(() => mainText(page), { timeout: 30_000 }).toContain("State: Finished");
      // Finished, the page stops refreshing itself.
      expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
      const progress = page.getByRole("progressbar", { name: "Products worked through" });
      expect(await progress.getAttribute("value")).toBe("2");
      expect(await mainText(page)).toMatch(/2 of 2 products \(100%\)/);
      expect(await mainText(page)).toMatch(/Products created\s+2/);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-catalogue-import-progress");
      }

      // The import is listed on the import page, and its products are in the list (unpublished).
      const importPath = new URL(page.url()).pathname;
      await page.getByRole("link", { name: "All imports" }).click();
      await page.getByRole("heading", { level: 1, name: "Import products" }).waitFor();
      const recent = page.getByRole("table", { name: "Recent imports, newest first" });
      expect(await recent.getByRole("link", { name: `Import ${importPath.split("/").pop()}` }).getAttribute("href")).toBe(importPath);
      await page.goto(`${stack.backOfficeUrl}/products?q=${suffix}`);
      await expect
        .poll(() => page.getByRole("rowheader").allInnerTexts())
        .toEqual(expect.arrayContaining([expect.stringContaining(`The Ledger ${suffix}`), expect.stringContaining(`Tallies ${suffix}`)]));
      expect(await productsOfRun(suffix)).toEqual([
        { slug: `ledger-${suffix}`, isPublished: false },
        { slug: `tallies-${suffix}`, isPublished: false },
      ]);

      if (javaScriptEnabled) await screenshotForReview(page, "back-office-catalogue-products");
      // The export: its page, and the CSV it downloads with this member's session.
      await page.getByRole("link", { name: "Export", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Export the catalogue" }).waitFor();
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-catalogue-export");
      }
      const csv = await page.request.get(`${stack.backOfficeUrl}/products/export.csv?format=quire`);
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="catalogue-quire-/);
      const text = await csv.text();
      expect(text.split(/\r?\n/)[0]).toMatch(/^handle,name,subtitle,description,/);
      expect(text).toContain(`ledger-${suffix}`);
      if (javaScriptEnabled) expectNoPageProblems(browser);
    });
  });
}

describe("a content member", () => {
  const browser = sessionPerTest();

  it("is refused the catalogue's import and export", async () => {
    const { page } = browser;
    await joinAs(page, stack, "content");
    const nav = page.getByRole("navigation", { name: "Back office" });
    await expect.poll(() => nav.getByRole("link").allInnerTexts()).toContain("Content");
    expect(await nav.getByRole("link").allInnerTexts()).not.toContain("Products");
    for (const path of ["/products/import", "/products/export", "/products/export.csv?format=quire"]) {
      const response = await page.goto(`${stack.backOfficeUrl}${path}`);
      expect(response?.status(), path).toBe(403);
      // The CSV is a file, not a page: its refusal is the status alone.
      if (!path.includes(".csv")) await page.getByRole("heading", { level: 1, name: "Not allowed" }).waitFor();
    }
  });
});
