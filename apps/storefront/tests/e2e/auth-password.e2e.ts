import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import {
  accountMenu,
  callApi,
  emailedLink,
  mailCount,
  newCustomer,
  registerThroughApi,
  signOutThroughMenu,
  tokenInBrowser,
  type TestCustomer,
} from "./auth-journeys";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { sharedStack, type Stack } from "./stack";

/**
 * Forgotten passwords and sign-in throttling (issue 3 section 1): the reset link arrives by
 * email (a real local SMTP server), works once and signs the customer in; repeated wrong passwords are
 * refused with a clear message, and a password reset still gets the customer back in.
 */
let stack: Stack;
const browser = sessionPerTest();
beforeAll(async () => {
  stack = sharedStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function askForResetLink(customer: TestCustomer): Promise<string> {
  const { page } = browser;
  const before = await mailCount(stack);
  await page.goto(`${stack.storefrontUrl}/auth/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByRole("heading", { level: 1, name: "Forgotten your password?" }).waitFor();
  await page.getByRole("textbox", { name: "Email address" }).fill(customer.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await page.getByRole("heading", { level: 1, name: "Check your email" }).waitFor();
  return emailedLink(stack, customer.email, "/auth/reset-password/", before);
}

async function chooseNewPassword(link: string, password: string) {
  const { page } = browser;
  await page.goto(link);
  await page.getByRole("heading", { level: 1, name: "Set a new password" }).waitFor();
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Save new password" }).click();
}

describe("a forgotten password", () => {
  const customer = newCustomer("reset");
  const newPassword = `${customer.password}-renewed`;

  beforeAll(async () => {
    await registerThroughApi(stack, customer);
  });

  it("gives the same answer for an unknown address, and sends no mail", async () => {
    const { page } = browser;
    const before = await mailCount(stack);
    await page.goto(`${stack.storefrontUrl}/auth/forgot-password`);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("textbox", { name: "Email address" }).fill("nobody-here@example.test");
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByRole("heading", { level: 1, name: "Check your email" }).waitFor();
    await page.getByText("If that address has an account with us").waitFor();
    await expectNoSeriousA11yViolations(page);
    // Mail that is not sent cannot be waited for: ask for a real customer's link next, and once that mail
    // is in, the queue has delivered whatever the first request could have queued before it.
    const witness = newCustomer("reset-witness");
    await registerThroughApi(stack, witness);
    await askForResetLink(witness);
    expect((await stack.mailbox!.messagesSince(before)).filter((mail) => mail.to.includes("nobody-here@example.test"))).toEqual([]);
    expectNoPageProblems(browser);
  });

  it("resets it through the emailed link and signs the customer in", async () => {
    const { page, context } = browser;
    const link = await askForResetLink(customer);
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Set a new password" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await chooseNewPassword(link, newPassword);
    await page.waitForURL(`${stack.storefrontUrl}/`);
    await accountMenu(page, customer.firstName).waitFor();
    await page.getByRole("region", { name: "Notifications" }).getByText("Your password has been changed and you're signed in.").waitFor();
    expect(await tokenInBrowser(context)).not.toBeNull();

    const oldPassword = await callApi(stack, "POST", "/auth/sign-in", { body: { email: customer.email, password: customer.password } });
    expect(oldPassword.status).toBe(401);
    const renewed = await callApi(stack, "POST", "/auth/sign-in", { body: { email: customer.email, password: newPassword } });
    expect(renewed.status).toBe(200);
    expectNoPageProblems(browser);
  });

  it("says the link was used as soon as it is opened a second time, and offers a new one", async () => {
    const { page, context } = browser;
    const reader = newCustomer("reset-used");
    await registerThroughApi(stack, reader);
    const link = await askForResetLink(reader);
    await chooseNewPassword(link, `${reader.password}-renewed`);
    await accountMenu(page, reader.firstName).waitFor();
    await signOutThroughMenu(page, reader.firstName);
    const response = await page.goto(link);
    expect(response?.status()).toBe(410);
    await page.getByRole("heading", { level: 1, name: "This reset link has already been used" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Request a new reset link" }).waitFor();
    expect(await page.getByLabel("New password", { exact: true }).count(), "no form for a used link").toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/^\/auth\/reset-password\//);
    expect(await tokenInBrowser(context)).toBeNull();
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});

describe("repeated wrong passwords", () => {
  const customer = newCustomer("throttle");

  beforeAll(async () => {
    await registerThroughApi(stack, customer);
  });

  it("are refused with a clear message, then locked out for a while", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/auth/login`);
    await expectNoSeriousA11yViolations(page);
    const attempt = async (password: string) => {
      await page.getByRole("textbox", { name: "Email address" }).fill(customer.email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("button", { name: "Sign in" }).and(page.locator(":enabled")).waitFor();
    };
    const formAlert = page.locator("form [role=alert]");

    // The email is kept for the next try.
    await attempt("Not-The-Right-Password-1");
    await expect.poll(() => formAlert.textContent()).toBe("The email or password is incorrect");
    expect(await page.getByRole("textbox", { name: "Email address" }).inputValue()).toBe(customer.email);
    await expectNoSeriousA11yViolations(page);

    for (let failure = 2; failure <= 5; failure++) await attempt(`Not-The-Right-Password-${failure}`);
    await attempt(customer.password);
    await expect
      .poll(() => formAlert.textContent())
      .toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?, or reset your password\.$/);
    // The locked form's answer says when to try again, as the API's did (a form posted without JavaScript).
    const locked = await fetch(`${stack.storefrontUrl}/auth/login`, {
      method: "POST",
      headers: { Origin: stack.storefrontUrl, Accept: "text/html" },
      body: new URLSearchParams({ email: customer.email, password: customer.password }),
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect(new URL(page.url()).pathname).toBe("/auth/login");
    expect(await tokenInBrowser(browser.context)).toBeNull();
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("do not block a password reset, which lets the customer back in", async () => {
    const { page } = browser;
    const link = await askForResetLink(customer);
    await chooseNewPassword(link, `${customer.password}-after-lock`);
    await page.waitForURL(`${stack.storefrontUrl}/`);
    await accountMenu(page, customer.firstName).waitFor();
    expectNoPageProblems(browser);
  });
});
