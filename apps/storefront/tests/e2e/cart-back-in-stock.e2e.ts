import {
  BackInStockConfirmationResponseSchema,
  ListProductsResponseSchema,
  ProductDetailResponseSchema,
  type ProductDetail,
  type ProductVariant,
} from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { isActionAnswer } from "./action-answers";
import { emailedLink, expectApi, mailCount, newCustomer, registerThroughApi, signInThroughForm } from "./auth-journeys";
import { expectNoPageProblems, openBrowser, sessionPerTest, type BrowserSession } from "./browser";
import { basketLink, expectToast } from "./cart-catalogue";
import { expectCheckoutToast } from "./checkout-journeys";
import { getFromApi } from "./demo-api";
import { startStack, type Stack } from "./stack";

/**
 * Back in stock: a product page whose chosen variant is out of stock, and cannot
 * be ordered, offers "Email me when it's back" instead of "Add to basket". An anonymous visitor's address
 * is confirmed by an emailed link first (double opt-in). This file runs its own Quire with mail delivered
 * to a local SMTP capture, and restocks with the stock CLI a merchant runs. The same CLI lowers a book's
 * stock under a shopper's basket, which then says so once (decision 020).
 */
const VISITOR = "reader@example.com";
const confirmHeading = "Confirm your back-in-stock email";
const checkInbox = `Check your inbox at ${VISITOR} and confirm the link we've sent: then we'll email you once when it's back in stock.`;

let stack: Stack;
const browser = sessionPerTest();
let product: ProductDetail;
let soldOut: ProductVariant;
/** Another sold-out book, for a later mail that shows the outbox has delivered everything before it. */
let other: { product: ProductDetail; variant: ProductVariant };

/** The first priced variants, of different products, that are out of stock in every format. */
async function findSoldOut(): Promise<{ product: ProductDetail; variant: ProductVariant }[]> {
  const found: { product: ProductDetail; variant: ProductVariant }[] = [];
  // Cards show the best stock of their variants: "out of stock" there means every format is.
  for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
    const { data } = await getFromApi("/products", ListProductsResponseSchema, {
      query: { PageSize: 100, PageNumber: pageNumber },
      apiUrl: stack.apiUrl,
    });
    for (const summary of data.results) {
      if (summary.price === null || summary.stock?.status !== "OutOfStock") continue;
      const { data: detail } = await getFromApi(`/products/slug=${summary.slug}`, ProductDetailResponseSchema, { apiUrl: stack.apiUrl });
      const variant = detail.variants.find((candidate) => !candidate.isPurchasable && candidate.price !== null);
      if (variant) found.push({ product: detail, variant });
      if (found.length === 2) return found;
    }
    if (pageNumber >= data.totalPages) break;
  }
  throw new Error("two priced books out of stock in every format were expected in the demo catalogue");
}

beforeAll(async () => {
  stack = await startStack({ name: "back-in-stock", mail: true });
  const [first, second] = await findSoldOut();
  product = first!.product;
  soldOut = first!.variant;
  other = second!;
});
afterAll(async () => {
  await stack?.stop();
});

const formOf = (variant: ProductVariant) => browser.page.getByRole("form", { name: `This ${variant.name.toLowerCase()} is out of stock` });
const isBackInStockNotice = (mail: { subject: string }) => mail.subject.startsWith("Back in stock:");

describe("an out-of-stock product page", () => {
  it("offers no 'Add to basket', and takes an email for the back-in-stock notice, to be confirmed from the inbox", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/store/product/${product.slug}?variant=${soldOut.id}`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    // No buying area for this book, and no form that would add it (the recommended books below have buttons of their own).
    expect(await page.getByRole("region", { name: `Buy ${product.name}` }).count()).toBe(0);
    const addsThisBook = page.locator(`form:has(input[name="productVariantId"][value="${soldOut.id}"])`);
    expect(await addsThisBook.getByRole("button", { name: "Add to basket" }).count()).toBe(0);

    const form = formOf(soldOut);
    await expectNoSeriousA11yViolations(page);
    const email = form.getByRole("textbox", { name: "Email address" });

    // A malformed address is refused beside the field (the browser's own check is bypassed to reach the server's).
    await email.evaluate((input: HTMLInputElement) => input.form?.setAttribute("novalidate", ""));
    await email.fill("not-an-email");
    await form.getByRole("button", { name: "Email me when it's back" }).click();
    await page.getByRole("alert").getByText("Enter a valid email address, like name@example.com.").waitFor();
    expect(await form.getByRole("textbox", { name: "Email address" }).inputValue()).toBe("not-an-email");
    expect(await form.getByRole("textbox", { name: "Email address" }).getAttribute("aria-invalid")).toBe("true");

    await form.getByRole("textbox", { name: "Email address" }).fill("Reader@Example.com");
    await form.getByRole("button", { name: "Email me when it's back" }).click();
    await expectToast(page, checkInbox);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("answers the same again when asked twice", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/store/product/${product.slug}?variant=${soldOut.id}`);
    await formOf(soldOut).getByRole("textbox", { name: "Email address" }).fill(VISITOR);
    await formOf(soldOut).getByRole("button", { name: "Email me when it's back" }).click();
    await expectToast(page, checkInbox);
    expectNoPageProblems(browser);
  });
});

