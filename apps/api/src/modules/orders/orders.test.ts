import { TERMS_NOT_ACCEPTED_MESSAGE } from "@quire/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { cartClient, cartOf, errorCodeOf } from "../cart/cart-test-catalogue";
import { carts } from "../cart/cart.tables";
import { productVariants } from "../catalog/catalog.tables";
import { checkoutClient, createCheckoutTestShop, CUSTOMER_INFO, summaryOf, UK_ADDRESS } from "../checkout/checkout-test-shop";
import { discountCodes } from "../checkout/checkout.tables";
import { cancelUnpaidOrders } from "../../flows/cancel-order.flow";
import { moneyFlowsOf } from "../../flows/flow-deps";
import { orders } from "./orders.tables";

const ADMIN_KEY = "orders-admin-key-0000";
const api = useTestApi((db) => createCheckoutTestShop(db), { adminApiKeys: [ADMIN_KEY] });
const cart = cartClient(() => api.app);
const checkout = checkoutClient(() => api.app);

const stockOf = async (variantId: number) =>
  (
    await api.database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId))
  )[0]!.stock;

/** A guest basket with `quantity` of the variant, checked out up to placing the order; answers its anonymousId. */
async function readyGuest(variantId: number, quantity: number) {
  const anonymousId = cartOf(await cart.add({ productVariantId: variantId, quantity })).anonymousId!;
  summaryOf(await checkout.customerInfo({ ...CUSTOMER_INFO, anonymousId }));
  summaryOf(await checkout.deliveryAddress({ address: UK_ADDRESS, anonymousId }));
  return summaryOf(await checkout.deliveryOption({ deliveryZoneOptionId: api.seeded.options.ukStandard, anonymousId }));
}

describe("POST /orders", () => {
  it("places a guest's order at the summary's total, takes the stock and closes the basket", async () => {
    const { variants } = api.seeded;
    const stockBefore = await stockOf(variants.tiered);
    const summary = await readyGuest(variants.tiered, 2);
    const anonymousId = summary.basketDetails.anonymousId!;
    const placed = await checkout.placeOrder({ anonymousBasketId: anonymousId, privacyPolicyId: "privacy-2026", termsAccepted: true });
    expect(placed.statusCode, placed.body).toBe(201);
    const created = placed.json().data;
    expect(created.publicId).toMatch(/^QB-\d{6,}$/);
    expect(created.grandTotal).toEqual(summary.grandTotal);
    expect(await stockOf(variants.tiered)).toBe(stockBefore - 2);
    const [closed] = await api.database.db.select({ status: carts.status }).from(carts).where(eq(carts.anonymousId, anonymousId));
    expect(closed!.status).toBe("ordered");

    const order = (await checkout.order(created.id, {}, anonymousId)).json().data;
    expect(order).toMatchObject({
      publicId: created.publicId,
      status: "awaiting_payment",
      email: "ada@example.com",
      subTotal: { amount: 4000, currencyCode: "GBP" },
      deliveryCharge: { amount: 0, currencyCode: "GBP" },
      grandTotal: summary.grandTotal,
      deliveryOption: { name: "Standard", kind: "standard" },
    });
    expect(order.items).toMatchObject([{ sku: "TIER", quantity: 2, unitPrice: { amount: 2000 }, total: { amount: 4000 } }]);
    // Nobody else reads it: another basket's id, no id, a signed-in stranger.
    expect((await checkout.order(created.id, {}, "someone-elses-basket-aaaaaaaaaaa")).statusCode).toBe(404);
    expect((await checkout.order(created.id, {})).statusCode).toBe(404);
    const stranger = await createSession(api.database.db, api.seeded.customers.b.id);
    expect((await checkout.order(created.id, { authorization: stranger.authorization })).statusCode).toBe(404);
  });

  it("answers the same order when the same basket is ordered again, and replays an Idempotency-Key", async () => {
    const { variants } = api.seeded;
    const anonymousId = (await readyGuest(variants.tiered, 2)).basketDetails.anonymousId!;
    const body = { anonymousBasketId: anonymousId, termsAccepted: true };
    const key = { "idempotency-key": `order-replay-${anonymousId}` };
    const first = await checkout.placeOrder(body, {}, key);
    const replay = await checkout.placeOrder(body, {}, key);
    const again = await checkout.placeOrder(body);
    expect([first.statusCode, replay.statusCode, again.statusCode]).toEqual([201, 201, 201]);
    expect(replay.json()).toEqual(first.json());
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await api.database.db.$count(orders, eq(orders.cartId, await cartIdOf(anonymousId)))).toBe(1);
  });

  it("makes no order without the terms, and asks the shopper to accept them", async () => {
    const { variants } = api.seeded;
    const stockBefore = await stockOf(variants.tiered);
    const anonymousId = (await readyGuest(variants.tiered, 2)).basketDetails.anonymousId!;
    for (const body of [{ anonymousBasketId: anonymousId }, { anonymousBasketId: anonymousId, termsAccepted: false }]) {
      const refused = await checkout.placeOrder(body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({ code: "terms_not_accepted", message: TERMS_NOT_ACCEPTED_MESSAGE });
    }
    expect(await stockOf(variants.tiered)).toBe(stockBefore);
    expect(await api.database.db.$count(orders, eq(orders.cartId, await cartIdOf(anonymousId)))).toBe(0);
  });

  it("asks for each missing step, and for the minimum order value", async () => {
    const { variants, options } = api.seeded;
    const anonymousId = cartOf(await cart.add({ productVariantId: variants.plainPaperback, quantity: 1 })).anonymousId!;
    const place = () => checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true });
    expect(errorCodeOf(await place())).toBe("customer_info_required");
    await checkout.customerInfo({ ...CUSTOMER_INFO, anonymousId });
    expect(errorCodeOf(await place())).toBe("delivery_address_required");
    await checkout.deliveryAddress({ address: UK_ADDRESS, anonymousId });
    expect(errorCodeOf(await place())).toBe("delivery_option_required");
    await checkout.deliveryOption({ deliveryZoneOptionId: options.ukStandard, anonymousId });
    const belowMinimum = await place();
    expect(belowMinimum.statusCode).toBe(422);
    expect(belowMinimum.json().errors[0]).toMatchObject({ code: "minimum_order_not_met", message: "The minimum order is £25.00" });
  });

  it("tells the shopper when the basket changed under them, and keeps the notice for the basket", async () => {
    const { variants } = api.seeded;
    const anonymousId = (await readyGuest(variants.tiered, 3)).basketDetails.anonymousId!;
    await api.database.db.update(productVariants).set({ stockQuantity: 2 }).where(eq(productVariants.id, variants.tiered));
    try {
      const changed = await checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true });
      expect(changed.statusCode).toBe(409);
      expect(errorCodeOf(changed)).toBe("checkout_changed");
      const summary = summaryOf(await checkout.summary({}, anonymousId));
      expect(summary.basketDetails.lineItems[0]!.quantity).toBe(2);
      expect(summary.basketDetails.notifications.map((notice) => notice.code)).toContain("quantity_reduced");
    } finally {
      await api.database.db.update(productVariants).set({ stockQuantity: 50 }).where(eq(productVariants.id, variants.tiered));
    }
  });
});

