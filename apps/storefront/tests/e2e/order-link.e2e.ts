import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { emailedLink, mailCount } from "./auth-journeys";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import {
  expectCheckoutToast,
  findCheckoutBooks,
  giveCustomerInfo,
  giveDelivery,
  LONDON,
  newBuyer,
  type Buyer,
  orderIdOfPage,
  placeOrderButton,
  startCheckout,
} from "./checkout-journeys";
import { DEMO_STORE_KEY, SHARED_ADMIN_KEY, sharedStack, type Stack } from "./stack";

/**
 * A guest's order link (decision 041): a guest buys by bank transfer; later, in a browser that never saw the
 * order (no basket cookie, no sign-in), they ask "find my order" for a link, and a fresh browser opens the
 * emailed link and sees the order and its proforma invoice. The page is private (never cached, no Referer), and
 * the order's id alone still shows nothing. On the shared stack, reading the mail to its own buyer.
 */
let stack: Stack;
const browser = sessionPerTest();
const withScript = { javaScript: true };
const ADMIN_KEY = SHARED_ADMIN_KEY;
/** The paths of an order's page and of its proforma invoice behind a guest's link. */
const ORDER_PAGE = /^\/order-status\/[^/]+$/;
const PROFORMA = /^\/order-status\/proforma-invoice\/[^/]+$/;

