import { AdminCompanyResponseSchema, AdminListCompaniesResponseSchema } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { asShop, backOfficeStack, joinAs } from "./back-office";
import { createOwnProduct } from "./stock-products";

/*
 * Every page of the back office an owner can open without a form, at a phone's width (390 px): axe finds nothing
 * serious, and nothing makes the page itself wider than the screen (a wide table scrolls in its own box). Each
 * area's journeys check their pages at 1280 px as they use them; this is the sweep that misses none.
 */
const stack = backOfficeStack();

const PAGES = [
  "/",
  "/orders",
  "/refunds",
  "/returns",
  "/withdrawals",
  "/products",
  "/products/new",
  "/products/bulk-edit",
  "/products/import",
  "/products/export",
  "/stock",
  "/categories",
  "/attributes",
  "/product-types",
  "/discounts",
  "/discounts/new",
  "/customers",
  "/customers/invite",
  "/customers/messages",
  "/customers/companies",
  "/customers/consent-records",
  "/customers/data-export",
  "/customers/erase",
  "/content",
  "/content/pages/new",
  "/content/menus",
  "/content/redirects",
  "/content/blog",
  "/content/blog/new",
  "/content/blog/categories",
  "/settings",
  "/settings/shop",
  "/settings/delivery",
  "/settings/tax",
  "/settings/payments",
  "/settings/jobs",
  "/staff",
  "/staff/tokens",
  "/audit-log",
  "/account",
];

describe("every page of the back office at 390 px", () => {
  const browser = sessionPerTest();

  it("is clean for axe and no wider than the screen", { timeout: 240_000 }, async () => {
    const { page } = browser;
    await joinAs(page, stack, "owner");
    await page.setViewportSize({ width: 390, height: 844 });
    // A product of the sweep's own, with a stock history whose note is one long word: the pages that show a
    // product and a variant's stock, with what widens a page at a phone's width.
    const product = await createOwnProduct(stack, "sweep");
    const variantId = product.variants[0]!.id;
    await asShop(stack, "POST", `/admin/variants/${variantId}/stock-adjustments`, {
      delta: 3,
      reason: "received",
      note: `Delivery-note-${"0123456789".repeat(6)}`,
    });
    // A trade company (the demo shop has one) and one of its buyers: the pages with addresses.
    const { data: companies } = AdminListCompaniesResponseSchema.parse(await asShop(stack, "GET", "/admin/companies?limit=1"));
    const company = AdminCompanyResponseSchema.parse(await asShop(stack, "GET", `/admin/companies/${companies.companies[0]!.id}`)).data;
    const pages = [
      ...PAGES,
      `/products/${product.id}`,
      `/products/${product.id}/safety`,
      `/stock/variants/${variantId}`,
      `/customers/companies/${company.id}`,
      `/customers/${company.buyers[0]!.id}`,
    ];

    const problems: string[] = [];
    for (const path of pages) {
      const answer = await page.goto(`${stack.backOfficeUrl}${path}`);
      expect(answer?.status(), path).toBe(200);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 1) {
        // The outermost elements past the screen's edge that no scrolling box of their own holds: what to fix.
        const culprits = await page.evaluate(() => {
          const edge = document.documentElement.clientWidth + 1;
          const scrolls = (element: Element) => ["auto", "scroll", "hidden"].includes(getComputedStyle(element).overflowX);
          const held = (element: Element) => {
            for (let parent = element.parentElement; parent; parent = parent.parentElement) if (scrolls(parent)) return true;
            return false;
          };
          return [...document.querySelectorAll("body *")]
            .filter((element) => element.getBoundingClientRect().right > edge)
            .filter((element) => !held(element) || getComputedStyle(element).position === "absolute")
            .slice(0, 3)
            .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`);
        });
        problems.push(`${path}: ${overflow} px wider than the screen (${culprits.join(", ")})`);
        await screenshotForReview(page, `back-office-too-wide${path.replaceAll("/", "-")}`);
      }
      await expectNoSeriousA11yViolations(page);
    }
    expect(problems).toEqual([]);
  });
});
