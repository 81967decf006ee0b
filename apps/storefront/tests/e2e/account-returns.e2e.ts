import {
  CartResponseSchema,
  CheckoutSummaryResponseSchema,
  CreatedOrderResponseSchema,
  DeliveryOptionsResponseSchema,
  OrderResponseSchema,
  PaymentResponseSchema,
  ReturnDetailResponseSchema,
  SignInResponseSchema,
  type Order,
  type ProductDetail,
} from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { formatDate } from "../../app/lib/format-date";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectApi, signInThroughForm } from "./auth-journeys";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "./browser";
import { expectToast, masterOf } from "./cart-catalogue";
import { expectAccessible, expectCheckoutToast, findCheckoutBooks } from "./checkout-journeys";
import { asShop } from "./demo-api";
import { DEMO_STORE_KEY, stackWithRows, type Stack } from "./stack";

/**
 * Returns in the customer's account (issue 10, section 3): asking to return items of a
 * delivered order from its page (the dialog, and the form on the page without JavaScript), a quantity the order
 * cannot give answered beside its line, the return's page with its status and what happens next, the list of
 * returns, and a return kept from anyone else. The journeys run on the run's shared stack, whose database is given
 * one customer per journey (addresses of this file's own); each journey's order is placed through the API as the
 * storefront would, and paid, shipped and delivered through the admin API, as the merchant would.
 */
const PASSWORD = "Account-Returns-Lantern-2026";
const CUSTOMERS = {
  returner: "trollope@example.test",
  noScript: "burney@example.test",
  owner: "radcliffe@example.test",
  stranger: "edgeworth@example.test",
} as const;
type CustomerKey = keyof typeof CUSTOMERS;

const DELIVERY_ADDRESS = {
  firstName: "Ada",
  lastName: "Reader",
  line1: "221B Baker Street",
  city: "London",
  postcode: "NW1 6XE",
  countryCode: "GB",
};

let stack: Stack;
let books: ProductDetail[];

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  stack = await stackWithRows({
    name: "account-returns",
    prepare: async (database) => {
      for (const email of Object.values(CUSTOMERS)) {
        // Signed up and up to date with the privacy policy, so order calls are not refused with a 403.
        await database.execute(
          `INSERT INTO customers (store_id, email, password_hash, first_name, last_name, accepted_privacy_policy_id)
           SELECT s.id, $1, $2, 'Ada', 'Reader', (SELECT p.id FROM privacy_policies p WHERE p.store_id = s.id ORDER BY p.published_at DESC LIMIT 1)
           FROM stores s WHERE s.key = $3`,
          [email, passwordHash, DEMO_STORE_KEY],
        );
      }
    },
  });
  // Two books that together pass the demo shop's minimum order; this stack's stock is its own.
  books = await findCheckoutBooks(2, "price-desc");
});

afterAll(async () => {
  await stack?.stop();
});

const customer = (key: CustomerKey) => ({ email: CUSTOMERS[key], password: PASSWORD });

/** A customer's sign-in token for the API, as the storefront's server holds it. */
async function apiToken(key: CustomerKey): Promise<string> {
  const { data } = await expectApi(stack, "POST", "/auth/sign-in", SignInResponseSchema, { body: customer(key) });
  return data.token;
}

/**
 * A delivered order of one of each book: placed through the API as the checkout would (bank transfer against
 * the proforma invoice), then the transfer confirmed, shipped and delivered by the merchant's command line.
 * Answers the order as its customer sees it now: returnable, each line up to its quantity.
 */
