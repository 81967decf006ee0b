import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { publishEvent } from "../jobs/job-queue";
import { cancelUnpaidOrders } from "../../flows/cancel-order.flow";
import { moneyFlowsOf } from "../../flows/flow-deps";
import { drainJobs, TEST_JOBS_STOREFRONT_URL } from "../../testing/test-jobs";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { createCheckoutTestShop, placeGuestOrder, startGuestPayment } from "../checkout/checkout-test-shop";
import { outboxMessages } from "../mail/mail.tables";
import { paymentRefunds, payments } from "../payments/payments.tables";
import { orders } from "./orders.tables";
import { formatDate } from "@quire/contracts/dates";

// The mails a shopper expects through the job queue (issue 26, section 1), each queued once however often its
// job runs, in plain text, with the order's link (decision 041).

const ADMIN_KEY = "order-mails-admin-key-0000";
const api = useTestApi((db) => createCheckoutTestShop(db, { minimumOrderPrices: {} }), { adminApiKeys: [ADMIN_KEY] });

const asAdmin = (url: string, payload: object = {}) =>
  api.app.inject({ method: "PUT", url, headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY }, payload });

/** A guest's order paid by bank transfer, the transfer confirmed by the shop: ready to ship. */
async function paidOrder() {
  const order = await placeGuestOrder(() => api.app, api.seeded);
  await startGuestPayment(() => api.app, order, "proforma-invoice");
  const confirmed = await asAdmin(`/admin/orders/${order.id}/confirm-transfer`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return order;
}

/** The mails of one kind about an order (its number in the subject). */
const mailsOf = async (orderId: number, kind: string) => {
  const [order] = await api.database.db.select({ publicId: orders.publicId }).from(orders).where(eq(orders.id, orderId));
  const mails = await api.database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind));
  return mails.filter((mail) => new RegExp(`order ${order!.publicId}(?!\\d)`).test(mail.subject));
};

const tokenOf = (url: string | null | undefined, path: string) =>
  new RegExp(`^${TEST_JOBS_STOREFRONT_URL.replace(/\./g, "\\.")}/${path}/([^/]+)$`).exec(url ?? "")?.[1] ?? "";

describe("the bank-transfer order mail", () => {
  it("tells the buyer what to pay, where, with which reference and by when, with the invoice's link, once", async () => {
    const order = await placeGuestOrder(() => api.app, api.seeded);
    await startGuestPayment(() => api.app, order, "proforma-invoice");
    await drainJobs(api.database.db, { only: ["bank-transfer-order-mail"] });
    expect(await mailsOf(order.id, "bank_transfer_order")).toHaveLength(1);
    // The event again (a second delivery) and the job again: still one mail.
    const [payment] = await api.database.db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, order.id));
    await publishEvent(api.database.db, {
      type: "payment.proforma_issued",
      storeId: api.seeded.store.id,
      orderId: order.id,
      paymentId: payment!.id,
    });
    await drainJobs(api.database.db, { only: ["bank-transfer-order-mail"] });

    const mails = await mailsOf(order.id, "bank_transfer_order");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const [row] = await api.database.db
      .select({ publicId: orders.publicId, dueBy: orders.paymentDueBy })
      .from(orders)
      .where(eq(orders.id, order.id));
    const total = `£${(order.grandTotal.amount / 100).toFixed(2)}`;
    expect(mail!.recipient).toBe("ada@example.com");
    expect(mail!.subject).toBe(`Your Test Store order ${row!.publicId}: please pay ${total} by bank transfer`);
    const dueBy = formatDate(row!.dueBy!);
    for (const part of [
      `Please transfer ${total} by ${dueBy} to:`,
      "Account name: Test Store Ltd",
      "Sort code: 12-34-56",
      "Account number: 12345678",
      "IBAN: GB33BUKB20201555555555",
      `Reference: ${row!.publicId}`,
      `Total: ${total}`,
    ]) {
      expect(mail!.textBody).toContain(part);
    }

    // Its links open the order and its proforma invoice in any browser.
    const proformaUrl = mail!.textBody.split("\n").find((line) => line.includes("/order-status/proforma-invoice/"));
    const pdf = await api.app.inject({
      method: "POST",
      url: "/order-links/proforma-invoice",
      headers: TEST_HEADERS,
      payload: { token: tokenOf(proformaUrl, "order-status/proforma-invoice") },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const opened = await api.app.inject({
      method: "POST",
      url: "/order-links/order",
      headers: TEST_HEADERS,
      payload: { token: tokenOf(mail!.actionUrl, "order-status") },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.id).toBe(order.id);
  });

  it("is not sent for an order paid otherwise", async () => {
    const order = await placeGuestOrder(() => api.app, api.seeded);
    await drainJobs(api.database.db, { only: ["bank-transfer-order-mail"] });
    expect(await mailsOf(order.id, "bank_transfer_order")).toEqual([]);
  });
});

describe("the shipped and delivered mails", () => {
  it("tell the buyer the tracking reference, then the delivery and the return window, each once", async () => {
    const order = await paidOrder();
    const shipMails = ["order-shipped-mail", "order-delivered-mail"] as const;
    expect((await asAdmin(`/admin/orders/${order.id}/ship`, { trackingReference: "RM123456789GB" })).statusCode).toBe(200);
    await drainJobs(api.database.db, { only: [...shipMails] });
    expect(await mailsOf(order.id, "order_shipped")).toHaveLength(1);
    // Shipped again with the same reference (a retried call), and its job again: no second mail.
    expect((await asAdmin(`/admin/orders/${order.id}/ship`, { trackingReference: "RM123456789GB" })).statusCode).toBe(200);
    await publishEvent(api.database.db, { type: "order.shipped", storeId: api.seeded.store.id, orderId: order.id });
    await drainJobs(api.database.db, { only: [...shipMails] });

    const shipped = await mailsOf(order.id, "order_shipped");
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.subject).toMatch(/^Your Test Store order QB-\d+ is on its way$/);
    expect(shipped[0]!.textBody).toContain("Tracking reference: RM123456789GB");
    expect(shipped[0]!.textBody).toContain(shipped[0]!.actionUrl);
    expect(tokenOf(shipped[0]!.actionUrl, "order-status")).not.toBe("");

    expect((await asAdmin(`/admin/orders/${order.id}/deliver`)).statusCode).toBe(200);
    await drainJobs(api.database.db, { only: [...shipMails] });
    expect(await mailsOf(order.id, "order_delivered")).toHaveLength(1);
    await publishEvent(api.database.db, { type: "order.delivered", storeId: api.seeded.store.id, orderId: order.id });
    await drainJobs(api.database.db, { only: [...shipMails] });
    const delivered = await mailsOf(order.id, "order_delivered");
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.subject).toMatch(/^Your Test Store order QB-\d+ was delivered$/);
    expect(delivered[0]!.textBody).toMatch(/You can return it until \d{2}\/\d{2}\/\d{2} /);
    const opened = await api.app.inject({
      method: "POST",
      url: "/order-links/order",
      headers: TEST_HEADERS,
      payload: { token: tokenOf(delivered[0]!.actionUrl, "order-status") },
    });
    expect(opened.json().data).toMatchObject({ id: order.id, status: "delivered", trackingReference: "RM123456789GB" });
  });
});

