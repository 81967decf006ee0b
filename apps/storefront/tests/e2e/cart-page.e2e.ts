import { StoreSettingsResponseSchema } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import {
  addByForm,
  basketLink,
  expectToast,
  findBooksWithAddons,
  findProducts,
  isWellStocked,
  lineTitle,
  masterOf,
} from "./cart-catalogue";
import { getFromApi } from "./demo-api";
import { viewProductPage } from "./product-views";

/**
 * The basket page: quantities, removal, add-ons for one line and for several at
 * once, the minimum-order message, and the recently viewed row.
 */
const storefrontUrl = inject("storefrontUrl");

const browser = sessionPerTest();

const lines = (page: Page) =>
  page
    .getByRole("list", { name: "Items in your basket" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading") });
const lineOf = (page: Page, title: string) =>
  lines(page).filter({ has: page.getByRole("button", { name: `Update quantity of ${title}` }) });

describe("the basket page", () => {
  it("is empty to begin with, and says so", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/cart`);
    await page.getByRole("heading", { level: 1, name: "Your basket" }).waitFor();
    await page.getByText("Your basket is empty.").waitFor();
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("changes a line's quantity and removes a line, each with a toast and the header's count following", async () => {
    const { page } = browser;
    const [first, second] = await findProducts(2, (product) => isWellStocked(masterOf(product)));
    await addByForm(page, masterOf(first!).id, 1);
    await addByForm(page, masterOf(second!).id, 2);
    await page.goto(`${storefrontUrl}/cart`);
    await basketLink(page, 3).waitFor();
    expect(await lines(page).count()).toBe(2);
    await expectNoSeriousA11yViolations(page);

    const firstLine = lineOf(page, lineTitle(first!));
    const quantity = firstLine.getByRole("spinbutton", { name: `Quantity of ${lineTitle(first!)}` });
    expect(await quantity.inputValue()).toBe("1");
    await quantity.fill("4");
    await firstLine.getByRole("button", { name: `Update quantity of ${lineTitle(first!)}` }).click();
    await expectToast(page, "Basket updated");
    await basketLink(page, 6).waitFor();
    expect(await lineOf(page, lineTitle(first!)).getByRole("spinbutton").inputValue()).toBe("4");
    // The line total is the API's, for four at the unit price it now shows.
    const unit = masterOf(first!).price!;
    await lineOf(page, lineTitle(first!))
      .getByText(formatMoney(unit.amount * 4, unit.currencyCode))
      .first()
      .waitFor();

    await lineOf(page, lineTitle(second!))
      .getByRole("button", { name: `Remove ${lineTitle(second!)} from your basket` })
      .click();
    await expectToast(page, "Removed from your basket");
    await basketLink(page, 4).waitFor();
    expect(await lines(page).count()).toBe(1);
    expectNoPageProblems(browser);

    // Empty the basket again for the journeys below.
    await lineOf(page, lineTitle(first!))
      .getByRole("button", { name: `Remove ${lineTitle(first!)} from your basket` })
      .click();
    await page.getByText("Your basket is empty.").waitFor();
  });

  it("updates one line's add-ons, then several lines' at once, with the toast 'Add-ons updated successfully'", async () => {
    const { page } = browser;
    const books = await findBooksWithAddons(2);
    for (const { product } of books) await addByForm(page, masterOf(product).id, 1);
    await page.goto(`${storefrontUrl}/cart`);
    await basketLink(page, 2).waitFor();

    // One line: the first option of its first add-on, saved with the line's own button.
    const [a, b] = books as [(typeof books)[number], (typeof books)[number]];
    const choose = async (title: string, addon: (typeof a.addons)[number], optionIndex: number) => {
      const line = lineOf(page, title);
      const option = addon.options[optionIndex]!;
      if (addon.options.length === 1) await line.getByRole("checkbox", { name: new RegExp(addon.name) }).check();
      else await line.getByRole("radio", { name: new RegExp(`^${option.name}`) }).check();
      return `+ ${addon.name}: ${option.name}`;
    };
    const firstChoice = await choose(lineTitle(a.product), a.addons[0]!, 0);
    await lineOf(page, lineTitle(a.product))
      .getByRole("button", { name: `Update add-ons of ${lineTitle(a.product)}` })
      .click();
    await expectToast(page, "Add-ons updated successfully");
    await lineOf(page, lineTitle(a.product)).getByText(firstChoice).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Both lines at once: the last add-on of each, saved with "Update all add-ons".
    const lastOf = (book: typeof a) => book.addons[book.addons.length - 1]!;
    const choiceA = await choose(lineTitle(a.product), lastOf(a), lastOf(a).options.length - 1);
    const choiceB = await choose(lineTitle(b.product), lastOf(b), lastOf(b).options.length - 1);
    await page.getByRole("button", { name: "Update all add-ons" }).click();
    await expectToast(page, "Add-ons updated successfully");
    await lineOf(page, lineTitle(a.product)).getByText(choiceA).waitFor();
    await lineOf(page, lineTitle(b.product)).getByText(choiceB).waitFor();
    expectNoPageProblems(browser);

    for (const { product } of books) {
      await lineOf(page, lineTitle(product))
        .getByRole("button", { name: `Remove ${lineTitle(product)} from your basket` })
        .click();
      await expectToast(page, "Removed from your basket");
    }
    await page.getByText("Your basket is empty.").waitFor();
  });

  it("shows the minimum-order message below the store's minimum, and lets the shopper check out above it", async () => {
    const { page } = browser;
    const { data: settings } = await getFromApi("/store-settings", StoreSettingsResponseSchema);
    const minimum = settings.minimumOrderPrices.find((price) => price.currencyCode === settings.defaultCurrencyCode)!;
    expect(minimum.amount, "the demo store has a minimum order").toBeGreaterThan(0);
    const [cheap] = await findProducts(1, (product) => isWellStocked(masterOf(product)) && masterOf(product).tierPrices.length === 0, {
      query: { MaxPrice: minimum.amount - 1, Sort: "price-asc" },
    });
    await addByForm(page, masterOf(cheap!).id, 1);
    await page.goto(`${storefrontUrl}/cart`);
    const message = `The minimum order is ${formatMoney(minimum.amount, minimum.currencyCode)}. Add a little more to your basket to place your order.`;
    await page.getByText(message).waitFor();
    expect(await page.getByRole("button", { name: "Checkout" }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    const enough = Math.ceil(minimum.amount / masterOf(cheap!).price!.amount);
    const line = lineOf(page, lineTitle(cheap!));
    await line.getByRole("spinbutton").fill(String(enough));
    await line.getByRole("button", { name: `Update quantity of ${lineTitle(cheap!)}` }).click();
    await expectToast(page, "Basket updated");
    await page.getByRole("link", { name: "Checkout" }).waitFor();
    expect(await page.getByText(message).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Checkout" }).getAttribute("href")).toBe("/checkout");
    expectNoPageProblems(browser);
  });

  it("shows a 'Recently viewed' row of the books looked at, here and on product pages", async () => {
    const { page } = browser;
    const [seen, next] = await findProducts(2, (product) => masterOf(product).price !== null);
    // The page records its view from the browser once shown (decision 020); wait for that before moving on.
    await viewProductPage(page, `${storefrontUrl}/store/product/${seen!.slug}`);
    await page.getByRole("heading", { level: 1, name: seen!.name }).waitFor();
    await viewProductPage(page, `${storefrontUrl}/store/product/${next!.slug}`);
    const onProductPage = page.getByRole("region", { name: "Recently viewed" });
    await onProductPage.getByRole("link", { name: seen!.name, exact: true }).waitFor();
    // The page being shown is not in its own row.
    expect(await onProductPage.getByRole("link", { name: next!.name, exact: true }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    await page.goto(`${storefrontUrl}/cart`);
    const onCart = page.getByRole("region", { name: "Recently viewed" });
    await onCart.getByRole("link", { name: next!.name, exact: true }).waitFor();
    await onCart.getByRole("link", { name: seen!.name, exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});
