import { describe, expect, inject, it } from "vitest";
import { createSession } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { cartClient } from "../cart/cart-test-catalogue";
import { checkoutClient, createCheckoutTestShop, CUSTOMER_INFO, UK_ADDRESS } from "../checkout/checkout-test-shop";
import { findOrderBuyers, findOrderedLines, listOrderLineAmounts, lockCustomerOrder } from "./placed-orders.service";

// What the orders module answers about a placed order for the modules that act on one (returns): the order
// locked for its own customer only, its lines in order, lines by id as ordered, and who bought it.

const onServer = inject("testDatabaseTemplate").kind === "postgres";
const api = useTestApi((db) => createCheckoutTestShop(db));
const cart = cartClient(() => api.app);
const checkout = checkoutClient(() => api.app);

/** Customer a's order of three of the tiered book and one plain hardback, placed through the API. */
async function placedOrder() {
  const { variants, options, customers } = api.seeded;
  const caller = { authorization: (await createSession(api.database.db, customers.a.id)).authorization };
  expect((await cart.add({ productVariantId: variants.tiered, quantity: 3 }, caller)).statusCode).toBe(200);
  expect((await cart.add({ productVariantId: variants.plainHardback, quantity: 1 }, caller)).statusCode).toBe(200);
  await checkout.customerInfo(CUSTOMER_INFO, caller);
  await checkout.deliveryAddress({ address: UK_ADDRESS }, caller);
  await checkout.deliveryOption({ deliveryZoneOptionId: options.ukStandard }, caller);
  const placed = await checkout.placeOrder({ termsAccepted: true }, caller);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data as { id: number; publicId: string };
}

describe("a placed order, for the modules that act on one", () => {
  it("answers the order to its own customer of its own store only", async () => {
    const order = await placedOrder();
    const { store, customers } = api.seeded;
    const db = api.database.db;
    const ask = { storeId: store.id, customerId: customers.a.id, orderId: order.id };
    expect(await lockCustomerOrder(db, { ...ask, customerId: customers.b.id })).toBeNull();
    expect(await lockCustomerOrder(db, { ...ask, storeId: store.id + 1000 })).toBeNull();
    const found = await lockCustomerOrder(db, ask);
    expect(found).toMatchObject({ id: order.id, publicId: order.publicId, status: "awaiting_payment", email: "ada@example.com" });
    expect(found).toMatchObject({ firstName: "Ada", currencyCode: "GBP", pricesIncludeTax: true, deliveredAt: null });
  });

  // Two transactions at once need a server: PGlite has one connection.
  it.runIf(onServer)("holds the order locked until the transaction ends", async () => {
    const order = await placedOrder();
    const db = api.database.db;
    const ask = { storeId: api.seeded.store.id, customerId: api.seeded.customers.a.id, orderId: order.id };
    await db.transaction(async (tx) => {
      expect(await lockCustomerOrder(tx, ask)).not.toBeNull();
      // Another transaction asking for the same order waits for this one: here it gives up after a moment.
      const waited = db.transaction(async (other) => {
        await other.execute("set local lock_timeout = '200ms'");
        return lockCustomerOrder(other, ask);
      });
      // 55P03: lock_not_available, PostgreSQL's answer to a lock not granted within lock_timeout.
      await expect(waited).rejects.toMatchObject({ cause: { code: "55P03" } });
    });
  });

  it("answers its lines in order, those lines by id as ordered, and who bought it", async () => {
    const order = await placedOrder();
    const db = api.database.db;
    const lines = await listOrderLineAmounts(db, order.id);
    expect(lines.map((line) => line.quantity)).toEqual([3, 1]);
    expect(lines[0]!.total).toBeGreaterThan(lines[1]!.total);

    const ordered = await findOrderedLines(db, [lines[1]!.id, lines[0]!.id, 2_000_000_000]);
    expect([...ordered.keys()].sort((a, b) => a - b)).toEqual(lines.map((line) => line.id).sort((a, b) => a - b));
    expect(ordered.get(lines[0]!.id)).toMatchObject({ sku: "TIER", position: 0 });
    expect(ordered.get(lines[1]!.id)!.position).toBe(1);

    const buyers = await findOrderBuyers(db, [order.id, order.id, 2_000_000_000]);
    expect([...buyers.values()]).toEqual([{ id: order.id, publicId: order.publicId, email: "ada@example.com", firstName: "Ada" }]);
    expect(await findOrderBuyers(db, [])).toEqual(new Map());
  });
});
