import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { startStack, type Stack } from "../../../storefront/tests/e2e/stack";
import { PASSWORD } from "./back-office";

/*
 * A shop's first start (decision 056): no one can sign in to the back office, so `npm start` (scripts/start.mjs, as
 * this stack runs it) prints a one-time set-up link; the person who started the shop opens it, becomes the owner and
 * is signed in. A stack of its own: the shared stack's journeys make owners of their own, and a shop with an owner
 * gets no link.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ name: "first-owner", backOffice: true });
});
afterAll(async () => {
  await stack?.stop();
});

/** The set-up link start.mjs printed after "ready", as the person at the terminal reads it. */
async function printedSetUpLink(): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => (link = /http:\/\/\S+\/set-up\/[\w-]+/.exec(readFileSync(stack.logFile, "utf8"))?.[0]), { timeout: 15_000 })
    .toBeDefined();
  return link!;
}

describe("the shop's first owner", () => {
  const browser = sessionPerTest();

  it("opens the link npm start printed, becomes the owner and is signed in; the link works once", async () => {
    const { page } = browser;
    const link = await printedSetUpLink();
    expect(new URL(link).origin).toBe(stack.backOfficeUrl);

    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Set up your shop's back office" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    // Two passwords that differ are refused beside the second, and what was typed stays.
    await page.getByLabel("Your name").fill("Olive Owner");
    await page.getByLabel("Email").fill("olive@first-owner.test");
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel("The same password again").fill(`${PASSWORD}!`);
    await page.getByRole("button", { name: "Create the owner and sign in" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe("olive@first-owner.test");
    await screenshotForReview(page, "back-office-set-up");

    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel("The same password again").fill(PASSWORD);
    await page.getByRole("button", { name: "Create the owner and sign in" }).click();
    await page.waitForURL(`${stack.backOfficeUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Hello, Olive Owner" }).waitFor();
    // An owner sees every section, the people's among them.
    const sections = page.getByRole("navigation", { name: "Back office" });
    for (const section of ["Orders", "Products", "Settings", "Staff", "Audit log"])
      await sections.getByRole("link", { name: section }).waitFor();

    // The link is spent: opened again, it makes no second owner.
    const again = await browser.context.newPage();
    await again.goto(link);
    await again.getByLabel("Your name").fill("Mallory");
    await again.getByLabel("Email").fill("mallory@first-owner.test");
    await again.getByLabel(/^Password/).fill(PASSWORD);
    await again.getByLabel("The same password again").fill(PASSWORD);
    await again.getByRole("button", { name: "Create the owner and sign in" }).click();
    await again.getByRole("alert").waitFor();
    expect(again.url()).toContain("/set-up/");
  });
});
