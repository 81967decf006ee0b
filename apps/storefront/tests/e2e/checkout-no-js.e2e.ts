import { describe, expect, inject, it } from "vitest";
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
} from "./checkout-journeys";

/**
 * The whole checkout in a browser without JavaScript (issue 8, section 4): every step is a plain form the
 * server answers with a redirect and a flashed toast, through the order note and the terms to the order's
 * page and its proforma invoice.
 */
const storefrontUrl = inject("storefrontUrl");
const noScript = { javaScript: false };
const browser = sessionPerTest({ javaScriptEnabled: false });

describe("checkout without JavaScript", () => {
  it("takes a guest from the basket to the order's page, on plain forms", async () => {
    const { page } = browser;
    const [book] = await findCheckoutBooks(1, "price-asc");
    await startCheckout(page, [book!], noScript);
    await expectStep(page, "Your details", noScript);
    await screenshotStep(page, "nojs-0-customer-information");

    await giveCustomerInfo(page, newBuyer("no-js"), noScript);
    await expectStep(page, "Delivery", noScript);
    await giveDelivery(page, LONDON, "Standard delivery", noScript);
    await expectStep(page, "Payment method", noScript);

    // The order note folds open without a script (<details>), and saves like any step.
    await page.getByText("Add an order note or your reference").click();
    await page.getByRole("textbox", { name: /^Your reference/ }).fill("PO-2026-0042");
    await page.getByRole("textbox", { name: /^Note for the shop/ }).fill("Please leave the parcel with the porter.");
    await page.getByRole("button", { name: "Save note" }).click();
    await expectCheckoutToast(page, "Your order note has been saved", noScript);
    expect(await page.getByRole("textbox", { name: /^Your reference/ }).inputValue()).toBe("PO-2026-0042");

    await page.getByRole("radio", { name: /^Bank transfer/ }).check();
    await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
    await screenshotStep(page, "nojs-2-payment-type");
    await placeOrderButton(page).click();

    await page.waitForURL(/\/successful-order\/\d+$/);
    await expectCheckoutToast(page, "Order has been successfully created", noScript);
    await page.getByRole("heading", { level: 1, name: "Thank you for your order" }).waitFor();
    await page.getByText("PO-2026-0042").waitFor();
    await page.getByText("Awaiting your bank transfer").waitFor();
    await screenshotStep(page, "nojs-4-order-confirmation");
    await expectAccessible(page, noScript);

    // The invoice link is a plain download of the PDF.
    const link = page.getByRole("link", { name: "Download proforma invoice (PDF)" });
    const href = await link.getAttribute("href");
    expect(href).toBe(`/successful-order/${orderIdOfPage(page)}/proforma-invoice`);
    const pdf = await page.request.get(`${storefrontUrl}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expectNoPageProblems(browser);
  });
});
