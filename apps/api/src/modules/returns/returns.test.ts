import { RETURN_WINDOW_DAYS, type ReturnDetail } from "@quire/contracts";
import { SANDBOX_KEYS } from "@quire/payment-sandbox";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession, createCustomer } from "../../testing/identity-factories";
import { refusedFields } from "../../testing/error-answers";
import { usePaymentSandbox } from "../../testing/payment-sandbox";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { createCheckoutTestShop, CUSTOMER_INFO } from "../checkout/checkout-test-shop";
import { testOrderPlacer } from "../../testing/placed-test-orders";
import { productVariants } from "../catalog/catalog.tables";
import { findOrCreateCompany } from "../identity/identity.repository";
import { outboxMessages } from "../mail/mail.tables";
import { orders } from "../orders/orders.tables";
import { moneyFlowsOf } from "../../flows/flow-deps";
import { paymentRefunds, payments } from "../payments/payments.tables";
import { runReturnsCommand } from "./returns-command";
import { orderReturnLines, storeCreditEntries } from "./returns.tables";

// Order returns (issue 10, section 3) against PostgreSQL and the payment sandbox: what may be returned, the
// return's machine, settling it once (a refund through the order's gateway, store credit or an exchange), and
// who may see a return.
const gateway = usePaymentSandbox();
/**
 * While set, Stripe answers a refund as failed, as the real one may (a card closed since the payment): the sandbox
 * always refunds, so the API is given a Stripe that asks it only while this is unset. Set before the API is built.
 */
let stripeRefusesRefunds = false;
beforeAll(() => {
  const stripe = gateway.gateways.get("stripe")!;
  gateway.gateways.set("stripe", {
    ...stripe,
    refund: async (input) =>
      stripeRefusesRefunds ? { status: "failed", reference: `re_refused_${input.idempotencyKey}` } : stripe.refund(input),
  });
});
const ADMIN_KEY = "returns-admin-key";
const api = useTestApi((db) => createCheckoutTestShop(db, { minimumOrderPrices: {} }), {
  paymentGateways: gateway.gateways,
  adminApiKeys: [ADMIN_KEY],
  storefrontUrl: "http://shop.test",
});

beforeAll(async () => {
  await gateway.listenApi(api.app);
});

let customerCount = 0;
async function newCustomer(extra: { isTrade?: boolean; companyName?: string } = {}) {
  customerCount += 1;
  const companyId = extra.companyName ? await findOrCreateCompany(api.database.db, api.seeded.store.id, extra.companyName) : null;
  const customer = await createCustomer(api.database.db, {
    storeId: api.seeded.store.id,
    email: `returner${customerCount}@example.com`,
    firstName: "Ada",
    ...extra,
    companyId,
  });
  const { authorization } = await createSession(api.database.db, customer.id);
  return { customerId: customer.id, authorization };
}

const asAdmin = (method: "GET" | "PUT", url: string, payload?: object) =>
  api.app.inject({ method, url, headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY }, ...(payload ? { payload } : {}) });

/**
 * A delivered order of the customer's: three of the tiered book and one plain hardback, paid by bank transfer
 * (or at Stripe's hosted page), confirmed, shipped and delivered by the merchant.
 */
const placeOrder = testOrderPlacer({ api, gateway, adminKey: ADMIN_KEY });
const deliveredOrder = (authorization: string, pay: "bank-transfer" | "stripe" = "bank-transfer") => placeOrder(authorization, { pay });

function askReturn(authorization: string | undefined, body: object, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: "POST",
    url: "/order-returns",
    headers: { ...TEST_HEADERS, ...(authorization ? { authorization } : {}), ...headers },
    payload: body,
  });
}
const read = (authorization: string | undefined, url: string) =>
  api.app.inject({ method: "GET", url, headers: { ...TEST_HEADERS, ...(authorization ? { authorization } : {}) } });

/** A new customer's delivered order paid at Stripe, and their return of one of its first line, received by the shop. */
async function receivedCardReturn() {
  const { authorization } = await newCustomer();
  const order = await deliveredOrder(authorization, "stripe");
  const created = (
    await askReturn(authorization, {
      orderId: order.id,
      lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }],
      reason: "damaged",
      resolution: "refund",
    })
  ).json().data as ReturnDetail;
  await asAdmin("PUT", `/admin/order-returns/${created.id}/receive`);
  return { authorization, order, created };
}

