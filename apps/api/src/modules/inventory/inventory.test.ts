import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productVariants } from "../catalog/catalog.tables";
import { backInStockSubscriptions } from "../back-in-stock/back-in-stock.tables";
import { outboxMessages } from "../mail/mail.tables";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { sqlRows } from "../../db/sql-rows";
import { useTestApi } from "../../testing/test-api";
import { drainJobs } from "../../testing/test-jobs";
import { adjustVariantStock, setVariantStock } from "./inventory.service";

/** What these tests adjust stock for: a correction, as a merchant would record it. */
const CORRECTION = { reason: "correction" } as const;
import { parseStockArgs, runStockCommand } from "./stock-command";

const api = useTestApi(async (db) => {
  const store = await createStore(db, { key: "quire-demo", name: "Quire Books" });
  const other = await createStore(db, { key: "other-store", name: "Other" });
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  const foreign = await createProduct(db, {
    storeId: other.id,
    productTypeId: otherType.id,
    slug: "foreign",
    name: "Foreign",
    variants: [{ sku: "SHARED-SKU", name: "Hardback", stockQuantity: 1, prices: { GBP: { amount: 100 } } }],
  });
  return { store, other, type, foreign: foreign.variants[0]!.id };
});

let count = 0;
async function book(stockQuantity: number) {
  count += 1;
  const product = await createProduct(api.database.db, {
    storeId: api.seeded.store.id,
    productTypeId: api.seeded.type.id,
    slug: `stocked-${count}`,
    name: `Stocked ${count}`,
    variants: [{ sku: `ST-${count}`, name: "Hardback", stockQuantity, prices: { GBP: { amount: 900 } } }],
  });
  return { variantId: product.variants[0]!.id, sku: `ST-${count}` };
}

const stockOf = async (variantId: number) =>
  (
    await api.database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId))
  )[0]!.stock;

const storeId = () => api.seeded.store.id;

/** The stock.changed events published for a variant, as their subscriber's jobs carry them. */
const stockEvents = async (variantId: number) =>
  (
    await sqlRows<{ data: unknown }>(
      api.database.db,
      sql`select data from pgboss.job where name = 'back-in-stock-notify' and data ->> 'variantId' = ${String(variantId)} order by created_on`,
    )
  ).map((row) => row.data);

describe("setVariantStock", () => {
  it("sets the stock and reports the change", async () => {
    const { variantId } = await book(3);
    expect(await setVariantStock(api.database.db, { storeId: storeId(), variantId, quantity: 12 })).toEqual({
      variantId,
      previousQuantity: 3,
      quantity: 12,
    });
    expect(await stockOf(variantId)).toBe(12);
  });

  it("refuses negative, fractional or too large quantities with 400 and leaves the stock alone", async () => {
    const { variantId } = await book(3);
    for (const quantity of [-1, 1.5, Number.NaN, 2_147_483_648]) {
      await expect(setVariantStock(api.database.db, { storeId: storeId(), variantId, quantity })).rejects.toMatchObject({
        status: 400,
        code: "invalid_stock_quantity",
      });
    }
    expect(await stockOf(variantId)).toBe(3);
  });

  it("answers 404 for an unknown variant or another store's", async () => {
    for (const variantId of [2_000_000_000, api.seeded.foreign]) {
      await expect(setVariantStock(api.database.db, { storeId: storeId(), variantId, quantity: 1 })).rejects.toMatchObject({
        status: 404,
        code: "variant_not_found",
      });
    }
    expect(await stockOf(api.seeded.foreign)).toBe(1);
  });
});

