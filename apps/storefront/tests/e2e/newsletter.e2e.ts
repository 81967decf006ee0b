import { NewsletterSubscriptionResponseSchema } from "@quire/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { emailedLink, expectApi, mailCount, newCustomer, registerThroughApi, signInThroughForm, tokenInBrowser } from "./auth-journeys";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "./browser";
import { expectAccessible, expectCheckoutToast } from "./checkout-journeys";
import { sharedStack, type Stack } from "./stack";

/**
 * Newsletters (issue 10, section 4; decision 034) in Chromium against the built storefront and API: the
 * footer's form with and without JavaScript, the confirmation email and its page (confirmed on a button, never
 * on a visit), its one-click unsubscribe link, and the account settings' topics. On the shared stack, each
 * journey reading the mail to its own addresses.
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

const footerForm = (page: Page) => page.getByRole("region", { name: "Newsletter" });
const uniqueEmail = (label: string) => newCustomer(label).email;

/** Confirms through the emailed link's page; answers the page's heading once confirmed. */
async function confirmThroughEmail(page: Page, email: string, after: number, options: { javaScript: boolean }) {
  const link = await emailedLink(stack, email, "/newsletter/confirm/", after);
  await page.goto(link);
  // Opening the link changes nothing: the page asks first.
  await page.getByRole("heading", { level: 1, name: "Confirm your newsletters" }).waitFor();
  await page.getByText(`Confirm that ${email} should get new releases and offers.`).waitFor();
  // Without JavaScript axe cannot run in the page: it scans a copy that loads no script (checkout-journeys.ts).
  await expectAccessible(page, options);
  await screenshotForReview(page, `quire-newsletter-confirm${options.javaScript ? "" : "-no-js"}`);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await page.getByRole("heading", { level: 1, name: "You're subscribed" }).waitFor();
  await page.getByText(`Thank you: ${email} will get new releases and offers.`).waitFor();
  return link;
}

describe("the footer's newsletter form", () => {
  it("without JavaScript: refuses a bad address, asks the owner by email, and the page confirms once", async () => {
    const { page } = noScript;
    const email = uniqueEmail("footer-nojs");
    await page.goto(`${stack.storefrontUrl}/store`);
    const form = footerForm(page);
    // An address the browser's own check lets through (no JavaScript: the field is type=email and required).
    await form.getByRole("textbox", { name: "Your email" }).fill("reader@localhost");
    await Promise.all([page.waitForURL(`${stack.storefrontUrl}/store`), form.getByRole("button", { name: "Subscribe" }).click()]);
    await expectCheckoutToast(page, "Enter a valid email address", { javaScript: false });

    const before = await mailCount(stack);
    await footerForm(page).getByRole("textbox", { name: "Your email" }).fill(email);
    await Promise.all([
      page.waitForURL(`${stack.storefrontUrl}/store`),
      footerForm(page).getByRole("button", { name: "Subscribe" }).click(),
    ]);
    await expectCheckoutToast(page, `Nearly there: we've emailed ${email} a link to confirm your subscription.`, { javaScript: false });

    const link = await confirmThroughEmail(page, email, before, { javaScript: false });
    // The link is spent: opening it again says so.
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await page.getByRole("heading", { level: 1, name: "This link has already been used" }).waitFor();
    expectNoPageProblems(noScript);
  });

  it("with JavaScript: shows the field's error and the success in place, and the emailed page confirms", async () => {
    const { page } = browser;
    const email = uniqueEmail("footer-js");
    await page.goto(`${stack.storefrontUrl}/`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    const form = footerForm(page);
    const field = form.getByRole("textbox", { name: "Your email" });
    await field.fill("still not an email");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByText("Enter a valid email address").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(page.url(), "the page stays put").toBe(`${stack.storefrontUrl}/`);

    const before = await mailCount(stack);
    await field.fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByRole("status").getByText(`Nearly there: we've emailed ${email}`, { exact: false }).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBeNull();
    await form.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-newsletter-footer");

    // The page shows the confirmation from the button's answer and does not read the spent link again (its
    // loader would answer 410 Gone, an error in the console): no answer of 400 or more reaches the page.
    const failed: string[] = [];
    page.on("response", (response) => {
      // The link's token is left out of the failure message.
      if (response.status() >= 400)
        failed.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname.split("/")[1]}`);
    });
    await confirmThroughEmail(page, email, before, { javaScript: true });
    expect(failed).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-newsletter-confirmed");

    // The same email's one-click unsubscribe link stops everything.
    const unsubscribe = await emailedLink(stack, email, "/newsletter/unsubscribe/", before);
    await page.goto(unsubscribe);
    await page.getByRole("heading", { level: 1, name: "Unsubscribe from our newsletters?" }).waitFor();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { level: 1, name: "You're unsubscribed" }).waitFor();
    expect(failed).toEqual([]);
    await screenshotForReview(page, "quire-newsletter-unsubscribed");
    expectNoPageProblems(browser);
  });
});

describe("the account's newsletters", () => {
  it("saves the topics ticked on /account/settings at once, and unticking all unsubscribes", async () => {
    const { page } = browser;
    const customer = newCustomer("settings-newsletters");
    await registerThroughApi(stack, customer);
    await signInThroughForm(page, stack, customer, "/auth/login?redirect_url=%2Faccount%2Fsettings");
    await page.waitForURL(`${stack.storefrontUrl}/account/settings`);
    const section = page.getByRole("region", { name: "Newsletters" });
    await section.getByText(`Sent to ${customer.email}.`, { exact: false }).waitFor();
    for (const topic of ["New releases", "Offers", "Events and signings", "Children's books"]) {
      expect(await section.getByRole("checkbox", { name: topic }).isChecked(), topic).toBe(false);
    }
    const before = await mailCount(stack);
    await section.getByRole("checkbox", { name: "Events and signings" }).check();
    await section.getByRole("checkbox", { name: "Children's books" }).check();
    await section.getByRole("button", { name: "Save newsletters" }).click();
    await expectCheckoutToast(page, "Your newsletters have been saved: events and signings and children's books.", { javaScript: true });
    expect(await page.getByRole("region", { name: "Newsletters" }).getByRole("checkbox", { name: "Children's books" }).isChecked()).toBe(
      true,
    );
    // The account's own address needs no confirmation email, and its marketing box follows the topics.
    expect((await stack.mailbox!.messagesSince(before)).filter((mail) => mail.to.includes(customer.email.toLowerCase()))).toEqual([]);
    expect(await page.getByRole("checkbox", { name: /Email me about new books/ }).isChecked()).toBe(true);
    const token = (await tokenInBrowser(page.context()))!;
    const own = await expectApi(stack, "GET", "/marketing-customers/subscriptions", NewsletterSubscriptionResponseSchema, { token });
    expect(own.data).toEqual({ email: customer.email, topics: ["events", "childrens_books"] });
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-account-settings-newsletters");

    const saved = page.getByRole("region", { name: "Newsletters" });
    await saved.getByRole("checkbox", { name: "Events and signings" }).uncheck();
    await saved.getByRole("checkbox", { name: "Children's books" }).uncheck();
    await saved.getByRole("button", { name: "Save newsletters" }).click();
    await expectCheckoutToast(page, "You're unsubscribed from our newsletters.", { javaScript: true });
    expect(await page.getByRole("checkbox", { name: /Email me about new books/ }).isChecked()).toBe(false);
    const none = await expectApi(stack, "GET", "/marketing-customers/subscriptions", NewsletterSubscriptionResponseSchema, { token });
    expect(none.data.topics).toEqual([]);
    expectNoPageProblems(browser);
  });
});
