import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest, waitForHydration } from "./browser";
import { sharedStack, type Stack } from "./stack";

/*
 * The contact form (issue 12, section 1): errors beside each field, then success, and the shop's copy of the
 * message arriving at a real SMTP server; the same without JavaScript. The accessibility statement's "report a
 * problem" (issue 30, part 6), reached from the footer, opens the form on its subject. On the shared stack, each
 * browser a client of its own.
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

/** The demo shop's contact address (apps/api/src/seed/demo-pages.ts). */
const SHOP_ADDRESS = "help@quire.example";

describe("the contact form", () => {
  it("shows each field's error, then sends the message to the shop, which arrives by mail", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact us" }).click();
    await page.getByRole("heading", { level: 1, name: "Contact us" }).waitFor();
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("textbox", { name: "Email address" }).fill("not-an-address");
    await page.getByRole("textbox", { name: "Your message" }).fill("Hello");
    await page.getByRole("button", { name: "Send message" }).click();
    const name = page.getByRole("textbox", { name: "Your name" });
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    for (const message of [
      "Enter your name",
      "Enter a valid email address",
      "Choose what your message is about",
      "Tell us a little more: at least 10 characters",
    ])
      await page.getByText(`Error: ${message}`, { exact: true }).waitFor();
    await expect(page.getByRole("textbox", { name: "Your message" }).inputValue(), "what was typed is kept").resolves.toBe("Hello");
    await expectNoSeriousA11yViolations(page);

    const before = await stack.mailbox!.count();
    await name.fill("Grace Hopper");
    await page.getByRole("textbox", { name: "Email address" }).fill("grace@example.com");
    await page.getByRole("combobox", { name: "What is it about?" }).selectOption("gift_help");
    await page.getByRole("textbox", { name: "Your message" }).fill("Which atlas would suit a ten-year-old who loves rivers?");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Thank you: your message is with us.").waitFor();
    const reference = new URL(page.url()).searchParams.get("sent")!;
    expect(reference).toMatch(/^C-[0-9A-Z]{8}$/);
    await page.getByText(`Your reference is ${reference}.`, { exact: false }).waitFor();

    const mail = await stack.mailbox!.waitForMail(SHOP_ADDRESS, { after: before, match: (sent) => sent.subject.includes(reference) });
    expect(mail.subject).toBe(`[${reference}] Help choosing a gift: a message from Grace Hopper`);
    expect(mail.text).toContain("From: Grace Hopper <grace@example.com>");
    expect(mail.text).toContain("Which atlas would suit a ten-year-old who loves rivers?");
    expect(
      (await stack.mailbox!.messagesSince(0)).some((message) => message.to.includes("grace@example.com")),
      "nothing is mailed to the sender",
    ).toBe(false);
    expectNoPageProblems(browser);
  });

  it("works without JavaScript", async () => {
    const { page } = noScript;
    await page.goto(`${stack.storefrontUrl}/contact-us`);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Error: Enter your name", { exact: true }).waitFor();
    const before = await stack.mailbox!.count();
    await page.getByRole("textbox", { name: "Your name" }).fill("Alan Turing");
    await page.getByRole("textbox", { name: "Email address" }).fill("alan@example.com");
    await page.getByRole("combobox", { name: "What is it about?" }).selectOption("delivery");
    await page.getByRole("textbox", { name: "Your message" }).fill("Can you deliver to Bletchley by Friday?");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Thank you: your message is with us.").waitFor();
    const mail = await stack.mailbox!.waitForMail(SHOP_ADDRESS, { after: before, match: (sent) => sent.subject.includes("Alan Turing") });
    expect(mail.subject).toContain("Delivery: a message from Alan Turing");
  });
});

describe("reporting an accessibility problem", () => {
  it("goes from the footer to the statement, whose report link opens the form on its subject, and sends it", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/`);
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" }).click();
    await page.getByRole("heading", { level: 1, name: "Accessibility statement" }).waitFor();
    // The shop's name from its settings, and the note that the words are a template to adapt.
    await page.getByText("Quire Books wants everyone to be able to find, choose and buy books here", { exact: false }).waitFor();
    await page.getByText("this statement is Quire's template", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Report an accessibility problem" }).click();
    await page.getByRole("heading", { level: 1, name: "Contact us" }).waitFor();
    const subject = page.getByRole("combobox", { name: "What is it about?" });
    expect(await subject.inputValue()).toBe("accessibility");

    const before = await stack.mailbox!.count();
    await page.getByRole("textbox", { name: "Your name" }).fill("Ida Access");
    await page.getByRole("textbox", { name: "Email address" }).fill("ida@example.com");
    await page.getByRole("textbox", { name: "Your message" }).fill("The basket's quantity buttons are not read out by my screen reader.");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Thank you: your message is with us.").waitFor();
    const mail = await stack.mailbox!.waitForMail(SHOP_ADDRESS, { after: before, match: (sent) => sent.subject.includes("Ida Access") });
    expect(mail.subject).toContain("Accessibility problem: a message from Ida Access");
    expectNoPageProblems(browser);
  });

  it("preselects the subject without JavaScript too, and ignores a subject the form does not offer", async () => {
    const { page } = noScript;
    await page.goto(`${stack.storefrontUrl}/contact-us?subject=complaint`);
    expect(await page.getByRole("combobox", { name: "What is it about?" }).inputValue()).toBe("");
    await page.goto(`${stack.storefrontUrl}/accessibility`);
    await page.getByRole("link", { name: "Report an accessibility problem" }).click();
    const subject = page.getByRole("combobox", { name: "What is it about?" });
    expect(await subject.inputValue()).toBe("accessibility");
    const before = await stack.mailbox!.count();
    await page.getByRole("textbox", { name: "Your name" }).fill("Noor Script");
    await page.getByRole("textbox", { name: "Email address" }).fill("noor@example.com");
    await page.getByRole("textbox", { name: "Your message" }).fill("The order page's PDF cannot be read by my screen reader.");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Thank you: your message is with us.").waitFor();
    const mail = await stack.mailbox!.waitForMail(SHOP_ADDRESS, { after: before, match: (sent) => sent.subject.includes("Noor Script") });
    expect(mail.subject).toContain("Accessibility problem: a message from Noor Script");
  });
});
