import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { stores } from "../stores/stores.tables";
import { cartClient, cartOf, createCartTestShop, errorCodeOf } from "./cart-test-catalogue";

// One shop per store setting, each under its own StoreKey (hidden: HiddenForUnauthorized, hidden-prices:
// HiddenPricesForUnauthorized...), so tests do not depend on each other's settings.
const api = useTestApi(async (db) => ({
  hidden: await createCartTestShop(db, { key: "hidden", anonymousCustomerProductPolicy: "HiddenForUnauthorized" }),
  hiddenPrices: await createCartTestShop(db, { key: "hidden-prices", anonymousCustomerProductPolicy: "HiddenPricesForUnauthorized" }),
  open: await createCartTestShop(db, { key: "open", anonymousCustomerProductPolicy: "None" }),
  backorders: await createCartTestShop(db, {
    key: "backorders",
    isOutOfStockPurchaseEnabled: true,
    inventoryAvailability: "AvailableQuantity",
  }),
  lowStock: await createCartTestShop(db, { key: "low-stock", inventoryAvailability: "LowStockAlert", lowStockThreshold: 5 }),
  noStock: await createCartTestShop(db, { key: "no-stock", inventoryAvailability: "None" }),
}));
const client = cartClient(() => api.app);

describe("anonymous visitors under the store's product policy", () => {
  it.each(["hidden", "hidden-prices"] as const)("in the %s store they must sign in to keep a cart", async (storeKey) => {
    const shop = storeKey === "hidden" ? api.seeded.hidden : api.seeded.hiddenPrices;
    const add = await client.add({ productVariantId: shop.variants.plainHardback, quantity: 1 }, { storeKey });
    expect(add.statusCode).toBe(401);
    expect(errorCodeOf(add)).toBe("sign_in_required");
    const change = await client.setQuantity({ lineItemId: 1, quantity: 1, anonymousId: "E".repeat(32) }, { storeKey });
    expect(change.statusCode).toBe(401);
    const bulk = await client.addBulk({ items: [{ sku: "PLAIN-HB", quantity: 1 }] }, { storeKey });
    expect(bulk.statusCode).toBe(401);
    expect(errorCodeOf(bulk)).toBe("sign_in_required");
    // Reading shows an empty cart: nothing to hide, and start-up must not fail.
    expect(cartOf(await client.get({ storeKey }))).toMatchObject({ id: null, lineItems: [], subTotal: { amount: 0 } });

    const { authorization } = await createSession(api.database.db, shop.customers.a.id);
    const signedIn = cartOf(await client.add({ productVariantId: shop.variants.plainHardback, quantity: 1 }, { storeKey, authorization }));
    expect(signedIn.lineItems[0]!.unitPrice!.amount).toBe(1000);
  });

  it("shows no line or price of a guest cart made before the store hid products, and keeps it for the merge", async () => {
    const { db } = api.database;
    const shop = api.seeded.hidden;
    await db.update(stores).set({ anonymousCustomerProductPolicy: "None" }).where(eq(stores.id, shop.store.id));
    const made = cartOf(await client.add({ productVariantId: shop.variants.sale, quantity: 1 }, { storeKey: "hidden" }));
    await db.update(stores).set({ anonymousCustomerProductPolicy: "HiddenForUnauthorized" }).where(eq(stores.id, shop.store.id));

    const read = await client.get({ storeKey: "hidden" }, made.anonymousId!);
    expect(cartOf(read)).toMatchObject({ id: null, lineItems: [] });
    expect(read.body).not.toContain("800");
    const { authorization } = await createSession(db, shop.customers.b.id);
    const merged = cartOf(await client.merge(made.anonymousId!, { storeKey: "hidden", authorization }));
    expect(merged.lineItems.map((line) => line.variant.id)).toEqual([shop.variants.sale]);
  });

  it("lets them keep a cart when the store restricts nothing", async () => {
    const add = await client.add({ productVariantId: api.seeded.open.variants.plainHardback, quantity: 1 }, { storeKey: "open" });
    expect(cartOf(add).lineItems).toHaveLength(1);
  });
});

describe("stock settings", () => {
  it("with out-of-stock purchase enabled, sells past stock, never shrinks lines, and still caps a line at 999", async () => {
    const shop = api.seeded.backorders;
    const caller = { storeKey: "backorders" };
    const soldOut = cartOf(await client.add({ productVariantId: shop.variants.soldOut, quantity: 3 }, caller));
    const anonymousId = soldOut.anonymousId!;
    expect(soldOut.lineItems[0]).toMatchObject({ quantity: 3, stock: { status: "OutOfStock", quantity: 0 }, isPurchasable: true });
    const scarce = cartOf(await client.add({ productVariantId: shop.variants.scarce, quantity: 900, anonymousId }, caller));
    expect(scarce.lineItems[1]).toMatchObject({ quantity: 900, stock: { status: "InStock", quantity: 2 } });
    expect(cartOf(await client.get(caller, anonymousId)).notifications).toEqual([]);

    const over = await client.add({ productVariantId: shop.variants.scarce, quantity: 100, anonymousId }, caller);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ code: "quantity_limit_exceeded", field: "body.quantity" });
    const lineItemId = scarce.lineItems[1]!.lineItemId;
    expect(cartOf(await client.setQuantity({ lineItemId, quantity: 999, anonymousId }, caller)).lineItems[1]!.quantity).toBe(999);
  });

  it("shows stock as the store's inventoryAvailability mode allows", async () => {
    const low = cartOf(await client.add({ productVariantId: api.seeded.lowStock.variants.scarce, quantity: 1 }, { storeKey: "low-stock" }));
    expect(low.lineItems[0]!.stock).toEqual({ status: "LowStock" });
    const plenty = cartOf(
      await client.add(
        { productVariantId: api.seeded.lowStock.variants.tiered, quantity: 1, anonymousId: low.anonymousId! },
        { storeKey: "low-stock" },
      ),
    );
    expect(plenty.lineItems[1]!.stock).toEqual({ status: "InStock" });
    const none = cartOf(await client.add({ productVariantId: api.seeded.noStock.variants.scarce, quantity: 1 }, { storeKey: "no-stock" }));
    expect(none.lineItems[0]!.stock).toBeNull();
  });
});
