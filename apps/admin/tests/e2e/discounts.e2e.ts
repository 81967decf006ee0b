import {
  AdminCustomerResponseSchema,
  AdminDiscountCodeResponseSchema,
  PrivacyPolicyResponseSchema,
  SignInResponseSchema,
  type ProductDetail,
} from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { emailedLink, expectApi, newCustomer, registerThroughApi } from "../../../storefront/tests/e2e/auth-journeys";
import { expectNoPageProblems, newClientAddress, screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { findCheckoutBooks } from "../../../storefront/tests/e2e/checkout-journeys";
import { asShop, backOfficeStack, joinAs } from "./back-office";
import { placeBankTransferOrder } from "./orders-factory";

/*
 * The back office's discount codes and customers, in Chromium against the shared stack: a manager creates a
 * percentage code with a minimum spend and a limit per customer (refused first without its percentage), a shopper
 * uses it through the shopper API, and the code's uses list that order; the manager then finds a new customer and
 * blocks and unblocks their sign-in, invites a trade buyer, and sees their addresses and their company. With
 * JavaScript and without. A content member sees neither section.
 */
const stack = backOfficeStack();
let books: ProductDetail[];

beforeAll(async () => {
  books = await findCheckoutBooks(1, "price-desc");
});

async function codeNow(id: number) {
  return AdminDiscountCodeResponseSchema.parse(await asShop(stack, "GET", `/admin/discount-codes/${id}`)).data;
}

async function flash(page: Page, message: string) {
  await expect.poll(() => page.getByRole("status").first().innerText()).toContain(message);
}

function section(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name });
}