describe("adjustVariantStock", () => {
  it("takes units away and refuses to go below zero with 409 insufficient_stock", async () => {
    const { variantId } = await book(3);
    expect((await adjustVariantStock(api.database.db, { storeId: storeId(), variantId, delta: -2, cause: CORRECTION })).quantity).toBe(1);
    await expect(
      adjustVariantStock(api.database.db, { storeId: storeId(), variantId, delta: -2, cause: CORRECTION }),
    ).rejects.toMatchObject({
      status: 409,
      code: "insufficient_stock",
    });
    expect(await stockOf(variantId)).toBe(1);
  });

  it("applies concurrent changes one after the other", async () => {
    const { variantId } = await book(10);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        adjustVariantStock(api.database.db, { storeId: storeId(), variantId, delta: -1, cause: CORRECTION }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    expect(await stockOf(variantId)).toBe(0);
  });

  it("mails confirmed back-in-stock subscribers when units come back, through the stock.changed event", async () => {
    const { variantId } = await book(0);
    await api.database.db
      .insert(backInStockSubscriptions)
      .values({ storeId: storeId(), variantId, email: "returns@example.com", confirmedAt: new Date() });
    await adjustVariantStock(api.database.db, { storeId: storeId(), variantId, delta: 2, cause: CORRECTION });
    expect(await stockEvents(variantId)).toEqual([
      { type: "stock.changed", storeId: storeId(), variantId, previousQuantity: 0, quantity: 2 },
    ]);
    await drainJobs(api.database.db, { only: ["back-in-stock-notify"] });
    const mails = await api.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "returns@example.com"));
    expect(mails).toHaveLength(1);
  });

  it("publishes stock.changed for every change, in its transaction, and nothing when the stock stays", async () => {
    const { variantId } = await book(5);
    await adjustVariantStock(api.database.db, { storeId: storeId(), variantId, delta: -2, cause: CORRECTION });
    await setVariantStock(api.database.db, { storeId: storeId(), variantId, quantity: 3 });
    await expect(
      api.database.db.transaction(async (tx) => {
        await setVariantStock(tx, { storeId: storeId(), variantId, quantity: 9 });
        throw new Error("the surrounding change failed");
      }),
    ).rejects.toThrow("the surrounding change failed");
    expect(await stockEvents(variantId)).toEqual([
      { type: "stock.changed", storeId: storeId(), variantId, previousQuantity: 5, quantity: 3 },
    ]);
  });

  it("refuses a fractional change with 400", async () => {
    const { variantId } = await book(3);
    await expect(
      adjustVariantStock(api.database.db, { storeId: storeId(), variantId, delta: 0.5, cause: CORRECTION }),
    ).rejects.toMatchObject({
      status: 400,
      code: "invalid_stock_delta",
    });
    expect(await stockOf(variantId)).toBe(3);
  });
});

describe("the stock:set command", () => {
  it("reads --sku, --quantity and --store", () => {
    expect(parseStockArgs(["--sku", "QB-000083-HB", "--quantity", "5"])).toEqual({
      help: false,
      sku: "QB-000083-HB",
      quantity: 5,
      storeKey: "quire-demo",
    });
    expect(parseStockArgs(["--sku=X-1", "--quantity=0", "--store", "other-store"])).toMatchObject({
      sku: "X-1",
      quantity: 0,
      storeKey: "other-store",
    });
    expect(parseStockArgs(["--help"]).help).toBe(true);
  });

  it("refuses missing or malformed arguments with a readable message", () => {
    expect(() => parseStockArgs(["--quantity", "5"])).toThrow("--sku is required");
    for (const quantity of ["-1", "1.5", "abc", "", "99999999999"]) {
      expect(() => parseStockArgs(["--sku", "X", `--quantity=${quantity}`]), quantity).toThrow("--quantity must be a whole number");
    }
    expect(() => parseStockArgs(["--sku", "X"])).toThrow("--quantity must be a whole number");
    expect(() => parseStockArgs(["--sku", "X", "--quantity", "1", "--colour", "red"])).toThrow();
    expect(() => parseStockArgs(["--sku", "X", "--quantity", "1", "extra"])).toThrow();
  });

  it("sets the stock of the variant with that SKU in the named store only", async () => {
    const { variantId, sku } = await book(0);
    const change = await runStockCommand(api.database.db, { help: false, sku, quantity: 7, storeKey: "quire-demo" });
    expect(change).toMatchObject({ sku, variantId, previousQuantity: 0, quantity: 7 });
    expect(await stockOf(variantId)).toBe(7);

    await runStockCommand(api.database.db, { help: false, sku: "SHARED-SKU", quantity: 4, storeKey: "other-store" });
    expect(await stockOf(api.seeded.foreign)).toBe(4);
  });

  it("fails with a message for an unknown SKU or store", async () => {
    await expect(runStockCommand(api.database.db, { help: false, sku: "NOPE", quantity: 1, storeKey: "quire-demo" })).rejects.toThrow(
      'Store "quire-demo" has no variant with SKU NOPE',
    );
    await expect(runStockCommand(api.database.db, { help: false, sku: "SHARED-SKU", quantity: 1, storeKey: "quire-demo" })).rejects.toThrow(
      "no variant with SKU SHARED-SKU",
    );
    await expect(runStockCommand(api.database.db, { help: false, sku: "SHARED-SKU", quantity: 1, storeKey: "nowhere" })).rejects.toThrow(
      'Store "nowhere"',
    );
  });
});