/** What Stripe (the sandbox) has refunded of the payment whose checkout session is `sessionId`. */
async function refundedAtStripe(sessionId: string): Promise<number> {
  const session = await gateway.sandbox.app.inject({
    method: "GET",
    url: `/v1/checkout/sessions/${sessionId}?expand[]=payment_intent.latest_charge`,
    headers: { authorization: `Bearer ${SANDBOX_KEYS.stripe.secretKey}` },
  });
  return session.json().payment_intent.latest_charge.amount_refunded;
}

/** Puts one plain hardback back on sale: the tests after a card return count on the seeded stock. */
const putBackHardback = () =>
  api.database.db
    .update(productVariants)
    .set({ stockQuantity: sql`${productVariants.stockQuantity} + 1` })
    .where(eq(productVariants.id, api.seeded.variants.plainHardback));

const mailsTo = async (email: string) =>
  (await api.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).map((mail) => mail.kind);

describe("asking for a return", () => {
  it("lists the reasons and resolutions a customer picks from", async () => {
    const { authorization } = await newCustomer();
    const reasons = await read(authorization, "/order-returns/reasons");
    expect(reasons.json().data.reasons).toContainEqual({ code: "damaged", label: "Arrived damaged" });
    const resolutions = await read(authorization, "/order-returns/resolutions");
    expect(resolutions.json().data.resolutions.map((item: { code: string }) => item.code)).toEqual(["refund", "exchange", "store_credit"]);
    expect((await read(undefined, "/order-returns/reasons")).statusCode).toBe(401);
  });

  it("returns lines of a delivered order at their share of what was paid, numbered, mailed and listed", async () => {
    const { authorization } = await newCustomer();
    const order = await deliveredOrder(authorization);
    const [tiered, plain] = order.lines as [(typeof order.lines)[number], (typeof order.lines)[number]];
    const created = await askReturn(authorization, {
      orderId: order.id,
      lines: [{ orderLineId: tiered.id, quantity: 2 }],
      reason: "damaged",
      resolution: "refund",
      comment: "  Two covers were torn.  ",
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = created.json().data as ReturnDetail;
    const goods = order.row.grandTotal - order.row.deliveryCharge;
    const expected = Math.floor((goods * tiered.total * 2) / (tiered.quantity * order.row.subTotal));
    expect(detail).toMatchObject({
      publicId: expect.stringMatching(/^RMA-\d{6,}$/),
      orderId: order.id,
      orderPublicId: order.row.publicId,
      status: "requested",
      reason: "damaged",
      resolution: "refund",
      comment: "Two covers were torn.",
      itemCount: 2,
      amount: { amount: expected, currencyCode: "GBP" },
      lines: [{ orderLineId: tiered.id, quantity: 2, amount: { amount: expected, currencyCode: "GBP" } }],
      history: [],
      refund: null,
    });
    expect(await mailsTo(CUSTOMER_INFO.email.toLowerCase())).toContain("return_requested");
    // The order says what is left to return, and until when.
    const orderNow = (await read(authorization, `/orders/${order.id}`)).json().data;
    expect(orderNow.items.map((item: { returnableQuantity: number }) => item.returnableQuantity)).toEqual([tiered.quantity - 2, 1]);
    expect(Date.parse(orderNow.returnableUntil)).toBe(order.row.deliveredAt!.getTime() + RETURN_WINDOW_DAYS * 86_400_000);

    // The last tiered book and the hardback may still go back; a third tiered one may not.
    const tooMany = await askReturn(authorization, {
      orderId: order.id,
      lines: [{ orderLineId: tiered.id, quantity: 2 }],
      reason: "changed_mind",
      resolution: "store_credit",
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().errors[0]).toMatchObject({ code: "return_quantity_exceeded", field: "body.lines.0.quantity" });
    const rest = await askReturn(authorization, {
      orderId: order.id,
      lines: [
        { orderLineId: tiered.id, quantity: 1 },
        { orderLineId: plain.id, quantity: 1 },
      ],
      reason: "changed_mind",
      resolution: "store_credit",
    });
    expect(rest.statusCode, rest.body).toBe(201);
    // All of the order's returns together never give back more than was paid for the goods.
    expect(detail.amount.amount + (rest.json().data as ReturnDetail).amount.amount).toBeLessThanOrEqual(goods);

    const list = await read(authorization, `/order-returns?orderId=${order.id}`);
    expect(list.json().data).toMatchObject({ total: 2, results: [{ id: rest.json().data.id }, { id: detail.id }] });
    expect((await read(authorization, `/order-returns/${detail.id}`)).json().data).toEqual(detail);
  });

  it("refuses an order that is not delivered, or delivered too long ago", async () => {
    const { authorization } = await newCustomer();
    const order = await deliveredOrder(authorization);
    const body = { orderId: order.id, lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }], reason: "damaged", resolution: "refund" };
    await api.database.db
      .update(orders)
      .set({ deliveredAt: sql`now() - make_interval(days => ${RETURN_WINDOW_DAYS + 1})` })
      .where(eq(orders.id, order.id));
    const late = await askReturn(authorization, body);
    expect(late.statusCode).toBe(409);
    expect((await read(authorization, `/orders/${order.id}`)).json().data).toMatchObject({
      returnableUntil: null,
      items: [{ returnableQuantity: 0 }, { returnableQuantity: 0 }],
    });
    expect(late.json().errors[0].code).toBe("order_not_returnable");
    await api.database.db.update(orders).set({ status: "shipped", deliveredAt: null }).where(eq(orders.id, order.id));
    const notYet = await askReturn(authorization, body);
    expect(notYet.json().errors[0].code).toBe("order_not_returnable");
  });

  it("answers every bad input with 400 and the field, and creates nothing", async () => {
    const { authorization } = await newCustomer();
    const order = await deliveredOrder(authorization);
    const line = order.lines[0]!.id;
    const good = { orderId: order.id, lines: [{ orderLineId: line, quantity: 1 }], reason: "damaged", resolution: "refund" };
    const cases: [object, string][] = [
      [{ ...good, orderId: 0 }, "body.orderId"],
      [{ ...good, orderId: "one" }, "body.orderId"],
      [{ ...good, lines: [] }, "body.lines"],
      [{ ...good, lines: [{ orderLineId: line, quantity: 0 }] }, "body.lines.0.quantity"],
      [{ ...good, lines: [{ orderLineId: line, quantity: 1.5 }] }, "body.lines.0.quantity"],
      [{ ...good, lines: [{ orderLineId: line, quantity: 1, extra: true }] }, "body.lines.0"],
      [
        {
          ...good,
          lines: [
            { orderLineId: line, quantity: 1 },
            { orderLineId: line, quantity: 1 },
          ],
        },
        "body.lines",
      ],
      [{ ...good, lines: Array.from({ length: 101 }, (_, index) => ({ orderLineId: index + 1, quantity: 1 })) }, "body.lines"],
      [{ ...good, reason: "bored" }, "body.reason"],
      [{ ...good, resolution: "cash" }, "body.resolution"],
      [{ ...good, comment: "x".repeat(1001) }, "body.comment"],
      [{ ...good, status: "refunded" }, "body"],
      [{ ...good, lines: [{ orderLineId: 2_147_483_647, quantity: 1 }] }, "body.lines.0.orderLineId"],
    ];
    for (const [body, field] of cases) {
      const response = await askReturn(authorization, body);
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 120)}: ${response.body}`).toBe(400);
      expect(refusedFields(response), JSON.stringify(body).slice(0, 120)).toContain(field);
    }
    for (const url of [
      "/order-returns/0",
      "/order-returns/abc",
      "/order-returns?PageSize=0",
      "/order-returns?orderId=-1",
      "/order-returns?sort=x",
    ]) {
      expect((await read(authorization, url)).statusCode, url).toBe(400);
    }
    expect((await read(authorization, `/order-returns?orderId=${order.id}`)).json().data.total).toBe(0);
  });

  it("never returns more than was delivered, however many requests arrive at once", async () => {
    const { authorization } = await newCustomer();
    const order = await deliveredOrder(authorization);
    const tiered = order.lines[0]!;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        askReturn(authorization, {
          orderId: order.id,
          lines: [{ orderLineId: tiered.id, quantity: 1 }],
          reason: "damaged",
          resolution: "refund",
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(tiered.quantity);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - tiered.quantity);
    const [returned] = await api.database.db
      .select({ total: sql<number>`coalesce(sum(${orderReturnLines.quantity}), 0)::int` })
      .from(orderReturnLines)
      .where(eq(orderReturnLines.orderLineId, tiered.id));
    expect(returned?.total).toBe(tiered.quantity);
  });

  it("replays a retried request with the same Idempotency-Key instead of making a second return", async () => {
    const { authorization } = await newCustomer();
    const order = await deliveredOrder(authorization);
    const body = {
      orderId: order.id,
      lines: [{ orderLineId: order.lines[1]!.id, quantity: 1 }],
      reason: "wrong_item",
      resolution: "exchange",
    };
    const key = { "idempotency-key": `return-${order.id}-retry-key` };
    const first = await askReturn(authorization, body, key);
    const again = await askReturn(authorization, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await read(authorization, `/order-returns?orderId=${order.id}`)).json().data.total).toBe(1);
  });
});

describe("settling a return", () => {
  it("moves along its machine: received, then approved as store credit, once", async () => {
    const { authorization, customerId } = await newCustomer();
    const order = await deliveredOrder(authorization);
    const created = (
      await askReturn(authorization, {
        orderId: order.id,
        lines: [{ orderLineId: order.lines[1]!.id, quantity: 1 }],
        reason: "changed_mind",
        resolution: "store_credit",
      })
    ).json().data as ReturnDetail;
    // Not received yet: it cannot be approved.
    const early = await asAdmin("PUT", `/admin/order-returns/${created.id}/approve`);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].code).toBe("invalid_state_transition");
    expect((await asAdmin("PUT", `/admin/order-returns/${created.id}/receive`)).statusCode).toBe(200);
    const approvals = await Promise.all([1, 2, 3].map(() => asAdmin("PUT", `/admin/order-returns/${created.id}/approve`)));
    expect(approvals.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const settled = (await read(authorization, `/order-returns/${created.id}`)).json().data as ReturnDetail;
    expect(settled).toMatchObject({ status: "credited", refund: { kind: "store_credit", amount: created.amount, status: "succeeded" } });
    expect(settled.history.map((entry) => [entry.from, entry.to])).toEqual([
      ["requested", "received"],
      ["received", "approved"],
      ["approved", "credited"],
    ]);
    const credit = await api.database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.customerId, customerId));
    expect(credit.map((entry) => entry.amount)).toEqual([created.amount.amount]);
    expect(await mailsTo(CUSTOMER_INFO.email.toLowerCase())).toEqual(
      expect.arrayContaining(["return_requested", "return_received", "return_credited"]),
    );
  });

  it("refunds the returned part through the order's gateway once, however often the approval is retried", async () => {
    const { authorization, order, created } = await receivedCardReturn();
    const approvals = await Promise.all(Array.from({ length: 5 }, () => asAdmin("PUT", `/admin/order-returns/${created.id}/approve`)));
    expect(approvals.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const again = await asAdmin("PUT", `/admin/order-returns/${created.id}/approve`);
    expect(again.statusCode).toBe(409);

    const refunds = await api.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.source, `return:${created.id}`));
    expect(refunds).toMatchObject([{ reason: "return", amount: created.amount.amount, status: "succeeded" }]);
    expect(refunds[0]!.providerReference).toEqual(expect.any(String));
    // The gateway holds exactly one refund of that amount; the payment itself stays captured (a part is refunded).
    const [payment] = await api.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "captured")));
    expect(await refundedAtStripe(payment!.providerReference!)).toBe(created.amount.amount);
    const detail = (await read(authorization, `/order-returns/${created.id}`)).json().data as ReturnDetail;
    expect(detail).toMatchObject({ status: "refunded", refund: { kind: "payment", status: "succeeded" } });
  });

  it("keeps the return approved while its refund could not be made, and the merchant's retry refunds it once", async () => {
    await putBackHardback();
    const { authorization, order, created } = await receivedCardReturn();
    // Stripe refuses the refund: it fails, and says why.
    stripeRefusesRefunds = true;
    try {
      expect((await asAdmin("PUT", `/admin/order-returns/${created.id}/approve`)).statusCode).toBe(200);
    } finally {
      stripeRefusesRefunds = false;
    }
    const failed = (await asAdmin("GET", `/admin/refunds?status=failed&reason=return`))
      .json()
      .data.results.find((refund: { orderId: number }) => refund.orderId === order.id);
    expect(failed).toMatchObject({
      reason: "return",
      status: "failed",
      retries: 0,
      failureReason: expect.stringContaining("refused the refund"),
    });
    expect((await read(authorization, `/order-returns/${created.id}`)).json().data.status).toBe("approved");

    const retry = (retries: number) =>
      api.app.inject({
        method: "POST",
        url: `/admin/refunds/${failed.id}/retry`,
        headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY },
        payload: { retries },
      });
    // Tried again (twice at once, as a double click sends it): one new request to the gateway, under a key of its own.
    const answers = await Promise.all([retry(0), retry(0)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [settled] = await api.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, failed.id));
    expect(settled).toMatchObject({ status: "succeeded", retries: 1, failureReason: null, providerReference: expect.any(String) });
    const [payment] = await api.database.db.select().from(payments).where(eq(payments.id, settled!.paymentId));
    const lookup = (idempotencyKey: string) =>
      gateway.gateways
        .get("stripe")!
        .findRefund({ reference: payment!.providerReference!, paymentReference: payment!.providerPaymentReference, idempotencyKey });
    expect(await lookup(`quire-refund-${failed.id}-retry-1`)).toMatchObject({
      outcome: "found",
      refund: { reference: settled!.providerReference },
    });
    expect(await lookup(`quire-refund-${failed.id}-retry-2`)).toEqual({ outcome: "none" });
    expect(await refundedAtStripe(payment!.providerReference!)).toBe(created.amount.amount);
    // The return is settled by its refund, and the refund's history says the shop tried again.
    expect((await read(authorization, `/order-returns/${created.id}`)).json().data).toMatchObject({
      status: "refunded",
      refund: { kind: "payment", status: "succeeded" },
    });
    const history = await api.database.db.execute(
      sql`select to_state, reason from state_transitions where machine = 'refund' and entity_id = ${failed.id} order by id`,
    );
    expect((history as unknown as { rows: { to_state: string; reason: string }[] }).rows).toEqual([
      { to_state: "failed", reason: expect.stringContaining("refused the refund") },
      { to_state: "pending", reason: "tried again by the shop" },
      { to_state: "succeeded", reason: "return: succeeded" },
    ]);
    // A refund that did not fail is not tried again; another store's or a missing one is not found.
    const again = await retry(1);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe("invalid_state_transition");
    const missing = await api.app.inject({
      method: "POST",
      url: "/admin/refunds/2147483000/retry",
      headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY },
      payload: { retries: 0 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("does not try a failed refund again once the shop's other refunds leave less than it, and asks the gateway nothing", async () => {
    await putBackHardback();
    const { order, created } = await receivedCardReturn();
    stripeRefusesRefunds = true;
    try {
      expect((await asAdmin("PUT", `/admin/order-returns/${created.id}/approve`)).statusCode).toBe(200);
    } finally {
      stripeRefusesRefunds = false;
    }
    const [failed] = await api.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.source, `return:${created.id}`));
    expect(failed).toMatchObject({ status: "failed", retries: 0 });
    // Meanwhile the shop gave back all but one penny less than the failed refund asked for.
    const given = order.row.grandTotal - failed!.amount + 1;
    const merchantRefund = await api.app.inject({
      method: "POST",
      url: `/admin/orders/${order.id}/refunds`,
      headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY, "idempotency-key": `returns-test-refund-${order.id}-0001` },
      payload: { amount: { amount: given, currencyCode: order.row.currencyCode } },
    });
    expect(merchantRefund.statusCode, merchantRefund.body).toBe(201);

    const retried = await api.app.inject({
      method: "POST",
      url: `/admin/refunds/${failed!.id}/retry`,
      headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY },
      payload: { retries: 0 },
    });
    expect(retried.statusCode, retried.body).toBe(422);
    expect(retried.json().errors[0]).toMatchObject({
      code: "refund_amount_too_high",
      message: expect.stringContaining("make a new refund"),
    });
    // The refund stays failed and untried; the gateway holds only the shop's own refund.
    const [after] = await api.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, failed!.id));
    expect(after).toMatchObject({ status: "failed", retries: 0 });
    const [payment] = await api.database.db.select().from(payments).where(eq(payments.id, failed!.paymentId));
    expect(await refundedAtStripe(payment!.providerReference!)).toBe(given);
    expect(
      await gateway.gateways.get("stripe")!.findRefund({
        reference: payment!.providerReference!,
        paymentReference: payment!.providerPaymentReference,
        idempotencyKey: `quire-refund-${failed!.id}-retry-1`,
      }),
    ).toEqual({ outcome: "none" });
  });

  it("refuses to refund a return for more than the shop's own refunds of the order have left; store credit stays open", async () => {
    await putBackHardback();
    const { authorization } = await newCustomer();
    const order = await deliveredOrder(authorization);
    const created = (
      await askReturn(authorization, {
        orderId: order.id,
        lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }],
        reason: "damaged",
        resolution: "refund",
      })
    ).json().data as ReturnDetail;
    await asAdmin("PUT", `/admin/order-returns/${created.id}/receive`);
    // The shop gave back all but one penny less than the return is worth.
    const given = order.row.grandTotal - created.amount.amount + 1;
    const merchantRefund = await api.app.inject({
      method: "POST",
      url: `/admin/orders/${order.id}/refunds`,
      headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY, "idempotency-key": `returns-test-refund-${order.id}-0000` },
      payload: { amount: { amount: given, currencyCode: order.row.currencyCode } },
    });
    expect(merchantRefund.statusCode, merchantRefund.body).toBe(201);
    const refused = await asAdmin("PUT", `/admin/order-returns/${created.id}/approve`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe("refund_amount_too_high");
    // Nothing changed: the return is still received, no refund recorded for it.
    expect((await read(authorization, `/order-returns/${created.id}`)).json().data.status).toBe("received");
    expect(
      await api.database.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.source, `return:${created.id}`)),
    ).toEqual([]);
  });

  it("lists the store's returns newest or oldest first, of one status, for the merchant", async () => {
    const { authorization } = await newCustomer();
    const asked = async () => {
      await putBackHardback();
      const order = await deliveredOrder(authorization);
      const body = {
        orderId: order.id,
        lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }],
        reason: "damaged",
        resolution: "refund",
      };
      return (await askReturn(authorization, body)).json().data as ReturnDetail;
    };
    const [first, second] = [await asked(), await asked()];
    await asAdmin("PUT", `/admin/order-returns/${second.id}/receive`);
    const listed = async (query: string) => {
      const answer = await asAdmin("GET", `/admin/order-returns?PageSize=100&${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const ids = (answer.json().data.results as { id: number }[]).map((row) => row.id);
      return ids.filter((id) => id === first.id || id === second.id);
    };
    expect(await listed("")).toEqual([second.id, first.id]);
    expect(await listed("sort=newest")).toEqual([second.id, first.id]);
    expect(await listed("sort=oldest")).toEqual([first.id, second.id]);
    expect(await listed("sort=oldest&status=requested")).toEqual([first.id]);
    expect(await listed("sort=oldest&status=received")).toEqual([second.id]);
    const refused = await asAdmin("GET", "/admin/order-returns?sort=cheapest");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ field: "querystring.sort" });
  });

  it("is rejected with a note the customer reads, and its lines may then be returned again", async () => {
    const { authorization } = await newCustomer();
    const order = await deliveredOrder(authorization);
    const line = order.lines[1]!;
    const body = { orderId: order.id, lines: [{ orderLineId: line.id, quantity: 1 }], reason: "not_as_described", resolution: "refund" };
    const created = (await askReturn(authorization, body)).json().data as ReturnDetail;
    expect((await asAdmin("PUT", `/admin/order-returns/${created.id}/reject`, { note: "" })).statusCode).toBe(400);
    const rejected = await asAdmin("PUT", `/admin/order-returns/${created.id}/reject`, { note: "The book arrived used." });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const detail = (await read(authorization, `/order-returns/${created.id}`)).json().data as ReturnDetail;
    expect(detail).toMatchObject({ status: "rejected", merchantNote: "The book arrived used." });
    expect((await askReturn(authorization, body)).statusCode).toBe(201);
  });
});

