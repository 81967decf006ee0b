import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { listRecentViewsByVariant } from "./viewed-products.service";

// How much each variant was looked at lately (what "trending" recommendations rank from): the store's views of
// the window, each aged from one moment.

let database: TestDatabase;
let storeId = 0;
let otherStoreId = 0;
let variants: number[] = [];
let otherVariant = 0;

const DAY_MS = 86_400_000;
const at = new Date("2026-06-15T12:00:00.000Z");

/** `count` views of the variant by different visitors, `daysAgo` days before `at`. */
async function view(variantId: number, count: number, options: { daysAgo?: number; store?: number } = {}) {
  const viewedAt = new Date(at.getTime() - (options.daysAgo ?? 0) * DAY_MS).toISOString();
  await database.db.execute(sql`
    insert into viewed_products (store_id, anonymous_id, variant_id, viewed_at)
    select ${options.store ?? storeId}, 'visitor-' || gen_random_uuid(), ${variantId}, ${viewedAt}::timestamptz
    from generate_series(1, ${count})`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store", name: "Other" });
  storeId = store.id;
  otherStoreId = other.id;
  const type = await createProductType(db, { storeId, code: "book", name: "Book" });
  const book = await createProduct(db, {
    storeId,
    productTypeId: type.id,
    slug: "book",
    name: "Book",
    variants: ["a", "b", "c"].map((sku) => ({ sku, name: sku, prices: { GBP: { amount: 1000 } } })),
  });
  variants = book.variants.map((variant) => variant.id);
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  const elsewhere = await createProduct(db, {
    storeId: other.id,
    productTypeId: otherType.id,
    slug: "elsewhere",
    name: "Elsewhere",
    variants: [{ sku: "e", name: "e", prices: { GBP: { amount: 1000 } } }],
  });
  otherVariant = elsewhere.variants[0]!.id;
});

afterAll(async () => {
  await database.close();
});

describe("listRecentViewsByVariant", () => {
  it("sums the store's views per variant, halved for every half-life of age, within the window only", async () => {
    const [a, b, c] = variants as [number, number, number];
    await view(a, 3); // at `at`: 3
    await view(a, 2, { daysAgo: 7 }); // one half-life: 2 × 0.5
    await view(b, 4, { daysAgo: 14 }); // two half-lives: 4 × 0.25
    await view(c, 5, { daysAgo: 31 }); // outside the 30 days
    await view(otherVariant, 6, { store: otherStoreId }); // another store's
    const views = await listRecentViewsByVariant(database.db, { storeId, at, days: 30, halfLifeDays: 7 });
    const byVariant = new Map(views.map((row) => [row.variantId, row.views]));
    expect([...byVariant.keys()].sort((x, y) => x - y)).toEqual([a, b]);
    // Exact decimals: 3 + 2 × 0.5 and 4 × 0.25.
    expect(byVariant.get(a)).toMatch(/^4(\.0+)?$/);
    expect(byVariant.get(b)).toMatch(/^1(\.0+)?$/);
  });
});
