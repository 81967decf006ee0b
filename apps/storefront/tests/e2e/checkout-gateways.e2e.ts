import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import {
  expectAccessible,
  expectCheckoutToast,
  expectStep,
  findCheckoutBooks,
  giveCustomerInfo,
  giveDelivery,
  LONDON,
  newBuyer,
  orderIdOfPage,
  placeOrderButton,
  screenshotStep,
  startCheckout,
  type JourneyOptions,
} from "./checkout-journeys";
import { startStack, type Stack } from "./stack";

/**
 * Paying on a gateway's hosted page (decision 026), against the payment sandbox `npm start` runs: a card
 * through Stripe Checkout (approved, declined then approved, a 3-D Secure challenge), PayPal, Mollie, and a
 * payer who gives up. The shopper comes back through /checkout/payment-return, where the storefront asks the API, which
 * asks the gateway: the order page says paid only once the gateway does. Runs its own Quire with the sandbox.
 */
let stack: Stack;
let journey: JourneyOptions;
beforeAll(async () => {
  stack = await startStack({ name: "checkout-gateways", payments: true });
  journey = { javaScript: true, storefrontUrl: stack.storefrontUrl };
});
afterAll(async () => {
  await stack?.stop();
});

/** A guest with one book at the payment step, `provider` chosen and the terms accepted. */
async function atPaymentStep(page: Page, label: string, provider: RegExp, options: JourneyOptions = journey) {
  const [book] = await findCheckoutBooks(1, "name-asc", { MinPrice: 2500 });
  await startCheckout(page, [book!], options);
  await giveCustomerInfo(page, newBuyer(label), options);
  await giveDelivery(page, LONDON, "Standard delivery", options);
  await expectStep(page, "Payment method", options);
  await page.getByRole("radio", { name: provider }).check();
  await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
}

/** Places the order and waits for the gateway's page in the sandbox. */
async function placeAndReachGateway(page: Page) {
  const sandbox = new URL(stack.paymentSandboxUrl!);
  await placeOrderButton(page).click();
  await page.waitForURL((url) => url.port === sandbox.port);
}

/** Types a card on the sandbox's card page and submits it. */
async function payWithCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

/** Back on the storefront: the order's page, saying the payment has been received. */
async function expectPaidOrderPage(page: Page, options: JourneyOptions = journey) {
  await page.waitForURL((url) => /^\/successful-order\/\d+$/.test(url.pathname) && url.origin === new URL(stack.storefrontUrl).origin);
  await expectCheckoutToast(page, "Thank you: your payment has been received", options);
  await page.getByText(/A confirmation is on its way to/).waitFor();
  return orderIdOfPage(page);
}

describe("paying on a gateway's hosted page", () => {
  const browser = sessionPerTest();

  it("takes a card on Stripe's page, with the brands shown beside it, and the order page says paid", async () => {
    const { page } = browser;
    await atPaymentStep(page, "card", /^Credit or debit card Visa/);
    const card = page.locator("label").filter({ has: page.getByRole("radio", { name: /^Credit or debit card Visa/ }) });
    for (const brand of ["Visa", "Mastercard", "American Express"]) await card.getByRole("img", { name: brand }).waitFor();
    await screenshotStep(page, "2-payment-type-card");
    await expectNoSeriousA11yViolations(page);

    await placeAndReachGateway(page);
    await page.getByRole("heading", { name: /^Pay QB-/ }).waitFor();
    await screenshotStep(page, "3-gateway-hosted-page");
    await expectNoSeriousA11yViolations(page);
    await payWithCard(page, "4242 4242 4242 4242");
    await expectPaidOrderPage(page);
    await screenshotStep(page, "4-paid-by-card");
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("shows a declined card on the gateway's page, and takes the next card", async () => {
    const { page } = browser;
    await atPaymentStep(page, "declined", /^Credit or debit card Visa/);
    await placeAndReachGateway(page);
    await payWithCard(page, "4000 0000 0000 0002");
    await page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
    await payWithCard(page, "4000 0000 0000 9995");
    await page.getByRole("alert").filter({ hasText: "Your card has insufficient funds." }).waitFor();
    await payWithCard(page, "4242 4242 4242 4242");
    await expectPaidOrderPage(page);
    expectNoPageProblems(browser);
  });

  it("pays after a 3-D Secure challenge is completed", async () => {
    const { page } = browser;
    await atPaymentStep(page, "three-d-secure", /^Credit or debit card Visa/);
    await placeAndReachGateway(page);
    await payWithCard(page, "4000 0000 0000 3220");
    await page.getByRole("heading", { name: "Confirm it is you" }).waitFor();
    await screenshotStep(page, "3-three-d-secure");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expectPaidOrderPage(page);
    expectNoPageProblems(browser);
  });

  it("pays with PayPal: approved on PayPal's page, captured by the shop", async () => {
    const { page } = browser;
    await atPaymentStep(page, "paypal", /^PayPal/);
    await placeAndReachGateway(page);
    await page.getByRole("heading", { name: /with PayPal$/ }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Pay now" }).click();
    await expectPaidOrderPage(page);
    expectNoPageProblems(browser);
  });

  it("pays through Mollie's test page, where the payer picks the outcome", async () => {
    const { page } = browser;
    await atPaymentStep(page, "mollie", /^iDEAL, Bancontact or card/);
    await placeAndReachGateway(page);
    await page.getByRole("group", { name: /choose the payment's outcome/ }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("radio", { name: "Paid" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expectPaidOrderPage(page);
    expectNoPageProblems(browser);
  });

  it("brings a payer who gives up on the gateway's page back to the order's payment step, to choose again", async () => {
    const { page } = browser;
    await atPaymentStep(page, "gives-up", /^Credit or debit card Visa/);
    await placeAndReachGateway(page);
    await page.getByRole("link", { name: "Cancel and go back to the shop" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout" && url.searchParams.has("order"));
    await expectCheckoutToast(page, "You left the payment page before paying. Choose how to pay.", journey);
    // A guest's payment step (4): the card payment is still open, so its status can be asked for.
    await expectStep(page, "Confirmation");
    await page.getByRole("button", { name: "Check payment status" }).waitFor();
    expect(await page.getByRole("radio", { name: /^Credit or debit card Visa/ }).isChecked()).toBe(true);
    // Paying by bank transfer instead replaces the card payment; the order waits for the transfer.
    await page.getByRole("radio", { name: /^Bank transfer/ }).check();
    await page.getByRole("button", { name: /^Pay/ }).click();
    await page.waitForURL((url) => /^\/successful-order\/\d+$/.test(url.pathname));
    await page.getByRole("link", { name: /Download proforma invoice/ }).waitFor();
    expectNoPageProblems(browser);
  });
});

describe("paying by card without JavaScript", () => {
  const browser = sessionPerTest({ javaScriptEnabled: false });

  it("goes from the basket to the card page and back to a paid order on plain forms and redirects", async () => {
    const { page } = browser;
    const noScript = { ...journey, javaScript: false };
    await atPaymentStep(page, "card-no-js", /^Credit or debit card Visa/, noScript);
    await placeAndReachGateway(page);
    await payWithCard(page, "4242 4242 4242 4242");
    await expectPaidOrderPage(page, noScript);
    await expectAccessible(page, noScript);
    expectNoPageProblems(browser);
  });
});