describe("the returns command line", () => {
  it("lists, receives and approves an exchange, and refuses what the machine refuses", async () => {
    const { authorization } = await newCustomer();
    const order = await deliveredOrder(authorization);
    const created = (
      await askReturn(authorization, {
        orderId: order.id,
        lines: [{ orderLineId: order.lines[1]!.id, quantity: 1 }],
        reason: "wrong_item",
        resolution: "exchange",
      })
    ).json().data as ReturnDetail;
    const run = (command: Parameters<typeof runReturnsCommand>[1]) =>
      runReturnsCommand(api.database.db, command, moneyFlowsOf({ db: api.database.db, storefrontUrl: "http://shop.test" }));
    const storeKey = TEST_HEADERS.storekey;
    expect((await run({ name: "list", storeKey, status: "requested", page: 1 })).join("\n")).toContain(created.publicId);
    await expect(run({ name: "approve", storeKey, publicId: created.publicId })).rejects.toThrow(/cannot go from requested to approved/);
    expect((await run({ name: "receive", storeKey, publicId: created.publicId }))[0]).toBe(
      `${created.publicId}: received (order ${order.row.publicId}, wrong_item, wants exchange)`,
    );
    expect((await run({ name: "approve", storeKey, publicId: created.publicId }))[0]).toMatch(/: exchanged /);
    await expect(run({ name: "show", storeKey, publicId: "RMA-999999" })).rejects.toThrow(/has no return RMA-999999/);
    const detail = (await read(authorization, `/order-returns/${created.id}`)).json().data as ReturnDetail;
    expect(detail.history.map((entry) => entry.to)).toEqual(["received", "approved", "exchanged"]);
  });
});

