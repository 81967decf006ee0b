import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { createProductType, createStore } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { EVENT_SUBSCRIBERS, JOB_QUEUES, type QueueSettings } from "../jobs/job-catalogue";
import { PRODUCT_IDS_PER_EVENT } from "../jobs/domain-events";
import { listenToFeed, sendMarker, type BroadcastEvent } from "../jobs/event-feed";
import { createBoss, databaseExecutor } from "../jobs/job-queue";
import {
  addVariant,
  createAddon,
  createProduct,
  createProducts,
  setProductLinks,
  setVariantPrices,
  updateAddon,
  updateProduct,
  type NewProduct,
} from "./catalog-writes";

// product.changed's one subscriber, the search index, keeps one waiting job per store (a burst of changes is
// one run), so its queue cannot show each event. This file gives the event a subscriber of its own instead: a
// queue made here, named in the catalogue's subscriber list while the file runs and taken out after it (a test
// worker runs other files in the same process, with the catalogue as it is).
const TEST_SUBSCRIBER = "test-product-changed";
const subscribers = EVENT_SUBSCRIBERS as Record<string, readonly string[]>;
const queues = JOB_QUEUES as Record<string, QueueSettings>;
const shopSubscribers: readonly string[] = EVENT_SUBSCRIBERS["product.changed"];

let database: TestDatabase;
let db: Db;
let storeId: number;
let productTypeId: number;

beforeAll(async () => {
  queues[TEST_SUBSCRIBER] = { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 };
  subscribers["product.changed"] = [TEST_SUBSCRIBER];
  database = await createTestDatabase();
  db = database.db;
  await createBoss(databaseExecutor(db)).createQueue(TEST_SUBSCRIBER);
  storeId = (await createStore(db, { key: "events" })).id;
  productTypeId = (await createProductType(db, { storeId, code: "book", name: "Book" })).id;
});
afterAll(async () => {
  subscribers["product.changed"] = shopSubscribers;
  delete queues[TEST_SUBSCRIBER];
  await database?.close();
});

let serial = 0;
function newBook(): NewProduct {
  serial += 1;
  return {
    storeId,
    productTypeId,
    slug: `book-${serial}`,
    name: `Book ${serial}`,
    variants: [{ sku: `BOOK-${serial}`, name: "Hardback", prices: { GBP: { amount: 1000 } } }],
  };
}

/** The product.changed events queued that name a product, oldest first. */
async function eventsFor(productId: number, on: Db = db) {
  const rows = await sqlRows<{ data: unknown }>(
    on,
    sql`select data from pgboss.job where name = ${TEST_SUBSCRIBER} and data -> 'productIds' @> jsonb_build_array(${productId}::int)
        order by created_on, id`,
  );
  return rows.map((row) => row.data);
}
const changed = (...productIds: number[]) => ({ type: "product.changed", storeId, productIds });

describe("product.changed", () => {
  it("is published for a new product, and once for a batch, in events of at most 500 products", async () => {
    const product = await createProduct(db, newBook());
    expect(await eventsFor(product.id)).toEqual([changed(product.id)]);
    const batch = await createProducts(db, [newBook(), newBook()]);
    for (const productId of batch) expect(await eventsFor(productId)).toEqual([changed(...batch)]);

    const large = await createProducts(
      db,
      Array.from({ length: PRODUCT_IDS_PER_EVENT + 1 }, () => newBook()),
    );
    expect(await eventsFor(large[0]!)).toEqual([changed(...large.slice(0, PRODUCT_IDS_PER_EVENT))]);
    expect(await eventsFor(large.at(-1)!)).toEqual([changed(large.at(-1)!)]);
  });

  it("is published when a product's fields or publication change, a variant is added or a price is set", async () => {
    const product = await createProduct(db, newBook());
    await updateProduct(db, product.id, { name: "Renamed" });
    await updateProduct(db, product.id, { isPublished: false });
    await addVariant(db, product.id, { sku: `PB-${product.id}`, name: "Paperback", prices: { GBP: { amount: 800 } } });
    await setVariantPrices(db, product.variants[0]!.id, { GBP: { amount: 900 } });
    expect(await eventsFor(product.id)).toHaveLength(5);
  });

  it("is published when a product's links or add-ons change, and for the products offering an add-on that changes", async () => {
    const [product, linked, bystander] = await createProducts(db, [newBook(), newBook(), newBook()]);
    expect(await setProductLinks(db, product!, [linked!])).toBe(true);
    expect(await eventsFor(product!)).toHaveLength(2);
    const addonId = await createAddon(db, {
      storeId,
      code: `wrap-${product}`,
      name: "Wrap",
      options: [{ name: "Red", prices: { GBP: 100 } }],
    });
    expect(await eventsFor(product!)).toHaveLength(2);
    await updateProduct(db, product!, { addonIds: [addonId] });
    expect(await eventsFor(product!)).toHaveLength(3);
    expect(await updateAddon(db, { storeId, addonId, fields: { name: "Gift wrap" } })).toEqual({ removedOptionIds: [] });
    expect(await eventsFor(product!)).toEqual([...Array(3).fill(expect.anything()), changed(product!)]);
    expect(await eventsFor(bystander!)).toHaveLength(1);
  });

  it("is not published for a product that does not exist", async () => {
    const before = await sqlRows<{ count: number }>(db, sql`select count(*)::int as count from pgboss.job where name = ${TEST_SUBSCRIBER}`);
    expect(await updateProduct(db, 999_999, { name: "Nobody" })).toBe(false);
    expect(await setVariantPrices(db, 999_999, { GBP: { amount: 1 } })).toBe(false);
    const after = await sqlRows<{ count: number }>(db, sql`select count(*)::int as count from pgboss.job where name = ${TEST_SUBSCRIBER}`);
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it("is queued in the write's transaction: seen inside it, gone when it rolls back", async () => {
    const product = await createProduct(db, newBook());
    const failure = new Error("the rest of the change failed");
    await expect(
      db.transaction(async (tx) => {
        await updateProduct(tx, product.id, { name: "Never happened" });
        expect(await eventsFor(product.id, tx)).toHaveLength(2);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await eventsFor(product.id)).toEqual([changed(product.id)]);
  });
});

describe("the event feed", () => {
  it("tells a listening process of product.changed when the write commits, and never of one rolled back", async () => {
    const heard: BroadcastEvent[] = [];
    const markers: string[] = [];
    const lost: string[] = [];
    const listening = await listenToFeed(db, {
      event: (event) => heard.push(event),
      marker: (marker) => markers.push(marker),
      lost: (error) => lost.push(error.message),
    });
    try {
      const product = await createProduct(db, newBook());
      await expect(
        db.transaction(async (tx) => {
          await updateProduct(tx, product.id, { name: "Never happened" });
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      await updateProduct(db, product.id, { name: "Renamed" });
      // A marker sent last is heard last: everything committed before it has been heard by then.
      await sendMarker(db, "after-the-writes");
      await expect.poll(() => markers, { timeout: 10_000 }).toEqual(["after-the-writes"]);
      expect(heard).toEqual([changed(product.id), changed(product.id)]);
      expect(lost).toEqual([]);
    } finally {
      await listening.close();
    }
  });
});
