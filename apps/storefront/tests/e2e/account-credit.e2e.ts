import {
  CartResponseSchema,
  CheckoutSummaryResponseSchema,
  CreatedOrderResponseSchema,
  DeliveryOptionsResponseSchema,
  ListOrdersResponseSchema,
  PaymentResponseSchema,
  SignInResponseSchema,
  type ProductDetail,
} from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { Page } from "playwright-core";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectApi, signInThroughForm } from "./auth-journeys";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "./browser";
import { masterOf } from "./cart-catalogue";
import {
  currentStep,
  expectCheckoutToast,
  expectStep,
  findCheckoutBooks,
  giveSavedDelivery,
  placeOrderButton,
  startCheckout,
} from "./checkout-journeys";
import { DEMO_STORE_KEY, startStack, type Stack } from "./stack";

/**
 * The credit limit page (issue 10, section 4): a trade buyer sees their credit in each currency (limit, used,
 * available, with a meter) and the open orders on account that use it, each linking to its order; a customer
 * who does not buy on account is told so instead; and a trade buyer whose credit left does not cover their
 * basket is offered paying on account as unavailable, with the reason (issue 26). The journeys run on a Quire
 * of their own whose database holds their customers, inserted before the servers start: they lower the demo
 * trade buyer's credit, which the shared stack's checkout journeys pay with (so not stackWithRows).
 */
const PASSWORD = "Account-Credit-Ledger-2026";
/** `soleTrader` buys as a trade customer but belongs to no company, so has no company addresses. */
const CUSTOMERS = { trade: "hatchard@example.test", shopper: "foyle@example.test", soleTrader: "bagshaw@example.test" } as const;
type CustomerKey = keyof typeof CUSTOMERS;
/** The trade buyer's credit: £2,000 and €500. */
const LIMITS = { GBP: 200_000, EUR: 50_000 };
/**
 * The demo seed's trade buyer (a company's, with its delivery address), whose credit in this file's shop is
 * lowered to £1, less than any order.
 */
const SHORT_OF_CREDIT = { email: "buyer@quire.example", password: "Quire-Demo-Trade-2026" };
const SHORT_LIMIT = 100;
/** The first street line of the demo trade buyer's company address (apps/api/src/seed/demo-identity.ts). */
const COMPANY_ADDRESS_LINE = "Unit 3, Wharf Road Industrial Estate";
type CreatedOrder = z.infer<typeof CreatedOrderResponseSchema>["data"];
const ADDRESS = { firstName: "Ada", lastName: "Reader", line1: "187 Piccadilly", city: "London", postcode: "W1J 9LE", countryCode: "GB" };

let stack: Stack;
let books: ProductDetail[];

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  stack = await startStack({
    name: "account-credit",
    prepare: async (database) => {
      for (const [key, email] of Object.entries(CUSTOMERS)) {
        await database.execute(
          `INSERT INTO customers (store_id, email, password_hash, first_name, last_name, is_trade, accepted_privacy_policy_id)
           SELECT s.id, $1, $2, 'Ada', 'Reader', $4,
             (SELECT p.id FROM privacy_policies p WHERE p.store_id = s.id AND p.published_at <= now() ORDER BY p.published_at DESC, p.id DESC LIMIT 1)
           FROM stores s WHERE s.key = $3`,
          [email, passwordHash, DEMO_STORE_KEY, key !== "shopper"],
        );
      }
      await database.execute(
        `UPDATE customer_credits SET limit_amount = $2
         WHERE currency_code = 'GBP' AND customer_id = (SELECT c.id FROM customers c JOIN stores s ON s.id = c.store_id WHERE c.email = $1 AND s.key = $3)`,
        [SHORT_OF_CREDIT.email, SHORT_LIMIT, DEMO_STORE_KEY],
      );
      for (const [currencyCode, limit] of Object.entries(LIMITS)) {
        await database.execute(
          `INSERT INTO customer_credits (customer_id, currency_code, limit_amount)
           SELECT c.id, $2, $3 FROM customers c JOIN stores s ON s.id = c.store_id WHERE c.email = $1 AND s.key = $4`,
          [CUSTOMERS.trade, currencyCode, limit, DEMO_STORE_KEY],
        );
      }
    },
  });
  books = await findCheckoutBooks(2, "price-desc");
});

afterAll(async () => {
  await stack?.stop();
});

const customer = (key: CustomerKey) => ({ email: CUSTOMERS[key], password: PASSWORD });