describe("who may see a return", () => {
  it("answers another customer, another company's buyer and an anonymous caller 404 or 401, with none of the owner's data", async () => {
    const owner = await newCustomer({ isTrade: true, companyName: "Returns Owner Ltd" });
    const order = await deliveredOrder(owner.authorization);
    const created = (
      await askReturn(owner.authorization, {
        orderId: order.id,
        lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }],
        reason: "damaged",
        resolution: "refund",
        comment: "Secret comment of the owner",
      })
    ).json().data as ReturnDetail;
    const intruders = {
      "another customer": (await newCustomer()).authorization,
      "another company's buyer": (await newCustomer({ isTrade: true, companyName: "Other Buyers plc" })).authorization,
      "a buyer of the same company": (await newCustomer({ isTrade: true, companyName: "Returns Owner Ltd" })).authorization,
      anonymous: undefined,
    };
    for (const [who, auth] of Object.entries(intruders)) {
      const attempts = [
        await read(auth, `/order-returns/${created.id}`),
        await read(auth, "/order-returns"),
        await read(auth, `/order-returns?orderId=${order.id}`),
        await askReturn(auth, {
          orderId: order.id,
          lines: [{ orderLineId: order.lines[1]!.id, quantity: 1 }],
          reason: "damaged",
          resolution: "refund",
        }),
      ];
      for (const response of attempts) {
        expect(response.body, who).not.toContain("Secret comment");
        expect(response.body, who).not.toContain(created.publicId);
        if (!auth) expect(response.statusCode, who).toBe(401);
      }
      if (auth) {
        expect(attempts[0]!.statusCode, who).toBe(404);
        expect(attempts[1]!.json().data.total, who).toBe(0);
        expect(attempts[3]!.statusCode, who).toBe(404);
      }
    }
    // The admin calls need the Admin-Key.
    const customerToken = await read(owner.authorization, `/admin/order-returns/${created.id}`);
    expect(customerToken.statusCode).toBe(401);
  });
});
