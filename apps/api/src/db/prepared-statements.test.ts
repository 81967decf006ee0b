import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findProductDetail, getProductSummaries } from "../modules/catalog/catalog.repository";
import { findStoreByKey } from "../modules/stores/stores.repository";
import { createProduct, createProductType, createStore } from "../testing/factories";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import { openDatabase, type Database } from "./client";
import { runMigrations } from "./migrate";
import { sqlRows } from "./sql-rows";

// The hot reads run as named prepared statements (decision 030): on a server each is parsed once per connection,
// and after PostgreSQL's first five executions its generic plan is reused instead of planning each call.

const onServer = inject("testDatabaseTemplate").kind === "postgres";

let database: TestDatabase;
/** One connection, so the session whose prepared statements are listed is the one that ran them. */
let single: Database;
let fixture: HotReadsFixture;

interface HotReadsFixture {
  store: { id: number; key: string };
  books: { id: number; slug: string }[];
}

/** A store with two books: what the hot statements read. */
async function seedHotReads(db: Database["db"]): Promise<HotReadsFixture> {
  const store = await createStore(db, { key: "prepared-store" });
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const books: HotReadsFixture["books"] = [];
  for (const slug of ["first-book", "second-book"]) {
    const product = await createProduct(db, {
      storeId: store.id,
      productTypeId: type.id,
      slug,
      name: slug,
      variants: [{ sku: slug, name: "Hardback", prices: { GBP: { amount: 1200 } } }],
    });
    books.push({ id: product.id, slug });
  }
  return { store, books };
}

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await seedHotReads(database.db);
  single = onServer ? await openDatabase({ url: database.url, maxConnections: 1 }) : database;
});
afterAll(async () => {
  if (single !== database) await single?.close();
  await database?.close();
});

/** Reads each hot statement `times` times on `db`, checking what it answers. */
async function readHotStatements(db: Database["db"], times: number, { store, books }: HotReadsFixture = fixture) {
  for (let round = 0; round < times; round++) {
    const book = books[round % books.length]!;
    expect((await findProductDetail(db, { storeId: store.id, key: { slug: book.slug }, currencyCode: "GBP" }))?.id).toBe(book.id);
    expect((await findProductDetail(db, { storeId: store.id, key: { id: book.id }, currencyCode: "GBP" }))?.slug).toBe(book.slug);
    const cards = await getProductSummaries(db, { ids: books.map((each) => each.id), currencyCode: "GBP" });
    expect(cards.map((card) => card.slug).sort()).toEqual(["first-book", "second-book"]);
    expect(cards[0]!.variants[0]).toMatchObject({ amount: 1200 });
    expect((await findStoreByKey(db, "prepared-store"))?.id).toBe(store.id);
  }
  // Unknown keys answer nothing, as before.
  expect(await findProductDetail(db, { storeId: store.id, key: { slug: "no-such-book" }, currencyCode: "GBP" })).toBeNull();
  expect(await findStoreByKey(db, "no-such-store")).toBeNull();
}

describe("the hot reads", () => {
  it.runIf(onServer)("are prepared once per connection, and the product page's reuse a generic plan after five runs", async () => {
    await readHotStatements(single.db, 8);
    const statements = await sqlRows<{ name: string; generic: number }>(
      single.db,
      sql`select name, generic_plans::int as generic from pg_prepared_statements order by name`,
    );
    expect(statements.map((statement) => statement.name)).toEqual([
      "catalog_product_detail_by_id",
      "catalog_product_detail_by_slug",
      "catalog_product_summaries",
      "stores_store_by_key",
    ]);
    // The product page's statements plan once: the same plan suits every key. (Whether a generic plan suits the
    // cards of any list of ids depends on the data; on the 100,000-book catalogue PostgreSQL chose it too.)
    for (const statement of statements.filter((each) => each.name.startsWith("catalog_product_detail"))) {
      expect(statement.generic, statement.name).toBeGreaterThan(0);
    }
  });

  it("answer the same inside a transaction, which prepares them on its own connection", async () => {
    await single.db.transaction((tx) => readHotStatements(tx, 2));
  });

  it("run unnamed on PGlite, whose driver has no named statements", async () => {
    // An embedded database of its own: under CI the test database is a PostgreSQL server.
    const embedded = onServer ? await openDatabase({}) : database;
    try {
      if (embedded !== database) await runMigrations(embedded);
      const seeded = embedded === database ? fixture : await seedHotReads(embedded.db);
      await readHotStatements(embedded.db, 2, seeded);
    } finally {
      if (embedded !== database) await embedded.close();
    }
    // An embedded database migrated from nothing: 8 s alone, past 60 s with a load average of 12-16.
  }, 180_000);
});
