import { StoreSettingsResponseSchema } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import {
  expectCheckoutToast,
  expectStep,
  findCheckoutBooks,
  giveCustomerInfo,
  giveDelivery,
  guestCheckoutSummary,
  LONDON,
  newBuyer,
  placeOrderButton,
  screenshotStep,
  startCheckout,
} from "./checkout-journeys";
import { getFromApi } from "./demo-api";

/**
 * The rules that stop an order (docs/storefront-behaviour/checkout.md): an order below the store's minimum for its
 * currency, and one whose terms box is not ticked while the store asks for it. Each shows why, and no order is made:
 * the basket is still open at the API afterwards.
 */
const storefrontUrl = inject("storefrontUrl");
const withScript = { javaScript: true };
const browser = sessionPerTest();

describe("the checkout's rules", () => {
  it("holds back 'Place order' below the minimum order, and the API refuses an order posted anyway", async () => {
    const { page, context } = browser;
    const { data: settings } = await getFromApi("/store-settings", StoreSettingsResponseSchema);
    const minimum = settings.minimumOrderPrices.find((price) => price.currencyCode === settings.defaultCurrencyCode)!;
    expect(minimum.amount, "the demo store has a minimum order").toBeGreaterThan(0);
    const [cheap] = await findCheckoutBooks(1, "price-asc", { MinPrice: 0, MaxPrice: minimum.amount - 1 });
    await startCheckout(page, [cheap!], withScript);
    await giveCustomerInfo(page, newBuyer("minimum"), withScript);
    await giveDelivery(page, LONDON, "Standard delivery", withScript);

    await expectStep(page, "Payment method");
    const message = `The minimum order is ${formatMoney(minimum.amount, minimum.currencyCode)}. Add a little more to your basket to place your order.`;
    await page.getByRole("status").filter({ hasText: message }).waitFor();
    expect(await placeOrderButton(page).isDisabled()).toBe(true);
    expect(await placeOrderButton(page).getAttribute("aria-describedby")).toBe("minimum-order");
    await screenshotStep(page, "2-minimum-order");

    // A post made anyway (a page left open while the basket shrank, or a hand-made one): the API's refusal, shown.
    const posted = await page.request.post(`${storefrontUrl}/checkout`, {
      form: { intent: "place-order", paymentProviderId: "proforma-invoice", termsAccepted: "on" },
      headers: { Origin: storefrontUrl },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(422);
    expect(await posted.text()).toContain(`The minimum order is ${formatMoney(minimum.amount, minimum.currencyCode)}`);
    const summary = await guestCheckoutSummary(context);
    expect(summary.missing).toContain("minimum_order");
    expect(summary.basketDetails.lineItems).toHaveLength(1);
    expectNoPageProblems(browser);
  });

  it("refuses the order while the terms are not accepted, with the terms message, and places it once they are", async () => {
    const { page, context } = browser;
    const [book] = await findCheckoutBooks(1, "price-desc");
    await startCheckout(page, [book!], withScript);
    await giveCustomerInfo(page, newBuyer("terms"), withScript);
    await giveDelivery(page, LONDON, "Standard delivery", withScript);
    await expectStep(page, "Payment method");
    // A basket over the threshold of standard delivery: the summary says "Free delivery".
    expect((await guestCheckoutSummary(context)).basketDetails.deliveryCharge.amount).toBe(0);
    await page
      .getByRole("region", { name: /^Order summary/ })
      .getByText("Free delivery", { exact: true })
      .waitFor();
    const terms = page.getByRole("checkbox", { name: /I accept the terms and conditions/ });
    expect(await terms.isChecked()).toBe(false);

    await placeOrderButton(page).click();
    const refusal = "Please accept the terms and conditions to proceed with the order.";
    await expectCheckoutToast(page, refusal, withScript);
    // Beside the box it is about, as well as in the toast.
    await page
      .getByRole("region", { name: /^Payment/ })
      .getByText(refusal)
      .waitFor();
    expect(await terms.getAttribute("aria-describedby")).toBe("terms-error");
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await screenshotStep(page, "2-terms-not-accepted");
    await expectNoSeriousA11yViolations(page);
    // No order: the basket is still there to check out.
    expect((await guestCheckoutSummary(context)).basketDetails.lineItems).toHaveLength(1);

    await terms.check();
    await placeOrderButton(page).click();
    await page.waitForURL(/\/successful-order\/\d+$/);
    await expectCheckoutToast(page, "Order has been successfully created", withScript);
    expectNoPageProblems(browser);
  });
});