async function cartIdOf(anonymousId: string) {
  const [row] = await api.database.db.select({ id: carts.id }).from(carts).where(eq(carts.anonymousId, anonymousId));
  return row!.id;
}

describe("POST /orders under concurrent requests on PostgreSQL", () => {
  it("gives one order for 50 concurrent placements of one basket", async () => {
    const { variants } = api.seeded;
    const anonymousId = (await readyGuest(variants.tiered, 2)).basketDetails.anonymousId!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    expect(await api.database.db.$count(orders, eq(orders.cartId, await cartIdOf(anonymousId)))).toBe(1);
  });
});

describe("after an order is placed", () => {
  /** A signed-in customer's order of `quantity` of the tiered book, with the 10% code; answers what was placed. */
  async function customerOrder(quantity: number) {
    const { variants, options, customers } = api.seeded;
    const caller = { authorization: (await createSession(api.database.db, customers.a.id)).authorization };
    cartOf(await cart.add({ productVariantId: variants.tiered, quantity }, caller));
    await checkout.customerInfo(CUSTOMER_INFO, caller);
    await checkout.deliveryAddress({ address: UK_ADDRESS }, caller);
    await checkout.deliveryOption({ deliveryZoneOptionId: options.ukStandard }, caller);
    summaryOf(await checkout.applyCode({ discountCode: "TENOFF" }, caller));
    const placed = await checkout.placeOrder({ termsAccepted: true }, caller);
    expect(placed.statusCode, placed.body).toBe(201);
    return { caller, order: placed.json().data as { id: number; publicId: string } };
  }
  const asAdmin = (url: string, payload?: object, method: "GET" | "PUT" = "PUT") =>
    api.app.inject({
      method,
      url,
      headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY },
      ...(payload ? { payload } : {}),
    });
  const timesUsed = async (code: string) =>
    (await api.database.db.select({ used: discountCodes.timesUsed }).from(discountCodes).where(eq(discountCodes.code, code)))[0]!.used;

  it("lists the customer's orders newest first, and sums each order's units", async () => {
    const first = await customerOrder(2);
    const second = await customerOrder(3);
    const page = (await checkout.send("GET", "/orders?PageSize=2", second.caller)).json().data;
    expect(page.results.map((order: { id: number; itemCount: number }) => [order.id, order.itemCount])).toEqual([
      [second.order.id, 3],
      [first.order.id, 2],
    ]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const summary = (await checkout.send("GET", `/orders/${second.order.id}/summary`, second.caller)).json().data;
    expect(summary).toEqual({
      id: second.order.id,
      publicId: second.order.publicId,
      status: "awaiting_payment",
      grandTotal: { amount: 5400, currencyCode: "GBP" }, // 3 × 2000 less 10%, delivered free
      latestPayment: null,
    });
    expect((await checkout.send("GET", "/orders", {})).statusCode).toBe(401);
  });

  it("cancels an unpaid order for its customer, giving back its stock and its code's use, once", async () => {
    const { variants } = api.seeded;
    const stockBefore = await stockOf(variants.tiered);
    const usedBefore = await timesUsed("TENOFF");
    const { caller, order } = await customerOrder(4);
    expect(await stockOf(variants.tiered)).toBe(stockBefore - 4);
    expect(await timesUsed("TENOFF")).toBe(usedBefore + 1);

    const cancelled = await checkout.send("PUT", `/orders/${order.id}/cancel`, caller);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: "cancelled",
      history: [{ from: "awaiting_payment", to: "cancelled", at: expect.any(String) }],
    });
    expect(await stockOf(variants.tiered)).toBe(stockBefore);
    expect(await timesUsed("TENOFF")).toBe(usedBefore);
    // Again: the same answer, nothing given back twice.
    expect((await checkout.send("PUT", `/orders/${order.id}/cancel`, caller)).json().data.status).toBe("cancelled");
    expect(await stockOf(variants.tiered)).toBe(stockBefore);
    // Another customer's order is not found.
    const stranger = await createSession(api.database.db, api.seeded.customers.b.id);
    expect((await checkout.send("PUT", `/orders/${order.id}/cancel`, { authorization: stranger.authorization })).statusCode).toBe(404);
  });

  it("shows its customer the tracking reference and each status change once the shop ships, never who or why", async () => {
    const { caller, order } = await customerOrder(2);
    const read = async () => {
      const answer = await checkout.send("GET", `/orders/${order.id}`, caller);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    // Just placed: not shipped, and placing it is not a change of status.
    expect(await read()).toMatchObject({ status: "awaiting_payment", trackingReference: null, history: [] });

    // Paid by bank transfer, which the shop confirms, then shipped with the carrier's reference.
    const { grandTotal } = await read();
    const paid = await checkout.send("POST", "/payments", caller, {
      orderId: order.id,
      paymentProviderId: "proforma-invoice",
      amount: grandTotal.amount,
      currencyCode: grandTotal.currencyCode,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await asAdmin(`/admin/orders/${order.id}/confirm-transfer`)).statusCode).toBe(200);
    const shipped = await asAdmin(`/admin/orders/${order.id}/ship`, { trackingReference: "RM123456789GB" });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const after = await read();
    expect(after.status).toBe("shipped");
    expect(after.trackingReference).toBe("RM123456789GB");
    // From, to and when only: the merchant's history has who and why, the buyer's does not.
    expect(after.history).toEqual([
      { from: "awaiting_payment", to: "confirmed", at: expect.any(String) },
      { from: "confirmed", to: "shipped", at: expect.any(String) },
    ]);
    expect(Date.parse(after.history[0].at)).toBeLessThanOrEqual(Date.parse(after.history[1].at));
    expect(Date.parse(after.history[0].at)).toBeGreaterThanOrEqual(Date.parse(after.placedAt));
    // What the merchant reads for the same order still says who and why.
    const merchantView = (await asAdmin(`/admin/orders/${order.id}`, undefined, "GET")).json().data;
    expect(merchantView.history.map((entry: { actorType: string }) => entry.actorType)).toEqual(["merchant", "merchant"]);

    // Nobody else reads it.
    const stranger = await createSession(api.database.db, api.seeded.customers.b.id);
    expect((await checkout.send("GET", `/orders/${order.id}`, { authorization: stranger.authorization })).statusCode).toBe(404);
  });

  it("tells its customer a cancellation by the shop without the shop's own reason", async () => {
    const { caller, order } = await customerOrder(2);
    const cancelled = await asAdmin(`/admin/orders/${order.id}/cancel`, { reason: "suspected fraud on this card" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const answer = await checkout.send("GET", `/orders/${order.id}`, caller);
    expect(answer.json().data).toMatchObject({
      status: "cancelled",
      trackingReference: null,
      history: [{ from: "awaiting_payment", to: "cancelled", at: expect.any(String) }],
    });
    expect(answer.body).not.toContain("fraud");
    expect(answer.body).not.toContain("merchant");
  });

  it("cancels orders left unpaid past their deadline, and only those", async () => {
    const { variants } = api.seeded;
    const stockBefore = await stockOf(variants.tiered);
    const late = await customerOrder(2);
    const onTime = await customerOrder(2);
    await api.database.db
      .update(orders)
      .set({ paymentDueBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, late.order.id));
    expect(await cancelUnpaidOrders(moneyFlowsOf({ db: api.database.db }))).toBe(1);
    const statuses = await api.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [late.order.id, onTime.order.id]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [late.order.id]: "cancelled",
      [onTime.order.id]: "awaiting_payment",
    });
    expect(await stockOf(variants.tiered)).toBe(stockBefore - 2);
    const history = await api.database.db.execute(
      sql`select actor_type as "actorType", reason from state_transitions where machine = 'order' and entity_id = ${late.order.id}`,
    );
    expect((history as unknown as { rows: unknown[] }).rows).toEqual([{ actorType: "system", reason: "not paid in time" }]);
  });
});
