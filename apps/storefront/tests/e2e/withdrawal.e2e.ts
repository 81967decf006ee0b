import { AdminWithdrawalsResponseSchema, type ProductDetail } from "@quire/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMomentInWords } from "../../app/lib/format-date";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, screenshotForReview, sessionPerTest, waitForHydration } from "./browser";
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
  type JourneyOptions,
} from "./checkout-journeys";
import { asShop } from "./demo-api";
import { sharedStack, type Stack } from "./stack";

/**
 * Withdrawing from a contract (issue 30, decision 061): a guest buys two books by bank transfer; the merchant
 * confirms the transfer, ships and delivers; the guest follows the footer's "Withdraw from contract here", names the
 * order by its number and email, keeps one book and confirms: the page acknowledges at once with the date and time and
 * what was withdrawn, the mail follows, and the merchant's list has it. With JavaScript (and a confirmation sent
 * again, answered the same: one withdrawal), and without (and the order link's page leading to what is left). On the
 * shared stack, reading the mail to its own buyer.
 */
let stack: Stack;
let books: ProductDetail[];

beforeAll(async () => {
  stack = sharedStack();
  books = await findCheckoutBooks(2, "price-desc");
});
afterAll(async () => {
  await stack?.stop();
});

const ORDER_PAGE = /^\/order-status\/[^/]+$/;

/** A guest buys one of each book, paying by bank transfer: the order's id and number. */
async function placeOrder(page: Page, buyer: Buyer, options: JourneyOptions) {
  await startCheckout(page, books, { ...options, storefrontUrl: stack.storefrontUrl });
  await giveCustomerInfo(page, buyer, options);
  await giveDelivery(page, LONDON, "Standard delivery", options);
  await page.getByRole("radio", { name: /^Bank transfer/ }).check();
  await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
  await placeOrderButton(page).click();
  await page.waitForURL(/\/successful-order\/\d+$/);
  await expectCheckoutToast(page, "Order has been successfully created", options);
  const orderNumber = (
    await page
      .getByText(/^QB-\d+$/)
      .first()
      .innerText()
  ).trim();
  return { orderId: orderIdOfPage(page), orderNumber };
}

/** The merchant confirms the transfer, ships and delivers the order, as the back office would. */
async function deliver(orderId: number) {
  await asShop(stack, "PUT", `/admin/orders/${orderId}/confirm-transfer`);
  await asShop(stack, "PUT", `/admin/orders/${orderId}/ship`, { trackingReference: "RM123456785GB" });
  await asShop(stack, "PUT", `/admin/orders/${orderId}/deliver`);
}

/** The merchant's withdrawals of an order, newest first. */
async function merchantsWithdrawalsOf(orderNumber: string) {
  const answer = AdminWithdrawalsResponseSchema.parse(await asShop(stack, "GET", "/admin/withdrawals?sort=newest&PageSize=100"));
  return answer.data.results.filter((withdrawal) => withdrawal.orderNumber === orderNumber);
}

/** A full-page picture of a step, for a person to look at (SCREENSHOTS=1). */
const picture = (page: Page, name: string) => screenshotForReview(page, `withdrawal-${name}`);

/**
 * From any page's footer to the acknowledgement: the order found by its number and email, the second book kept,
 * "Confirm withdrawal". Answers the withdrawal's number, and step 2's fields as they were sent.
 */
async function withdrawFromFirstBook(page: Page, buyer: Buyer, orderNumber: string, options: JourneyOptions) {
  const [kept, withdrawn] = [books[1]!, books[0]!];
  await page.goto(`${stack.storefrontUrl}/about`);
  if (options.javaScript) await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Withdraw from contract here" }).click();

  // Step 1: the order's number and email, nothing else asked.
  await page.getByRole("heading", { level: 1, name: "Withdraw from a contract" }).waitFor();
  await page.getByText("You do not need to give a reason", { exact: false }).waitFor();
  if (options.javaScript) await expectNoSeriousA11yViolations(page);
  await picture(page, `1-find${options.javaScript ? "" : "-no-js"}`);
  await page.getByRole("textbox", { name: "Order number" }).fill(orderNumber.toLowerCase());
  await page.getByRole("textbox", { name: "Email address" }).fill(buyer.email);
  await page.getByRole("button", { name: "Find my order" }).click();

  // Step 2: every item chosen at first; the shopper keeps one book.
  const step = page.getByRole("region", { name: `Order ${orderNumber}` });
  await step.waitFor();
  await step.getByText("You can withdraw from it until", { exact: false }).waitFor();
  const quantities = step.getByRole("spinbutton");
  expect(await quantities.count(), "one field per book").toBe(2);
  for (const book of books) expect(await step.getByRole("spinbutton", { name: `${book.name} (` }).inputValue()).toBe("1");
  await step.getByRole("spinbutton", { name: `${kept.name} (` }).fill("0");
  if (options.javaScript) await expectNoSeriousA11yViolations(page);
  await picture(page, `2-choose${options.javaScript ? "" : "-no-js"}`);
  const sent = options.javaScript
    ? await step.locator("form").evaluate((form: HTMLFormElement) => [...new FormData(form)].map(([name, value]) => [name, String(value)]))
    : [];
  await step.getByRole("button", { name: "Confirm withdrawal" }).click();

  // Step 3: the acknowledgement, at once, with the date and time and what was withdrawn.
  await page.getByRole("heading", { name: "We have received your withdrawal" }).waitFor();
  const summary = await page.getByText(/^Withdrawal WDL-\d+ from order/).innerText();
  const publicId = /WDL-\d+/.exec(summary)![0];
  expect(summary).toMatch(
    new RegExp(`^Withdrawal ${publicId} from order ${orderNumber}, received on \\d{1,2} \\w+ \\d{4}, \\d{2}:\\d{2} UTC\\.$`),
  );
  await page.getByText("We have sent this acknowledgement to your email address.").waitFor();
  const items = await page.getByRole("list", { name: "Items withdrawn from" }).getByRole("listitem").allInnerTexts();
  expect(items).toEqual([expect.stringContaining(withdrawn.name)]);
  expect(items[0]).toMatch(/^1 × /);
  expect(await page.getByText("You have withdrawn from the whole order.").count(), "one book kept").toBe(0);
  if (options.javaScript) await expectNoSeriousA11yViolations(page);
  await picture(page, `3-done${options.javaScript ? "" : "-no-js"}`);
  return { publicId, sent, withdrawn, kept };
}