async function deliveredOrder(key: CustomerKey): Promise<Order> {
  const token = await apiToken(key);
  for (const book of books) {
    await expectApi(stack, "PUT", "/baskets", CartResponseSchema, { token, body: { productVariantId: masterOf(book).id, quantity: 1 } });
  }
  const checkoutStep = (path: string, body: object) => expectApi(stack, "PUT", path, CheckoutSummaryResponseSchema, { token, body });
  await checkoutStep("/baskets/checkout/customer-info", { email: CUSTOMERS[key], firstName: "Ada", lastName: "Reader" });
  await checkoutStep("/baskets/checkout/delivery-address", { address: DELIVERY_ADDRESS });
  const { data: delivery } = await expectApi(stack, "GET", "/baskets/checkout/delivery/available-options", DeliveryOptionsResponseSchema, {
    token,
  });
  await checkoutStep("/baskets/checkout/delivery/options", { deliveryZoneOptionId: delivery.options[0]!.id });
  const { data: created } = await expectApi(stack, "POST", "/orders", CreatedOrderResponseSchema, { token, body: { termsAccepted: true } });
  await expectApi(stack, "POST", "/payments", PaymentResponseSchema, {
    token,
    body: {
      orderId: created.id,
      paymentProviderId: "proforma-invoice",
      amount: created.grandTotal.amount,
      currencyCode: created.grandTotal.currencyCode,
    },
  });
  const { data: placed } = await expectApi(stack, "GET", `/orders/${created.id}`, OrderResponseSchema, { token });
  await asShop(stack, "PUT", `/admin/orders/${placed.id}/confirm-transfer`);
  await asShop(stack, "PUT", `/admin/orders/${placed.id}/ship`, { trackingReference: "RM123456785GB" });
  await asShop(stack, "PUT", `/admin/orders/${placed.id}/deliver`);
  const { data: order } = await expectApi(stack, "GET", `/orders/${created.id}`, OrderResponseSchema, { token });
  expect(order.status).toBe("delivered");
  expect(order.returnableUntil, "delivered today: within the return window").not.toBeNull();
  expect(order.items.map((item) => item.returnableQuantity)).toEqual(order.items.map((item) => item.quantity));
  return order;
}

/** Signs in through the form on the way to `path` (the sign-in page sends the customer back there). */
async function signInTo(page: Page, key: CustomerKey, path: string) {
  await page.goto(`${stack.storefrontUrl}/auth/login?${new URLSearchParams({ redirect_url: path })}`);
  await signInThroughForm(page, stack, customer(key));
  await page.waitForURL(`${stack.storefrontUrl}${path}`);
}

/** Waits until React Router has taken the page over (a click before that would follow the plain link). */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

