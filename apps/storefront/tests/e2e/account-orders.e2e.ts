import {
  CartResponseSchema,
  CheckoutSummaryResponseSchema,
  CreatedOrderResponseSchema,
  DeliveryOptionsResponseSchema,
  OrderResponseSchema,
  PaymentResponseSchema,
  SignInResponseSchema,
  type Order,
  type PersonalDataExport,
  type ProductDetail,
} from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { callApi, emailedLink, expectApi, signInThroughForm } from "./auth-journeys";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "./browser";
import { expectToast, masterOf } from "./cart-catalogue";
import { expectAccessible, expectCheckoutToast, findCheckoutBooks } from "./checkout-journeys";
import { asShop } from "./demo-api";
import { DEMO_STORE_KEY, stackWithRows, type Stack } from "./stack";
import { formatDate } from "../../app/lib/format-date";

/**
 * The customer's orders in their account (issue 10): the list, an order's page with
 * its lines, totals, addresses, payment and progress, cancelling an order awaiting payment (with the confirm
 * dialog, and without JavaScript), and the pages kept from anyone else. The journeys run on the run's shared
 * stack, whose database is given one customer per journey (addresses of this file's own); each journey places its
 * orders through the API as the storefront would, so no journey sees another's orders, and the merchant's steps
 * (a transfer received, a parcel sent) are the admin API's.
 */
const PASSWORD = "Account-Orders-Lantern-2026";
const CUSTOMERS = {
  buyer: "marlowe.orders@example.test",
  canceller: "bronte.orders@example.test",
  noScript: "gaskell.orders@example.test",
  owner: "austen.orders@example.test",
  stranger: "eliot.orders@example.test",
  newcomer: "woolf.orders@example.test",
  regular: "dickens.orders@example.test",
  exporter: "shelley.orders@example.test",
} as const;
type CustomerKey = keyof typeof CUSTOMERS;
/** Orders the regular customer has (written straight to the database): more than one page of ten. */
const REGULAR_ORDER_COUNT = 12;

const DELIVERY_ADDRESS = {
  firstName: "Ada",
  lastName: "Reader",
  line1: "221B Baker Street",
  city: "London",
  postcode: "NW1 6XE",
  countryCode: "GB",
};
const BILLING_ADDRESS = {
  firstName: "Ada",
  lastName: "Reader",
  line1: "1 Princes Street",
  city: "Edinburgh",
  postcode: "EH2 2EQ",
  countryCode: "GB",
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let stack: Stack;
let books: ProductDetail[];

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  stack = await stackWithRows({
    name: "account-orders",
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
      // The regular customer's past orders, a day apart: a closed basket each, and the order's snapshot.
      const address = JSON.stringify(DELIVERY_ADDRESS);
      await database.execute(
        `WITH buyer AS (SELECT c.id, c.store_id FROM customers c JOIN stores s ON s.id = c.store_id WHERE c.email = $1 AND s.key = $2),
         new_carts AS (
           INSERT INTO carts (store_id, customer_id, status) SELECT buyer.store_id, buyer.id, 'ordered' FROM buyer, generate_series(1, $3::int)
           RETURNING id, store_id, customer_id)
         INSERT INTO orders (public_id, store_id, cart_id, customer_id, status, email, first_name, last_name, currency_code,
           prices_include_tax, sub_total, discount_total, delivery_charge, tax_total, grand_total, tax_lines, discount_lines,
           delivery_address, billing_address, delivery_option_name, delivery_option_kind, placed_at)
         SELECT 'QB-' || nextval('order_number_seq'), store_id, id, customer_id, 'delivered', $1, 'Ada', 'Reader', 'GBP', true,
           2500, 0, 0, 0, 2500, '[]', '[]', $4::jsonb, $4::jsonb, 'Standard delivery', 'standard',
           now() - make_interval(days => 30 + row_number() OVER (ORDER BY id)::int)
         FROM new_carts`,
        [CUSTOMERS.regular, DEMO_STORE_KEY, REGULAR_ORDER_COUNT, address],
      );
    },
  });
  // Two books that together pass the demo shop's minimum order, each of them well stocked.
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
 * Places an order of one of each book through the API, as the checkout would: details, a delivery address,
 * a billing address of its own, standard delivery, the terms, and a bank transfer against the proforma
 * invoice (so it waits for its payment). Answers the order as the API shows it to its customer.
 */
