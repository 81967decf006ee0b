import { AddressBookResponseSchema, CheckoutSummaryResponseSchema, CustomerSettingsResponseSchema } from "@quire/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectApi, newCustomer, registerThroughApi, signInThroughForm, tokenInBrowser, type TestCustomer } from "./auth-journeys";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "./browser";
import { masterOf } from "./cart-catalogue";
import { expectCheckoutToast, findCheckoutBooks, giveAddress, openCheckout } from "./checkout-journeys";
import { sharedStack, type Stack } from "./stack";

/**
 * The address book (issue 10, section 1) in Chromium against the built storefront and API: add, make
 * default, edit and delete addresses, then deliver an order to a saved one at checkout. The journeys run on the
 * shared stack, each with a customer of its own, signed up through the link mailed to it.
 */
let stack: Stack;
const browser = sessionPerTest();
const noScript = sessionPerTest({ javaScriptEnabled: false });
beforeAll(async () => {
  stack = sharedStack();
});
afterAll(async () => {
  await stack?.stop();
});

const BATH = { line1: "14 Chapel Row", city: "Bath", postcode: "ba1 1hn" };
const YORK = { line1: "3 Stonegate", city: "York", postcode: "YO1 8AS" };

async function signedInCustomer(page: Page, label: string): Promise<TestCustomer> {
  const customer = newCustomer(label);
  await registerThroughApi(stack, customer);
  await signInThroughForm(page, stack, customer, "/auth/login?redirect_url=%2Faccount%2Faddresses");
  await page.waitForURL(`${stack.storefrontUrl}/account/addresses`);
  return customer;
}

/** Fills the address form on the page (the names are typed: the book's form starts empty). */
async function fillAddress(page: Page, address: { line1: string; city: string; postcode: string }) {
  await page.getByRole("textbox", { name: "First name" }).fill("Dora");
  await page.getByRole("textbox", { name: "Last name" }).fill("Reader");
  await page.getByRole("textbox", { name: "Address line 1" }).fill(address.line1);
  await page.getByRole("textbox", { name: "Town or city" }).fill(address.city);
  await page.getByRole("textbox", { name: /^Postcode or ZIP code/ }).fill(address.postcode);
}

const card = (page: Page, line1: string) => page.getByRole("listitem").filter({ hasText: line1 });

async function addressBook(page: Page) {
  const token = await tokenInBrowser(page.context());
  return (await expectApi(stack, "GET", "/customers/addresses", AddressBookResponseSchema, { token: token! })).data.addresses;
}

