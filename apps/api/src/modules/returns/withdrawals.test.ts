import { WITHDRAWAL_REFUND_DAYS, type Withdrawal, type WithdrawableOrder } from "@quire/contracts";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrderLinkToken, DEVELOPMENT_ORDER_LINK_SECRET } from "../../security/order-links";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { useAfterPurchaseShop } from "../../testing/after-purchase-shop";
import { TEST_HEADERS } from "../../testing/test-api";
import { drainJobs } from "../../testing/test-jobs";
import { newClientIp } from "../back-in-stock/back-in-stock-testing";
import { errorCodeOf } from "../cart/cart-test-catalogue";
import { products, productVariants } from "../catalog/catalog.tables";
import { CUSTOMER_INFO } from "../checkout/checkout-test-shop";
import { outboxMessages } from "../mail/mail.tables";
import { orders } from "../orders/orders.tables";
import { paymentRefunds, payments } from "../payments/payments.tables";
import { WITHDRAWAL_LOOKUP_LIMIT } from "./withdrawals.service";

// Withdrawing from a contract (decision 061) against PostgreSQL and the payment sandbox: naming the order three ways,
// what may be withdrawn from (exempt products, what is already withdrawn or returned, the period), the acknowledgement
// mail, the delivery charge with the whole order, concurrent withdrawals, and the merchant's refund, once.
const ADMIN_KEY = "withdrawals-admin-key";
// Every test buys its own order of the shop's two books, and withdrawals give nothing back to stock until the goods are back.
const { api, placeOrder } = useAfterPurchaseShop(ADMIN_KEY);

const DAY = 86_400_000;
const asAdmin = (method: "GET" | "PUT", url: string) =>
  api.app.inject({ method, url, headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY } });
const post = (url: string, payload: object, extra: { authorization?: string; ip?: string; idempotencyKey?: string } = {}) =>
  api.app.inject({
    method: "POST",
    url,
    headers: {
      ...TEST_HEADERS,
      ...(extra.authorization ? { authorization: extra.authorization } : {}),
      ...(extra.idempotencyKey ? { "idempotency-key": extra.idempotencyKey } : {}),
    },
    payload,
    remoteAddress: extra.ip ?? newClientIp(),
  });
const tokenFor = (orderId: number) => createOrderLinkToken(DEVELOPMENT_ORDER_LINK_SECRET, { storeId: api.seeded.store.id, orderId });

let customers = 0;
async function newCustomer() {
  customers += 1;
  const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: `withdrawer${customers}@example.com` });
  return (await createSession(api.database.db, customer.id)).authorization;
}

/** A customer's order of three of the tiered book and one plain hardback, paid at Stripe's page and, unless said otherwise, delivered. */
const paidOrder = (authorization: string, delivered = true) => placeOrder(authorization, { pay: "stripe", delivered });
const byNumber = (order: { row: { publicId: string } }) => ({ orderNumber: order.row.publicId, email: CUSTOMER_INFO.email });

