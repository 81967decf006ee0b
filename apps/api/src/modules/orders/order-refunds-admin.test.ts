import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInStaff } from "../../testing/staff-factories";
import { moneyFlowsOf } from "../../flows/flow-deps";
import { refundOrderForMerchant } from "../../flows/merchant-refund.flow";
import { drainJobs } from "../../testing/test-jobs";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { errorCodeOf } from "../cart/cart-test-catalogue";
import { createCheckoutTestShop, placeGuestOrder, startGuestPayment } from "../checkout/checkout-test-shop";
import { outboxMessages } from "../mail/mail.tables";
import { paymentRefunds } from "../payments/payments.tables";

// POST /admin/orders/:id/refunds: the merchant's refund of part or all of a paid order, through the one refund
// (decision 040), never more than the payment holds, even when two arrive at once.

const ADMIN_KEY = "order-refunds-admin-key-0000";
const api = useTestApi((db) => createCheckoutTestShop(db, { minimumOrderPrices: {} }), { adminApiKeys: [ADMIN_KEY] });

let keys = 0;
/** A fresh Idempotency-Key. */
const newKey = () => `test-refund-key-${Date.now()}-${(keys += 1)}`;

const asAdmin = (method: "GET" | "PUT" | "POST", url: string, payload?: object, extra: Record<string, string> = {}) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY, ...extra },
    ...(payload ? { payload } : {}),
  });

const refund = (orderId: number, body: object, key = newKey(), authorization?: string) =>
  api.app.inject({
    method: "POST",
    url: `/admin/orders/${orderId}/refunds`,
    headers: {
      storekey: TEST_HEADERS.storekey,
      "idempotency-key": key,
      ...(authorization ? { authorization } : { "admin-key": ADMIN_KEY }),
    },
    payload: body,
  });

/** A guest's order paid by bank transfer, the transfer confirmed by the shop: paid, its payment captured. */
async function paidOrder() {
  const order = await placeGuestOrder(() => api.app, api.seeded, 2);
  await startGuestPayment(() => api.app, order, "proforma-invoice");
  const confirmed = await asAdmin("PUT", `/admin/orders/${order.id}/confirm-transfer`, {});
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return order;
}

const refundsOf = (orderId: number) => api.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));