/** A book in the basket (the first by `sort`), and the checkout opened at its delivery step. */
async function checkoutAtDelivery(page: Page, sort: Parameters<typeof findCheckoutBooks>[1]) {
  const [book] = await findCheckoutBooks(1, sort);
  const added = await page.request.post(`${stack.storefrontUrl}/cart/add`, {
    form: { productVariantId: String(masterOf(book!).id), quantity: "1", redirectTo: "/cart" },
    headers: { Origin: stack.storefrontUrl },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  await openCheckout(page, "/checkout", { javaScript: true, storefrontUrl: stack.storefrontUrl });
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await expectCheckoutToast(page, "Customer information has been saved", { javaScript: true });
}

describe("the address book", () => {
  it("adds, makes default, edits and deletes addresses, and checkout delivers to a saved one", async () => {
    const { page } = browser;
    await signedInCustomer(page, "addresses");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);

    // An empty book opens its form.
    await page.getByRole("heading", { level: 2, name: "Add your first address" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Save address" }).click();
    await page.getByText("Enter a postcode").waitFor();
    await fillAddress(page, BATH);
    await page.getByRole("button", { name: "Save address" }).click();
    await expectCheckoutToast(page, "The address has been added to your address book.", { javaScript: true });
    await card(page, BATH.line1).getByText("Default delivery").waitFor();
    await card(page, BATH.line1).getByText("BA1 1HN").waitFor();

    // A second address, made the default for delivery only.
    await page.getByRole("link", { name: "Add a new address" }).click();
    await fillAddress(page, YORK);
    await page.getByRole("checkbox", { name: "Use as my default delivery address" }).check();
    await page.getByRole("button", { name: "Save address" }).click();
    await expectCheckoutToast(page, "The address has been added to your address book.", { javaScript: true });
    await card(page, YORK.line1).getByText("Default delivery").waitFor();
    expect(await card(page, BATH.line1).getByText("Default delivery").count()).toBe(0);
    await card(page, BATH.line1).getByText("Default billing").waitFor();
    await screenshotForReview(page, "quire-e2e-account-addresses");

    // Edit the York address.
    await card(page, YORK.line1).getByRole("link", { name: /^Edit/ }).click();
    await page.getByRole("heading", { level: 2, name: "Edit address" }).waitFor();
    await page.getByRole("textbox", { name: "Address line 1" }).fill("5 Stonegate");
    await page.getByRole("button", { name: "Save address" }).click();
    await expectCheckoutToast(page, "The address has been saved.", { javaScript: true });
    await card(page, "5 Stonegate").getByText("Default delivery").waitFor();

    // Bath becomes the delivery default again, then is deleted through the confirm dialog: York takes it back.
    await card(page, BATH.line1)
      .getByRole("button", { name: /^Use for delivery/ })
      .click();
    await expectCheckoutToast(page, "Your default delivery address has been changed.", { javaScript: true });
    await card(page, BATH.line1).getByText("Default delivery").waitFor();
    await card(page, BATH.line1)
      .getByRole("button", { name: /^Delete/ })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this address?" });
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Delete address" }).click();
    await expectCheckoutToast(page, "The address has been deleted.", { javaScript: true });
    await expect.poll(async () => (await addressBook(page)).map((address) => address.line1)).toEqual(["5 Stonegate"]);
    const [york] = await addressBook(page);
    expect(york).toMatchObject({ isDefaultDelivery: true, isDefaultBilling: true });

    // At checkout the saved address is offered, chosen, and used.
    await checkoutAtDelivery(page, "newest");
    const saved = page.getByRole("radio", { name: /5 Stonegate/ });
    await saved.waitFor();
    expect(await saved.isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Deliver to this address" }).click();
    await expectCheckoutToast(page, "Delivery address has been saved", { javaScript: true });
    const token = await tokenInBrowser(page.context());
    const summary = await expectApi(stack, "GET", "/baskets/checkout/summary", CheckoutSummaryResponseSchema, { token: token! });
    expect(summary.data.deliveryAddress).toMatchObject({ line1: "5 Stonegate", postcode: "YO1 8AS", city: "York" });
    expectNoPageProblems(browser);
  });

  it("keeps an address typed at checkout in the address book when its box is ticked", async () => {
    const { page } = browser;
    await signedInCustomer(page, "addresses-checkout");
    await checkoutAtDelivery(page, "price-desc");
    // The book is empty, so checkout asks for an address, with the box to keep it ticked.
    expect(await page.getByRole("checkbox", { name: "Save this address to my address book" }).isChecked()).toBe(true);
    await giveAddress(page, { countryCode: "GB", ...BATH }, "Continue");
    await expectCheckoutToast(page, "Delivery address has been saved", { javaScript: true });
    expect((await addressBook(page)).map((address) => address.line1)).toEqual([BATH.line1]);
    expectNoPageProblems(browser);
  });

  it("marks the postcode required or optional by the chosen country (issue 26)", async () => {
    const { page } = browser;
    await signedInCustomer(page, "addresses-postcode");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    // The form starts in the shop's country, the United Kingdom, which needs a postcode.
    expect(await page.getByRole("combobox", { name: "Country" }).inputValue()).toBe("GB");
    await page.getByRole("textbox", { name: "Postcode or ZIP code", exact: true }).waitFor();
    // An Irish address may have no Eircode.
    await page.getByRole("combobox", { name: "Country" }).selectOption("IE");
    await page.getByRole("textbox", { name: "Postcode or ZIP code (optional)", exact: true }).waitFor();
    await page.getByRole("combobox", { name: "Country" }).selectOption("US");
    await page.getByRole("textbox", { name: "Postcode or ZIP code", exact: true }).waitFor();
    expectNoPageProblems(browser);
  });

  it("without JavaScript, marks the postcode by the country the form starts with (issue 26)", async () => {
    const { page } = noScript;
    await signedInCustomer(page, "addresses-postcode-no-js");
    // A new address starts in the United Kingdom: the postcode is required.
    await page.getByRole("textbox", { name: "Postcode or ZIP code", exact: true }).waitFor();
    // A saved Irish address, when edited: optional.
    await page.getByRole("combobox", { name: "Country" }).selectOption("IE");
    await page.getByRole("textbox", { name: "First name" }).fill("Dora");
    await page.getByRole("textbox", { name: "Last name" }).fill("Reader");
    await page.getByRole("textbox", { name: "Address line 1" }).fill("7 Merrion Square");
    await page.getByRole("textbox", { name: "Town or city" }).fill("Dublin");
    await page.getByRole("button", { name: "Save address" }).click();
    await card(page, "7 Merrion Square").getByRole("link", { name: /^Edit/ }).click();
    await page.getByRole("heading", { level: 2, name: "Edit address" }).waitFor();
    await page.getByRole("textbox", { name: "Postcode or ZIP code (optional)", exact: true }).waitFor();
  });

  it("prefills the checkout's phone with the one saved in the account settings (issue 26)", async () => {
    const { page } = browser;
    const customer = await signedInCustomer(page, "addresses-phone");
    const token = await tokenInBrowser(page.context());
    await expectApi(stack, "PUT", "/customers/current/settings", CustomerSettingsResponseSchema, {
      token: token!,
      body: { firstName: customer.firstName, lastName: customer.lastName, phone: "+44 20 7946 0000", marketingOptIn: false },
    });
    const [book] = await findCheckoutBooks(1, "newest");
    const added = await page.request.post(`${stack.storefrontUrl}/cart/add`, {
      form: { productVariantId: String(masterOf(book!).id), quantity: "1", redirectTo: "/cart" },
      headers: { Origin: stack.storefrontUrl },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    await openCheckout(page, "/checkout", { javaScript: true, storefrontUrl: stack.storefrontUrl });
    expect(await page.getByRole("textbox", { name: /^Phone number/ }).inputValue()).toBe("+44 20 7946 0000");
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe(customer.firstName);
    expectNoPageProblems(browser);
  });

  it("works without JavaScript: add, then delete through the page's own confirmation", async () => {
    const { page } = noScript;
    await signedInCustomer(page, "addresses-no-js");
    await fillAddress(page, BATH);
    await page.getByRole("button", { name: "Save address" }).click();
    await card(page, BATH.line1).getByText("Default billing").waitFor();
    await card(page, BATH.line1)
      .getByRole("link", { name: /^Delete/ })
      .click();
    const confirmation = page.getByRole("region", { name: "Delete this address?" });
    await confirmation.getByRole("button", { name: "Delete address" }).click();
    await page.getByRole("heading", { level: 2, name: "Add your first address" }).waitFor();
    expect(await addressBook(page)).toEqual([]);
  });

  it("sends an anonymous visitor to sign in", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/account/addresses`);
    await page.waitForURL(/\/auth\/login\?redirect_url=%2Faccount%2Faddresses$/);
  });
});