beforeAll(async () => {
  stack = sharedStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A guest buys two books in the browser, paying by bank transfer (the guest's default): the order's id and number. */
async function placeBankTransferOrder(page: Page, buyer: Buyer): Promise<{ orderId: number; orderNumber: string }> {
  await startCheckout(page, await findCheckoutBooks(2, "price-desc"), { ...withScript, storefrontUrl: stack.storefrontUrl });
  await giveCustomerInfo(page, buyer, withScript);
  await giveDelivery(page, LONDON, "Standard delivery", withScript);
  await page.getByRole("checkbox", { name: "I accept the terms and conditions (opens in a new tab)" }).check();
  await placeOrderButton(page).click();
  await page.waitForURL(/\/successful-order\/\d+$/);
  await expectCheckoutToast(page, "Order has been successfully created", withScript);
  const orderNumber = (
    await page
      .getByText(/^QB-\d+$/)
      .first()
      .innerText()
  ).trim();
  expect(orderNumber).toMatch(/^QB-\d+$/);
  return { orderId: orderIdOfPage(page), orderNumber };
}

/** The first mail to `address` whose subject has `subject` in it, waited for. */
const mailAbout = (address: string, subject: string) =>
  stack.mailbox!.waitForMail(address, { timeoutMs: 15_000, match: (mail) => mail.subject.includes(subject) });

/** A call to the admin API that must succeed. */
async function asMerchant(method: "GET" | "PUT", path: string, body?: object): Promise<unknown> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { "Admin-Key": ADMIN_KEY, StoreKey: DEMO_STORE_KEY, "content-type": "application/json" },
    body: method === "PUT" ? JSON.stringify(body ?? {}) : undefined,
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(200);
  return JSON.parse(text) as unknown;
}

describe("a guest's order link", () => {
  it("comes by email from 'find my order' and opens the order and its proforma invoice in a fresh browser", async () => {
    const { page } = browser;
    const base = stack.storefrontUrl;
    const buyer = newBuyer("order-link");

    const { orderId, orderNumber } = await placeBankTransferOrder(page, buyer);

    // The bank-transfer mail comes first (issue 26, section 1): the bank details and the order's links.
    const placedMail = await stack.mailbox!.waitForMail(buyer.email, {
      timeoutMs: 15_000,
      match: (mail) => mail.subject.includes(`order ${orderNumber}: please pay`),
    });
    expect(placedMail.text).toContain("Account name");
    expect(placedMail.text).toContain(orderNumber);
    expect(placedMail.links.map((link) => new URL(link).pathname)).toEqual(
      expect.arrayContaining([expect.stringMatching(ORDER_PAGE), expect.stringMatching(PROFORMA)]),
    );

    // Another browser: the order's id alone shows nothing.
    const before = await mailCount(stack);
    const stranger = await page.context().browser()!.newContext();
    try {
      for (const path of [`/successful-order/${orderId}`, `/successful-order/${orderId}/proforma-invoice`]) {
        expect((await stranger.request.get(`${base}${path}`)).status(), path).toBe(404);
      }

      // "Find my order": the same answer for an order that does not exist and mails nothing for it.
      const asker = await stranger.newPage();
      await asker.goto(`${base}/`);
      await asker.getByRole("contentinfo").getByRole("link", { name: "Find my order" }).click();
      await asker.getByRole("heading", { level: 1, name: "Find my order" }).waitFor();
      await expectNoSeriousA11yViolations(asker);
      await asker.getByRole("textbox", { name: "Order number" }).fill("QB-999999999");
      await asker.getByRole("textbox", { name: "Email address" }).fill(buyer.email);
      await asker.getByRole("button", { name: "Email me a link" }).click();
      await asker.getByText("Check your inbox").waitFor();
      const unknownAnswer = await asker.locator("main").innerText();

      await asker.getByRole("link", { name: "Find another order" }).click();
      await asker.getByRole("textbox", { name: "Order number" }).fill(orderNumber.toLowerCase());
      await asker.getByRole("textbox", { name: "Email address" }).fill(buyer.email);
      await asker.getByRole("button", { name: "Email me a link" }).click();
      await asker.getByText("Check your inbox").waitFor();
      expect(await asker.locator("main").innerText()).toBe(unknownAnswer);
      await emailedLink(stack, buyer.email, ORDER_PAGE, before);
      expect((await stack.mailbox!.messagesSince(before)).filter((mail) => mail.to.includes(buyer.email))).toHaveLength(1);
    } finally {
      await stranger.close();
    }

    // A fresh browser opens the emailed link: the order, and its proforma invoice.
    const reader = await page.context().browser()!.newContext();
    try {
      const linked = await reader.newPage();
      const link = await emailedLink(stack, buyer.email, ORDER_PAGE, before);
      const response = await linked.goto(link);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      expect(response?.headers()["referrer-policy"]).toContain("no-referrer");
      expect(await linked.locator('meta[name="referrer"]').getAttribute("content")).toBe("no-referrer");
      await linked.getByRole("heading", { level: 1, name: `Your order ${orderNumber}` }).waitFor();
      await linked.getByText("Awaiting your bank transfer").waitFor();
      expect(await linked.getByRole("main").getByRole("definition").first().innerText()).toBe("Awaiting payment");
      await linked.getByRole("list", { name: "Items in your order" }).waitFor();
      await expectNoSeriousA11yViolations(linked);

      const [download] = await Promise.all([
        linked.waitForEvent("download"),
        linked.getByRole("link", { name: "Download proforma invoice (PDF)" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`proforma-${orderNumber}.pdf`);
      const pdf = await readFile((await download.path())!);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pdf.toString("latin1")).toContain(orderNumber);

      // An altered link opens nothing, and offers a new one.
      const altered = link.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
      expect((await linked.goto(altered))?.status()).toBe(404);
      await linked.getByRole("heading", { level: 1, name: "This order link does not work" }).waitFor();
      await linked.getByRole("link", { name: "Get a new link" }).waitFor();
    } finally {
      await reader.close();
    }
    expectNoPageProblems(browser);
  });

  it("and every mail after the purchase reach the buyer's inbox: paid, shipped with its tracking, delivered; cancelled and refunded", async () => {
    const { page } = browser;
    const buyer = newBuyer("order-mails");
    const shipped = await placeBankTransferOrder(page, buyer);
    await mailAbout(buyer.email, `order ${shipped.orderNumber}: please pay`);

    await asMerchant("PUT", `/admin/orders/${shipped.orderId}/confirm-transfer`);
    await mailAbout(buyer.email, `order ${shipped.orderNumber} is confirmed`);
    await asMerchant("PUT", `/admin/orders/${shipped.orderId}/ship`, { trackingReference: "RM123456785GB" });
    const onItsWay = await mailAbout(buyer.email, `order ${shipped.orderNumber} is on its way`);
    expect(onItsWay.text).toContain("Tracking reference: RM123456785GB");
    // In the shop's style too: the same words, the order's link a button.
    expect(onItsWay.html).toContain("Tracking reference: RM123456785GB");
    expect(onItsWay.html).toMatch(
      /<a href="[^"]+\/order-status\/[^"]+" style="display:inline-block;[^"]*">See your order at any time<\/a>/,
    );
    const link = onItsWay.links.find((candidate) => ORDER_PAGE.test(new URL(candidate).pathname))!;
    await asMerchant("PUT", `/admin/orders/${shipped.orderId}/deliver`);
    const delivered = await mailAbout(buyer.email, `order ${shipped.orderNumber} was delivered`);
    expect(delivered.text).toMatch(/You can return it until \d{2}\/\d{2}\/\d{2}/);

    // The shipped mail's link, opened in a browser that never saw the order, shows it delivered, with its tracking.
    const reader = await page.context().browser()!.newContext();
    try {
      const linked = await reader.newPage();
      await linked.goto(link);
      await linked.getByRole("heading", { level: 1, name: `Your order ${shipped.orderNumber}` }).waitFor();
      const facts = linked.getByRole("main").getByRole("definition");
      expect(await facts.allInnerTexts()).toEqual(expect.arrayContaining(["Delivered", "RM123456785GB"]));
    } finally {
      await reader.close();
    }

    // An order the shop cancels after the transfer came: the cancellation says the money goes back, and the
    // refund mail comes once the shop has sent the transfer back.
    const cancelled = await placeBankTransferOrder(page, buyer);
    await asMerchant("PUT", `/admin/orders/${cancelled.orderId}/confirm-transfer`);
    const answer = (await asMerchant("PUT", `/admin/orders/${cancelled.orderId}/cancel`, { reason: "out of print" })) as {
      data: { refunds: { id: number; status: string }[] };
    };
    const cancellation = await mailAbout(buyer.email, `order ${cancelled.orderNumber} was cancelled`);
    expect(cancellation.text).toContain("We are sorry: we had to cancel your order");
    expect(cancellation.text).toContain("back to the account it came from");
    const [refund] = answer.data.refunds;
    expect(refund, "a bank transfer is owed until the shop sends it back").toMatchObject({ status: "owed" });
    await asMerchant("PUT", `/admin/refunds/${refund!.id}/paid-back`);
    const refunded = await mailAbout(buyer.email, `for order ${cancelled.orderNumber}`);
    expect(refunded.subject).toMatch(/^Your Quire Books refund of £[\d.,]+ for order QB-\d+$/);
    expect(refunded.text).toContain("We have transferred it to the account you paid from");

    // The refund mail's link, in a browser that never saw the order: cancelled, and the money given back listed.
    const refundReader = await page.context().browser()!.newContext();
    try {
      const linked = await refundReader.newPage();
      await linked.goto(refunded.links.find((candidate) => ORDER_PAGE.test(new URL(candidate).pathname))!);
      const payment = linked.getByRole("region", { name: "Payment" });
      await payment.getByText("Cancelled", { exact: true }).waitFor();
      const givenBack = payment.getByRole("list", { name: "Money given back" }).getByRole("listitem");
      expect(await givenBack.allInnerTexts()).toEqual([expect.stringMatching(/^£[\d.,]+ refunded \(\d{2}\/\d{2}\/\d{2}\)$/)]);
      // Its date in the shop's format, inside a machine-readable <time>.
      expect(await payment.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      await expectNoSeriousA11yViolations(linked);
    } finally {
      await refundReader.close();
    }
    expectNoPageProblems(browser);
  });
});
