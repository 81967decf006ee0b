import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { keepPublishedProductIds, listPublishedProductsAfter } from "./published-products.service";

// What the catalogue answers other modules about publication: the published among linked ids, in the caller's
// order, and a store's published products a keyset page at a time.

let database: TestDatabase;
const ids: Record<string, number> = {};
let storeId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store", name: "Other" });
  storeId = store.id;
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  const book = async (slug: string, isPublished = true, inOther = false) => {
    const product = await createProduct(db, {
      storeId: inOther ? other.id : store.id,
      productTypeId: inOther ? otherType.id : type.id,
      slug,
      name: slug,
      isPublished,
      createdAt: new Date("2024-03-01T09:00:00Z"),
      variants: [{ sku: `${slug}-pb`, name: "Paperback", prices: { GBP: { amount: 999 } } }],
    });
    ids[slug] = product.id;
  };
  await book("alpha");
  await book("draft", false);
  await book("bravo");
  await book("foreign", true, true);
  await book("charlie");
});

afterAll(async () => {
  await database.close();
});

describe("keepPublishedProductIds", () => {
  it("keeps the published ids in the order given, each once, leaving out unpublished and unknown ids", async () => {
    const asked = [ids.charlie!, ids.draft!, 2_000_000_000, ids.alpha!, ids.charlie!, ids.bravo!];
    expect(await keepPublishedProductIds(database.db, asked)).toEqual([ids.charlie, ids.alpha, ids.bravo]);
  });

  it("answers nothing for no ids, without a statement", async () => {
    database.resetQueryLog();
    expect(await keepPublishedProductIds(database.db, [])).toEqual([]);
    expect(database.queries).toEqual([]);
  });
});

describe("listPublishedProductsAfter", () => {
  it("lists the store's published products in id order after an id, up to the limit, without OFFSET", async () => {
    database.resetQueryLog();
    const first = await listPublishedProductsAfter(database.db, { storeId, afterId: 0, limit: 2 });
    expect(first).toEqual([
      { id: ids.alpha, slug: "alpha", updatedAt: new Date("2024-03-01T09:00:00Z") },
      { id: ids.bravo, slug: "bravo", updatedAt: new Date("2024-03-01T09:00:00Z") },
    ]);
    const rest = await listPublishedProductsAfter(database.db, { storeId, afterId: ids.bravo!, limit: 2 });
    expect(rest.map((row) => row.slug)).toEqual(["charlie"]);
    expect(database.queries).toHaveLength(2);
    for (const query of database.queries) expect(query).not.toMatch(/offset/i);
  });
});