async function placeOrder(key: CustomerKey, items: ProductDetail[]): Promise<Order> {
  const token = await apiToken(key);
  for (const book of items) {
    await expectApi(stack, "PUT", "/baskets", CartResponseSchema, { token, body: { productVariantId: masterOf(book).id, quantity: 1 } });
  }
  const checkoutStep = (path: string, body: object) => expectApi(stack, "PUT", path, CheckoutSummaryResponseSchema, { token, body });
  await checkoutStep("/baskets/checkout/customer-info", { email: CUSTOMERS[key], firstName: "Ada", lastName: "Reader" });
  await checkoutStep("/baskets/checkout/delivery-address", { address: DELIVERY_ADDRESS });
  await checkoutStep("/baskets/checkout/billing-address", { address: BILLING_ADDRESS });
  const { data: delivery } = await expectApi(stack, "GET", "/baskets/checkout/delivery/available-options", DeliveryOptionsResponseSchema, {
    token,
  });
  const standard = delivery.options.find((option) => option.kind === "standard") ?? delivery.options[0]!;
  await checkoutStep("/baskets/checkout/delivery/options", { deliveryZoneOptionId: standard.id });
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
  return readOrder(key, created.id, token);
}

async function readOrder(key: CustomerKey, orderId: number, token?: string): Promise<Order> {
  return (await expectApi(stack, "GET", `/orders/${orderId}`, OrderResponseSchema, { token: token ?? (await apiToken(key)) })).data;
}

/** Signs in through the form on the way to `path` (the sign-in page sends the customer back there). */
async function signInTo(page: Page, key: CustomerKey, path: string) {
  await page.goto(`${stack.storefrontUrl}/auth/login?${new URLSearchParams({ redirect_url: path })}`);
  await signInThroughForm(page, stack, customer(key));
  await page.waitForURL(`${stack.storefrontUrl}${path}`);
}

/** Waits until React Router has taken the page over (a click before that would post the plain form). */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

/** An order's row in the list: a link named "Order QB-…, placed on …, status …, … items, total …". */
const orderRow = (page: Page, publicId: string) => page.getByRole("link", { name: new RegExp(`^Order ${publicId}\\b`) });
const orderRows = (page: Page) => page.getByRole("link", { name: /^Order QB-/ });
/** The status label beside the order page's heading. */
const statusBadge = (page: Page) => page.locator("h1 + span");

