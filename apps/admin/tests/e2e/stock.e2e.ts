import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { asShop, backOfficeStack, joinAs } from "./back-office";
import { createOwnProduct } from "./stock-products";

/*
 * The back office's stock, in Chromium against the shared stack: a fulfilment member finds a variant of the
 * journey's own product by its SKU, adjusts its stock with a reason, sets it after a count, gives it its own low-stock
 * threshold, and reads each movement in its history, with JavaScript and without; a content member sees no stock or
 * catalogue section and is refused their pages.
 */
const stack = backOfficeStack();

/** The variant's stock as the API holds it now. */
async function stockNow(variantId: number) {
  return (
    await asShop<{ data: { stockQuantity: number; lowStockThreshold: number | null; low: boolean } }>(
      stack,
      "GET",
      `/admin/variants/${variantId}/stock`,
    )
  ).data;
}

/** Runs one of the variant page's forms: fills its fields, presses its button, and waits for the message it leaves. */
async function act(
  page: Page,
  card: string,
  fields: Record<string, string>,
  selects: Record<string, string>,
  button: string,
  message: string,
) {
  const region = page.getByRole("region", { name: card });
  for (const [label, value] of Object.entries(fields)) await region.getByLabel(label).fill(value);
  for (const [label, option] of Object.entries(selects)) await region.getByLabel(label).selectOption({ label: option });
  await region.getByRole("button", { name: button }).click();
  await expect.poll(() => page.getByRole("status").innerText()).toContain(message);
}

for (const javaScriptEnabled of [true, false]) {
  describe(`stock in the back office (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    const browser = sessionPerTest({ javaScriptEnabled });

    it("finds a variant by SKU, adjusts its stock with a reason, sets it, and reads the history", async () => {
      const { page } = browser;
      const product = await createOwnProduct(stack, `stock-${javaScriptEnabled ? "js" : "nojs"}`);
      const variant = product.variants[0]!;
      const member = await joinAs(page, stack, "fulfilment");

      // The stock section from the navigation, or from the home page's count of variants low on stock.
      if (javaScriptEnabled) await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Stock" }).click();
      else await page.getByRole("link", { name: "variants low on stock" }).click();
      await page.getByRole("heading", { level: 1, name: "Stock" }).waitFor();
      // An unknown SKU is said so beside the search.
      await page.getByLabel("SKU", { exact: true }).fill(`${variant.sku}-NONE`);
      await page.getByRole("button", { name: "Find" }).click();
      await expect.poll(() => page.getByRole("alert").innerText()).toContain(`No variant has the SKU "${variant.sku}-NONE"`);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-stock");
      }
      await page.getByLabel("SKU", { exact: true }).fill(variant.sku);
      await page.getByRole("button", { name: "Find" }).click();
      await page.getByRole("heading", { level: 1, name: `Stock of ${variant.sku}` }).waitFor();
      expect(page.url()).toBe(`${stack.backOfficeUrl}/stock/variants/${variant.id}`);

      await act(
        page,
        "Adjust stock",
        { Change: "-2", "Note (optional)": "Water damage" },
        { Reason: "Damaged" },
        "Adjust stock",
        `Stock of ${variant.sku} changed by -2: now 3.`,
      );
      expect((await stockNow(variant.id)).stockQuantity).toBe(3);
      const history = page.getByRole("region", { name: "History" });
      const newest = history.getByRole("row").nth(1);
      await expect.poll(() => newest.innerText()).toMatch(new RegExp(`-2\\s+3\\s+Damaged\\s*:?\\s*Water damage\\s+${member.email}`));

      // Taking away more than there is is refused, and nothing moves.
      await page.getByRole("region", { name: "Adjust stock" }).getByLabel("Change").fill("-50");
      await page.getByRole("region", { name: "Adjust stock" }).getByRole("button", { name: "Adjust stock" }).click();
      await page.getByRole("alert").waitFor();
      expect((await stockNow(variant.id)).stockQuantity).toBe(3);

      await act(page, "Set stock", { "New count": "24" }, { Reason: "Stock count" }, "Set stock", `Stock of ${variant.sku} set to 24.`);
      expect((await stockNow(variant.id)).stockQuantity).toBe(24);
      await expect.poll(() => history.getByRole("row").nth(1).innerText()).toMatch(/\+21\s+24\s+Stock count/);

      await act(page, "Low-stock threshold", { Threshold: "30" }, {}, "Save threshold", `Low-stock threshold of ${variant.sku} set to 30.`);
      expect(await stockNow(variant.id)).toMatchObject({ lowStockThreshold: 30, low: true });
      await expect.poll(() => page.getByRole("region", { name: "Current stock" }).innerText()).toContain("Low on stock");

      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-stock-variant");
        await page.setViewportSize({ width: 390, height: 844 });
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-stock-variant-390", { fullPage: true });
        expectNoPageProblems(browser);
      }
    });
  });
}

describe("stock and the catalogue's structure for a role without them", () => {
  const browser = sessionPerTest({ javaScriptEnabled: true });

  it("shows a content member none of these sections, and refuses their pages", async () => {
    const { page } = browser;
    await joinAs(page, stack, "content");
    const navigation = page.getByRole("navigation", { name: "Back office" });
    await navigation.getByRole("link", { name: "Home" }).waitFor();
    for (const section of ["Stock", "Categories", "Attributes"])
      expect(await navigation.getByRole("link", { name: section }).count()).toBe(0);
    for (const path of [
      "/stock",
      "/stock/variants/1",
      "/categories",
      "/categories/1",
      "/attributes",
      "/attributes/1",
      "/products/bulk-edit",
    ]) {
      const response = await page.goto(`${stack.backOfficeUrl}${path}`);
      expect(response?.status(), path).toBe(403);
      await page.getByRole("heading", { level: 1, name: "Not allowed" }).waitFor();
    }
  });
});