describe("a signed-in customer on an out-of-stock product page", () => {
  for (const javaScriptEnabled of [true, false]) {
    const session = sessionPerTest({ javaScriptEnabled });

    it(`is asked for no address and is emailed at their account's (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async () => {
      const { page } = session;
      const customer = newCustomer(javaScriptEnabled ? "back-in-stock-js" : "back-in-stock-plain");
      await registerThroughApi(stack, customer);
      await signInThroughForm(page, stack, customer);
      await page.goto(`${stack.storefrontUrl}/store/product/${product.slug}?variant=${soldOut.id}`);
      const form = page.getByRole("form", { name: `This ${soldOut.name.toLowerCase()} is out of stock` });
      await form.getByRole("button", { name: "Email me when it's back" }).waitFor();
      expect(await form.getByRole("textbox").count()).toBe(0);
      await form.getByRole("button", { name: "Email me when it's back" }).click();
      await expectCheckoutToast(page, `We'll email ${customer.email} as soon as it's back in stock.`, { javaScript: javaScriptEnabled });
      expectNoPageProblems(session);
    });
  }
});

describe("the emailed confirmation link", () => {
  let link: string;

  it("shows the book and a button, and opening it confirms nothing", async () => {
    link = await emailedLink(stack, VISITOR, "/notifications/back-in-stock/confirm/");
    const token = new URL(link).pathname.split("/").pop()!;
    const { page } = browser;
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: confirmHeading }).waitFor();
    await page.getByRole("region", { name: "The book" }).getByRole("heading", { name: product.name }).waitFor();
    await page.getByRole("button", { name: "Confirm" }).waitFor();
    await expectNoSeriousA11yViolations(page);

    const { data } = await expectApi(stack, "POST", "/notifications/back-in-stock/confirm/preview", BackInStockConfirmationResponseSchema, {
      body: { token },
    });
    expect(data).toEqual({ state: "pending", productVariantId: soldOut.id, backInStock: false });
    expectNoPageProblems(browser);
  });

  it("confirms with the button, without JavaScript, and says so", async () => {
    // The email is opened in another browser, one without JavaScript: the form alone must do it.
    const plain = await openBrowser({ javaScriptEnabled: false });
    try {
      await plain.page.goto(link);
      await plain.page.getByRole("button", { name: "Confirm" }).click();
      await plain.page.getByRole("heading", { level: 1, name: "You're on the list" }).waitFor();
      await plain.page.getByText("Your email is confirmed. We'll send you one message when it's back in stock.").waitFor();
      expect(await plain.page.getByRole("button", { name: "Confirm" }).count()).toBe(0);
      expectNoPageProblems(plain);
    } finally {
      await plain.close();
    }
  });

  it("brings exactly one notice when the merchant restocks, and the link then leads to the book", async () => {
    await stack.runCli("stock-set.js", ["--sku", soldOut.sku, "--quantity", "5"]);
    const notice = await stack.mailbox!.waitForMail(VISITOR, { match: isBackInStockNotice, timeoutMs: 30_000 });
    expect(notice.subject).toBe(`Back in stock: ${product.name}`);
    expect(notice.links.map((href) => new URL(href).pathname)).toContain(`/store/product/${product.slug}`);

    // A mail queued after the restock: once it has arrived, everything queued before it has been delivered.
    const before = await mailCount(stack);
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/store/product/${other.product.slug}?variant=${other.variant.id}`);
    const otherForm = formOf(other.variant);
    await otherForm.getByRole("textbox", { name: "Email address" }).fill("sentinel@example.com");
    await otherForm.getByRole("button", { name: "Email me when it's back" }).click();
    await emailedLink(stack, "sentinel@example.com", "/notifications/back-in-stock/confirm/", before);
    const notices = (await stack.mailbox!.messagesSince(0)).filter((mail) => mail.to.includes(VISITOR) && isBackInStockNotice(mail));
    expect(notices).toHaveLength(1);

    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "It's back in stock" }).waitFor();
    await page.getByRole("link", { name: "See the book" }).click();
    await page.waitForURL((url) => url.pathname === `/store/product/${product.slug}`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    expectNoPageProblems(browser);
  });

  it("says when a link is not valid", async () => {
    const { page } = browser;
    const response = await page.goto(`${stack.storefrontUrl}/notifications/back-in-stock/confirm/${"A".repeat(43)}`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "This link is not valid" }).waitFor();
    expect(await page.getByRole("button", { name: "Confirm" }).count()).toBe(0);
    expectNoPageProblems(browser);
  });
});

