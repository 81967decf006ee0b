import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app";
import { products } from "../modules/catalog/catalog.tables";
import { createProduct, createProductType, createStore } from "../testing/factories";
import { createCustomer, createSession } from "../testing/identity-factories";
import { TEST_API_KEY, TEST_HEADERS, TEST_TOKEN_SECRET } from "../testing/test-constants";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import type { Db } from "./client";

/**
 * DATABASE_READ_URL (decision 039): the read replica answers catalogue reads, and nothing a shopper has just
 * written is read from it. The "replica" here is a database of its own, seeded as the primary is and then never
 * written again: a replica as far behind as one can be. A shopper's writes, and the reads that must see them,
 * must not ask it anything; the catalogue must be read from it.
 */
let primary: TestDatabase;
let replica: TestDatabase;
let app: App;
let shop: Awaited<ReturnType<typeof seed>>;

/** The same store and books on both databases, with the same ids (both start from the run's empty template). */
async function seed(db: Db) {
  const store = await createStore(db);
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const book = await createProduct(db, {
    storeId: store.id,
    productTypeId: type.id,
    slug: "the-replica",
    name: "The Replica",
    variants: [
      { sku: "replica-hb", name: "Hardback", stockQuantity: 20, prices: { GBP: { amount: 1800 } } },
      { sku: "replica-pb", name: "Paperback", stockQuantity: 0, prices: { GBP: { amount: 900 } } },
    ],
  });
  const [inStock, soldOut] = book.variants.map((variant) => variant.id);
  return { storeId: store.id, bookId: book.id, inStock: inStock!, soldOut: soldOut! };
}

beforeAll(async () => {
  [primary, replica] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  shop = await seed(primary.db);
  expect(await seed(replica.db)).toEqual(shop);
  app = await buildApp({ db: primary.db, readDb: replica.db, apiKeys: [TEST_API_KEY], tokenSecret: TEST_TOKEN_SECRET, storeCacheTtlMs: 0 });
});
afterAll(async () => {
  await app?.close();
  await primary?.close();
  await replica?.close();
});

async function call(method: "GET" | "POST" | "PUT", url: string, options: { body?: object; authorization?: string } = {}) {
  const headers: Record<string, string> = { ...TEST_HEADERS, ...(options.authorization ? { authorization: options.authorization } : {}) };
  const response = await app.inject({ method, url, headers, ...(options.body ? { payload: options.body } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return (response.statusCode === 204 ? { data: null } : response.json()) as { data: unknown };
}

describe("what the replica is never asked", () => {
  it("a guest's basket, checkout and recently viewed books: written and read back on the primary", async () => {
    replica.resetQueryLog();

    const created = await call("PUT", "/baskets", { body: { productVariantId: shop.inStock, quantity: 2 } });
    const { anonymousId } = created.data as { anonymousId: string };
    const cart = await call("GET", `/baskets?anonymousId=${anonymousId}`);
    expect(cart.data).toMatchObject({ lineItems: [{ variant: { id: shop.inStock }, quantity: 2 }] });
    await call("PUT", "/baskets/checkout/customer-info", {
      body: { email: "guest@example.com", firstName: "Ada", lastName: "Reader", anonymousId },
    });
    const summary = await call("GET", `/baskets/checkout/summary?anonymousId=${anonymousId}`);
    expect(summary.data).toMatchObject({ basketDetails: { customerInfo: { email: "guest@example.com" } } });
    await call("POST", `/viewed-products/variants/${shop.inStock}?anonymousId=${anonymousId}`);
    const viewed = await call("GET", `/viewed-products?anonymousId=${anonymousId}`);
    expect(viewed.data).toMatchObject([{ id: shop.bookId }]);

    expect(replica.queries).toEqual([]);
  });

  it("a signed-in customer's session, account, wishlists and back-in-stock requests", async () => {
    const customer = await createCustomer(primary.db, { storeId: shop.storeId, email: "reader@example.com" });
    const { authorization } = await createSession(primary.db, customer.id);
    replica.resetQueryLog();

    expect((await call("GET", "/customers/current", { authorization })).data).toMatchObject({ email: "reader@example.com" });
    const list = (await call("POST", "/wishlists", { body: { name: "Birthday" }, authorization })).data as { id: number };
    await call("PUT", "/wishlists/wishlist-items", { body: { wishlistId: list.id, variantId: shop.inStock }, authorization });
    expect((await call("GET", "/wishlists/variant-ids", { authorization })).data).toEqual({ variantIds: [shop.inStock] });
    expect((await call("GET", `/wishlists/${list.id}`, { authorization })).data).toMatchObject({ name: "Birthday" });
    const subscribed = await call("POST", "/notifications/back-in-stock", { body: { productVariantId: shop.soldOut }, authorization });
    expect(subscribed.data).toMatchObject({ status: "subscribed" });
    await call("PUT", "/baskets", { body: { productVariantId: shop.inStock, quantity: 1 }, authorization });
    expect((await call("GET", "/baskets", { authorization })).data).toMatchObject({ lineItems: [{ quantity: 1 }] });
    await call("GET", "/orders", { authorization });

    expect(replica.queries).toEqual([]);
  });
});

describe("what the replica answers", () => {
  it("the catalogue, which may lag the primary: a renamed book keeps its old name until the replica has the change", async () => {
    await primary.db.update(products).set({ name: "The Replica, Revised" }).where(eq(products.id, shop.bookId));
    replica.resetQueryLog();

    expect((await call("GET", "/products/slug=the-replica")).data).toMatchObject({ name: "The Replica" });
    expect((await call("GET", "/products?PageSize=10")).data).toMatchObject({ results: [{ name: "The Replica" }] });
    expect(replica.queries.length).toBeGreaterThan(0);
    // The basket reads the primary: a line added now names the book as it is.
    const cart = await call("PUT", "/baskets", { body: { productVariantId: shop.inStock, quantity: 1 } });
    expect(JSON.stringify(cart.data)).toContain("The Replica, Revised");
  });
});
