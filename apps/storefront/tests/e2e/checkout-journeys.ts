import { CheckoutSummaryResponseSchema, type ProductDetail } from "@quire/contracts";
import type { BrowserContext, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectToast, findProducts, isWellStocked, masterOf } from "./cart-catalogue";
import { getFromApi } from "./demo-api";
import { screenshotForReview } from "./browser";

/**
 * What the checkout journeys share: a basket to check out, the steps filled in as a shopper fills them (with
 * or without JavaScript), the toasts each step answers, and the screenshots of each step.
 */

const storefrontUrl = () => inject("storefrontUrl");

/**
 * Books for one journey, well stocked and priced, from the API's listing in `sort` order: each journey sorts
 * differently, so no two journeys (nor the basket page's, which take the most popular) buy the same book.
 * Each costs at least £15 unless the query says otherwise, so one alone passes the demo shop's minimum order.
 */
export function findCheckoutBooks(count: number, sort: string, query: Record<string, unknown> = {}): Promise<ProductDetail[]> {
  return findProducts(count, (product) => isWellStocked(masterOf(product)) && masterOf(product).tierPrices.length === 0, {
    query: { Sort: sort, MinPrice: 1500, ...query },
  });
}

/** How a journey's browser runs: with JavaScript or without, on the run's Quire or on a stack of its own. */
export interface JourneyOptions {
  javaScript: boolean;
  /** A stack of the journey's own; the run's shared one when left out. */
  storefrontUrl?: string;
}

