import { CustomerCreditsResponseSchema, OrderResponseSchema } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { describe, expect, inject, it } from "vitest";
import { tokenInBrowser } from "./auth-journeys";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { addByForm, masterOf } from "./cart-catalogue";
import {
  currentStep,
  expectCheckoutToast,
  expectStep,
  findCheckoutBooks,
  giveSavedDelivery,
  openCheckout,
  orderIdOfPage,
  placeOrderButton,
  screenshotStep,
  signIn,
} from "./checkout-journeys";
import { getFromApi } from "./demo-api";

/**
 * A signed-in trade buyer pays on account, against the credit the shop gives them: their details come filled in, the
 * credit left is shown beside "Pay on account", and paying takes it from their credit at once. A second order, placed
 * to be paid by bank transfer, is then paid on account from the payment step (step 3), where a signed-in customer lands
 * with an order still to pay. The demo seed's trade buyer; no other journey signs in as them.
 */
const TRADE_BUYER = { email: "buyer@quire.example", password: "Quire-Demo-Trade-2026", firstName: "Ada", lastName: "Byron" };
const withScript = { javaScript: true };
/** The first street line of the demo trade buyer's company address (apps/api/src/seed/demo-identity.ts). */
const COMPANY_ADDRESS_LINE = "Unit 3, Wharf Road Industrial Estate";

const storefrontUrl = inject("storefrontUrl");
const browser = sessionPerTest();

describe("a trade buyer's checkout", () => {
  it("pays on account within their credit, and pays a waiting order on account from the payment step", async () => {
    const { page, context } = browser;
    const [first, second] = await findCheckoutBooks(2, "newest");
    await signIn(page, TRADE_BUYER);
    const token = await tokenInBrowser(context);
    const credits = async () =>
      (await getFromApi("/customers/credits", CustomerCreditsResponseSchema, { headers: { Authorization: `Bearer ${token}` } })).data;
    const before = await credits();
    expect(before.available.amount, "the demo trade buyer has credit").toBeGreaterThan(0);

    // Their details come from their account.
    await addByForm(page, masterOf(first!).id, 1);
    await openCheckout(page, "/checkout", withScript);
    await expectStep(page, "Your details");
    expect(await page.getByRole("textbox", { name: "Email address" }).inputValue()).toBe(TRADE_BUYER.email);
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe(TRADE_BUYER.firstName);
    await page.getByRole("button", { name: "Continue to delivery" }).click();
    await expectCheckoutToast(page, "Customer information has been saved", withScript);
    // The demo trade buyer's company has a delivery address: checkout offers it, and it is used.
    await page.getByRole("group", { name: "Your company's addresses" }).waitFor();
    await giveSavedDelivery(page, COMPANY_ADDRESS_LINE, "Standard delivery", withScript);

    // Pay on account, with the credit left beside it.
    await expectStep(page, "Payment method");
    const onAccount = page.getByRole("radio", { name: /^Pay on account/ });
    await onAccount.waitFor();
    await page.getByText(`${formatMoney(before.available)} of credit available`).waitFor();
    await onAccount.check();
    await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
    await screenshotStep(page, "2-payment-type-on-account");
    await placeOrderButton(page).click();
    await page.waitForURL(/\/successful-order\/\d+$/);
    await expectCheckoutToast(page, "Order has been successfully created", withScript);
    await page.getByText("Paid on account").waitFor();
    const { data: order } = await getFromApi(`/orders/${orderIdOfPage(page)}`, OrderResponseSchema, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(order.status).toBe("confirmed");
    expect(order.deliveryAddress.line1).toBe(COMPANY_ADDRESS_LINE);
    const after = await credits();
    expect(after.available.amount).toBe(before.available.amount - order.grandTotal.amount);
    await expectNoSeriousA11yViolations(page);

    // A second order, to be paid by bank transfer: it waits for its payment...
    await addByForm(page, masterOf(second!).id, 1);
    await openCheckout(page, "/checkout", withScript);
    await page.getByRole("button", { name: "Continue to delivery" }).click();
    await expectCheckoutToast(page, "Customer information has been saved", withScript);
    await giveSavedDelivery(page, COMPANY_ADDRESS_LINE, "Express delivery", withScript);
    await page.getByRole("radio", { name: /^Bank transfer/ }).check();
    await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
    await placeOrderButton(page).click();
    await page.waitForURL(/\/successful-order\/\d+$/);
    await page.getByText("Awaiting your bank transfer").waitFor();
    const waitingId = orderIdOfPage(page);

    // ...and the payment step (step 3 for a signed-in customer) pays it on account instead.
    await openCheckout(page, `/checkout?order=${waitingId}`, withScript);
    await page.getByRole("heading", { level: 1, name: "Your order is placed" }).waitFor();
    await expectStep(page, "Payment");
    expect(await currentStep(page)).toBe("Payment");
    await page.getByRole("radio", { name: /^Pay on account/ }).check();
    await screenshotStep(page, "3-payment-process");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(`${storefrontUrl}/successful-order/${waitingId}`);
    await expectCheckoutToast(page, "Thank you: your payment has been received", withScript);
    await page.getByText("Paid on account").waitFor();
    // Paid: the payment step has nothing left to offer, and sends the buyer to the order.
    await page.goto(`${storefrontUrl}/checkout?order=${waitingId}`);
    await page.waitForURL(`${storefrontUrl}/successful-order/${waitingId}`);
    expectNoPageProblems(browser);
  });
});