describe("naming the order to withdraw from", () => {
  it("by its number and email, by an order mail's link, or as its signed-in buyer: the same lines and period", async () => {
    const authorization = await newCustomer();
    const order = await paidOrder(authorization);
    const keys = [byNumber(order), { token: tokenFor(order.id) }, { orderId: order.id }];
    const answers: WithdrawableOrder[] = [];
    for (const key of keys) {
      const found = await post("/withdrawals/order", key, { authorization: "orderId" in key ? authorization : undefined });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.headers["cache-control"]).toBe("private, no-store");
      answers.push(found.json().data);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({
      orderId: order.id,
      orderNumber: order.row.publicId,
      periodDays: 14,
      withdrawableUntil: new Date(order.row.deliveredAt!.getTime() + 14 * DAY).toISOString(),
      lines: [
        { orderLineId: order.lines[0].id, quantity: 3, withdrawableQuantity: 3, exemption: null },
        { orderLineId: order.lines[1].id, quantity: 1, withdrawableQuantity: 1, exemption: null },
      ],
    });
  });

  it("answers a wrong email, another's order, a forged link and no sign-in as it should, and limits guesses", async () => {
    const authorization = await newCustomer();
    const order = await paidOrder(authorization, false);
    const codeOf = async (key: object, authorization?: string) => {
      const answer = await post("/withdrawals/order", key, { authorization });
      return [answer.statusCode, errorCodeOf(answer)];
    };
    expect(await codeOf({ ...byNumber(order), email: "someone@example.com" })).toEqual([404, "order_not_found"]);
    expect(await codeOf({ orderNumber: "QB-999999991", email: CUSTOMER_INFO.email })).toEqual([404, "order_not_found"]);
    expect(await codeOf({ orderId: order.id }, await newCustomer())).toEqual([404, "order_not_found"]);
    expect(await codeOf({ orderId: order.id })).toEqual([401, "authentication_required"]);
    expect(await codeOf({ token: `${order.id}.9999999999.${"A".repeat(43)}` })).toEqual([404, "order_link_invalid"]);
    // Two ways at once, or half of one, is a bad request.
    expect((await post("/withdrawals/order", { ...byNumber(order), orderId: order.id })).statusCode).toBe(400);
    expect((await post("/withdrawals/order", { orderNumber: order.row.publicId })).statusCode).toBe(400);
    expect((await post("/withdrawals/order", {})).statusCode).toBe(400);
    // Not delivered yet: the period has not begun, so there is no end to it yet.
    expect((await post("/withdrawals/order", byNumber(order))).json().data.withdrawableUntil).toBeNull();

    const ip = newClientIp();
    for (let i = 0; i < WITHDRAWAL_LOOKUP_LIMIT.max; i++) {
      expect((await post("/withdrawals/order", { ...byNumber(order), email: "guess@example.com" }, { ip })).statusCode).toBe(404);
    }
    const refused = await post("/withdrawals/order", byNumber(order), { ip });
    expect([refused.statusCode, errorCodeOf(refused)]).toEqual([429, "too_many_requests"]);
  });

  it("refuses an unpaid order, a cancelled one, and one past its period after delivery", async () => {
    const authorization = await newCustomer();
    const order = await paidOrder(authorization);
    await api.database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(orders.id, order.id));
    const late = await post("/withdrawals", byNumber(order));
    expect([late.statusCode, errorCodeOf(late)]).toEqual([422, "order_not_withdrawable"]);
    expect(late.json().errors[0].message).toContain("14 days");
    for (const status of ["awaiting_payment", "cancelled"] as const) {
      await api.database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
      const refused = await post("/withdrawals/order", byNumber(order));
      expect([refused.statusCode, errorCodeOf(refused)], status).toEqual([422, "order_not_withdrawable"]);
    }
  });
});

