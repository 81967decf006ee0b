import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { sqlRows } from "../../db/sql-rows";
import { eventually } from "../../testing/eventually";
import { createProductType, createStore } from "../../testing/factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { createProduct, setVariantPrices } from "../catalog/catalog-writes";
import { EVENT_CHANNEL } from "../jobs/event-feed.repository";
import { updateStoreSettings } from "../stores/stores-admin.service";
import { openInvalidationStream } from "./page-cache-test-stream";

// GET /cache/invalidations (decision 064): what the storefronts' page caches must forget, told as each change of
// their store commits, from the change feed of every API process.

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store" });
  const productTypes = {
    mine: (await createProductType(db, { storeId: store.id, code: "book", name: "Book" })).id,
    other: (await createProductType(db, { storeId: other.id, code: "book", name: "Book" })).id,
  };
  return { store, other, productTypes };
});

let serial = 0;
const newBook = (storeId: number, productTypeId: number) => {
  serial += 1;
  return {
    storeId,
    productTypeId,
    slug: `cached-book-${serial}`,
    name: `Cached Book ${serial}`,
    variants: [{ sku: `CACHED-${serial}`, name: "Hardback", prices: { GBP: { amount: 1000 } } }],
  };
};

const onServer = inject("testDatabaseTemplate").kind === "postgres";

describe("the page caches' stream of what to forget", () => {
  it("says it is ready, then the keys of each change of the caller's store as it commits, and none of another store's", async () => {
    const { store, other, productTypes } = api.seeded;
    const stream = await openInvalidationStream(api.app);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await stream.next()).toEqual({ event: "ready", data: {} });

    // Another store's product first: its stream is not this one's, so the next notice is about this store's.
    await createProduct(api.database.db, newBook(other.id, productTypes.other));
    const book = await createProduct(api.database.db, newBook(store.id, productTypes.mine));
    expect(await stream.next()).toEqual({ event: "invalidate", data: { keys: [`product:${book.id}`, "catalog"] } });
    await setVariantPrices(api.database.db, book.variants[0]!.id, { GBP: { amount: 1500 } });
    expect(await stream.next()).toEqual({ event: "invalidate", data: { keys: [`product:${book.id}`, "catalog"] } });
    await api.database.db.transaction((tx) => updateStoreSettings(tx, store.id, { name: "Renamed For Caches" }));
    expect(await stream.next()).toEqual({ event: "invalidate", data: { keys: ["settings"] } });
    stream.close();
  });

  it("has each answer a public page is made from name what it is built from, in the keys the stream tells", async () => {
    const { store, productTypes } = api.seeded;
    const book = await createProduct(api.database.db, newBook(store.id, productTypes.mine));
    const keysOf = async (url: string) => {
      const answer = await api.app.inject({ method: "GET", url, headers: TEST_HEADERS });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      return String(answer.headers["surrogate-key"] ?? "").split(" ");
    };
    expect(await keysOf("/store-settings")).toEqual(["settings"]);
    expect(await keysOf("/menus/main/tree")).toEqual(["menu"]);
    expect(await keysOf(`/products/slug=${book.slug}`)).toEqual([`product:${book.id}`]);
    // The whole catalogue's list: its cards, and `catalog`, which any product's change forgets.
    expect(await keysOf("/products?PageNumber=1&PageSize=100")).toEqual(expect.arrayContaining([`product:${book.id}`, "catalog"]));
    // Recommendations: a product's change may bring another card into them.
    expect(await keysOf("/recommendations/trending")).toContain("catalog");
  });

  it("is the storefront's: no API key, no stream", async () => {
    const refused = await api.app.inject({ method: "GET", url: "/cache/invalidations", headers: { storekey: TEST_HEADERS.storekey } });
    expect(refused.statusCode).toBe(401);
  });

  it.runIf(onServer)("tells its listeners to forget everything when the feed's connection is lost, and again once it is back", async () => {
    const stream = await openInvalidationStream(api.app);
    expect(await stream.next()).toEqual({ event: "ready", data: {} });
    const ended = await sqlRows<{ pid: number }>(
      api.database.db,
      sql`select pg_terminate_backend(pid), pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query = ${`listen ${EVENT_CHANNEL}`}`,
    );
    expect(ended.length).toBeGreaterThan(0);
    expect(await stream.next()).toEqual({ event: "invalidate", data: { all: true } });
    expect(await stream.next()).toEqual({ event: "invalidate", data: { all: true } });
    // Listening again: the next change is told.
    await eventually("it listens again", async () => {
      const rows = await sqlRows<{ count: number }>(
        api.database.db,
        sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and query = ${`listen ${EVENT_CHANNEL}`}`,
      );
      return rows[0]!.count > 0;
    });
    const book = await createProduct(api.database.db, newBook(api.seeded.store.id, api.seeded.productTypes.mine));
    expect(await stream.next()).toEqual({ event: "invalidate", data: { keys: [`product:${book.id}`, "catalog"] } });
    stream.close();
  });
});
