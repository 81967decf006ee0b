import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAddon,
  createAttribute,
  createCategory,
  createProduct,
  createProductsBulk,
  createProductType,
  createStore,
  type ProductInput,
} from "./factories";
import { createTestDatabase, type TestDatabase } from "./test-database";

let database: TestDatabase;
let base: Omit<ProductInput, "slug" | "variants"> & { variants: Omit<ProductInput["variants"][number], "sku">[] };

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const store = await createStore(db);
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const parent = await createCategory(db, { storeId: store.id, slug: "fiction", name: "Fiction" });
  const leaf = await createCategory(db, { storeId: store.id, slug: "crime", name: "Crime", parentId: parent.id });
  const other = await createCategory(db, { storeId: store.id, slug: "gifts", name: "Gifts" });
  const format = await createAttribute(db, {
    storeId: store.id,
    code: "format",
    name: "Format",
    values: [
      { code: "hardback", label: "Hardback" },
      { code: "paperback", label: "Paperback" },
    ],
  });
  const author = await createAttribute(db, {
    storeId: store.id,
    code: "author",
    name: "Author",
    isFilterable: false,
    values: [{ code: "imogen-ashdown", label: "Imogen Ashdown" }],
  });
  const wrap = await createAddon(db, {
    storeId: store.id,
    code: "gift-wrap",
    name: "Gift wrap",
    options: [{ name: "Kraft", prices: { GBP: 250 } }],
  });
  base = {
    storeId: store.id,
    productTypeId: type.id,
    name: "The Salt Marsh Murders",
    subtitle: "A Novel",
    description: "A body on the shore and three days to find out why.",
    popularity: 42,
    createdAt: new Date("2024-02-03T10:00:00Z"),
    categoryIds: [leaf.id, other.id],
    attributeValueIds: [author.valueIds.get("imogen-ashdown")!, format.valueIds.get("hardback")!, format.valueIds.get("paperback")!],
    addonIds: [wrap.id],
    images: [{ url: "/media/covers/x.svg?t=X", alt: "Cover of X" }],
    variants: [
      {
        name: "Hardback",
        options: [{ code: "format", name: "Format", value: "Hardback" }],
        stockQuantity: 3,
        prices: { GBP: { amount: 1499, original: 1999 }, EUR: { amount: 1799 } },
        tierPrices: { GBP: [{ minQuantity: 5, amount: 1399 }] },
      },
      { name: "Paperback", stockQuantity: 0, prices: { GBP: { amount: 899 }, EUR: { amount: 1099 } } },
    ],
  };
});
afterAll(async () => {
  await database.close();
});

function input(slug: string): ProductInput {
  return { ...base, slug, variants: base.variants.map((variant, index) => ({ ...variant, sku: `${slug}-${index}` })) };
}

/** Everything stored about a product, without ids, slugs and SKUs, so two products can be compared. */
async function snapshot(productId: number) {
  const query = (text: ReturnType<typeof sql>) => database.db.execute(text).then((result) => (result as { rows: unknown[] }).rows);
  return {
    product: await query(
      sql`select product_type_id, name, subtitle, description, series, is_published, popularity, created_at from products where id = ${productId}`,
    ),
    variants: await query(
      sql`select name, options, is_master, position, stock_quantity from product_variants where product_id = ${productId} order by position`,
    ),
    prices: await query(
      sql`select v.position, p.currency_code, p.amount, p.original_amount from variant_prices p join product_variants v on v.id = p.variant_id where v.product_id = ${productId} order by 1, 2`,
    ),
    tiers: await query(
      sql`select v.position, t.currency_code, t.min_quantity, t.amount from variant_tier_prices t join product_variants v on v.id = t.variant_id where v.product_id = ${productId} order by 1, 2, 3`,
    ),
    priceIndex: await query(sql`select currency_code, min_amount from product_price_index where product_id = ${productId} order by 1`),
    categories: await query(sql`select category_id, position from product_categories where product_id = ${productId} order by 1`),
    attributes: await query(sql`select attribute_value_id from product_attribute_values where product_id = ${productId} order by 1`),
    addons: await query(sql`select addon_id from product_addons where product_id = ${productId} order by 1`),
    images: await query(sql`select url, alt, position from product_images where product_id = ${productId} order by position`),
    searchQueue: await query(sql`select count(*)::int as queued from search_index_pending where product_id = ${productId}`),
  };
}

describe("createProductsBulk", () => {
  it("writes exactly the rows createProduct writes, price index and search queue included", async () => {
    const single = await createProduct(database.db, input("one-by-one"));
    const [firstBulk, secondBulk] = await createProductsBulk(database.db, [input("bulk-a"), input("bulk-b")]);
    const expected = await snapshot(single.id);
    expect(expected.product).toMatchObject([{ name: "The Salt Marsh Murders", subtitle: "A Novel" }]);
    expect(expected.searchQueue).toEqual([{ queued: 1 }]);
    expect(expected.priceIndex).toEqual([
      { currency_code: "EUR", min_amount: 1099 },
      { currency_code: "GBP", min_amount: 899 },
    ]);
    expect(await snapshot(firstBulk!)).toEqual(expected);
    expect(await snapshot(secondBulk!)).toEqual(expected);
  });

  it("returns ids in input order and writes nothing when a row breaks a constraint", async () => {
    const ids = await createProductsBulk(database.db, [input("order-1"), input("order-2"), input("order-3")]);
    const slugs = await database.db
      .execute(sql`select id, slug from products where slug like 'order-%'`)
      .then((result) => new Map((result as { rows: { id: number; slug: string }[] }).rows.map((row) => [row.id, row.slug])));
    expect(ids.map((id) => slugs.get(id))).toEqual(["order-1", "order-2", "order-3"]);

    const broken = input("broken");
    broken.variants[0]!.prices = { GBP: { amount: 500, original: 400 } };
    await expect(createProductsBulk(database.db, [input("fine"), broken])).rejects.toThrow();
    const left = await database.db.execute(sql`select count(*)::int as n from products where slug in ('fine', 'broken')`);
    expect((left as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
