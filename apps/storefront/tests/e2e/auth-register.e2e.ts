import { CurrentCustomerResponseSchema } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { accountMenu, emailedLink, expectApi, mailCount, newCustomer, registerThroughApi, tokenInBrowser } from "./auth-journeys";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { sharedStack, type Stack } from "./stack";

/**
 * Registration: the sign-up request, the emailed link read from a real SMTP server,
 * choosing a password with the strength indicator, and landing signed in. This file runs its own Quire with
 * mail delivered to a local SMTP capture.
 */
let stack: Stack;
const browser = sessionPerTest();
beforeAll(async () => {
  stack = sharedStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe("registering", () => {
  const customer = newCustomer("register");

  it("asks for names and an email, and says to check the inbox", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/auth/login`);
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByRole("heading", { level: 1, name: "Create an account" }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // The form's own validation, beside the fields, without losing what was typed.
    await page.getByRole("textbox", { name: "First name" }).fill(customer.firstName);
    await page.getByRole("textbox", { name: "Email address" }).fill("not-an-email");
    await page.getByRole("button", { name: "Email me a link" }).click();
    const lastName = page.getByRole("textbox", { name: "Last name" });
    await expect.poll(() => lastName.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe(customer.firstName);
    expect(await page.getByRole("textbox", { name: "Email address" }).getAttribute("aria-invalid")).toBe("true");
    await expectNoSeriousA11yViolations(page);

    await lastName.fill(customer.lastName);
    await page.getByRole("textbox", { name: "Email address" }).fill(customer.email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await page.getByRole("heading", { level: 1, name: "Check your email" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/register");
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("finishes through the emailed link, with a strength indicator, and is signed in", async () => {
    const { page, context } = browser;
    const link = await emailedLink(stack, customer.email, "/auth/sign-up/complete/");
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Finish creating your account" }).waitFor();

    const password = page.getByLabel("Choose a password", { exact: true });
    await password.fill("short");
    const strength = page.getByText(/^Password strength:/);
    await expect.poll(() => strength.textContent()).toBe("Password strength: Weak.");
    expect(await strength.getAttribute("class")).toContain("text-danger");
    await password.fill("bookshelfmap");
    await expect.poll(() => strength.textContent()).toBe("Password strength: Medium.");
    expect(await strength.getAttribute("class")).toContain("text-warning");
    await password.fill(customer.password);
    await expect.poll(() => strength.textContent()).toBe("Password strength: Strong.");
    expect(await strength.getAttribute("class")).toContain("text-success");
    await expectNoSeriousA11yViolations(page);

    // Consent is required when the shop has a privacy policy.
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Accept the privacy policy to create your account").first().waitFor();
    await page.getByLabel("Choose a password", { exact: true }).fill(customer.password);
    await page.getByRole("checkbox", { name: /accept the privacy policy/ }).check();
    await Promise.all([page.waitForURL(`${stack.storefrontUrl}/`), page.getByRole("button", { name: "Create account" }).click()]);

    await accountMenu(page, customer.firstName).waitFor();
    await page.getByRole("region", { name: "Notifications" }).getByText("Your account is ready. Welcome!").waitFor();
    const token = await tokenInBrowser(context);
    expect(token).not.toBeNull();
    const { data: me } = await expectApi(stack, "GET", "/customers/current/", CurrentCustomerResponseSchema, { token: token! });
    expect(me).toMatchObject({ email: customer.email, firstName: customer.firstName, needsAcceptPrivacyPolicy: false });
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("says the link was used as soon as it is opened a second time, and offers to sign in", async () => {
    const { page } = browser;
    // A sign-up completed (here through the API), its link then opened in a browser that is signed out.
    const member = newCustomer("register-used");
    await registerThroughApi(stack, member);
    const link = await emailedLink(stack, member.email, "/auth/sign-up/complete/");
    const response = await page.goto(link);
    expect(response?.status()).toBe(410);
    await page.getByRole("heading", { level: 1, name: "This sign-up link has already been used" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).waitFor();
    expect(await page.getByLabel("Choose a password", { exact: true }).count(), "no form for a used link").toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/^\/auth\/sign-up\/complete\//);
    expect(await tokenInBrowser(browser.context)).toBeNull();
    expectNoPageProblems(browser);
  });

  it("does not tell whether an address already has an account", async () => {
    const { page } = browser;
    const existing = newCustomer("register-existing");
    await registerThroughApi(stack, existing);
    const before = await mailCount(stack);
    await page.goto(`${stack.storefrontUrl}/auth/register`);
    await page.getByRole("textbox", { name: "First name" }).fill("Someone");
    await page.getByRole("textbox", { name: "Last name" }).fill("Else");
    await page.getByRole("textbox", { name: "Email address" }).fill(existing.email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await page.getByRole("heading", { level: 1, name: "Check your email" }).waitFor();
    // The owner of the address hears about it instead.
    const mail = await stack.mailbox!.waitForMail(existing.email, { after: before, timeoutMs: 15_000 });
    expect(mail.links.some((link) => new URL(link).pathname === "/auth/login")).toBe(true);
    expectNoPageProblems(browser);
  });
});