/** Places an order of the books through the API as the checkout would, and pays it with `provider`. */
async function placeOrder(key: CustomerKey, items: ProductDetail[], provider: "on-account" | "proforma-invoice"): Promise<CreatedOrder> {
  const { data: session } = await expectApi(stack, "POST", "/auth/sign-in", SignInResponseSchema, { body: customer(key) });
  const token = session.token;
  for (const book of items) {
    await expectApi(stack, "PUT", "/baskets", CartResponseSchema, { token, body: { productVariantId: masterOf(book).id, quantity: 1 } });
  }
  const step = (path: string, body: object) => expectApi(stack, "PUT", path, CheckoutSummaryResponseSchema, { token, body });
  await step("/baskets/checkout/customer-info", { email: CUSTOMERS[key], firstName: "Ada", lastName: "Reader" });
  await step("/baskets/checkout/delivery-address", { address: ADDRESS });
  await step("/baskets/checkout/billing-address", { address: ADDRESS });
  const { data: delivery } = await expectApi(stack, "GET", "/baskets/checkout/delivery/available-options", DeliveryOptionsResponseSchema, {
    token,
  });
  await step("/baskets/checkout/delivery/options", { deliveryZoneOptionId: delivery.options[0]!.id });
  const { data: created } = await expectApi(stack, "POST", "/orders", CreatedOrderResponseSchema, { token, body: { termsAccepted: true } });
  await expectApi(stack, "POST", "/payments", PaymentResponseSchema, {
    token,
    body: {
      orderId: created.id,
      paymentProviderId: provider,
      amount: created.grandTotal.amount,
      currencyCode: created.grandTotal.currencyCode,
    },
  });
  return created;
}

async function signInTo(page: Page, key: CustomerKey, path: string) {
  await page.goto(`${stack.storefrontUrl}/auth/login?${new URLSearchParams({ redirect_url: path })}`);
  await signInThroughForm(page, stack, customer(key));
  await page.waitForURL(`${stack.storefrontUrl}${path}`);
}

/** A figure of a currency's credit card ("Credit limit", "Used", "Available"), as shown. */
async function figure(page: Page, currencyCode: string, label: string): Promise<string> {
  const card = page.getByRole("region", { name: `Credit in ${currencyCode}` });
  return card
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]")
    .innerText();
}