describe("the cancellation mail", () => {
  it("says the shop cancelled a paid order and that the bank transfer is sent back, once", async () => {
    const order = await paidOrder();
    const cancelled = await asAdmin(`/admin/orders/${order.id}/cancel`, { reason: "out of print" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await drainJobs(api.database.db, { only: ["order-cancelled-mail"] });
    expect(await mailsOf(order.id, "order_cancelled")).toHaveLength(1);
    // Cancelled again (nothing changes) and the job again: still one mail.
    await asAdmin(`/admin/orders/${order.id}/cancel`, { reason: "out of print" });
    await drainJobs(api.database.db, { only: ["order-cancelled-mail"] });
    const mails = await mailsOf(order.id, "order_cancelled");
    expect(mails).toHaveLength(1);
    const total = `£${(order.grandTotal.amount / 100).toFixed(2)}`;
    expect(mails[0]!.subject).toMatch(/^Your Test Store order QB-\d+ was cancelled$/);
    expect(mails[0]!.textBody).toContain("we had to cancel your order");
    expect(mails[0]!.textBody).toContain(`We will transfer the ${total} you paid back to the account it came from`);
    expect(tokenOf(mails[0]!.actionUrl, "order-status")).not.toBe("");
  });

  it("says an order not paid in time was cancelled and that nothing is owed", async () => {
    const order = await placeGuestOrder(() => api.app, api.seeded);
    await startGuestPayment(() => api.app, order, "proforma-invoice");
    await cancelUnpaidOrders(moneyFlowsOf({ db: api.database.db }), new Date(Date.now() + 30 * 86_400_000));
    await drainJobs(api.database.db, { only: ["order-cancelled-mail"] });
    const mails = await mailsOf(order.id, "order_cancelled");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("because its payment did not reach us in time");
    expect(mails[0]!.textBody).toContain("Nothing was charged for this order");
  });
});

describe("the refund mail", () => {
  it("tells the buyer the amount, the way back and when, once the shop has sent back a bank transfer", async () => {
    const order = await paidOrder();
    expect((await asAdmin(`/admin/orders/${order.id}/cancel`, { reason: "damaged in the warehouse" })).statusCode).toBe(200);
    await drainJobs(api.database.db, { only: ["refund-issued-mail"] });
    // Owed, not yet paid back: no refund mail yet.
    expect(await mailsOf(order.id, "refund_issued")).toEqual([]);
    const [refund] = await api.database.db
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, order.id));
    for (let i = 0; i < 2; i++) {
      const paidBack = await asAdmin(`/admin/refunds/${refund!.id}/paid-back`);
      expect(paidBack.statusCode, paidBack.body).toBe(200);
      await drainJobs(api.database.db, { only: ["refund-issued-mail"] });
    }
    const mails = await mailsOf(order.id, "refund_issued");
    expect(mails).toHaveLength(1);
    const total = `£${(order.grandTotal.amount / 100).toFixed(2)}`;
    expect(mails[0]!.subject).toMatch(new RegExp(`^Your Test Store refund of ${total.replace(".", "\\.")} for order QB-\\d+$`));
    expect(mails[0]!.textBody).toContain(`We have refunded ${total} for your cancelled order`);
    expect(mails[0]!.textBody).toContain("We have transferred it to the account you paid from");
    expect(tokenOf(mails[0]!.actionUrl, "order-status")).not.toBe("");
  });
});