describe("a merchant's refund of an order", () => {
  it("records part of a paid order's payment going back, with the note, shown in the order, its history and the audit log", async () => {
    const order = await paidOrder();
    const { currencyCode } = order.grandTotal;
    const made = await refund(order.id, { amount: { amount: 250, currencyCode }, note: "  The dust jacket was torn  " });
    expect(made.statusCode, made.body).toBe(201);
    const answered = made.json().data;
    // A bank transfer's refund is owed until the merchant sends it back.
    expect(answered.refunds).toEqual([
      expect.objectContaining({
        reason: "merchant_refund",
        status: "owed",
        amount: { amount: 250, currencyCode },
        note: "The dust jacket was torn",
      }),
    ]);
    expect(answered.status).toBe("confirmed");
    expect(answered.history.map((entry: { to: string }) => entry.to)).toEqual(expect.arrayContaining(["refund pending", "refund owed"]));

    const read = (await asAdmin("GET", `/admin/orders/${order.id}`)).json().data;
    expect(read.refunds).toHaveLength(1);
    expect(read.refunds[0]).toMatchObject({ id: answered.refunds[0].id, reason: "merchant_refund" });

    const audit = await asAdmin("GET", `/admin/audit-log?resourceType=refund&resourceId=${answered.refunds[0].id}`);
    expect(audit.json().data.entries).toEqual([
      expect.objectContaining({
        operation: "createOrderRefund",
        changes: expect.objectContaining({ amount: { before: null, after: 250 }, orderId: { before: null, after: order.id } }),
      }),
    ]);

    // Paid back: it succeeded, and the buyer's mail says what it was for.
    const paidBack = await asAdmin("PUT", `/admin/refunds/${answered.refunds[0].id}/paid-back`);
    expect(paidBack.json().data.status).toBe("succeeded");
    await drainJobs(api.database.db, { only: ["refund-issued-mail"] });
    const mails = await api.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `refund:${answered.refunds[0].id}:refund_issued`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("for your order");
    // The order's timeline lists the mails queued about it, with when each was sent (not yet: no delivery ran).
    const timeline = (await asAdmin("GET", `/admin/orders/${order.id}`)).json().data;
    expect(timeline.mails).toHaveLength(1);
    expect(timeline.mails[0]).toEqual({
      kind: "refund_issued",
      subject: mails[0]!.subject,
      recipient: mails[0]!.recipient,
      queuedAt: expect.any(String),
      sentAt: null,
    });
  });

  it("answers the first refund again for the same Idempotency-Key, and makes one refund", async () => {
    const order = await paidOrder();
    const key = newKey();
    const body = { amount: { amount: 100, currencyCode: order.grandTotal.currencyCode } };
    const first = await refund(order.id, body, key);
    const again = await refund(order.id, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.refunds).toEqual(first.json().data.refunds);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it("finds the refund a repeated request's first attempt recorded, when that attempt died before keeping its answer", async () => {
    const order = await paidOrder();
    const deps = moneyFlowsOf({ db: api.database.db });
    const write = {
      storeId: api.seeded.store.id,
      principal: { type: "admin_key" as const, id: 1, label: "admin key 1" },
      operation: "createOrderRefund",
      clientIp: "127.0.0.1",
      requestId: "repeated-request",
    };
    const input = {
      orderId: order.id,
      actor: { type: "merchant" as const, id: 1 },
      amount: { amount: 120, currencyCode: order.grandTotal.currencyCode },
      requestKey: "admin:admin_key:1:the-same-key-0000000000",
    };
    const first = await refundOrderForMerchant(deps, write, input);
    expect(await refundOrderForMerchant(deps, write, input)).toBe(first);
    // Another key is another refund.
    expect(await refundOrderForMerchant(deps, write, { ...input, requestKey: "admin:admin_key:1:another-key-00000000000" })).not.toBe(
      first,
    );
    expect((await refundsOf(order.id)).map((row) => row.amount)).toEqual([120, 120]);
  });

  it("refuses without an Idempotency-Key: a retried refund must not be paid twice", async () => {
    const order = await paidOrder();
    const sent = await asAdmin("POST", `/admin/orders/${order.id}/refunds`, { amount: { amount: 100, currencyCode: "GBP" } });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().errors[0]).toMatchObject({ code: "invalid_input" });
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("refuses an unknown order, an unpaid one, nothing or less, another currency and more than is left", async () => {
    const order = await paidOrder();
    const { amount: total, currencyCode } = order.grandTotal;
    const money = (amount: number, currency = currencyCode) => ({ amount: { amount, currencyCode: currency } });

    expect(errorCodeOf(await refund(2_000_000_000, money(100)))).toBe("order_not_found");
    const unpaid = await placeGuestOrder(() => api.app, api.seeded);
    const notPaid = await refund(unpaid.id, money(100));
    expect(notPaid.statusCode).toBe(409);
    expect(errorCodeOf(notPaid)).toBe("invalid_state_transition");

    for (const [body, code] of [
      [money(0), "refund_amount_not_positive"],
      [money(-5), "refund_amount_not_positive"],
      [money(100, currencyCode === "USD" ? "EUR" : "USD"), "refund_currency_mismatch"],
      [money(total + 1), "refund_amount_too_high"],
    ] as const) {
      const refused = await refund(order.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorCodeOf(refused)).toBe(code);
    }
    // Part of it, then the rest: the payment holds nothing more.
    expect((await refund(order.id, money(total - 100))).statusCode).toBe(201);
    const tooMuch = await refund(order.id, money(101));
    expect(errorCodeOf(tooMuch)).toBe("refund_amount_too_high");
    expect(tooMuch.json().errors[0].message).toMatch(/1\.00/);
    expect((await refund(order.id, money(100))).statusCode).toBe(201);
    expect(errorCodeOf(await refund(order.id, money(1)))).toBe("refund_amount_too_high");
    expect((await refundsOf(order.id)).reduce((sum, row) => sum + row.amount, 0)).toBe(total);
  });

  it("lets only one of two refunds at once through when together they are more than the payment holds", async () => {
    const order = await paidOrder();
    const { amount: total, currencyCode } = order.grandTotal;
    const each = { amount: { amount: Math.floor(total / 2) + 1, currencyCode } };
    const answers = await Promise.all([refund(order.id, each), refund(order.id, each)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(errorCodeOf(answers.find((answer) => answer.statusCode === 422)!)).toBe("refund_amount_too_high");
    const rows = await refundsOf(order.id);
    expect(rows.map((row) => row.amount)).toEqual([each.amount.amount]);
  });

  it("leaves a cancellation only the rest of the payment to give back", async () => {
    const order = await paidOrder();
    const { amount: total, currencyCode } = order.grandTotal;
    expect((await refund(order.id, { amount: { amount: 300, currencyCode } })).statusCode).toBe(201);
    const cancelled = await asAdmin("PUT", `/admin/orders/${order.id}/cancel`, { reason: "out of print" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(
      cancelled.json().data.refunds.map((row: { reason: string; amount: { amount: number } }) => [row.reason, row.amount.amount]),
    ).toEqual([
      ["merchant_refund", 300],
      ["order_cancelled", total - 300],
    ]);
  });

  it("is the orders permission's: fulfilment may refund, content may not", async () => {
    const order = await paidOrder();
    const body = { amount: { amount: 100, currencyCode: order.grandTotal.currencyCode } };
    const storeId = api.seeded.store.id;
    const content = await createSignedInStaff(api.database.db, { storeId, email: "writer@refunds.example", role: "content" });
    const denied = await refund(order.id, body, newKey(), `Bearer ${content.token}`);
    expect(denied.statusCode).toBe(403);
    expect(errorCodeOf(denied)).toBe("permission_denied");
    const packer = await createSignedInStaff(api.database.db, { storeId, email: "packer@refunds.example", role: "fulfilment" });
    const allowed = await refund(order.id, body, newKey(), `Bearer ${packer.token}`);
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(allowed.json().data.history.at(-1)).toMatchObject({ actorLabel: "packer@refunds.example" });
  });
});