describe("the credit limit page", () => {
  const browser = sessionPerTest();

  it("shows a trade buyer's credit per currency and the open order on account that uses it", async () => {
    const { page } = browser;
    const onAccount = await placeOrder("trade", books, "on-account");
    // Paid by bank transfer: it uses no credit, so it is not listed.
    const byTransfer = await placeOrder("trade", [books[0]!], "proforma-invoice");

    await signInTo(page, "trade", "/account/credit-limit");
    await page.getByRole("heading", { level: 1, name: "Credit limit" }).waitFor();
    await page.getByRole("navigation", { name: "Your account" }).locator('a[aria-current="page"]', { hasText: "Credit limit" }).waitFor();

    const used = onAccount.grandTotal.amount;
    expect(await figure(page, "GBP", "Credit limit")).toBe(formatMoney(LIMITS.GBP, "GBP"));
    expect(await figure(page, "GBP", "Used")).toBe(formatMoney(used, "GBP"));
    expect(await figure(page, "GBP", "Available")).toBe(formatMoney(LIMITS.GBP - used, "GBP"));
    expect(await figure(page, "EUR", "Credit limit")).toBe(formatMoney(LIMITS.EUR, "EUR"));
    // Nothing used in euros: a zero amount shows as "-".
    expect(await figure(page, "EUR", "Used")).toBe("-");

    // The meters say in words what their bars show.
    const gbpMeter = page.getByRole("meter", { name: "Credit in GBP" });
    expect(await gbpMeter.getAttribute("aria-valuetext")).toBe(
      `${formatMoney(used, "GBP")} of ${formatMoney(LIMITS.GBP, "GBP")} used (${Math.round((used / LIMITS.GBP) * 100)}%)`,
    );
    expect(await page.getByRole("meter", { name: "Credit in EUR" }).getAttribute("aria-valuetext")).toBe(
      `Nothing used of ${formatMoney(LIMITS.EUR, "EUR")}`,
    );

    // The open order on account, and not the one paid by transfer.
    await page.getByText("1 order is using your credit.", { exact: false }).waitFor();
    const openOrders = page.getByRole("region", { name: "Orders on account" }).getByRole("link", { name: /^Order QB-/ });
    expect(await openOrders.count()).toBe(1);
    const row = openOrders.first();
    const text = await row.innerText();
    for (const expected of [onAccount.publicId, "Confirmed", formatMoney(onAccount.grandTotal)]) expect(text).toContain(expected);
    expect(text).not.toContain(byTransfer.publicId);
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-account-credit-limit");

    // Each open order leads to its page.
    await row.click();
    await page.waitForURL(`${stack.storefrontUrl}/account/orders/${onAccount.id}`);
    await page.getByRole("heading", { level: 1, name: `Order ${onAccount.publicId}` }).waitFor();
    expectNoPageProblems(browser);
  });

  it("tells a customer who does not buy on account that they have no credit account, without an error", async () => {
    const { page } = browser;
    await signInTo(page, "shopper", "/account/credit-limit");
    await page.getByRole("heading", { level: 1, name: "Credit limit" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Your account has no credit limit" }).waitFor();
    await page.getByText("Paying on account is for our trade customers", { exact: false }).waitFor();
    expect(await page.getByRole("meter").count()).toBe(0);
    // The account's navigation offers the page to trade customers only.
    expect(await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Credit limit" }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-account-credit-none");
    expectNoPageProblems(browser);
  });
});

describe("a trade buyer's checkout beyond their credit", () => {
  for (const javaScript of [true, false]) {
    const browser = sessionPerTest({ javaScriptEnabled: javaScript });

    it(`offers paying on account as unavailable, saying why, and places no order (${javaScript ? "with" : "without"} JavaScript)`, async () => {
      const { page } = browser;
      const options = { javaScript, storefrontUrl: stack.storefrontUrl };
      await page.goto(`${stack.storefrontUrl}/auth/login`);
      await signInThroughForm(page, stack, SHORT_OF_CREDIT);
      await startCheckout(page, [books[0]!], options);
      // Their details come from their account, and their checkout keeps what an earlier visit gave: the journey
      // gives what is still asked for.
      if ((await currentStep(page)) === "Your details") {
        await page.getByRole("button", { name: "Continue to delivery" }).click();
        await expectCheckoutToast(page, "Customer information has been saved", options);
      }
      if ((await currentStep(page)) === "Delivery") await giveSavedDelivery(page, COMPANY_ADDRESS_LINE, "Standard delivery", options);
      await expectStep(page, "Payment method", options);

      const onAccount = page.getByRole("radio", { name: /^Pay on account/ });
      expect(await onAccount.isDisabled()).toBe(true);
      const reason = "Not available for this order: your credit left does not cover it.";
      expect(await onAccount.getAttribute("aria-describedby")).toBeTruthy();
      expect(await page.locator(`#${await onAccount.getAttribute("aria-describedby")}`).innerText()).toBe(reason);
      await page.getByText(`${formatMoney(SHORT_LIMIT, "GBP")} of credit available`).waitFor();

      // A form sent with on account anyway (a stale page, a crafted post) places no order: the step says why.
      await onAccount.evaluate((input: HTMLInputElement) => {
        input.disabled = false;
        input.checked = true;
      });
      await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
      await placeOrderButton(page).click();
      await page.locator("#payment-method-error").waitFor();
      expect(new URL(page.url()).pathname).toBe("/checkout");
      const { data: session } = await expectApi(stack, "POST", "/auth/sign-in", SignInResponseSchema, { body: SHORT_OF_CREDIT });
      const { data: orders } = await expectApi(stack, "GET", "/orders", ListOrdersResponseSchema, { token: session.token });
      expect(orders.results).toEqual([]);
      expectNoPageProblems(browser);
    });
  }
});

describe("a trade buyer who belongs to no company", () => {
  const browser = sessionPerTest();

  it("reaches checkout's delivery step with no company addresses offered, not the privacy policy", async () => {
    const { page } = browser;
    const options = { javaScript: true, storefrontUrl: stack.storefrontUrl };
    await signInTo(page, "soleTrader", "/cart");
    await startCheckout(page, [books[0]!], options);
    await expectStep(page, "Your details", options);
    await page.getByRole("button", { name: "Continue to delivery" }).click();
    await expectCheckoutToast(page, "Customer information has been saved", options);
    // The company's addresses answer 403 for a buyer without a company: checkout reads that as "none".
    await expectStep(page, "Delivery", options);
    expect(new URL(page.url()).pathname).toBe("/checkout");
    expect(await page.getByText("Your company's addresses").count()).toBe(0);
    await page.getByRole("textbox", { name: "Address line 1" }).first().waitFor();
    expectNoPageProblems(browser);
  });
});