for (const javaScriptEnabled of [true, false]) {
  const label = javaScriptEnabled ? "js" : "nojs";
  describe(`discount codes and customers in the back office (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    const browser = sessionPerTest({ javaScriptEnabled });

    it("creates a code with its rules, which a shopper's order uses, and lists that order among its uses", async () => {
      const { page } = browser;
      const code = `QT-${label}-${randomUUID().slice(0, 6)}`.toUpperCase();
      await joinAs(page, stack, "manager");

      await section(page, "Discounts").click();
      await page.getByRole("heading", { level: 1, name: "Discount codes" }).waitFor();
      await page.getByRole("link", { name: "New discount code" }).click();
      await page.getByRole("heading", { level: 1, name: "New discount code" }).waitFor();
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-discount-new");
      }

      // A percentage code without its percentage is refused beside the field, and nothing is created.
      await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
      await page.getByLabel("What the code gives").selectOption({ label: "Percentage off" });
      await page.getByRole("button", { name: "Create the code" }).click();
      await page.getByRole("alert").waitFor();
      await expect.poll(() => page.getByRole("alert").innerText()).toContain("Enter the percentage off");
      await expect.poll(() => page.getByLabel("Percentage off").getAttribute("aria-invalid")).toBe("true");

      await page.getByLabel("Percentage off").fill("10");
      await page.getByLabel("Minimum in GBP").fill("1.00");
      await page.getByLabel("Uses per customer (optional)").fill("1");
      await page.getByLabel("Uses in all (optional)").fill("100");
      await page.getByLabel(/^Ends, .* time \(optional\)$/).fill("2099-12-31T23:00");
      await page.getByRole("button", { name: "Create the code" }).click();
      await page.getByRole("heading", { level: 1, name: `Discount code ${code}` }).waitFor();
      await flash(page, `Discount code ${code} created.`);
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-discount");
      }
      const created = await codeNow(id);
      expect(created).toMatchObject({
        code,
        kind: "percentage",
        percentOff: 10,
        minimumSpend: { GBP: 100 },
        perCustomerLimit: 1,
        usageLimit: 100,
        endsAt: expect.stringMatching(/^2099-12-31T23:00:00/),
        isActive: true,
      });

      // Editing a rule: the limit in all changes, the rest stays.
      await page.getByLabel("Uses in all (optional)").fill("250");
      await page.getByRole("button", { name: "Save the code" }).click();
      await flash(page, `Discount code ${code} saved.`);
      expect(await codeNow(id)).toMatchObject({ usageLimit: 250, percentOff: 10, minimumSpend: { GBP: 100 } });

      // A shopper uses the code; the order carries its discount and the code's uses list it.
      const order = await placeBankTransferOrder(stack, books, `discounts-${label}`, { discountCode: code.toLowerCase() });
      // Read loosely: only the discount's fields matter here.
      const { data: placed } = await asShop<{ data: { discountCodes: { code: string }[]; cartAndCodeDiscount: { amount: number } } }>(
        stack,
        "GET",
        `/admin/orders/${order.id}`,
      );
      expect(placed.discountCodes.map((used) => used.code)).toEqual([code]);
      expect(placed.cartAndCodeDiscount.amount).toBeGreaterThan(0);
      expect((await codeNow(id)).timesUsed).toBe(1);

      await page.reload();
      await page.getByRole("link", { name: `Orders that used ${code}` }).click();
      await page.getByRole("heading", { level: 1, name: `Orders that used ${code}` }).waitFor();
      await expect.poll(() => page.getByRole("rowheader").allInnerTexts()).toEqual([order.publicId]);
      await expect.poll(() => page.getByRole("row", { name: new RegExp(order.publicId) }).innerText()).toContain(order.email);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-discount-uses");
      }

      // The list finds it by part of its code.
      await section(page, "Discounts").click();
      await page.getByRole("heading", { level: 1, name: "Discount codes" }).waitFor();
      await page.getByRole("search", { name: "Filter discount codes" }).getByLabel("Code").fill(code.slice(0, 12).toLowerCase());
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/[?&]q=/);
      await expect.poll(() => page.getByRole("rowheader").allInnerTexts()).toEqual([expect.stringContaining(code)]);

      // Two more codes of this journey, the "A" one made first: newest first, then by code A to Z.
      const sorted = `QS-${label}-${randomUUID().slice(0, 6)}`.toUpperCase();
      for (const suffix of ["A", "B"]) {
        await asShop(stack, "POST", "/admin/discount-codes", { code: `${sorted}-${suffix}`, kind: "free_delivery" });
      }
      await page.getByRole("search", { name: "Filter discount codes" }).getByLabel("Code").fill(sorted.toLowerCase());
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(new RegExp(`[?&]q=${sorted.toLowerCase()}`));
      await expect.poll(() => page.getByRole("rowheader").allInnerTexts()).toEqual([`${sorted}-B`, `${sorted}-A`]);
      await page.getByLabel("Order").selectOption({ label: "Code, A to Z" });
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/[?&]sort=code/);
      await expect.poll(() => page.getByRole("rowheader").allInnerTexts()).toEqual([`${sorted}-A`, `${sorted}-B`]);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-discounts");
        expectNoPageProblems(browser);
      }
    });

    it("finds a customer and blocks, then unblocks, their sign-in; invites a trade buyer and sets their credit; reads a contact message", async () => {
      const { page } = browser;
      const customer = newCustomer(`bo-customer-${label}`);
      await registerThroughApi(stack, customer);
      await joinAs(page, stack, "manager");

      await section(page, "Customers").click();
      await page.getByRole("heading", { level: 1, name: "Customers" }).waitFor();
      // Two customers of this journey, the "a" one first: newest first, then by email A to Z.
      const [older, newer] = [newCustomer(`bo-sort-${label}-a`), newCustomer(`bo-sort-${label}-b`)];
      await registerThroughApi(stack, older);
      await registerThroughApi(stack, newer);
      const nameOf = (who: { firstName: string; lastName: string }) => `${who.firstName} ${who.lastName}`;
      await page.getByLabel("Email, name or company").fill(`bo-sort-${label}-`);
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/[?&]q=/);
      await expect.poll(() => page.getByRole("rowheader").allInnerTexts()).toEqual([nameOf(newer), nameOf(older)]);
      await page.getByLabel("Order").selectOption({ label: "Email, A to Z" });
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/[?&]sort=email/);
      await expect.poll(() => page.getByRole("rowheader").allInnerTexts()).toEqual([nameOf(older), nameOf(newer)]);
      await page.getByLabel("Order").selectOption({ label: "Newest first" });
      await page.getByLabel("Email, name or company").fill(customer.email);
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/[?&]q=/);
      const name = `${customer.firstName} ${customer.lastName}`;
      await expect.poll(() => page.getByRole("rowheader").allInnerTexts()).toEqual([name]);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-customers");
      }
      await page.getByRole("rowheader").getByRole("link", { name }).click();
      await page.getByRole("heading", { level: 1, name }).waitFor();
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      const blockedNow = async () => AdminCustomerResponseSchema.parse(await asShop(stack, "GET", `/admin/customers/${id}`)).data.blocked;

      await page.getByRole("region", { name: "Sign-in" }).getByRole("button", { name: "Block sign-in" }).click();
      await flash(page, `${customer.email} can no longer sign in.`);
      expect(await blockedNow()).toBe(true);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-customer");
        await page.setViewportSize({ width: 390, height: 844 });
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-customer-390");
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      await page.getByRole("region", { name: "Sign-in" }).getByRole("button", { name: "Unblock sign-in" }).click();
      await flash(page, `${customer.email} can sign in again.`);
      expect(await blockedNow()).toBe(false);

      // A trade buyer is invited from the list; their invitation is mailed.
      await page.getByRole("link", { name: "Back to customers" }).click();
      await page.getByRole("link", { name: "Invite a trade buyer" }).click();
      await page.getByRole("heading", { level: 1, name: "Invite a trade buyer" }).waitFor();
      const buyer = `trade-${label}-${randomUUID().slice(0, 8)}@buyers.test`;
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(buyer);
      await page.getByLabel("First name").fill("Tom");
      await page.getByLabel("Last name").fill("Trader");
      const company = `Trader Books ${label} ${randomUUID().slice(0, 8)}`;
      await page.getByLabel("Company").fill(company);
      await page.getByRole("button", { name: "Send the invitation" }).click();
      await flash(page, `Invitation sent to ${buyer}`);
      const link = await emailedLink(stack, buyer, "/auth/invite/complete/");

      // Once they have joined, their credit for paying on account is set on their page (refused first: not an amount).
      const { data: policy } = await expectApi(stack, "GET", "/privacy-policies/current", PrivacyPolicyResponseSchema);
      const { data: joined } = await expectApi(stack, "PUT", "/auth/invites/complete", SignInResponseSchema, {
        body: {
          token: new URL(link).pathname.split("/").pop(),
          password: `Trade-Lantern-${randomUUID().slice(0, 8)}`,
          privacyPolicyId: policy.id,
        },
      });
      await page.goto(`${stack.backOfficeUrl}/customers?trade=true&q=${encodeURIComponent(buyer)}`);
      await page.getByRole("rowheader").getByRole("link", { name: "Tom Trader" }).click();
      await page.getByRole("heading", { level: 1, name: "Tom Trader" }).waitFor();
      const credit = page.getByRole("region", { name: "Credit for paying on account" });
      await credit.getByLabel("Currency").selectOption("GBP");
      await credit.getByLabel("Credit limit").fill("lots");
      await credit.getByRole("button", { name: "Set the credit limit" }).click();
      await expect.poll(() => page.getByRole("alert").innerText()).toContain("Enter an amount");
      await credit.getByLabel("Credit limit").fill("500.00");
      await credit.getByRole("button", { name: "Set the credit limit" }).click();
      await flash(page, `Credit limit in GBP set to ${formatMoney(50_000, "GBP")}`);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-customer-trade");
      }

      // The buyer saves an address of their own and one for their company, in the shop; the manager sees the
      // first in their address book, and the second on their company's page, which lists them as its buyer.
      const address = {
        firstName: "Tom",
        lastName: "Trader",
        line1: "3 Quayside",
        city: "Newcastle",
        postcode: "NE1 3DX",
        countryCode: "GB",
      };
      await expectApi(stack, "POST", "/customers/addresses", z.unknown(), { token: joined.token, body: { address } });
      await expectApi(stack, "POST", "/customers/companies/address", z.unknown(), {
        token: joined.token,
        body: { address: { ...address, line1: "1 Trade Wharf" } },
      });
      await page.reload();
      const book = page.getByRole("list", { name: "Their saved addresses" });
      await expect.poll(() => book.getByRole("listitem").allInnerTexts()).toEqual([expect.stringContaining("3 Quayside")]);
      expect(await book.getByText("Default delivery").count()).toBe(1);
      await screenshotForReview(page, `back-office-customer-addresses-${label}`);
      await page.getByRole("region", { name: "Details" }).getByRole("link", { name: company }).click();
      await page.getByRole("heading", { level: 1, name: company }).waitFor();
      expect(await page.getByRole("rowheader").allInnerTexts()).toEqual(["Tom Trader"]);
      expect(await page.getByRole("list", { name: "The company's addresses" }).innerText()).toContain("1 Trade Wharf");
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-company");
      }
      // The companies list finds it by name.
      await page.getByRole("link", { name: "Back to companies" }).click();
      await page.getByRole("heading", { level: 1, name: "Companies" }).waitFor();
      await page.getByLabel("Company name").fill(company);
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/[?&]q=/);
      await expect.poll(() => page.getByRole("rowheader").allInnerTexts()).toEqual([company]);
      // And by name, A to Z, kept in the address with the search.
      await page.getByLabel("Order").selectOption({ label: "Name, A to Z" });
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/[?&]sort=name/);
      await page.getByRole("table", { name: "Companies, name, a to z" }).waitFor();
      expect(await page.getByRole("rowheader").allInnerTexts()).toEqual([company]);
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);

      // A visitor's message through the shop's contact form is read under Contact messages.
      const reference = `Question about gift wrapping ${randomUUID().slice(0, 8)}`;
      await expectApi(stack, "POST", "/contact-messages", z.unknown(), {
        body: { name: "Vera Visitor", email: `visitor-${label}@example.test`, subject: "gift_help", message: reference },
        clientAddress: newClientAddress(),
      });
      await page.goto(`${stack.backOfficeUrl}/customers/messages`);
      await page.getByRole("heading", { level: 1, name: "Contact messages" }).waitFor();
      await page.getByText(reference).waitFor();
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
      if (javaScriptEnabled) expectNoPageProblems(browser);
    });
  });
}

describe("a content member", () => {
  const browser = sessionPerTest();

  it("does not see Discounts or Customers, and is refused their pages", async () => {
    const { page } = browser;
    await joinAs(page, stack, "content");
    const nav = page.getByRole("navigation", { name: "Back office" });
    await expect.poll(() => nav.getByRole("link").allInnerTexts()).toContain("Content");
    expect(await nav.getByRole("link").allInnerTexts()).not.toContain("Discounts");
    expect(await nav.getByRole("link").allInnerTexts()).not.toContain("Customers");
    for (const path of ["/discounts", "/discounts/new", "/customers", "/customers/messages"]) {
      const response = await page.goto(`${stack.backOfficeUrl}${path}`);
      expect(response?.status(), path).toBe(403);
      await page.getByRole("heading", { level: 1, name: "Not allowed" }).waitFor();
    }
  });
});
