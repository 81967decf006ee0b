import { and, eq, inArray, sql } from "drizzle-orm";
import { sqlRows } from "../db/sql-rows";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { eventually } from "../testing/eventually";
import { usePaymentSandbox } from "../testing/payment-sandbox";
import { TEST_HEADERS, useTestApi } from "../testing/test-api";
import { checkoutClient, createCheckoutTestShop, placeGuestOrder, startGuestPayment } from "../modules/checkout/checkout-test-shop";
import { moneyFlowsOf } from "./flow-deps";
import { paymentRefunds, payments } from "../modules/payments/payments.tables";
import { orders } from "../modules/orders/orders.tables";
import { stateTransitions } from "../modules/state-machines/state-transitions.tables";
import { recordRefund, refundIdempotencyKey } from "../modules/payments/refunds.service";
import { cancelUnpaidOrders } from "./cancel-order.flow";
import { settlePendingRefunds } from "./refund.flow";

// The money probe's cases, against the payment sandbox over HTTP and a real database: a payment page left open
// after its order was cancelled, a second attempt beside a first, a capture that lands as the order is cancelled,
// and a webhook racing the payer's return. Each ends with the payer charged exactly once, or given it all back,
// and the merchant able to see what happened.
const gateway = usePaymentSandbox();
const onServer = inject("testDatabaseTemplate").kind === "postgres";
const ADMIN_KEY = "money-flows-admin-key";
const api = useTestApi((db) => createCheckoutTestShop(db, { minimumOrderPrices: {} }), {
  paymentGateways: gateway.gateways,
  adminApiKeys: [ADMIN_KEY],
  storefrontUrl: "http://shop.test",
});
const checkout = checkoutClient(() => api.app);

beforeAll(async () => {
  await gateway.listenApi(api.app);
});

const PROVIDERS = ["stripe", "paypal", "adyen", "mollie"] as const;
type Provider = (typeof PROVIDERS)[number];

type GuestOrder = Awaited<ReturnType<typeof placeGuestOrder>>;

/** A payment of the guest's order with `provider`, its hosted page opened when it is a gateway's. */
const startPayment = (order: GuestOrder, provider: Provider | "proforma-invoice") => startGuestPayment(() => api.app, order, provider);

/** The payer pays on the gateway's page (a good card, PayPal's approval, Mollie's "paid"): the sandbox's answer. */
const payOnPage = (provider: Provider, redirectUrl: string) =>
  gateway.payOnPage(provider, redirectUrl, provider === "mollie" ? { status: "paid" } : {});

const paymentOf = async (publicId: string) => (await api.database.db.select().from(payments).where(eq(payments.publicId, publicId)))[0]!;
const orderStatus = async (orderId: number) =>
  (await api.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
const refundsOf = (orderId: number) => api.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
/** How many times a payment was captured, by its transition history. */
const captures = async (paymentId: number) =>
  (
    await api.database.db
      .select({ id: stateTransitions.id })
      .from(stateTransitions)
      .where(
        and(eq(stateTransitions.machine, "payment"), eq(stateTransitions.entityId, paymentId), eq(stateTransitions.toState, "captured")),
      )
  ).length;
const asAdmin = (method: "GET" | "PUT", url: string, payload?: object) =>
  api.app.inject({ method, url, headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY }, ...(payload ? { payload } : {}) });

/** What the gateway itself says of a payment now. */
const atGateway = async (provider: Provider, publicId: string) =>
  gateway.gateways.get(provider)!.fetchPayment((await paymentOf(publicId)).providerReference!);

/**
 * After the shop closed a page: the payer's attempt to pay it moves no money. The sandbox refuses to pay a closed
 * page (409); PayPal's page still lets the payer approve, but the shop never captures an order it closed.
 */