/** Fills the browser's basket with one of each book (as the product page's form would), and opens checkout. */
export async function startCheckout(page: Page, books: ProductDetail[], options: JourneyOptions) {
  const base = options.storefrontUrl ?? storefrontUrl();
  for (const book of books) {
    const response = await page.request.post(`${base}/cart/add`, {
      form: { productVariantId: String(masterOf(book).id), quantity: "1", redirectTo: "/cart" },
      headers: { Origin: base },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await openCheckout(page, "/checkout", options);
}

/**
 * Opens a checkout page. With JavaScript it waits until React Router has taken the page over: a click before
 * that would post the plain form instead, which works, but is not the journey this one is.
 */
export async function openCheckout(page: Page, path: string, options: JourneyOptions) {
  const response = await page.goto(`${options.storefrontUrl ?? storefrontUrl()}${path}`);
  expect(response?.status(), `GET ${path}`).toBe(200);
  if (options.javaScript) await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

/** The stepper's current step, by its label ("Your details", "Delivery"...). */
export async function currentStep(page: Page): Promise<string> {
  const step = page.getByRole("navigation", { name: "Checkout progress" }).locator('li[aria-current="step"]');
  // Its circle shows the step's number before the label.
  return (await step.innerText()).replace(/\s+/g, " ").replace(/^\d+ /, "").trim();
}

/** Waits for a success toast: the toast area's with JavaScript; without it, the flashed toast rendered in <noscript>. */
export async function expectCheckoutToast(page: Page, message: string, options: { javaScript: boolean }) {
  if (options.javaScript) {
    await expectToast(page, message);
    return;
  }
  // Without JavaScript the flashed toast is rendered inside <noscript>, which text locators do not search.
  await expect.poll(() => page.locator('noscript [role="status"]').first().textContent(), { timeout: 15_000 }).toContain(message);
}

/** A full-page picture of a checkout step, for a person to look at (test-results/screenshots/checkout-<name>.png). */
export async function screenshotStep(page: Page, name: string) {
  await screenshotForReview(page, `checkout-${name}`);
}

export interface Buyer {
  email: string;
  firstName: string;
  lastName: string;
}

/** A buyer of one journey: an email of its own, so no two journeys' orders or discount uses meet. */
export function newBuyer(label: string): Buyer {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${label}-${id}@example.test`, firstName: "Grace", lastName: `Buyer ${label}` };
}

/** Step 0: customer information, then "Continue to delivery". */
export async function giveCustomerInfo(page: Page, buyer: Buyer, options: { javaScript: boolean }) {
  await page.getByRole("textbox", { name: "Email address" }).fill(buyer.email);
  await page.getByRole("textbox", { name: "First name" }).fill(buyer.firstName);
  await page.getByRole("textbox", { name: "Last name" }).fill(buyer.lastName);
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await expectCheckoutToast(page, "Customer information has been saved", options);
}

export interface PostalAddress {
  countryCode: string;
  line1: string;
  city: string;
  postcode?: string;
  region?: string;
}

export const LONDON: PostalAddress = { countryCode: "GB", line1: "221B Baker Street", city: "London", postcode: "nw1 6xe" };
export const DUBLIN: PostalAddress = { countryCode: "IE", line1: "7 Merrion Square", city: "Dublin", region: "Co. Dublin" };

/** Fills the address form now on the page (the delivery or the billing one) and sends it with `button`. */
export async function giveAddress(page: Page, address: PostalAddress, button: string) {
  await page.getByRole("combobox", { name: "Country" }).selectOption(address.countryCode);
  await page.getByRole("textbox", { name: "Address line 1" }).fill(address.line1);
  await page.getByRole("textbox", { name: "Town or city" }).fill(address.city);
  await page.getByRole("textbox", { name: /^County, state or province/ }).fill(address.region ?? "");
  await page.getByRole("textbox", { name: /^Postcode or ZIP code/ }).fill(address.postcode ?? "");
  await page.getByRole("button", { name: button, exact: true }).click();
}

/** Step 1: the delivery address, then the delivery option called `option`. */
export async function giveDelivery(page: Page, address: PostalAddress, option: string, options: { javaScript: boolean }) {
  await giveAddress(page, address, "Continue");
  await expectCheckoutToast(page, "Delivery address has been saved", options);
  // Options are listed only once the address is saved.
  await page.getByRole("radio", { name: new RegExp(`^${option}`) }).check();
  await page.getByRole("button", { name: "Save delivery option" }).click();
  await expectCheckoutToast(page, "Delivery option has been saved", options);
}

/**
 * Step 1 for a signed-in customer with saved addresses: the saved address whose first street line is `line1`,
 * then the delivery option called `option`.
 */
export async function giveSavedDelivery(page: Page, line1: string, option: string, options: { javaScript: boolean }) {
  await page.getByRole("radio", { name: new RegExp(line1) }).check();
  await page.getByRole("button", { name: "Deliver to this address" }).click();
  await expectCheckoutToast(page, "Delivery address has been saved", options);
  await page.getByRole("radio", { name: new RegExp(`^${option}`) }).check();
  await page.getByRole("button", { name: "Save delivery option" }).click();
  await expectCheckoutToast(page, "Delivery option has been saved", options);
}

/** The "Place order" button of the payment step. */
export const placeOrderButton = (page: Page) => page.getByRole("button", { name: "Place order" });

/** Checks that the shopper is at `step` of the stepper, and the page against axe. */
export async function expectStep(page: Page, step: string, options: { javaScript: boolean } = { javaScript: true }) {
  await expect.poll(() => currentStep(page), { timeout: 15_000 }).toBe(step);
  await expectAccessible(page, options);
}

/**
 * Scans the page with axe. Axe runs as a script in the page, which a browser without JavaScript never
 * starts: such a page is scanned as a copy, the same address opened with the same cookies in a context
 * that runs no script of the page's own (every script request refused), so what axe reads is the server's
 * HTML as that browser has it, minus its <noscript> parts.
 */
export async function expectAccessible(page: Page, options: { javaScript: boolean }) {
  if (options.javaScript) {
    await expectNoSeriousA11yViolations(page);
    return;
  }
  const browser = page.context().browser();
  if (!browser) throw new Error("The page's browser is not at hand to open a copy");
  const copy = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    await copy.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
    const scanned = await copy.newPage();
    const response = await scanned.goto(page.url());
    expect(response?.status(), `GET ${page.url()} for the scan`).toBe(200);
    await expectNoSeriousA11yViolations(scanned);
  } finally {
    await copy.close();
  }
}

/** The anonymous basket's id the browser holds (quire_cart: JSON, base64-encoded by createCookie). */
export async function basketIdInBrowser(context: BrowserContext): Promise<string | null> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "quire_cart");
  if (!cookie?.value) return null;
  return JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString("utf8")) as string;
}

/** The checkout summary the API holds for a guest's basket: there is still one, open, when no order was made. */
export async function guestCheckoutSummary(context: BrowserContext) {
  const anonymousId = await basketIdInBrowser(context);
  if (!anonymousId) throw new Error("The browser holds no basket");
  return (await getFromApi("/baskets/checkout/summary", CheckoutSummaryResponseSchema, { query: { anonymousId } })).data;
}

/** The order id of the successful-order page the browser is on. */
export function orderIdOfPage(page: Page): number {
  const match = /\/successful-order\/(\d+)$/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`Not on an order's page: ${page.url()}`);
  return Number(match[1]);
}

/** Signs in through /auth/login and waits for the page it leads to. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(`${storefrontUrl()}/auth/login`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByRole("textbox", { name: "Email address" }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await Promise.all([page.waitForURL((url) => url.pathname !== "/auth/login"), page.getByRole("button", { name: "Sign in" }).click()]);
}