describe("a customer's orders", () => {
  const browser = sessionPerTest();

  it("lists the orders newest first and opens one with its lines, totals, addresses, payment and progress", async () => {
    const { page } = browser;
    const shippedOrder = await placeOrder("buyer", books);
    const waitingOrder = await placeOrder("buyer", [books[0]!]);
    // The shop receives the first order's transfer and ships it, as a merchant would from the back office.
    await asShop(stack, "PUT", `/admin/orders/${shippedOrder.id}/confirm-transfer`);
    await asShop(stack, "PUT", `/admin/orders/${shippedOrder.id}/ship`, { trackingReference: "RM123456785GB" });

    await signInTo(page, "buyer", "/account/orders");
    await page.getByRole("heading", { level: 1, name: "Your orders" }).waitFor();
    await page.getByText("2 orders, newest first.", { exact: false }).waitFor();
    const rows = orderRows(page);
    expect(await rows.count()).toBe(2);
    // Newest first: number, date, status, item count and total in each row.
    expect(await rows.first().innerText()).toContain(waitingOrder.publicId);
    expect(await rows.first().innerText()).toContain(formatDate(waitingOrder.placedAt));
    const newest = orderRow(page, waitingOrder.publicId);
    const oldest = orderRow(page, shippedOrder.publicId);
    for (const text of ["Awaiting payment", "1 item", formatMoney(waitingOrder.grandTotal)])
      expect(await newest.innerText()).toContain(text);
    for (const text of ["Shipped", "2 items", formatMoney(shippedOrder.grandTotal)]) expect(await oldest.innerText()).toContain(text);
    expect(await page.getByRole("navigation", { name: "Pagination" }).count(), "one page: no page links").toBe(0);
    // The account's navigation marks where the customer is.
    await page.getByRole("navigation", { name: "Your account" }).locator('a[aria-current="page"]', { hasText: "Orders" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "account-orders-list");

    // The shipped order's page.
    await oldest.click();
    await page.waitForURL(`${stack.storefrontUrl}/account/orders/${shippedOrder.id}`);
    await page.getByRole("heading", { level: 1, name: `Order ${shippedOrder.publicId}` }).waitFor();
    expect(await statusBadge(page).innerText()).toBe("Shipped");
    const items = page.getByRole("list", { name: "Items in this order" });
    expect(await items.getByRole("listitem").count()).toBe(shippedOrder.items.length);
    for (const item of shippedOrder.items) {
      const line = items.getByRole("listitem").filter({ hasText: item.productName });
      const text = await line.innerText();
      for (const expected of [item.variantName, item.sku, `${item.quantity} ×`, formatMoney(item.unitPrice), formatMoney(item.total)]) {
        expect(text, `${item.productName}: ${expected}`).toContain(expected);
      }
    }
    const totals = await page.getByRole("region", { name: "Items", exact: true }).locator("dl").innerText();
    expect(totals).toMatch(new RegExp(`Subtotal\\s+${escapeRegExp(formatMoney(shippedOrder.subTotal))}`));
    expect(totals).toMatch(new RegExp(`Delivery\\s+(Free delivery|${escapeRegExp(formatMoney(shippedOrder.deliveryCharge))})`));
    expect(totals).toMatch(
      new RegExp(
        `${shippedOrder.taxes.included ? "Tax included in prices" : "Tax"}\\s+${escapeRegExp(formatMoney(shippedOrder.taxes.amount))}`,
      ),
    );
    expect(totals).toMatch(new RegExp(`Total\\s+${escapeRegExp(formatMoney(shippedOrder.grandTotal))}`));
    const deliveryCard = page.getByRole("region", { name: "Delivery", exact: true });
    await deliveryCard.getByText(shippedOrder.deliveryAddress.formattedAddress).waitFor();
    await deliveryCard.getByText(shippedOrder.deliveryOption.name).waitFor();
    await deliveryCard.getByText("RM123456785GB").waitFor();
    const paymentCard = page.getByRole("region", { name: "Payment", exact: true });
    expect(shippedOrder.billingAddress.formattedAddress).not.toBe(shippedOrder.deliveryAddress.formattedAddress);
    await paymentCard.getByText(shippedOrder.billingAddress.formattedAddress).waitFor();
    await paymentCard.getByText("Bank transfer (proforma invoice)").waitFor();
    await paymentCard.getByText("Paid", { exact: true }).waitFor();
    const progress = await page.getByRole("region", { name: "Progress" }).getByRole("listitem").allInnerTexts();
    expect(progress.map((entry) => entry.split("\n")[0])).toEqual(["Order placed", "Confirmed", "Shipped"]);
    // Shipped: nothing left for the customer to cancel, and no proforma invoice to pay by.
    expect(await page.getByRole("button", { name: "Cancel order" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /proforma invoice/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "account-order-detail");

    // The order still waiting for its transfer offers its proforma invoice, the PDF itself.
    await page.goto(`${stack.storefrontUrl}/account/orders/${waitingOrder.id}`);
    const invoice = page.getByRole("link", { name: "Download proforma invoice (PDF)" });
    const pdf = await page.request.get(new URL((await invoice.getAttribute("href"))!, stack.storefrontUrl).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await page.getByRole("region", { name: "Delivery", exact: true }).getByText("Given once your order has shipped").waitFor();
    await page
      .getByRole("link", { name: "Cancel order" })
      .or(page.getByRole("button", { name: "Cancel order" }))
      .waitFor();
    await screenshotForReview(page, "account-order-awaiting-payment");
    expectNoPageProblems(browser);
  });

  it("cancels an order awaiting payment through the confirm dialog, and shows its new status", async () => {
    const { page } = browser;
    const order = await placeOrder("canceller", [books[1]!, books[0]!]);
    await signInTo(page, "canceller", `/account/orders/${order.id}`);
    await waitForHydration(page);
    expect(await statusBadge(page).innerText()).toBe("Awaiting payment");

    // Keeping it changes nothing.
    await page.getByRole("button", { name: "Cancel order" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this order?" });
    await dialog.waitFor();
    await dialog.getByText(`Order ${order.publicId} will be cancelled`).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "account-order-cancel-dialog", { fullPage: false });
    await dialog.getByRole("button", { name: "Keep order" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await readOrder("canceller", order.id)).status).toBe("awaiting_payment");

    // Accepting cancels it.
    await page.getByRole("button", { name: "Cancel order" }).click();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await expectToast(page, `Order ${order.publicId} has been cancelled.`);
    await expect.poll(() => statusBadge(page).innerText()).toBe("Cancelled");
    expect(new URL(page.url()).pathname).toBe(`/account/orders/${order.id}`);
    const cancelled = await readOrder("canceller", order.id);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.history.map((change) => change.to)).toEqual(["cancelled"]);
    const progress = await page.getByRole("region", { name: "Progress" }).getByRole("listitem").allInnerTexts();
    expect(progress.map((entry) => entry.split("\n")[0])).toEqual(["Order placed", "Cancelled"]);
    expect(await page.getByRole("button", { name: "Cancel order" }).count(), "nothing left to cancel").toBe(0);
    expect(await page.getByRole("link", { name: /proforma invoice/ }).count(), "no transfer to make").toBe(0);

    // The list says so too.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Your orders" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/account/orders`);
    expect(await orderRow(page, order.publicId).innerText()).toContain("Cancelled");
    expectNoPageProblems(browser);
  });

  it("keeps an order to its customer: another customer gets the 404 page, a visitor is sent to sign in", async () => {
    const { page } = browser;
    const order = await placeOrder("owner", [books[0]!, books[1]!]);
    const orderPath = `/account/orders/${order.id}`;

    // A visitor, for the list and the order alike.
    for (const path of ["/account/orders", orderPath]) {
      const anonymous = await fetch(`${stack.storefrontUrl}${path}`, { redirect: "manual" });
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get("location")).toBe(`/auth/login?${new URLSearchParams({ redirect_url: path })}`);
    }

    // Another customer: the not-found page, for the order and for its cancel form alike.
    await signInTo(page, "stranger", "/account/orders");
    await page.getByRole("heading", { level: 1, name: "Your orders" }).waitFor();
    const response = await page.goto(`${stack.storefrontUrl}${orderPath}`);
    expect(response?.status()).toBe(404);
    await page.getByText(`Page Not Found: ${orderPath}`).first().waitFor();
    expect(await page.getByText(order.publicId).count(), "nothing of the order shows").toBe(0);
    const posted = await page.request.post(`${stack.storefrontUrl}${orderPath}`, {
      form: { intent: "cancel" },
      headers: { Origin: stack.storefrontUrl },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(404);
    expect((await readOrder("owner", order.id)).status).toBe("awaiting_payment");
    // An id that is no order at all is the same 404.
    expect((await page.goto(`${stack.storefrontUrl}/account/orders/2147483647`))?.status()).toBe(404);
    expectNoPageProblems(browser);
  });

  it("downloads everything the shop holds about the customer, reads its summary, then deletes the account by the emailed link", async () => {
    const { page } = browser;
    const order = await placeOrder("exporter", [books[0]!]);
    await signInTo(page, "exporter", "/account/settings");
    await page.getByRole("heading", { level: 2, name: "Your data" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download your data (JSON)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quire-personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), "utf8")) as PersonalDataExport;
    expect(exported.subject).toEqual({ kind: "customer", email: CUSTOMERS.exporter });
    expect(exported.account?.email).toBe(CUSTOMERS.exporter);
    expect(exported.orders.map((exportedOrder) => exportedOrder.publicId)).toEqual([order.publicId]);
    expect(exported.orders[0]?.deliveryAddress.line1).toBe(DELIVERY_ADDRESS.line1);

    await page.getByRole("link", { name: "Read a summary" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/account/data-export/summary`);
    const summary = await page.locator("body").innerText();
    for (const text of [CUSTOMERS.exporter, order.publicId, "What this export leaves out"]) expect(summary).toContain(text);

    // Then the customer deletes the account: asked for in the settings, confirmed on the emailed link's page.
    await page.goto(`${stack.storefrontUrl}/account/settings`);
    const mailsBefore = await stack.mailbox!.count();
    await page.getByRole("button", { name: "Email me a link to delete my account" }).click();
    await expectToast(page, `We've emailed ${CUSTOMERS.exporter} a link to delete your account. It works once, for 24 hours.`);
    const linkUrl = await emailedLink(stack, CUSTOMERS.exporter, "/account/delete/", mailsBefore);
    // Opening the link erases nothing (a mail scanner may follow it): the page asks.
    await page.goto(linkUrl);
    await page.getByRole("heading", { level: 1, name: "Delete your account" }).waitFor();
    // The address holds the secret: no Referer carries it on (a browser obeys the last policy of the list).
    expect((await page.request.get(linkUrl)).headers()["referrer-policy"]?.split(",").at(-1)?.trim()).toBe("no-referrer");
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "account-delete-confirm");

    // The order still awaiting its payment keeps the account: the page says which, and the link still works.
    await page.getByRole("button", { name: "Delete my account" }).click();
    const blocked = page.locator("#deletion-blocked");
    await blocked.getByText(`Order ${order.publicId} is awaiting payment`).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "account-delete-blocked");
    await expectApi(stack, "PUT", `/orders/${order.id}/cancel`, OrderResponseSchema, { token: await apiToken("exporter") });

    await page.goto(linkUrl);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/`);
    await expectToast(page, "Your account has been deleted and your personal data erased.");
    await page
      .getByRole("link", { name: /Sign in/ })
      .first()
      .waitFor();
    // The account is gone: its password no longer signs in, and the link has done its one thing.
    expect((await callApi(stack, "POST", "/auth/sign-in", { body: customer("exporter") })).status).toBe(401);
    await page.goto(linkUrl);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("heading", { level: 1, name: "This link to delete your account does not work" }).waitFor();
    expectNoPageProblems(browser);
  });

  it("shows a newcomer with no orders the way to the shop, and no page past the first", async () => {
    const { page } = browser;
    await signInTo(page, "newcomer", "/account/orders");
    await page.getByRole("heading", { level: 2, name: "You haven't placed an order yet" }).waitFor();
    expect(await page.getByRole("link", { name: "Browse the shop" }).getAttribute("href")).toBe("/store");
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "account-orders-empty");
    // No second page of nothing, and no page that is not a number.
    for (const search of ["?page=2", "?page=0", "?page=two"]) {
      expect((await page.goto(`${stack.storefrontUrl}/account/orders${search}`))?.status(), search).toBe(404);
    }
  });

  it("pages through a regular's orders ten at a time, with the page in the address", async () => {
    const { page } = browser;
    await signInTo(page, "regular", "/account/orders");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.waitFor();
    const rows = orderRows(page);
    expect(await rows.count()).toBe(10);
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/account/orders?page=2`);
    await expect.poll(() => rows.count()).toBe(REGULAR_ORDER_COUNT - 10);
    await pagination.locator('[aria-current="page"]', { hasText: "2" }).waitFor();
    // On a phone each row still reads as one order.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotForReview(page, "account-orders-phone");
    expect((await page.goto(`${stack.storefrontUrl}/account/orders?page=3`))?.status(), "past the last page").toBe(404);
    expectNoPageProblems(browser);
  });
});

describe("a customer's orders without JavaScript", () => {
  const browser = sessionPerTest({ javaScriptEnabled: false });

  it("cancels an order through the confirmation on the page itself", async () => {
    const { page } = browser;
    const order = await placeOrder("noScript", [books[0]!, books[1]!]);
    await signInTo(page, "noScript", `/account/orders/${order.id}`);
    await page.getByRole("link", { name: "Cancel order" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/account/orders/${order.id}?cancel`);
    const confirmation = page.getByRole("region", { name: "Cancel this order?" });
    await confirmation.waitFor();
    await expectAccessible(page, { javaScript: false });
    await confirmation.getByRole("button", { name: "Cancel order" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/account/orders/${order.id}`);
    await expectCheckoutToast(page, `Order ${order.publicId} has been cancelled.`, { javaScript: false });
    expect(await statusBadge(page).innerText()).toBe("Cancelled");
    expect((await readOrder("noScript", order.id)).status).toBe("cancelled");
    expectNoPageProblems(browser);
  });
});
