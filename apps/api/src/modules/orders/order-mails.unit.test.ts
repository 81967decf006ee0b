import type { RefundReason } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { orderCancelledMail, refundIssuedMail } from "./order-mails";

// The words of the cancellation and refund mails for each way an order ends and each way it was paid; the
// API tests (order-mails.test.ts) check that each is queued once, by the jobs, for the orders that need it.

const context = { storeId: 1, storeName: "Quire Books", orderUrl: "https://shop.test/order-status/abc" };
const order = { id: 7, publicId: "QB-100007", email: "ada@example.com", firstName: "Ada" };
const paid = (provider: string) => ({ amount: { amount: 2_499, currencyCode: "GBP" }, provider });

describe("the cancellation mail", () => {
  it.each([
    ["customer", "As you asked, we cancelled your order QB-100007."],
    ["shop", "We are sorry: we had to cancel your order QB-100007."],
    ["unpaid", "We cancelled your order QB-100007 because its payment did not reach us in time."],
  ] as const)("says who cancelled it: %s", (by, words) => {
    const mail = orderCancelledMail(context, order, { by, refund: null });
    expect(mail.textBody).toContain(words);
    expect(mail.subject).toBe("Your Quire Books order QB-100007 was cancelled");
    expect(mail.textBody).toContain("Nothing was charged for this order, so there is nothing to pay and nothing to refund.");
    expect(mail.textBody.endsWith(`See your order at any time:\n${context.orderUrl}`)).toBe(true);
    expect(mail.dedupeKey).toBe("order:7:order_cancelled");
  });

  it.each([
    ["on-account", "The £24.99 charged to your account is credited back to it now."],
    ["proforma-invoice", "We will transfer the £24.99 you paid back to the account it came from, usually within 5 working days."],
    ["stripe", "We are refunding £24.99 to the card or account you paid with. Your bank usually shows it within 5 to 10 working days."],
    ["paypal", "We are refunding £24.99 to the card or account you paid with."],
  ])("says how the money comes back when it was paid by %s", (provider, words) => {
    expect(orderCancelledMail(context, order, { by: "customer", refund: paid(provider) }).textBody).toContain(words);
  });
});

describe("the refund mail", () => {
  it.each([
    ["on-account", "order_cancelled", "for your cancelled order (order QB-100007).\nIt is credited back to your account now."],
    ["proforma-invoice", "return", "for the items you returned (order QB-100007).\nWe have transferred it to the account you paid from"],
    [
      "mollie",
      "capture_given_back",
      "for a payment your order did not need (order QB-100007).\nIt goes back to the card or account you paid with",
    ],
  ] satisfies [string, RefundReason, string][])("says the amount, what for and the way back: %s, %s", (provider, reason, words) => {
    const mail = refundIssuedMail(context, order, { id: 31, ...paid(provider), reason });
    expect(mail.subject).toBe("Your Quire Books refund of £24.99 for order QB-100007");
    expect(mail.textBody).toContain(`We have refunded £24.99 ${words}`);
    expect(mail.dedupeKey).toBe("refund:31:refund_issued");
    expect(mail.actionUrl).toBe(context.orderUrl);
  });
});
