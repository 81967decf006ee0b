import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import {
  expectStep,
  findCheckoutBooks,
  giveCustomerInfo,
  giveDelivery,
  LONDON,
  newBuyer,
  openCheckout,
  placeOrderButton,
  screenshotStep,
  startCheckout,
  type JourneyOptions,
} from "./checkout-journeys";
import { startStack, type Stack } from "./stack";

/**
 * A card provider in the payment step (spec sections 2 and 9): the card brands it takes, as icons; and
 * placing the order sends the shopper on to the gateway's hosted page (a 303 to the payment's redirectUrl),
 * here the payment sandbox's. Paying there and coming back belong to the gateways' own journeys. Runs its
 * own Quire with the payment sandbox, which the run's shared one goes without.
 */
let stack: Stack;
let journey: JourneyOptions;
const browser = sessionPerTest();
beforeAll(async () => {
  stack = await startStack({ name: "checkout-card-redirect", payments: true });
  journey = { javaScript: true, storefrontUrl: stack.storefrontUrl };
});
afterAll(async () => {
  await stack?.stop();
});

describe("paying by card", () => {
  it("shows the card brands beside a card provider, and goes to the gateway's hosted page once the order is placed", async () => {
    const { page } = browser;
    const [book] = await findCheckoutBooks(1, "name-asc", { MinPrice: 2500 });
    await startCheckout(page, [book!], journey);
    await giveCustomerInfo(page, newBuyer("card"), journey);
    await giveDelivery(page, LONDON, "Standard delivery", journey);
    await expectStep(page, "Payment method");

    const card = page.locator("label").filter({ has: page.getByRole("radio", { name: /^Card Visa/ }) });
    for (const brand of ["Visa", "Mastercard", "American Express"]) await card.getByRole("img", { name: brand }).waitFor();
    await card.getByRole("radio").check();
    await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
    await screenshotStep(page, "2-payment-type-card");
    await expectNoSeriousA11yViolations(page);

    const sandbox = new URL(stack.paymentSandboxUrl!);
    await placeOrderButton(page).click();
    await page.waitForURL((url) => url.port === sandbox.port);
    await screenshotStep(page, "3-gateway-hosted-page");

    // The order waits for its payment: a guest's payment step (4) offers to check on it.
    await openCheckout(page, "/successful-order", journey);
    const orderPath = await page.getByRole("link", { name: "View your order" }).getAttribute("href");
    const orderId = Number(orderPath!.split("/").pop());
    await openCheckout(page, `/checkout?order=${orderId}`, journey);
    await expectStep(page, "Confirmation");
    await page.getByRole("button", { name: "Check payment status" }).waitFor();
    expect(await page.getByRole("radio", { name: /^Card Visa/ }).isChecked()).toBe(true);
    expectNoPageProblems(browser);
  });
});
