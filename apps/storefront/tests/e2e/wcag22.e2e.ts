import { ProductFiltersResponseSchema } from "@quire/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoWcag22Violations } from "./accessibility";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "./browser";
import { findCheckoutBooks, startCheckout } from "./checkout-journeys";
import { getFromApi } from "./demo-api";
import { startStack, type Stack } from "./stack";

/**
 * WCAG 2.2 AA (issue 26): the pages a walkthrough found failing, scanned by axe with the 2.2 A and AA rules
 * (target size among them) at a desktop and a phone width: a filtered category page, the checkout with its
 * small footer, and the Adyen sandbox's payment page; and the accessibility statement, which says these pages are
 * scanned so, and the withdrawal function's first step (issue 30). A Quire of its own, with the payment sandbox.
 */
let stack: Stack;
const browser = sessionPerTest();
beforeAll(async () => {
  stack = await startStack({ name: "wcag22", payments: true });
});
afterAll(async () => {
  await stack?.stop();
});

const CATEGORY = "gift-books-for-her";
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/**
 * Scans the page at each width, after the cookie banner has been answered (it is scanned on its own pages); with
 * `screenshot`, a picture at each width for a person to look at (SCREENSHOTS=1).
 */
async function scanAtBothWidths(page: Page, screenshot?: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoWcag22Violations(page);
    if (screenshot) await screenshotForReview(page, `${screenshot}-${size.width}`);
  }
}

describe("WCAG 2.2 AA", () => {
  it("a filtered category page", async () => {
    const { page } = browser;
    const { data: filters } = await getFromApi("/product-filters", ProductFiltersResponseSchema, { query: { CategorySlug: CATEGORY } });
    const format = filters.facets.find((facet) => facet.code === "format");
    const value = format?.values.find((candidate) => candidate.count > 0 && candidate.count < filters.total);
    expect(value, "the seed gives the category books of more than one format").toBeDefined();
    await page.goto(`${stack.storefrontUrl}/store/${CATEGORY}?format=${value!.code}`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await scanAtBothWidths(page);
    expectNoPageProblems(browser);
  });

  it("the checkout, with its small footer", async () => {
    const { page } = browser;
    const books = await findCheckoutBooks(1, "name-asc");
    await startCheckout(page, books, { javaScript: true, storefrontUrl: stack.storefrontUrl });
    await scanAtBothWidths(page);
    // The small footer's links, Cookies among them, are at least 24 px tall (WCAG 2.2, 2.5.8).
    for (const link of await page.getByRole("contentinfo").getByRole("link").all()) {
      expect((await link.boundingBox())!.height, await link.innerText()).toBeGreaterThanOrEqual(24);
    }
    expectNoPageProblems(browser);
  });

  it("the accessibility statement", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/accessibility`);
    await page.getByRole("heading", { level: 1, name: "Accessibility statement" }).waitFor();
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await scanAtBothWidths(page, "accessibility-statement");
    expectNoPageProblems(browser);
  });

  it("the withdrawal function's first step", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/withdraw`);
    await page.getByRole("heading", { level: 1, name: "Withdraw from a contract" }).waitFor();
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await scanAtBothWidths(page, "withdraw");
    expectNoPageProblems(browser);
  });

  it("the Adyen sandbox's payment page", async () => {
    const { page } = browser;
    const created = await page.request.post(`${stack.paymentSandboxUrl}/v71/paymentLinks`, {
      headers: { "X-API-Key": "AQE_quire_sandbox_api_key" },
      data: {
        amount: { value: 1999, currency: "GBP" },
        merchantAccount: "QuireSandboxECOM",
        reference: "wcag22",
        returnUrl: `${stack.storefrontUrl}/checkout/payment-return`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { url } = (await created.json()) as { url: string };
    await page.goto(url);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await scanAtBothWidths(page);
    expectNoPageProblems(browser);
  });
});
