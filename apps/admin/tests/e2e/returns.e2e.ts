import { AdminReturnResponseSchema, AdminWithdrawalResponseSchema, WithdrawalResponseSchema, type ProductDetail } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { findCheckoutBooks } from "../../../storefront/tests/e2e/checkout-journeys";
import { asShop, backOfficeStack, joinAs } from "./back-office";
import { newCustomer, placeBankTransferOrder, requestedReturn } from "./orders-factory";
import { expectApi } from "../../../storefront/tests/e2e/auth-journeys";

/*
 * Returns in the back office, against the shared stack: a customer of the journey's own asks to return a delivered
 * order; a fulfilment member finds it, marks the parcel received and approves it, which refunds through the refund
 * flow (JavaScript on); or rejects it with a note the customer reads (JavaScript off). A content member may not.
 * And a guest's withdrawal from a delivered order (decision 061): listed by its refund deadline, the items marked back,
 * refunded once (JavaScript off).
 */
const stack = backOfficeStack();
let books: ProductDetail[];

beforeAll(async () => {
  books = await findCheckoutBooks(1, "price-desc");
});

const returnNow = async (id: number) => AdminReturnResponseSchema.parse(await asShop(stack, "GET", `/admin/order-returns/${id}`)).data;

/** Presses a button in one of the return page's cards and waits for the message it leaves. */
async function act(page: Page, card: string, button: string, message: string, fields: Record<string, string> = {}) {
  const region = page.getByRole("region", { name: card });
  for (const [label, value] of Object.entries(fields)) await region.getByLabel(label).fill(value);
  await region.getByRole("button", { name: button }).click();
  await expect.poll(() => page.getByRole("status").innerText()).toContain(message);
}

describe("returns in the back office", () => {
  describe("with JavaScript", () => {
    const browser = sessionPerTest();

    it("receives a return and approves it, refunding the customer", async () => {
      const { page } = browser;
      const customer = await newCustomer(stack, "returns-approve");
      const asked = await requestedReturn(stack, books, customer);
      await joinAs(page, stack, "fulfilment");

      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Returns" }).click();
      await page.getByLabel("Status").selectOption("requested");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/status=requested/);
      await page.getByRole("link", { name: asked.publicId }).click();
      await page.getByRole("heading", { level: 1, name: `Return ${asked.publicId}` }).waitFor();
      expect(await page.getByRole("region", { name: "What comes back" }).innerText()).toContain("The corner is crushed");
      await expectNoSeriousA11yViolations(page);

      await act(page, "Parcel arrived", "Mark as received", `Return ${asked.publicId} marked as received.`);
      expect((await returnNow(asked.id)).status).toBe("received");
      await act(page, "Approve", "Approve the return", `Return ${asked.publicId} approved`);
      const settled = await returnNow(asked.id);
      expect(settled.status).toBe("refunded");
      expect(settled.refund).toMatchObject({ kind: "payment", amount: asked.amount });
      await expect.poll(() => page.getByRole("region", { name: "Timeline" }).innerText()).toContain("received → approved");
      await screenshotForReview(page, "back-office-return");

      // Oldest first, the order to handle them in, is kept in the address beside the filter.
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Returns" }).click();
      await page.getByLabel("Status").selectOption("refunded");
      await page.getByLabel("Order").selectOption({ label: "Oldest first" });
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/status=refunded.*sort=oldest|sort=oldest.*status=refunded/);
      await page.getByRole("table", { name: "Returns, oldest first" }).waitFor();
      expect(await page.getByLabel("Order").inputValue()).toBe("oldest");
      expectNoPageProblems(browser);
    });

    it("is not a content member's to see", async () => {
      const { page } = browser;
      await joinAs(page, stack, "content");
      expect(await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Returns" }).count()).toBe(0);
      const answer = await page.goto(`${stack.backOfficeUrl}/returns`);
      expect(answer?.status()).toBe(403);
      await page.getByRole("heading", { level: 1, name: "Not allowed" }).waitFor();
    });
  });

  describe("without JavaScript", () => {
    const browser = sessionPerTest({ javaScriptEnabled: false });

    it("rejects a return with a note the customer reads, and asks for the note first", async () => {
      const { page } = browser;
      const customer = await newCustomer(stack, "returns-reject");
      const asked = await requestedReturn(stack, books, customer);
      await joinAs(page, stack, "fulfilment");
      await page.goto(`${stack.backOfficeUrl}/returns/${asked.id}`);

      await page.getByRole("region", { name: "Reject" }).getByRole("button", { name: "Reject the return" }).click();
      await page.getByRole("alert").waitFor();
      expect((await returnNow(asked.id)).status).toBe("requested");

      await act(page, "Reject", "Reject the return", `Return ${asked.publicId} rejected.`, {
        "Why (the customer reads this)": "The photos show no damage",
      });
      const rejected = await returnNow(asked.id);
      expect(rejected.status).toBe("rejected");
      expect(rejected.merchantNote).toBe("The photos show no damage");
    });
  });

  describe("withdrawals, without JavaScript", () => {
    const browser = sessionPerTest({ javaScriptEnabled: false });

    it("lists a buyer's withdrawal by its refund deadline, records the items back and refunds it once", async () => {
      const { page } = browser;
      const order = await placeBankTransferOrder(stack, books, "withdrawals");
      await asShop(stack, "PUT", `/admin/orders/${order.id}/confirm-transfer`);
      await asShop(stack, "PUT", `/admin/orders/${order.id}/ship`, { trackingReference: "RM000000002GB" });
      await asShop(stack, "PUT", `/admin/orders/${order.id}/deliver`);
      const { data: withdrawal } = await expectApi(stack, "POST", "/withdrawals", WithdrawalResponseSchema, {
        body: { orderNumber: order.publicId, email: order.email },
      });
      await joinAs(page, stack, "fulfilment");

      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Withdrawals" }).click();
      await page.getByRole("heading", { level: 1, name: "Withdrawals" }).waitFor();
      await page.getByRole("table", { name: "Withdrawals, refund due soonest" }).waitFor();
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: withdrawal.publicId }) });
      expect(await row.innerText()).toContain(order.publicId);
      await row.getByRole("link", { name: withdrawal.publicId }).click();
      await page.getByRole("heading", { level: 1, name: `Withdrawal ${withdrawal.publicId}` }).waitFor();
      // (axe needs the page's own JavaScript: every-page.e2e.ts scans the list; this journey runs the forms without it.)
      expect(await page.getByRole("region", { name: "What the buyer withdrew from" }).innerText()).toContain("the whole order");

      await act(page, "Items back", "Mark the items as back", `Withdrawal ${withdrawal.publicId}: the items are back.`);
      await act(page, "Refund", `Refund ${formatMoney(withdrawal.amount)}`, `Withdrawal ${withdrawal.publicId}: refunded.`);
      const settled = AdminWithdrawalResponseSchema.parse(await asShop(stack, "GET", `/admin/withdrawals/${withdrawal.id}`)).data;
      expect(settled).toMatchObject({ status: "refunded", refund: { amount: withdrawal.amount } });
      // A bank transfer's refund is the merchant's to pay back: it is owed, and the refund card is gone.
      expect(settled.refund?.status).toBe("owed");
      expect(await page.getByRole("region", { name: "Refund", exact: true }).count()).toBe(0);
      await screenshotForReview(page, "back-office-withdrawal");
      expectNoPageProblems(browser);
    });
  });
});
