import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { listLinesBoughtWith, listRecentUnitsByVariant } from "./purchase-statistics.service";

// What the orders say by variant for the recommendations: recent units, aged from one moment; and what the
// latest orders of some variants also held. Cancelled orders count for nothing.

let database: TestDatabase;
let storeId = 0;
let otherStoreId = 0;
let variants: number[] = [];
let otherVariant = 0;

const DAY_MS = 86_400_000;
/** The moment the statistics are taken from: orders are placed whole days before it. */
const at = new Date("2026-06-15T12:00:00.000Z");

/** An order of the store holding `lines` (variant, quantity), placed `daysAgo` days before `at`; answers its id. */
async function placeOrder(
  db: Db,
  lines: [variantId: number, quantity: number][],
  options: { daysAgo?: number; status?: string; store?: number } = {},
): Promise<number> {
  const store = options.store ?? storeId;
  const placedAt = new Date(at.getTime() - (options.daysAgo ?? 0) * DAY_MS).toISOString();
  const address = JSON.stringify({
    firstName: "Ann",
    lastName: "Buyer",
    line1: "1 High Street",
    city: "London",
    postcode: "SW1A 1AA",
    countryCode: "GB",
  });
  const [order] = (
    (await db.execute(sql`
      with cart as (insert into carts (store_id, anonymous_id, status) values (${store}, gen_random_uuid()::text, 'ordered') returning id)
      insert into orders (public_id, store_id, cart_id, status, email, first_name, last_name, currency_code, prices_include_tax,
        sub_total, discount_total, delivery_charge, tax_total, grand_total, tax_lines, discount_lines, delivery_address, billing_address,
        delivery_option_name, delivery_option_kind, payment_due_by, placed_at)
      select 'QB-' || nextval('order_number_seq'), ${store}, cart.id, ${options.status ?? "confirmed"}, 'ann@example.com', 'Ann',
        'Buyer', 'GBP', true, 1000, 0, 0, 0, 1000, '[]', '[]', ${address}::jsonb, ${address}::jsonb, 'Standard', 'standard',
        now() + interval '1 hour', ${placedAt}::timestamptz
      from cart returning id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  for (const [position, [variantId, quantity]] of lines.entries()) {
    await db.execute(sql`
      insert into order_lines (order_id, variant_id, sku, product_name, variant_name, quantity, unit_amount, tax_class, addons, total,
        reserved_quantity, position)
      values (${order!.id}, ${variantId}, 'SKU', 'Book', 'Paperback', ${quantity}, 1000, 'books', '[]', ${quantity * 1000}, ${quantity}, ${position})`);
  }
  return order!.id;
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
    variants: ["a", "b", "c", "d"].map((sku) => ({ sku, name: sku, prices: { GBP: { amount: 1000 } } })),
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

describe("listRecentUnitsByVariant", () => {
  it("sums the store's ordered units per variant, halved for every half-life of age, within the window only", async () => {
    const db = database.db;
    const [a, b, c] = variants as [number, number, number];
    await placeOrder(db, [
      [a, 2],
      [b, 1],
    ]); // at `at`: full weight
    await placeOrder(db, [[a, 4]], { daysAgo: 7 }); // one half-life: 4 × 0.5
    await placeOrder(db, [[b, 8]], { daysAgo: 14 }); // two half-lives: 8 × 0.25
    await placeOrder(db, [[c, 3]], { daysAgo: 31 }); // outside the 30 days
    await placeOrder(db, [[c, 5]], { status: "cancelled" }); // cancelled: counts for nothing
    await placeOrder(db, [[otherVariant, 9]], { store: otherStoreId }); // another store's
    const units = await listRecentUnitsByVariant(db, { storeId, at, days: 30, halfLifeDays: 7 });
    const byVariant = new Map(units.map((row) => [row.variantId, row.units]));
    expect([...byVariant.keys()].sort((x, y) => x - y)).toEqual([a, b]);
    // Exact decimals: 2 + 4 × 0.5 and 1 + 8 × 0.25.
    expect(Number(byVariant.get(a))).toBe(4);
    expect(Number(byVariant.get(b))).toBe(3);
    expect(byVariant.get(a)).toMatch(/^4(\.0+)?$/);
  });
});

describe("listLinesBoughtWith", () => {
  it("answers the other lines of the latest orders holding the variants, each (order, variant) once, without cancelled orders", async () => {
    const db = database.db;
    const [a, b, c, d] = variants as [number, number, number, number];
    const oldest = await placeOrder(db, [
      [a, 1],
      [c, 1],
    ]);
    const middle = await placeOrder(db, [
      [b, 1],
      [c, 1],
      [d, 2],
    ]);
    await placeOrder(
      db,
      [
        [a, 1],
        [d, 1],
      ],
      { status: "cancelled" },
    );
    const latest = await placeOrder(db, [
      [a, 1],
      [b, 1],
      [d, 1],
    ]);
    await placeOrder(db, [[c, 1]]); // holds neither a nor b
    const sorted = (lines: { orderId: number; variantId: number }[]) =>
      [...lines].sort((x, y) => x.orderId - y.orderId || x.variantId - y.variantId);

    expect(sorted(await listLinesBoughtWith(db, { variantIds: [a, b], orders: 10 }))).toEqual([
      { orderId: oldest, variantId: c },
      { orderId: middle, variantId: c },
      { orderId: middle, variantId: d },
      { orderId: latest, variantId: d },
    ]);
    // Only the latest two orders holding a or b.
    expect(sorted(await listLinesBoughtWith(db, { variantIds: [a, b], orders: 2 }))).toEqual([
      { orderId: middle, variantId: c },
      { orderId: middle, variantId: d },
      { orderId: latest, variantId: d },
    ]);
  });

  it("answers nothing for no variants, without a statement", async () => {
    database.resetQueryLog();
    expect(await listLinesBoughtWith(database.db, { variantIds: [], orders: 10 })).toEqual([]);
    expect(database.queries).toEqual([]);
  });
});
