import { formatMoney } from "@quire/money";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { lineTitle } from "./cart-catalogue";
import { expectCheckoutToast, findCheckoutBooks, guestCheckoutSummary, screenshotStep, startCheckout } from "./checkout-journeys";

/**
 * The checkout's order summary: a discount code applied (as the shopper types it,
 * any case) and removed, with the toasts and the API's totals; an unknown code refused with the API's
 * message; a line's quantity changed and a line removed from the checkout page.
 */
const withScript = { javaScript: true };
const browser = sessionPerTest();

const orderSummary = (page: Page) => page.getByRole("region", { name: /^Order summary/ });
const totalRow = (page: Page) =>
  orderSummary(page)
    .locator("dl > div")
    .filter({ hasText: /^Total/ });
const discountRow = (page: Page) =>
  orderSummary(page)
    .locator("dl > div")
    .filter({ hasText: /^Discount/ });

describe("the checkout's order summary", () => {
  it("applies a discount code and removes it, refuses an unknown one, and changes and removes lines", async () => {
    const { page, context } = browser;
    const [first, second] = await findCheckoutBooks(2, "name-desc");
    await startCheckout(page, [first!, second!], withScript);
    const without = await guestCheckoutSummary(context);
    await totalRow(page).getByText(formatMoney(without.grandTotal)).waitFor();

    // Applied as typed; the API matches codes in upper case. While the form is on its way, its button says
    // so and every button of the page waits (the checkout's busy state): the post is held until seen.
    await orderSummary(page).getByRole("textbox", { name: "Discount code" }).fill("welcome10");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const actionPost = (url: URL) => url.pathname === "/checkout.data";
    await page.route(
      actionPost,
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await orderSummary(page).getByRole("button", { name: "Apply" }).click();
    const applying = orderSummary(page).locator('button[aria-busy="true"]');
    await applying.waitFor();
    expect(await applying.innerText()).toContain("Apply");
    expect(await applying.isDisabled()).toBe(true);
    expect(
      await orderSummary(page)
        .getByRole("button", { name: `Update quantity of ${lineTitle(first!)}` })
        .isDisabled(),
    ).toBe(true);
    release();
    await expectCheckoutToast(page, "Discount code WELCOME10 has been applied", withScript);
    const applied = page.getByRole("list", { name: "Discount codes applied" });
    await applied.getByText("WELCOME10", { exact: true }).waitFor();
    const discounted = await guestCheckoutSummary(context);
    expect(discounted.basketDetails.cartAndCodeDiscount.amount).toBe(Math.round(without.basketDetails.subTotal.amount / 10));
    await discountRow(page).getByText(formatMoney(-discounted.basketDetails.cartAndCodeDiscount.amount, "GBP")).waitFor();
    await totalRow(page).getByText(formatMoney(discounted.grandTotal)).waitFor();
    await screenshotStep(page, "0-summary-discount-code");
    await expectNoSeriousA11yViolations(page);

    // An unknown code: the API's first error, as a toast; nothing changes.
    await orderSummary(page).getByRole("textbox", { name: "Discount code" }).fill("NOSUCHCODE");
    await orderSummary(page).getByRole("button", { name: "Apply" }).click();
    await expectCheckoutToast(page, "This discount code is not valid", withScript);
    expect(await applied.getByRole("listitem").count()).toBe(1);

    await applied.getByRole("button", { name: "Remove discount code WELCOME10" }).click();
    await expectCheckoutToast(page, "Discount code was successfully removed!", withScript);
    await applied.waitFor({ state: "detached" });
    await discountRow(page).waitFor({ state: "detached" });
    await totalRow(page).getByText(formatMoney(without.grandTotal)).waitFor();

    // A line's quantity, then a line's removal, from the checkout page itself.
    await orderSummary(page)
      .getByRole("spinbutton", { name: `Quantity of ${lineTitle(first!)}` })
      .fill("2");
    await orderSummary(page)
      .getByRole("button", { name: `Update quantity of ${lineTitle(first!)}` })
      .click();
    await expectCheckoutToast(page, "Basket updated", withScript);
    const doubled = await guestCheckoutSummary(context);
    const firstLine = doubled.basketDetails.lineItems.find((line) => line.productId === first!.id)!;
    expect(firstLine.quantity).toBe(2);
    await totalRow(page).getByText(formatMoney(doubled.grandTotal)).waitFor();
    await orderSummary(page)
      .getByRole("button", { name: `Remove ${lineTitle(second!)} from your order` })
      .click();
    await expectCheckoutToast(page, "Removed from your basket", withScript);
    await orderSummary(page)
      .getByRole("button", { name: `Remove ${lineTitle(second!)} from your order` })
      .waitFor({ state: "detached" });
    expect((await guestCheckoutSummary(context)).basketDetails.lineItems).toHaveLength(1);
    await orderSummary(page).getByText("2 items").waitFor();
    expectNoPageProblems(browser);
  });
});