describe("withdrawing", () => {
  it("from some items: acknowledged with their share, mailed with the time, and no longer returnable", async () => {
    const authorization = await newCustomer();
    const order = await paidOrder(authorization);
    const [tiered] = order.lines;
    const created = await post("/withdrawals", { token: tokenFor(order.id), lines: [{ orderLineId: tiered.id, quantity: 2 }] });
    expect(created.statusCode, created.body).toBe(201);
    const withdrawal = created.json().data as Withdrawal;
    const goods = order.row.grandTotal - order.row.deliveryCharge;
    const share = Math.floor((goods * tiered.total * 2) / (tiered.quantity * order.row.subTotal));
    expect(withdrawal).toMatchObject({
      publicId: expect.stringMatching(/^WDL-\d{6,}$/),
      orderId: order.id,
      orderNumber: order.row.publicId,
      status: "declared",
      wholeOrder: false,
      lines: [{ orderLineId: tiered.id, quantity: 2, amount: { amount: share, currencyCode: "GBP" } }],
      delivery: { amount: 0, currencyCode: "GBP" },
      amount: { amount: share, currencyCode: "GBP" },
    });
    expect(Date.parse(withdrawal.refundDueBy) - Date.parse(withdrawal.declaredAt)).toBe(WITHDRAWAL_REFUND_DAYS * DAY);
    const [mail] = await api.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.orderId, order.id), eq(outboxMessages.kind, "withdrawal_declared")));
    expect(mail?.recipient.toLowerCase()).toBe(CUSTOMER_INFO.email.toLowerCase());
    expect(mail?.textBody).toContain(`We received your withdrawal from the contract for order ${order.row.publicId} on `);
    expect(mail?.textBody).toMatch(/on \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC/);
    expect(mail?.textBody).toContain(`2 × ${tiered.productName}`);
    expect(mail?.textBody).toContain(withdrawal.publicId);

    // One tiered book is left to withdraw from or return; the order's return view agrees.
    const left = (await post("/withdrawals/order", byNumber(order))).json().data as WithdrawableOrder;
    expect(left.lines.map((line) => line.withdrawableQuantity)).toEqual([1, 1]);
    const orderNow = await api.app.inject({ url: `/orders/${order.id}`, headers: { ...TEST_HEADERS, authorization } });
    expect(orderNow.json().data.items.map((item: { returnableQuantity: number }) => item.returnableQuantity)).toEqual([1, 1]);
    const tooMany = await post("/withdrawals", { ...byNumber(order), lines: [{ orderLineId: tiered.id, quantity: 2 }] });
    expect([tooMany.statusCode, errorCodeOf(tooMany)]).toEqual([422, "withdrawal_quantity_exceeded"]);
    expect(tooMany.json().errors[0].field).toBe("body.lines.0.quantity");
  });

  it("from the rest of the order, its delivery charge with it; then nothing is left", async () => {
    const authorization = await newCustomer();
    const order = await paidOrder(authorization);
    await post("/withdrawals", { ...byNumber(order), lines: [{ orderLineId: order.lines[1].id, quantity: 1 }] });
    const rest = await post("/withdrawals", { orderId: order.id }, { authorization });
    expect(rest.statusCode, rest.body).toBe(201);
    const withdrawal = rest.json().data as Withdrawal;
    expect(withdrawal.wholeOrder).toBe(true);
    expect(withdrawal.lines.map((line) => [line.orderLineId, line.quantity])).toEqual([[order.lines[0].id, 3]]);
    expect(withdrawal.delivery.amount).toBe(order.row.deliveryCharge);
    expect(withdrawal.amount.amount).toBe(withdrawal.lines[0]!.amount.amount + order.row.deliveryCharge);
    const nothing = await post("/withdrawals", byNumber(order));
    expect([nothing.statusCode, errorCodeOf(nothing)]).toEqual([422, "withdrawal_quantity_exceeded"]);
  });

  it("leaves out an exempt product, saying why, and refuses it when named", async () => {
    const authorization = await newCustomer();
    const order = await paidOrder(authorization);
    const [variant] = await api.database.db.select().from(productVariants).where(eq(productVariants.id, api.seeded.variants.plainHardback));
    await api.database.db.update(products).set({ withdrawalExemption: "personalised" }).where(eq(products.id, variant!.productId));
    try {
      const found = (await post("/withdrawals/order", byNumber(order))).json().data as WithdrawableOrder;
      expect(found.lines[1]).toMatchObject({
        withdrawableQuantity: 0,
        exemption: "personalised",
        exemptionMessage: "Made to your wishes, so it cannot be withdrawn from.",
      });
      const named = await post("/withdrawals", { ...byNumber(order), lines: [{ orderLineId: order.lines[1].id, quantity: 1 }] });
      expect([named.statusCode, errorCodeOf(named)]).toEqual([422, "withdrawal_item_exempt"]);
      // The whole order, named by none of its lines, is every item that may be withdrawn from: not the exempt one, and
      // so not the delivery either.
      const whole = (await post("/withdrawals", byNumber(order))).json().data as Withdrawal;
      expect(whole.lines.map((line) => line.orderLineId)).toEqual([order.lines[0].id]);
      expect([whole.wholeOrder, whole.delivery.amount]).toEqual([false, 0]);
    } finally {
      await api.database.db.update(products).set({ withdrawalExemption: null }).where(eq(products.id, variant!.productId));
    }
  });

  it("takes each unit once when ten withdrawals of one unit of a line of three arrive at once", async () => {
    const authorization = await newCustomer();
    const order = await paidOrder(authorization);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post("/withdrawals", { ...byNumber(order), lines: [{ orderLineId: order.lines[0].id, quantity: 1 }] }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((answer) => errorCodeOf(answer) === "withdrawal_quantity_exceeded")).toHaveLength(7);
  });

  it("replays a retried request with the same Idempotency-Key instead of withdrawing twice", async () => {
    const order = await paidOrder(await newCustomer());
    const body = { ...byNumber(order), lines: [{ orderLineId: order.lines[0].id, quantity: 1 }] };
    // A guest's key is the client's (decision 018): the retry comes from the same address.
    const ip = newClientIp();
    const first = await post("/withdrawals", body, { idempotencyKey: "withdraw-once-0001", ip });
    const again = await post("/withdrawals", body, { idempotencyKey: "withdraw-once-0001", ip });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const left = (await post("/withdrawals/order", byNumber(order))).json().data as WithdrawableOrder;
    expect(left.lines[0]!.withdrawableQuantity).toBe(2);
  });
});

