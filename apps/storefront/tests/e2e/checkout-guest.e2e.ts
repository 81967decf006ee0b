import { readFile } from "node:fs/promises";
import { OrderResponseSchema } from "@quire/contracts";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { addByForm, lineTitle, masterOf } from "./cart-catalogue";
import {
  basketIdInBrowser,
  DUBLIN,
  expectCheckoutToast,
  expectStep,
  findCheckoutBooks,
  giveAddress,
  giveCustomerInfo,
  LONDON,
  newBuyer,
  openCheckout,
  orderIdOfPage,
  placeOrderButton,
  screenshotStep,
} from "./checkout-journeys";
import { getFromApi } from "./demo-api";

/**
 * A guest checks out (the demo store allows anonymous checkout) and pays by bank transfer against a
 * proforma invoice: every step with its toast, a billing address of its own,
 * the order's page with the PDF to download, and that page kept from anyone else.
 */
const storefrontUrl = inject("storefrontUrl");
const browser = sessionPerTest();
const withScript = { javaScript: true };

describe("a guest's checkout", () => {
  it("goes from the basket through every step to the order, paid by proforma invoice, and downloads the PDF", async () => {
    const { page, context } = browser;
    const books = await findCheckoutBooks(2, "name-asc");
    const buyer = newBuyer("guest");

    // The basket's Checkout button leads here.
    for (const book of books) await addByForm(page, masterOf(book).id, 1);
    await page.goto(`${storefrontUrl}/cart`);
    await page.getByRole("link", { name: "Checkout" }).click();
    await page.waitForURL(`${storefrontUrl}/checkout`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await expectStep(page, "Your details");
    const summary = page.getByRole("region", { name: /Order summary/ });
    for (const book of books) await summary.getByRole("button", { name: `Update quantity of ${lineTitle(book)}` }).waitFor();
    await screenshotStep(page, "0-customer-information");

    // Step 0, then step 1: the delivery address, and only then its zone's options.
    await giveCustomerInfo(page, buyer, withScript);
    await expectStep(page, "Delivery");
    expect(await page.getByRole("button", { name: "Save delivery option" }).count(), "no options before an address").toBe(0);
    await giveAddress(page, LONDON, "Continue");
    await expectCheckoutToast(page, "Delivery address has been saved", withScript);
    await page.getByRole("radio", { name: /^Standard delivery/ }).waitFor();
    await page.getByRole("radio", { name: /^Express delivery/ }).check();
    await screenshotStep(page, "1-delivery");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Save delivery option" }).click();
    await expectCheckoutToast(page, "Delivery option has been saved", withScript);

    // The billing address: the delivery one unless another is given, here one in Ireland (no Eircode needed).
    await page.getByRole("link", { name: "Change delivery and billing" }).click();
    await page.getByRole("link", { name: "Continue to payment" }).waitFor();
    await page.getByRole("link", { name: "Use a different billing address" }).click();
    await page.getByRole("button", { name: "Save billing address" }).waitFor();
    await screenshotStep(page, "1-billing-address");
    await giveAddress(page, DUBLIN, "Save billing address");
    await expectCheckoutToast(page, "Billing address has been saved", withScript);

    // Step 2: the payment type, the terms, the order.
    await expectStep(page, "Payment method");
    const delivery = page.getByRole("region", { name: /Delivery/ }).first();
    await delivery.getByText("7 Merrion Square, Dublin").waitFor();
    await delivery.getByText("Express delivery").waitFor();
    const proforma = page.getByRole("radio", { name: /^Bank transfer \(proforma invoice\)/ });
    expect(await proforma.isChecked()).toBe(true);
    await page.getByRole("checkbox", { name: "I accept the terms and conditions (opens in a new tab)" }).check();
    await screenshotStep(page, "2-payment-type");
    await placeOrderButton(page).click();

    // A guest's order: straight to its page (nothing more to pay here), with the order-created toast.
    await page.waitForURL(/\/successful-order\/\d+$/);
    await expectCheckoutToast(page, "Order has been successfully created", withScript);
    await page.getByRole("heading", { level: 1, name: "Thank you for your order" }).waitFor();
    const orderId = orderIdOfPage(page);
    const anonymousId = await basketIdInBrowser(context);
    const { data: order } = await getFromApi(`/orders/${orderId}`, OrderResponseSchema, { query: { anonymousId } });
    await page.getByText(order.publicId, { exact: true }).first().waitFor();
    await page.getByText("Awaiting your bank transfer").waitFor();
    for (const item of order.items) await page.getByRole("list", { name: "Items in your order" }).getByText(item.productName).waitFor();
    expect(order.billingAddress.countryCode).toBe("IE");
    expect(order.deliveryOption.name).toBe("Express delivery");
    expect(order.email).toBe(buyer.email);
    await screenshotStep(page, "4-order-confirmation");
    await expectNoSeriousA11yViolations(page);

    // The proforma invoice: a real PDF, named for the order.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download proforma invoice (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`proforma-${order.publicId}.pdf`);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(1000);

    // After the order a guest is at step 4, where an order still waiting can be paid.
    await openCheckout(page, `/checkout?order=${orderId}`, withScript);
    await page.getByRole("heading", { level: 1, name: "Your order is placed" }).waitFor();
    await expectStep(page, "Confirmation");
    await page.getByText(/You chose to pay by bank transfer/).waitFor();
    await screenshotStep(page, "4-guest-order-payment");

    // Asking after the payment: the transfer has not arrived.
    await page.getByRole("button", { name: "Check payment status" }).click();
    await expectCheckoutToast(page, "Your payment has not reached us yet.", withScript);
    // Paying with a provider the API does not offer a guest (a form changed in the browser): the
    // confirm failure's first error as a toast, and the order still waiting here.
    await page.getByRole("radio", { name: /^Bank transfer/ }).evaluate((input) => {
      (input as HTMLInputElement).value = "on-account";
    });
    await page.getByRole("button", { name: /^Pay / }).click();
    await expectCheckoutToast(page, "This payment method is not available for this order", withScript);
    expect(new URL(page.url()).search).toBe(`?order=${orderId}`);

    // /successful-order without an id points to this order.
    await page.goto(`${storefrontUrl}/successful-order`);
    await page.getByRole("link", { name: "View your order" }).waitFor();
    expect(await page.getByRole("link", { name: "View your order" }).getAttribute("href")).toBe(`/successful-order/${orderId}`);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);

    // A status check that fails shows the whole error: here one for an order the API does not
    // show this guest (a form changed in the browser).
    const refused = await page.request.post(`${storefrontUrl}/checkout?order=${orderId}`, {
      form: { intent: "refresh-payment", orderId: String(orderId + 1_000_000) },
      headers: { Origin: storefrontUrl },
    });
    expect(refused.status()).toBe(404);
    expect(await refused.text()).toContain("Order was not found");

    // Anyone else (no cookies): the order and its invoice are not found.
    for (const path of [`/successful-order/${orderId}`, `/successful-order/${orderId}/proforma-invoice`]) {
      const stranger = await fetch(`${storefrontUrl}${path}`);
      expect(stranger.status, path).toBe(404);
      expect(await stranger.text()).toContain(`Page Not Found: ${path}`);
    }
  });
});