async function expectPageClosed(provider: Provider, redirectUrl: string, publicId: string) {
  const tried = await payOnPage(provider, redirectUrl);
  expect(tried.status, provider).toBe(provider === "paypal" ? 200 : 409);
  await gateway.sandbox.webhooks.idle();
  expect(await atGateway(provider, publicId), provider).toMatchObject({ status: "cancelled" });
  expect((await paymentOf(publicId)).status, provider).toBe("cancelled");
}

describe.each(PROVIDERS)("%s: no charge kept, none unseen", (provider) => {
  it("closes the page of an order the merchant cancels: the payer can no longer pay it", async () => {
    const order = await placeGuestOrder(() => api.app, api.seeded);
    const { publicId, redirectUrl } = await startPayment(order, provider);
    const cancelled = await asAdmin("PUT", `/admin/orders/${order.id}/cancel`, { reason: "out of print" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectPageClosed(provider, redirectUrl!, publicId);
    expect(await orderStatus(order.id)).toBe("cancelled");
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("closes the page of an order the unpaid-order job cancels", async () => {
    const order = await placeGuestOrder(() => api.app, api.seeded);
    const { publicId, redirectUrl } = await startPayment(order, provider);
    await api.database.db
      .update(orders)
      .set({ paymentDueBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    const flows = moneyFlowsOf({ db: api.database.db, gateways: gateway.gateways, storefrontUrl: "http://shop.test" });
    expect(await cancelUnpaidOrders(flows)).toBeGreaterThanOrEqual(1);
    await expectPageClosed(provider, redirectUrl!, publicId);
    expect(await orderStatus(order.id)).toBe("cancelled");
  });

  it("closes the first attempt when the shopper starts another: they pay once", async () => {
    const order = await placeGuestOrder(() => api.app, api.seeded);
    const first = await startPayment(order, provider);
    const other = PROVIDERS[(PROVIDERS.indexOf(provider) + 1) % PROVIDERS.length]!;
    const second = await startPayment(order, other);
    await expectPageClosed(provider, first.redirectUrl!, first.publicId);
    expect((await payOnPage(other, second.redirectUrl!)).status).toBe(200);
    await gateway.sandbox.webhooks.idle();
    // PayPal captures when the shop next reads an approved order: the payer's return does that.
    const back = await checkout.send(
      "POST",
      "/payments/refresh",
      {},
      { orderId: order.id, paymentId: second.publicId, paymentProviderId: other, anonymousId: order.anonymousId },
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.status).toBe("captured");
    expect(await orderStatus(order.id)).toBe("confirmed");
    expect(await captures((await paymentOf(first.publicId)).id)).toBe(0);
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("gives back in full a capture that lands as the order is cancelled, and shows it to the merchant", async () => {
    const order = await placeGuestOrder(() => api.app, api.seeded);
    // The payer pays; the gateway's news has not reached the shop when the merchant cancels the order (held from
    // before the payment starts: Mollie is told its webhook's address with each payment).
    const late = await gateway.holdWebhooks();
    const { publicId, redirectUrl } = await startPayment(order, provider);
    let delivered: number[];
    try {
      expect((await payOnPage(provider, redirectUrl!)).status).toBe(200);
      const cancelled = await asAdmin("PUT", `/admin/orders/${order.id}/cancel`, { reason: "customer asked by phone" });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    } finally {
      // The news arrives late: it changes nothing twice, and it brings what a refund may need (Adyen's pspReference).
      delivered = await late.deliverHeld(api.app);
    }
    expect(delivered.every((status) => status === 200)).toBe(true);
    expect(await orderStatus(order.id)).toBe("cancelled");
    const payment = await paymentOf(publicId);
    if (provider === "paypal") {
      // An approved PayPal order is captured only by the shop, and the shop closed it: no money moved at all.
      expect(await atGateway(provider, publicId)).toMatchObject({ status: "cancelled" });
      expect(await refundsOf(order.id)).toEqual([]);
      return;
    }
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({
      reason: "capture_given_back",
      status: "succeeded",
      amount: order.grandTotal.amount,
      paymentId: payment.id,
    });
    expect(refund!.providerReference).toEqual(expect.any(String));
    if (provider !== "adyen") expect(await atGateway(provider, publicId)).toEqual({ status: "refunded" });

    const listed = await asAdmin("GET", "/admin/refunds?reason=capture_given_back&PageSize=50");
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderId: order.id, publicPaymentId: publicId, status: "succeeded", paymentProviderId: provider }),
      ]),
    );
    const seen = (await asAdmin("GET", `/admin/orders/${order.id}`)).json().data;
    expect(seen.refunds).toMatchObject([{ reason: "capture_given_back", status: "succeeded" }]);
    expect(seen.history.map((entry: { to: string }) => entry.to)).toEqual(expect.arrayContaining(["cancelled", "refund succeeded"]));
    // Later news of the same capture changes nothing and pays nothing back twice.
    await gateway.sandbox.webhooks.idle();
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it.runIf(onServer)("takes the payer's return and the gateway's webhook together without a deadlock: one capture, no error", async () => {
    const order = await placeGuestOrder(() => api.app, api.seeded);
    // Held from before the payment starts: Mollie is told its webhook's address with each payment.
    const late = await gateway.holdWebhooks();
    const { publicId, redirectUrl } = await startPayment(order, provider);
    expect((await payOnPage(provider, redirectUrl!)).status).toBe(200);
    // The order is held by another transaction while the payer's return arrives, and then the gateway's webhook:
    // both queue behind it, the return first. Whichever takes a lock first must not wait for the other's.
    const locker = new pg.Client({ connectionString: api.database.url });
    await locker.connect();
    let answers: { statusCode: number; body: string }[];
    let delivered: number[];
    try {
      await locker.query("begin");
      await locker.query("select id from orders where id = $1 for update", [order.id]);
      // Asked outside the locker's transaction, which would see one snapshot of the activity throughout.
      const waiting = async () => {
        const [row] = await sqlRows<{ n: number }>(
          api.database.db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return row!.n;
      };
      const back = () =>
        checkout.send(
          "POST",
          "/payments/refresh",
          {},
          { orderId: order.id, paymentId: publicId, paymentProviderId: provider, anonymousId: order.anonymousId },
        );
      const returned = back();
      await eventually("the payer's return waits for the order", async () => (await waiting()) === 1);
      const news = late.deliverHeld(api.app);
      await eventually("the webhook waits too", async () => (await waiting()) >= 2);
      await locker.query("commit");
      answers = [await returned];
      delivered = await news;
    } finally {
      await locker.query("rollback").catch(() => {});
      await locker.end();
    }
    expect(
      answers.map((answer) => answer.statusCode),
      answers[0]?.body,
    ).toEqual([200]);
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.filter((status) => status !== 200)).toEqual([]);
    expect(await captures((await paymentOf(publicId)).id)).toBe(1);
    expect(await orderStatus(order.id)).toBe("confirmed");
  });
});

describe.each(PROVIDERS)("%s: a refund left pending by a crash", (provider) => {
  it("is settled by the retry job, which asks the gateway first and never refunds twice", async () => {
    const order = await placeGuestOrder(() => api.app, api.seeded);
    const late = await gateway.holdWebhooks();
    const { publicId, redirectUrl } = await startPayment(order, provider);
    expect((await payOnPage(provider, redirectUrl!)).status).toBe(200);
    expect(await late.deliverHeld(api.app)).not.toContain(500);
    const back = await checkout.send(
      "POST",
      "/payments/refresh",
      {},
      { orderId: order.id, paymentId: publicId, paymentProviderId: provider, anonymousId: order.anonymousId },
    );
    expect(back.json().data.status).toBe("captured");
    const payment = await paymentOf(publicId);
    // Phase one committed (the refund recorded), then the process died after the gateway had refunded but before
    // the outcome was recorded: the refund is pending, one call made.
    const refund = await api.database.db.transaction((tx) =>
      recordRefund(tx, { payment, reason: "order_cancelled", source: `order:${order.id}`, amount: payment.amount }),
    );
    await api.database.db
      .update(paymentRefunds)
      .set({ attempts: 1, updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(paymentRefunds.id, refund.id));
    const made = await gateway.gateways.get(provider)!.refund({
      reference: payment.providerReference!,
      paymentReference: payment.providerPaymentReference,
      amount: payment.amount,
      currencyCode: payment.currencyCode,
      idempotencyKey: refundIdempotencyKey(refund),
      refundId: String(refund.id),
    });

    const flows = moneyFlowsOf({ db: api.database.db, gateways: gateway.gateways, storefrontUrl: "http://shop.test" });
    expect(await settlePendingRefunds(flows, { olderThan: new Date(Date.now() - 60_000), limit: 100 })).toBeGreaterThanOrEqual(1);
    const [settled] = await api.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id));
    expect(settled).toMatchObject({ status: "succeeded", providerReference: made.reference });
    expect((await paymentOf(publicId)).status).toBe("refunded");
    // Run again: this refund is settled, so nothing about it is asked or changed.
    await settlePendingRefunds(flows, { olderThan: new Date(), limit: 100 });
    const [again] = await api.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id));
    expect(again).toEqual(settled);
    if (provider !== "adyen") {
      const lookup = await gateway.gateways.get(provider)!.findRefund({
        reference: payment.providerReference!,
        paymentReference: payment.providerPaymentReference,
        idempotencyKey: refundIdempotencyKey(refund),
      });
      expect(lookup).toMatchObject({ outcome: "found", refund: { reference: made.reference } });
    }
  });
});

describe("the refund retry job", () => {
  it("settles every refund it can when one cannot be settled, and then fails the round, visibly", async () => {
    const stuck = await placeGuestOrder(() => api.app, api.seeded);
    const owed = await placeGuestOrder(() => api.app, api.seeded);
    // An on-account payment of a guest's order cannot be given back to any credit: settling its refund throws.
    const [broken, transfer] = await api.database.db
      .insert(payments)
      .values([
        {
          publicId: "pay_retry_job_on_account",
          storeId: api.seeded.store.id,
          orderId: stuck.id,
          provider: "on-account",
          status: "captured",
          amount: stuck.grandTotal.amount,
          currencyCode: "GBP",
        },
        {
          publicId: "pay_retry_job_transfer",
          storeId: api.seeded.store.id,
          orderId: owed.id,
          provider: "proforma-invoice",
          status: "captured",
          amount: owed.grandTotal.amount,
          currencyCode: "GBP",
        },
      ])
      .returning();
    const refunds = await api.database.db.transaction(async (tx) => [
      await recordRefund(tx, { payment: broken!, reason: "order_cancelled", source: `order:${stuck.id}`, amount: broken!.amount }),
      await recordRefund(tx, { payment: transfer!, reason: "order_cancelled", source: `order:${owed.id}`, amount: transfer!.amount }),
    ]);
    await api.database.db
      .update(paymentRefunds)
      .set({ updatedAt: new Date(Date.now() - 120_000) })
      .where(
        inArray(
          paymentRefunds.id,
          refunds.map((refund) => refund.id),
        ),
      );

    const flows = moneyFlowsOf({ db: api.database.db, gateways: gateway.gateways, storefrontUrl: "http://shop.test" });
    await expect(settlePendingRefunds(flows, { olderThan: new Date(Date.now() - 60_000), limit: 100 })).rejects.toThrow(
      /1 of 2 pending refunds could not be settled/,
    );
    const after = await api.database.db
      .select()
      .from(paymentRefunds)
      .where(
        inArray(
          paymentRefunds.id,
          refunds.map((refund) => refund.id),
        ),
      );
    expect(Object.fromEntries(after.map((refund) => [refund.paymentId, refund.status]))).toEqual({
      [broken!.id]: "pending",
      [transfer!.id]: "owed",
    });
  });
});