/** The acknowledgement mail, and the merchant's list: one withdrawal of the order, received when the page said. */
async function expectAcknowledged(
  page: Page,
  buyer: Buyer,
  orderNumber: string,
  withdrawal: { publicId: string; withdrawn: ProductDetail; kept: ProductDetail },
) {
  const mail = await stack.mailbox!.waitForMail(buyer.email, {
    timeoutMs: 15_000,
    match: (candidate) => candidate.subject.startsWith(`We received your withdrawal from order ${orderNumber}`),
  });
  expect(mail.text).toContain(`It is withdrawal ${withdrawal.publicId}, and covers the items below.`);
  expect(mail.text).toContain(withdrawal.withdrawn.name);
  expect(mail.text).not.toContain(withdrawal.kept.name);

  const listed = await merchantsWithdrawalsOf(orderNumber);
  expect(listed).toEqual([
    expect.objectContaining({ publicId: withdrawal.publicId, status: "declared", wholeOrder: false, email: buyer.email, overdue: false }),
  ]);
  const received = page.locator("dd time").first();
  expect(await received.getAttribute("datetime")).toBe(listed[0]!.declaredAt);
  expect(await received.innerText()).toBe(formatMomentInWords(listed[0]!.declaredAt));
  expect(mail.text).toContain(`on ${formatMomentInWords(listed[0]!.declaredAt)}.`);
}

describe("withdrawing from a contract", () => {
  const browser = sessionPerTest();

  it("from part of a delivered order, from the footer by its number and email; a confirmation sent again withdraws once", async () => {
    const { page } = browser;
    const options = { javaScript: true };
    const buyer = newBuyer("withdraw");
    const { orderId, orderNumber } = await placeOrder(page, buyer, options);
    await deliver(orderId);

    const withdrawal = await withdrawFromFirstBook(page, buyer, orderNumber, options);
    await expectAcknowledged(page, buyer, orderNumber, withdrawal);

    // The same confirmation again (a double click, a resent form): the same acknowledgement, no second withdrawal.
    const again = await page.request.post(`${stack.storefrontUrl}/withdraw`, {
      form: Object.fromEntries(withdrawal.sent),
      headers: { Origin: stack.storefrontUrl },
    });
    expect(again.status()).toBe(200);
    expect(again.headers()["cache-control"]).toBe("private, no-store");
    expect(await again.text()).toContain(`Withdrawal ${withdrawal.publicId} from order ${orderNumber}`);
    expect(await merchantsWithdrawalsOf(orderNumber)).toHaveLength(1);
    expectNoPageProblems(browser);
  });
});

describe("withdrawing from a contract without JavaScript", () => {
  const browser = sessionPerTest({ javaScriptEnabled: false });

  it("from part of a delivered order on plain forms; the order link's page then offers what is left", async () => {
    const { page } = browser;
    const options = { javaScript: false };
    const buyer = newBuyer("withdraw-no-js");
    const { orderId, orderNumber } = await placeOrder(page, buyer, options);
    await deliver(orderId);

    const withdrawal = await withdrawFromFirstBook(page, buyer, orderNumber, options);
    await expectAcknowledged(page, buyer, orderNumber, withdrawal);

    // The shipping mail's order link: "Withdraw from this order" posts its token (never in an address) and opens
    // step 2 on what is left, privately.
    const shipped = await stack.mailbox!.waitForMail(buyer.email, {
      timeoutMs: 15_000,
      match: (mail) => mail.subject.includes(`order ${orderNumber} is on its way`),
    });
    await page.goto(shipped.links.find((link) => ORDER_PAGE.test(new URL(link).pathname))!);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/withdraw"),
      page.getByRole("button", { name: "Withdraw from this order" }).click(),
    ]);
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(answer.headers()["referrer-policy"]).toContain("no-referrer");
    expect(new URL(page.url()).pathname).toBe("/withdraw");
    const step = page.getByRole("region", { name: `Order ${orderNumber}` });
    await step.getByText("1 bought, already withdrawn from or returned").waitFor();
    expect(await step.getByRole("spinbutton").count()).toBe(1);
    expect(await step.getByRole("spinbutton", { name: `${withdrawal.kept.name} (` }).inputValue()).toBe("1");
    expectNoPageProblems(browser);
  });
});
