import { StoreSettingsResponseSchema } from "@quire/contracts";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, openBrowser, sessionPerTest } from "./browser";
import { basketLink, findProducts, isWellStocked, lineTitle, masterOf } from "./cart-catalogue";
import { getFromApi } from "./demo-api";

/**
 * Quick order (the demo store enables it): several SKUs with quantities added at once, in
 * one call to the API (PUT /baskets/bulk, decision 020), each line that fails reported with its reason, the
 * others added.
 */
const storefrontUrl = inject("storefrontUrl");

const browser = sessionPerTest();

describe("quick order", () => {
  it("adds the lines it can, and reports the unknown SKU's line with its reason", async () => {
    const { data: settings } = await getFromApi("/store-settings", StoreSettingsResponseSchema);
    expect(settings.isQuickOrderEnabled).toBe(true);
    const [first, second] = await findProducts(2, (product) => isWellStocked(masterOf(product)));
    const { page } = browser;
    await page.goto(`${storefrontUrl}/cart`);
    const panel = page.getByRole("region", { name: "Quick order" });
    await panel.waitFor();
    await expectNoSeriousA11yViolations(page);

    await panel.getByRole("textbox", { name: "SKU, line 1" }).fill(masterOf(first!).sku);
    await panel.getByRole("spinbutton", { name: "Quantity, line 1" }).fill("2");
    await panel.getByRole("textbox", { name: "SKU, line 2" }).fill("NO-SUCH-SKU");
    await panel.getByRole("spinbutton", { name: "Quantity, line 2" }).fill("1");
    // Typed in lower case, with no quantity: one of it.
    await panel.getByRole("textbox", { name: "SKU, line 3" }).fill(masterOf(second!).sku.toLowerCase());
    await panel.getByRole("button", { name: "Add all to basket" }).click();

    const report = panel.getByRole("status");
    await report.getByText("Added to your basket (2 lines)").waitFor();
    await report.getByText(`${first!.name} (${masterOf(first!).name}) × 2`).waitFor();
    await report.getByText(`${second!.name} (${masterOf(second!).name}) × 1`).waitFor();
    await report.getByText("Not added (1 line)").waitFor();
    expect(await report.getByRole("list", { name: "Lines not added" }).innerText()).toBe(
      "Line 2 (NO-SUCH-SKU): No item has the SKU NO-SUCH-SKU.",
    );
    // The failed line is back in the form to correct; the added ones are not.
    expect(await panel.getByRole("textbox", { name: "SKU, line 1" }).inputValue()).toBe("NO-SUCH-SKU");

    await basketLink(page, 3).waitFor();
    const basket = page.getByRole("list", { name: "Items in your basket" });
    await basket.getByRole("link", { name: first!.name, exact: true }).waitFor();
    await basket.getByRole("link", { name: second!.name, exact: true }).waitFor();
    expect(await basket.getByRole("spinbutton", { name: `Quantity of ${lineTitle(first!)}` }).inputValue()).toBe("2");
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("works without JavaScript, starting the visitor's basket", async () => {
    const [book] = await findProducts(1, (product) => isWellStocked(masterOf(product)));
    const plain = await openBrowser({ javaScriptEnabled: false });
    try {
      const { page } = plain;
      await page.goto(`${storefrontUrl}/cart`);
      const panel = page.getByRole("region", { name: "Quick order" });
      await panel.getByRole("textbox", { name: "SKU, line 1" }).fill(masterOf(book!).sku);
      await panel.getByRole("spinbutton", { name: "Quantity, line 1" }).fill("2");
      await panel.getByRole("textbox", { name: "SKU, line 2" }).fill(masterOf(book!).sku);
      await panel.getByRole("button", { name: "Add all to basket" }).click();
      // Two lines of one book add up on one basket line.
      await panel.getByRole("status").getByText("Added to your basket (2 lines)").waitFor();
      await basketLink(page, 3).waitFor();
      expect(
        await page
          .getByRole("list", { name: "Items in your basket" })
          .getByRole("spinbutton", { name: `Quantity of ${lineTitle(book!)}` })
          .inputValue(),
      ).toBe("3");
      // The new basket's cookie came with the answer: it is the visitor's on the next page too.
      await page.goto(`${storefrontUrl}/store`);
      await basketLink(page, 3).waitFor();
      expectNoPageProblems(plain);
    } finally {
      await plain.close();
    }
  });

  it("reports a quantity the shop refuses, with the API's reason, and adds nothing for it", async () => {
    const [book] = await findProducts(1, (product) => {
      const master = masterOf(product);
      return master.isPurchasable && master.price !== null && master.stock?.status === "LowStock";
    });
    const { page } = browser;
    await page.goto(`${storefrontUrl}/cart`);
    const panel = page.getByRole("region", { name: "Quick order" });
    await panel.getByRole("textbox", { name: "SKU, line 1" }).fill(masterOf(book!).sku);
    await panel.getByRole("spinbutton", { name: "Quantity, line 1" }).fill("500");
    await panel.getByRole("button", { name: "Add all to basket" }).click();
    const failed = panel.getByRole("list", { name: "Lines not added" });
    await failed.waitFor();
    expect(await failed.innerText()).toMatch(new RegExp(`^Line 1 \\(${masterOf(book!).sku}\\): Only \\d+ of this item (is|are) in stock`));
    // This test's session starts with no basket, and the refused line added nothing to it.
    await basketLink(page, 0).waitFor();
    expectNoPageProblems(browser);
  });
});