describe("the merchant's terms", () => {
  it("sets a longer withdrawal period than the law's 14 days, never a shorter one, and marks a product exempt", async () => {
    const order = await paidOrder(await newCustomer());
    const settings = (body: object) =>
      api.app.inject({
        method: "PUT",
        url: "/admin/settings",
        headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY },
        payload: body,
      });
    expect((await settings({ withdrawalPeriodDays: 13 })).statusCode).toBe(400);
    expect((await settings({ withdrawalPeriodDays: 366 })).statusCode).toBe(400);
    const longer = await settings({ withdrawalPeriodDays: 30 });
    expect(longer.statusCode, longer.body).toBe(200);
    try {
      expect(longer.json().data.withdrawalPeriodDays).toBe(30);
      const found = (await post("/withdrawals/order", byNumber(order))).json().data as WithdrawableOrder;
      expect(found.periodDays).toBe(30);
      expect(found.withdrawableUntil).toBe(new Date(order.row.deliveredAt!.getTime() + 30 * DAY).toISOString());
    } finally {
      await settings({ withdrawalPeriodDays: 14 });
    }

    const [variant] = await api.database.db.select().from(productVariants).where(eq(productVariants.id, api.seeded.variants.tiered));
    const product = (body: object) =>
      api.app.inject({
        method: "PUT",
        url: `/admin/products/${variant!.productId}`,
        headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY },
        payload: body,
      });
    expect((await product({ withdrawalExemption: "opened" })).statusCode).toBe(400);
    const marked = await product({ withdrawalExemption: "sealed_hygiene" });
    expect(marked.statusCode, marked.body).toBe(200);
    try {
      expect(marked.json().data.withdrawalExemption).toBe("sealed_hygiene");
      const found = (await post("/withdrawals/order", byNumber(order))).json().data as WithdrawableOrder;
      expect(found.lines[0]).toMatchObject({ exemption: "sealed_hygiene", withdrawableQuantity: 0 });
      expect(found.lines[0]!.exemptionMessage).toContain("If it is still sealed, contact us");
    } finally {
      await product({ withdrawalExemption: null });
    }
  });
});