describe("a basket whose book's stock falls", () => {
  /** Priced books of the shop's master variant well in stock, other than the ones above. */
  async function wellStockedBooks(count: number): Promise<{ product: ProductDetail; variant: ProductVariant }[]> {
    const found: { product: ProductDetail; variant: ProductVariant }[] = [];
    const { data } = await getFromApi("/products", ListProductsResponseSchema, { query: { PageSize: 100 }, apiUrl: stack.apiUrl });
    for (const summary of data.results) {
      if (summary.price === null || summary.stock?.status !== "InStock" || summary.slug === product.slug) continue;
      const { data: detail } = await getFromApi(`/products/slug=${summary.slug}`, ProductDetailResponseSchema, { apiUrl: stack.apiUrl });
      const variant = detail.variants.find((candidate) => candidate.isMaster) ?? detail.variants[0]!;
      if (variant.price && variant.isPurchasable && variant.stock?.status === "InStock") found.push({ product: detail, variant });
      if (found.length === count) return found;
    }
    throw new Error(`${count} books well in stock were expected in the demo catalogue`);
  }

  /** Three of a book in the session's basket, posted as the product page's form posts it. */
  async function addThree(session: BrowserSession, variant: ProductVariant) {
    const response = await session.page.request.post(`${stack.storefrontUrl}/cart/add`, {
      form: { productVariantId: String(variant.id), quantity: "3", redirectTo: "/cart" },
      headers: { Origin: stack.storefrontUrl },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  const reducedTo1 = (book: { product: ProductDetail; variant: ProductVariant }) =>
    `Only 1 of ${book.product.name} (${book.variant.name}) is in stock, so the quantity was reduced from 3 to 1.`;

  it("tells the shopper on the next page they see, once, and counts what stock allows", async () => {
    const [book] = await wellStockedBooks(1);
    const shopper = await openBrowser();
    try {
      const { page } = shopper;
      await addThree(shopper, book!.variant);
      await stack.runCli("stock-set.js", ["--sku", book!.variant.sku, "--quantity", "1"]);

      // The page that shows the notice tells the API so once it has rendered.
      const acknowledged = page.waitForResponse((response) => isActionAnswer(response, "/cart/notices"));
      await page.goto(`${stack.storefrontUrl}/store`);
      const notice = page.getByRole("banner").getByRole("status").filter({ hasText: "Your basket has changed" });
      await notice.getByText(reducedTo1(book!), { exact: true }).waitFor();
      // The read already counts what a checkout would: one, not three.
      await basketLink(page, 1).waitFor();
      expect((await acknowledged).ok()).toBe(true);
      await expectNoSeriousA11yViolations(page);

      // Shown once: the basket page no longer repeats it, and holds the one left.
      await page.goto(`${stack.storefrontUrl}/cart`);
      await page.getByRole("spinbutton", { name: `Quantity of ${book!.product.name} (${book!.variant.name})` }).waitFor();
      expect(await page.getByRole("spinbutton", { name: `Quantity of ${book!.product.name} (${book!.variant.name})` }).inputValue()).toBe(
        "1",
      );
      expect(await page.getByText(reducedTo1(book!)).count()).toBe(0);
      expectNoPageProblems(shopper);
    } finally {
      await shopper.close();
    }
  });

  it("without JavaScript, keeps telling the shopper until they dismiss it", async () => {
    const [, book] = await wellStockedBooks(2);
    const shopper = await openBrowser({ javaScriptEnabled: false });
    try {
      const { page } = shopper;
      await addThree(shopper, book!.variant);
      await stack.runCli("stock-set.js", ["--sku", book!.variant.sku, "--quantity", "1"]);

      await page.goto(`${stack.storefrontUrl}/store`);
      await page.getByText(reducedTo1(book!), { exact: true }).waitFor();
      await page.goto(`${stack.storefrontUrl}/cart`);
      await page.getByText(reducedTo1(book!), { exact: true }).waitFor();
      await page.getByRole("button", { name: "Dismiss the changes to your basket" }).click();
      await page.getByRole("button", { name: "Dismiss the changes to your basket" }).waitFor({ state: "detached" });
      expect(new URL(page.url()).pathname).toBe("/cart");
      expect(await page.getByText(reducedTo1(book!)).count()).toBe(0);
      await page.goto(`${stack.storefrontUrl}/store`);
      expect(await page.getByText("Your basket has changed").count()).toBe(0);
      expectNoPageProblems(shopper);
    } finally {
      await shopper.close();
    }
  });
});
