import { MAX_CREDIT_OPEN_ORDERS } from "@quire/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { errorCodeOf } from "../cart/cart-test-catalogue";
import { checkoutClient, createCheckoutTestShop, createReadyCustomerBasket, UK_ADDRESS } from "../checkout/checkout-test-shop";
import { customerCredits } from "./payments.tables";

const ADMIN_KEY = "credits-admin-key-0000";
const api = useTestApi((db) => createCheckoutTestShop(db, { minimumOrderPrices: {} }), { adminApiKeys: [ADMIN_KEY] });
const checkout = checkoutClient(() => api.app);

/** A signed-in trade customer with credit in each currency given (minor units). */
async function tradeCustomer(email: string, limits: Record<string, number>) {
  const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email, isTrade: true });
  for (const [currencyCode, limitAmount] of Object.entries(limits)) {
    await api.database.db.insert(customerCredits).values({ customerId: customer.id, currencyCode, limitAmount });
  }
  return { id: customer.id, caller: { authorization: (await createSession(api.database.db, customer.id)).authorization } };
}

/** `count` GBP orders of one customer awaiting payment, each of `amount`, placed a minute apart (oldest first). */
async function awaitingOrders(customerId: number, count: number, amount: number): Promise<number[]> {
  const address = JSON.stringify({ ...UK_ADDRESS, postcode: "SW1Y 4JH" });
  const result = (await api.database.db.execute(sql`
    with new_carts as (
      insert into carts (store_id, customer_id, status) select ${api.seeded.store.id}, ${customerId}, 'ordered' from generate_series(1, ${count})
      returning id)
    insert into orders (public_id, store_id, cart_id, customer_id, status, email, first_name, last_name, currency_code, prices_include_tax,
      sub_total, discount_total, delivery_charge, tax_total, grand_total, tax_lines, discount_lines, delivery_address, billing_address,
      delivery_option_name, delivery_option_kind, payment_due_by, placed_at)
    select 'QB-' || nextval('order_number_seq'), ${api.seeded.store.id}, id, ${customerId}, 'awaiting_payment', 'trade@example.com', 'Trade',
      'Buyer', 'GBP', true, ${amount}, 0, 0, 0, ${amount}, '[]', '[]', ${address}::jsonb, ${address}::jsonb, 'Standard', 'standard',
      now() + interval '1 hour', now() - make_interval(mins => ${count} - (row_number() over (order by id))::int)
    from new_carts returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id).sort((a, b) => a - b);
}

function pay(caller: { authorization: string }, orderId: number, amount: number, provider = "on-account") {
  return checkout.send("POST", "/payments", caller, { orderId, paymentProviderId: provider, amount, currencyCode: "GBP" });
}

const credits = (caller: { authorization?: string; currencyCode?: string }) => checkout.send("GET", "/customers/credits", caller);

describe("GET /customers/credits", () => {
  it("lists a trade buyer's credit in every currency and the open on-account orders using it, newest first", async () => {
    const trade = await tradeCustomer("credit-open@example.com", { GBP: 100_000, EUR: 50_000 });
    const [first, second, byTransfer, cancelled] = await awaitingOrders(trade.id, 4, 2500);
    expect((await pay(trade.caller, first!, 2500)).statusCode).toBe(201);
    expect((await pay(trade.caller, second!, 2500)).statusCode).toBe(201);
    // A bank transfer holds no credit; a cancelled order's credit came back with its refund.
    expect((await pay(trade.caller, byTransfer!, 2500, "proforma-invoice")).statusCode).toBe(201);
    expect((await pay(trade.caller, cancelled!, 2500)).statusCode).toBe(201);
    const cancel = await api.app.inject({
      method: "PUT",
      url: `/admin/orders/${cancelled}/cancel`,
      headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY },
      payload: { reason: "out of print" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The buyer sees the credit come back on their order, beside its payment.
    const seen = await checkout.send("GET", `/orders/${cancelled}`, trade.caller);
    expect(seen.json().data.refunds).toEqual([
      { reason: "order_cancelled", status: "succeeded", amount: { amount: 2500, currencyCode: "GBP" }, createdAt: expect.any(String) },
    ]);
    const notRefunded = await checkout.send("GET", `/orders/${first}`, trade.caller);
    expect(notRefunded.json().data.refunds).toEqual([]);

    const answer = await credits(trade.caller);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({
      limit: { amount: 100_000, currencyCode: "GBP" },
      used: { amount: 5000, currencyCode: "GBP" },
      available: { amount: 95_000, currencyCode: "GBP" },
      currencies: [
        {
          limit: { amount: 50_000, currencyCode: "EUR" },
          used: { amount: 0, currencyCode: "EUR" },
          available: { amount: 50_000, currencyCode: "EUR" },
        },
        {
          limit: { amount: 100_000, currencyCode: "GBP" },
          used: { amount: 5000, currencyCode: "GBP" },
          available: { amount: 95_000, currencyCode: "GBP" },
        },
      ],
    });
    expect(data.openOrders.total).toBe(2);
    expect(data.openOrders.results.map((order: { id: number }) => order.id)).toEqual([second, first]);
    expect(data.openOrders.results[0]).toEqual({
      id: second,
      publicId: expect.stringMatching(/^QB-\d+$/),
      placedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: "confirmed",
      amount: { amount: 2500, currencyCode: "GBP" },
    });

    // In another currency the headline credit follows the request; the list is the same.
    const inEuros = (await credits({ ...trade.caller, currencyCode: "EUR" })).json().data;
    expect(inEuros.available).toEqual({ amount: 50_000, currencyCode: "EUR" });
    expect(inEuros.openOrders.total).toBe(2);
  });

  it("shows each customer only their own orders, and a customer without an account none", async () => {
    const one = await tradeCustomer("credit-one@example.com", { GBP: 10_000 });
    const other = await tradeCustomer("credit-other@example.com", { GBP: 10_000 });
    const [mine] = await awaitingOrders(one.id, 1, 1200);
    const [theirs] = await awaitingOrders(other.id, 1, 3400);
    expect((await pay(one.caller, mine!, 1200)).statusCode).toBe(201);
    expect((await pay(other.caller, theirs!, 3400)).statusCode).toBe(201);

    const oneData = (await credits(one.caller)).json().data;
    expect(oneData.openOrders).toEqual({
      total: 1,
      results: [expect.objectContaining({ id: mine, amount: { amount: 1200, currencyCode: "GBP" } })],
    });
    const otherData = (await credits(other.caller)).json().data;
    expect(otherData.openOrders).toEqual({ total: 1, results: [expect.objectContaining({ id: theirs })] });
    expect(otherData.used.amount).toBe(3400);

    // Not a trade customer: no credit and nothing open, not an error.
    const shopper = { authorization: (await createSession(api.database.db, api.seeded.customers.b.id)).authorization };
    const shopperAnswer = await credits(shopper);
    expect(shopperAnswer.statusCode).toBe(200);
    expect(shopperAnswer.json().data).toEqual({
      limit: { amount: 0, currencyCode: "GBP" },
      used: { amount: 0, currencyCode: "GBP" },
      available: { amount: 0, currencyCode: "GBP" },
      currencies: [],
      openOrders: { results: [], total: 0 },
    });
  });

  it(`lists the newest ${MAX_CREDIT_OPEN_ORDERS} open orders and counts them all`, async () => {
    const trade = await tradeCustomer("credit-many@example.com", { GBP: 1_000_000 });
    const orderIds = await awaitingOrders(trade.id, MAX_CREDIT_OPEN_ORDERS + 5, 100);
    // Paid on account straight in the database, as POST /payments would leave it: fifty-five calls add nothing here.
    await api.database.db.execute(sql`
      insert into payments (public_id, store_id, order_id, customer_id, provider, status, amount, currency_code)
      select 'pay_test_' || id, ${api.seeded.store.id}, id, customer_id, 'on-account', 'captured', 100, 'GBP'
      from orders where id = any(${sql.param(orderIds)}::int[]) order by id`);
    const data = (await credits(trade.caller)).json().data;
    expect(data.openOrders.total).toBe(MAX_CREDIT_OPEN_ORDERS + 5);
    expect(data.openOrders.results).toHaveLength(MAX_CREDIT_OPEN_ORDERS);
    expect(data.openOrders.results.map((order: { id: number }) => order.id)).toEqual(orderIds.slice(5).reverse());
  });

  it("answers 401 to an anonymous caller", async () => {
    const answer = await credits({});
    expect(answer.statusCode).toBe(401);
    expect(errorCodeOf(answer)).toBe("authentication_required");
  });
});

describe("POST /orders to be paid on account", () => {
  /** The trade customer's basket, ready to order: `quantity` of the paperback, UK standard delivery. */
  async function readyBasket(customerId: number, quantity: number) {
    await createReadyCustomerBasket(api.database.db, {
      storeId: api.seeded.store.id,
      customerId,
      variantId: api.seeded.variants.plainPaperback,
      quantity,
      deliveryOptionId: api.seeded.options.ukStandard,
    });
  }
  const ordersOf = async (customerId: number) =>
    Number(
      (
        (await api.database.db.execute(sql`select count(*)::int as n from orders where customer_id = ${customerId}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );
  const stockOfPaperback = async () =>
    Number(
      (
        (await api.database.db.execute(
          sql`select stock_quantity as n from product_variants where id = ${api.seeded.variants.plainPaperback}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n,
    );
  const place = (caller: { authorization: string }, paymentProviderId?: string) =>
    checkout.send("POST", "/orders", caller, { termsAccepted: true, ...(paymentProviderId ? { paymentProviderId } : {}) });

  it("makes no order, and holds no stock, when the credit left cannot pay it", async () => {
    const trade = await tradeCustomer("credit-short@example.com", { GBP: 500 });
    await readyBasket(trade.id, 2);
    const stock = await stockOfPaperback();
    const refused = await place(trade.caller, "on-account");
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorCodeOf(refused)).toBe("credit_limit_exceeded");
    expect(refused.json().errors[0].field).toBe("body.paymentProviderId");
    expect(await ordersOf(trade.id)).toBe(0);
    expect(await stockOfPaperback()).toBe(stock);

    // The same basket, to be paid by bank transfer, is ordered; so is one on account that the credit covers.
    expect((await place(trade.caller, "proforma-invoice")).statusCode).toBe(201);
    const rich = await tradeCustomer("credit-enough@example.com", { GBP: 100_000 });
    await readyBasket(rich.id, 2);
    const placed = await place(rich.caller, "on-account");
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await pay(rich.caller, placed.json().data.id, placed.json().data.grandTotal.amount)).statusCode).toBe(201);
  });

  it("refuses on account for a customer who is not trade, and leaves a placement that names no method as it was", async () => {
    const shopper = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: "not-trade@example.com" });
    const caller = { authorization: (await createSession(api.database.db, shopper.id)).authorization };
    await readyBasket(shopper.id, 1);
    const refused = await place(caller, "on-account");
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorCodeOf(refused)).toBe("credit_limit_exceeded");
    expect((await place(caller)).statusCode).toBe(201);
  });
});