describe("the merchant's withdrawals", () => {
  it("lists them by refund deadline, records the goods back, and refunds once through the order's payment", async () => {
    const order = await paidOrder(await newCustomer());
    const created = (await post("/withdrawals", byNumber(order))).json().data as Withdrawal;
    const list = (await asAdmin("GET", "/admin/withdrawals?PageSize=50&PageNumber=1")).json().data;
    const listed = list.results.find((row: { id: number }) => row.id === created.id);
    expect(listed).toMatchObject({ publicId: created.publicId, status: "declared", overdue: false, refund: null });
    const dues = list.results.map((row: { refundDueBy: string }) => row.refundDueBy);
    expect(dues).toEqual([...dues].sort());

    const received = await asAdmin("PUT", `/admin/withdrawals/${created.id}/receive`);
    expect(received.json().data.status).toBe("received");
    const refunded = await asAdmin("PUT", `/admin/withdrawals/${created.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({
      status: "refunded",
      refund: { status: "succeeded", amount: created.amount },
      history: [
        { from: null, to: "declared" },
        { from: "declared", to: "received" },
        { from: "received", to: "refunding" },
        { from: "refunding", to: "refunded" },
      ],
    });
    const again = await asAdmin("PUT", `/admin/withdrawals/${created.id}/refund`);
    expect([again.statusCode, errorCodeOf(again)]).toEqual([409, "invalid_state_transition"]);
    const refunds = await api.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.source, `withdrawal:${created.id}`));
    expect(refunds.map((refund) => [refund.reason, refund.amount, refund.status])).toEqual([
      ["withdrawal", created.amount.amount, "succeeded"],
    ]);
    // The whole order came back with its delivery: the payment is refunded whole.
    const [payment] = await api.database.db.select().from(payments).where(eq(payments.publicId, order.publicPaymentId));
    expect(payment?.status).toBe("refunded");
    // The buyer hears of the refund from the refund's own mail, queued by the job that hears the refund succeed.
    await drainJobs(api.database.db);
    const mails = await api.database.db
      .select({ kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(eq(outboxMessages.orderId, order.id));
    expect(mails.map((mail) => mail.kind)).toEqual(expect.arrayContaining(["withdrawal_declared", "refund_issued"]));
  });

  it("lists a page in the same few statements however many withdrawals it holds", async () => {
    const statements = async () => {
      api.database.resetQueryLog();
      const listed = await asAdmin("GET", "/admin/withdrawals?PageSize=50&PageNumber=1&sort=newest");
      expect(listed.statusCode, listed.body).toBe(200);
      return { count: api.database.queries.length, rows: listed.json().data.results.length as number };
    };
    await post("/withdrawals", byNumber(await paidOrder(await newCustomer())));
    const before = await statements();
    for (let index = 0; index < 3; index += 1) await post("/withdrawals", byNumber(await paidOrder(await newCustomer())));
    const after = await statements();
    expect(after.rows).toBe(before.rows + 3);
    expect(after.count).toBe(before.count);
    // The admin key's and store's look-ups, then the page, its count, its orders' buyers and its refunds.
    expect(after.count).toBeLessThanOrEqual(8);
  });

  it("says when a refund is overdue, and refuses what is not the store's", async () => {
    const order = await paidOrder(await newCustomer());
    const created = (await post("/withdrawals", byNumber(order))).json().data as Withdrawal;
    await api.database.db.execute(sql`update order_withdrawals set refund_due_by = now() - interval '1 day' where id = ${created.id}`);
    expect((await asAdmin("GET", `/admin/withdrawals/${created.id}`)).json().data.overdue).toBe(true);
    const missing = await asAdmin("GET", "/admin/withdrawals/2147483647");
    expect([missing.statusCode, errorCodeOf(missing)]).toEqual([404, "withdrawal_not_found"]);
    const unauthorised = await api.app.inject({ url: "/admin/withdrawals", headers: TEST_HEADERS });
    expect(unauthorised.statusCode).toBe(401);
  });
});