/** The status label beside a page's heading. */
const statusBadge = (page: Page) => page.locator("h1 + span");
/** A return's row in the list, by its number. */
const returnRow = (page: Page, publicId: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Return ${publicId}`, exact: true }) });

/**
 * Fills the return form (in the dialog or on the page): how many of each line, why, what instead, a comment.
 * Lines not named stay at 0.
 */
async function fillReturnForm(
  form: Locator,
  choice: { quantities: Record<string, string>; reason: string; resolution: RegExp; comment?: string },
) {
  for (const [productName, quantity] of Object.entries(choice.quantities)) {
    await form.getByRole("spinbutton", { name: productName, exact: true }).fill(quantity);
  }
  await form.getByLabel("Why are you returning them?").selectOption({ label: choice.reason });
  await form.getByRole("radio", { name: choice.resolution }).check();
  if (choice.comment !== undefined) await form.getByLabel(/Anything we should know/).fill(choice.comment);
}

/** The error shown beside a line of the return form: the line's input names it (aria-describedby). */
async function lineError(form: Locator, productName: string): Promise<string> {
  const input = form.getByRole("spinbutton", { name: productName, exact: true });
  expect(await input.getAttribute("aria-invalid")).toBe("true");
  const ids = (await input.getAttribute("aria-describedby"))?.split(" ") ?? [];
  const errorId = ids.find((id) => id.endsWith("-error"));
  expect(errorId, "the line's error is tied to its input").toBeDefined();
  return (await form.locator(`[id="${errorId}"]`).innerText()).replace(/^Error:\s*/, "");
}

describe("a customer's returns", () => {
  const browser = sessionPerTest();

  it("returns a line of a delivered order through the dialog, shows the return's page, and lists it", async () => {
    const { page } = browser;
    const order = await deliveredOrder("returner");
    const [first, second] = order.items as [Order["items"][number], Order["items"][number]];

    // Nothing returned yet: the list says where returns start.
    await signInTo(page, "returner", "/account/returns");
    await page.getByRole("heading", { level: 2, name: "You haven't returned anything" }).waitFor();
    expect(await page.getByRole("link", { name: "See your orders" }).getAttribute("href")).toBe("/account/orders");
    await page.getByRole("navigation", { name: "Your account" }).locator('a[aria-current="page"]', { hasText: "Returns" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-returns-empty");

    // The delivered order offers its withdrawal too (decision 061): its items at once, every one of them chosen.
    await page.goto(`${stack.storefrontUrl}/account/orders/${order.id}`);
    await page.getByRole("link", { name: "Withdraw from this order" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/withdraw?order=${order.id}`);
    const withdrawal = page.getByRole("region", { name: `Order ${order.publicId}` });
    expect(
      await withdrawal.getByRole("spinbutton").evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value)),
    ).toEqual(order.items.map((item) => String(item.quantity)));

    // The delivered order offers its return, and says until when.
    await page.goto(`${stack.storefrontUrl}/account/orders/${order.id}`);
    await waitForHydration(page);
    await page.getByText(`Returnable until ${formatDate(order.returnableUntil!)}`).waitFor();
    await screenshotForReview(page, "quire-returns-order", { fullPage: false });
    await page.getByRole("button", { name: "Return items" }).click();
    const dialog = page.getByRole("dialog", { name: "Return items" });
    await dialog.waitFor();
    expect(await dialog.getByRole("spinbutton").count(), "one field per returnable line").toBe(2);
    expect(await dialog.getByRole("radio").count(), "the API's resolutions").toBe(3);
    await dialog.getByText("Credit to spend in the shop", { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-returns-dialog", { fullPage: false });

    // More than the order can give back: answered beside the line, the dialog still open with the choices kept.
    await fillReturnForm(dialog, {
      quantities: { [first.productName]: String(first.quantity + 1) },
      reason: "Arrived damaged",
      resolution: /^Store credit/,
      comment: "The cover was torn.",
    });
    await dialog.getByRole("button", { name: "Request return" }).click();
    await expect.poll(() => lineError(dialog, first.productName)).toBe(`At most ${first.quantity} of this item can be returned`);
    expect(await dialog.getByRole("spinbutton", { name: second.productName, exact: true }).getAttribute("aria-invalid")).toBeNull();
    expect(await dialog.getByLabel("Why are you returning them?").inputValue()).toBe("damaged");
    expect(await dialog.getByRole("radio", { name: /^Store credit/ }).isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-returns-dialog-error", { fullPage: false });

    // The quantity corrected, the same dialog asks again (with a new key: the refused one is spent) and succeeds.
    await dialog.getByRole("spinbutton", { name: first.productName, exact: true }).fill(String(first.quantity));
    await dialog.getByRole("button", { name: "Request return" }).click();
    await page.waitForURL(new RegExp(`${stack.storefrontUrl}/account/returns/\\d+$`));
    const returnId = Number(new URL(page.url()).pathname.split("/").at(-1));
    const { data: asked } = await expectApi(stack, "GET", `/order-returns/${returnId}`, ReturnDetailResponseSchema, {
      token: await apiToken("returner"),
    });
    expect(asked).toMatchObject({
      orderId: order.id,
      status: "requested",
      reason: "damaged",
      resolution: "store_credit",
      comment: "The cover was torn.",
      lines: [{ orderLineId: first.id, quantity: first.quantity }],
    });
    await expectToast(page, `Return ${asked.publicId} has been requested. Here is what happens next.`);

    // The return's page: its number and status, what happens next, the line, the request and its progress.
    await page.getByRole("heading", { level: 1, name: `Return ${asked.publicId}` }).waitFor();
    expect(await statusBadge(page).innerText()).toBe("Requested");
    await page
      .getByRole("region", { name: "What happens next" })
      .getByText(/send them back to us/)
      .waitFor();
    const lines = page.getByRole("list", { name: "Items in this return" }).getByRole("listitem");
    expect(await lines.count()).toBe(1);
    for (const text of [first.productName, first.sku, `${first.quantity} returned`, formatMoney(asked.lines[0]!.amount)]) {
      expect(await lines.first().innerText()).toContain(text);
    }
    const request = page.getByRole("region", { name: "Your request" });
    for (const text of ["Arrived damaged", "Store credit", "The cover was torn."]) await request.getByText(text, { exact: true }).waitFor();
    const progress = await page.getByRole("region", { name: "Progress" }).getByRole("listitem").allInnerTexts();
    expect(progress.map((entry) => entry.split("\n")[0])).toEqual(["Return requested"]);
    expect(await page.getByRole("region", { name: "Money back" }).count(), "nothing settled yet").toBe(0);
    expect(await page.getByRole("link", { name: order.publicId }).getAttribute("href")).toBe(`/account/orders/${order.id}`);
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-returns-detail");

    // The list finds it: number, date, status, order, resolution, items and amount.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Your returns" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/account/returns`);
    await page.getByText("1 return, newest first.", { exact: false }).waitFor();
    const row = returnRow(page, asked.publicId);
    const rowText = await row.innerText();
    for (const text of [formatDate(asked.createdAt), "Requested", order.publicId, "Store credit", "1 item", formatMoney(asked.amount)]) {
      expect(rowText, text).toContain(text);
    }
    expect(await row.getByRole("link", { name: order.publicId }).getAttribute("href")).toBe(`/account/orders/${order.id}`);
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-returns-list");
    // On a phone each row still reads as one return.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotForReview(page, "quire-returns-list-phone");
    await page.setViewportSize({ width: 1280, height: 720 });

    // Back on the order, only what is left may still be returned.
    await row.getByRole("link", { name: order.publicId }).click();
    await page.waitForURL(`${stack.storefrontUrl}/account/orders/${order.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Return items" }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole("spinbutton").count()).toBe(1);
    await dialog.getByRole("spinbutton", { name: second.productName, exact: true }).waitFor();
    expectNoPageProblems(browser);
  });

  it("keeps a return to its customer: another customer gets the 404 page, a visitor is sent to sign in", async () => {
    const { page } = browser;
    const order = await deliveredOrder("owner");
    const { data: asked } = await expectApi(stack, "POST", "/order-returns", ReturnDetailResponseSchema, {
      token: await apiToken("owner"),
      body: { orderId: order.id, lines: [{ orderLineId: order.items[0]!.id, quantity: 1 }], reason: "changed_mind", resolution: "refund" },
    });
    const returnPath = `/account/returns/${asked.id}`;

    for (const path of ["/account/returns", returnPath]) {
      const anonymous = await fetch(`${stack.storefrontUrl}${path}`, { redirect: "manual" });
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get("location")).toBe(`/auth/login?${new URLSearchParams({ redirect_url: path })}`);
    }

    await signInTo(page, "stranger", "/account/returns");
    await page.getByRole("heading", { level: 2, name: "You haven't returned anything" }).waitFor();
    const response = await page.goto(`${stack.storefrontUrl}${returnPath}`);
    expect(response?.status()).toBe(404);
    await page.getByText(`Page Not Found: ${returnPath}`).first().waitFor();
    expect(await page.getByText(asked.publicId).count(), "nothing of the return shows").toBe(0);
    // Nor can the stranger ask to return the owner's order.
    const posted = await page.request.post(`${stack.storefrontUrl}/account/orders/${order.id}`, {
      form: { intent: "return-items", [`quantity-${order.items[1]!.id}`]: "1", reason: "damaged", resolution: "refund" },
      headers: { Origin: stack.storefrontUrl },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(404);
    // An id that is no return at all, or no number, is the same 404.
    for (const path of ["/account/returns/2147483647", "/account/returns/abc"]) {
      expect((await page.goto(`${stack.storefrontUrl}${path}`))?.status(), path).toBe(404);
    }
    expectNoPageProblems(browser);
  });
});

describe("a customer's returns without JavaScript", () => {
  const browser = sessionPerTest({ javaScriptEnabled: false });

  it("asks for a return on the order's page itself, a refused quantity answered beside its line", async () => {
    const { page } = browser;
    const order = await deliveredOrder("noScript");
    const [first, second] = order.items as [Order["items"][number], Order["items"][number]];
    const orderPath = `/account/orders/${order.id}`;
    await signInTo(page, "noScript", orderPath);
    await page.getByText(`Returnable until ${formatDate(order.returnableUntil!)}`).waitFor();
    await page.getByRole("link", { name: "Return items" }).click();
    await page.waitForURL(`${stack.storefrontUrl}${orderPath}?return`);
    const form = page.getByRole("region", { name: "Return items" });
    await form.waitFor();
    await expectAccessible(page, { javaScript: false });
    await screenshotForReview(page, "quire-returns-no-js-form");

    // Nothing chosen: each missing answer beside its question.
    await form.getByRole("button", { name: "Request return" }).click();
    await page.waitForURL(`${stack.storefrontUrl}${orderPath}?return`);
    await form.getByText("Choose at least one item to return").waitFor();
    await form.getByText("Choose why you are sending the items back.").waitFor();
    await form.getByText("Choose what you would like instead.").waitFor();

    // Too many of a line: the API's answer beside it, what was chosen kept.
    await fillReturnForm(form, {
      quantities: { [second.productName]: String(second.quantity + 2) },
      reason: "Not as described",
      resolution: /^Refund/,
    });
    await form.getByRole("button", { name: "Request return" }).click();
    await page.waitForURL(`${stack.storefrontUrl}${orderPath}?return`);
    expect(await lineError(form, second.productName)).toBe(`At most ${second.quantity} of this item can be returned`);
    expect(await form.getByRole("spinbutton", { name: second.productName, exact: true }).inputValue()).toBe(String(second.quantity + 2));
    expect(await form.getByRole("spinbutton", { name: first.productName, exact: true }).getAttribute("aria-invalid")).toBeNull();
    expect(await form.getByLabel("Why are you returning them?").inputValue()).toBe("not_as_described");
    await expectAccessible(page, { javaScript: false });

    await form.getByRole("spinbutton", { name: second.productName, exact: true }).fill(String(second.quantity));
    await form.getByRole("button", { name: "Request return" }).click();
    await page.waitForURL(new RegExp(`${stack.storefrontUrl}/account/returns/\\d+$`));
    const heading = await page.getByRole("heading", { level: 1 }).innerText();
    const publicId = /RMA-\d+/.exec(heading)?.[0];
    expect(publicId, heading).toBeDefined();
    await expectCheckoutToast(page, `Return ${publicId} has been requested.`, { javaScript: false });
    expect(await statusBadge(page).innerText()).toBe("Requested");
    await page.getByRole("region", { name: "Your request" }).getByText("Not as described", { exact: true }).waitFor();
    await page.getByRole("region", { name: "Your request" }).getByText("Refund", { exact: true }).waitFor();

    await page.goto(`${stack.storefrontUrl}/account/returns`);
    expect(await returnRow(page, publicId!).innerText()).toContain(order.publicId);
    expectNoPageProblems(browser);
  });
});
