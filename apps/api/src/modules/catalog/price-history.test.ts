import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { createProductType, createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { createProduct, setVariantPrices } from "./catalog-writes";

/*
 * The EU price indication rule (decision 058): every price a variant sells at is kept in its history, and a sale
 * announces, beside the struck-through price, the lowest price of the 30 days before the reduction.
 */

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const book = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
  return { store, book, manager };
});

const DAY = 86_400_000;
let made = 0;
/** A new book at £15 (and €18) since `createdDaysAgo` days ago; answers its variant's id and the product's. */
async function newBook(createdDaysAgo: number) {
  const n = ++made;
  const product = await createProduct(api.database.db, {
    storeId: api.seeded.store.id,
    productTypeId: api.seeded.book.id,
    slug: `priced-book-${n}`,
    name: `Priced Book ${n}`,
    createdAt: new Date(Date.now() - createdDaysAgo * DAY),
    variants: [{ sku: `PRICED-${n}`, name: "Paperback", stockQuantity: 5, prices: { GBP: { amount: 1500 }, EUR: { amount: 1800 } } }],
  });
  return { productId: product.id, variantId: product.variants[0]!.id };
}

/** Says the variant sold at `amount` in GBP from `daysAgo` days ago (the history a shop has after weeks of trading). */
async function soldFrom(db: Db, variantId: number, daysAgo: number, amount: number) {
  await db.execute(sql`insert into variant_price_history (variant_id, currency_code, valid_from, amount)
    values (${variantId}, 'GBP', now() - make_interval(days => ${daysAgo}), ${amount})`);
}

async function history(variantId: number, currencyCode = "GBP") {
  const result = await api.database.db.execute(sql`select amount from variant_price_history
    where variant_id = ${variantId} and currency_code = ${currencyCode} order by valid_from`);
  return (result as unknown as { rows: { amount: number }[] }).rows.map((row) => row.amount);
}

async function shownPrice(productId: number, currencyCode = "GBP") {
  const detail = await api.app.inject({ url: `/products/${productId}`, headers: { ...TEST_HEADERS, currencycode: currencyCode } });
  const card = await api.app.inject({ url: `/products?Ids[0]=${productId}`, headers: { ...TEST_HEADERS, currencycode: currencyCode } });
  const cardPrice = card.json().data.results[0].price;
  const detailPrice = detail.json().data.variants[0].price;
  expect(cardPrice).toEqual(detailPrice);
  return detailPrice;
}

describe("the lowest price before a reduction", () => {
  it("is the lowest price the variant sold at in the 30 days before the sale began, not one before them", async () => {
    const { productId, variantId } = await newBook(90);
    await soldFrom(api.database.db, variantId, 50, 900); // too long ago: superseded 35 days ago
    await soldFrom(api.database.db, variantId, 35, 1600); // in effect when the window opened
    await soldFrom(api.database.db, variantId, 20, 1300); // the lowest within it
    await soldFrom(api.database.db, variantId, 10, 1500);
    expect(await setVariantPrices(api.database.db, variantId, { GBP: { amount: 1000, original: 1500 } })).toBe(true);
    expect(await shownPrice(productId)).toEqual({ amount: 1000, originalPrice: 1500, lowestPriorPrice: 1300, currencyCode: "GBP" });
    expect(await history(variantId)).toEqual([1500, 900, 1600, 1300, 1500, 1000]);
  });

  it("counts the price in effect when the window opened", async () => {
    const { productId, variantId } = await newBook(60);
    await soldFrom(api.database.db, variantId, 40, 1100);
    await soldFrom(api.database.db, variantId, 5, 1400);
    await setVariantPrices(api.database.db, variantId, { GBP: { amount: 1200, original: 1400 } });
    expect((await shownPrice(productId)).lowestPriorPrice).toBe(1100);
  });

  it("is kept while the sale goes on at the same price, and read again when the sale price changes", async () => {
    const { productId, variantId } = await newBook(60);
    await setVariantPrices(api.database.db, variantId, { GBP: { amount: 1200, original: 1500 } });
    expect((await shownPrice(productId)).lowestPriorPrice).toBe(1500);
    // The merchant restates the sale (a new original price, the same price): the reduction has not moved.
    await setVariantPrices(api.database.db, variantId, { GBP: { amount: 1200, original: 1600 } });
    expect(await shownPrice(productId)).toEqual({ amount: 1200, originalPrice: 1600, lowestPriorPrice: 1500, currencyCode: "GBP" });
    expect(await history(variantId)).toEqual([1500, 1200]);
    // Days later the price goes lower still: the sale's first price is among those of the 30 days before.
    await api.database.db.execute(sql`update variant_price_history set valid_from = valid_from - interval '3 days'
      where variant_id = ${variantId} and amount = 1200`);
    await setVariantPrices(api.database.db, variantId, { GBP: { amount: 1000, original: 1500 } });
    expect((await shownPrice(productId)).lowestPriorPrice).toBe(1200);
  });

  it("is gone when the sale ends, and the ended sale's price is history", async () => {
    const { productId, variantId } = await newBook(60);
    await setVariantPrices(api.database.db, variantId, { GBP: { amount: 1200, original: 1500 } });
    await setVariantPrices(api.database.db, variantId, { GBP: { amount: 1500 } });
    expect(await shownPrice(productId)).toEqual({ amount: 1500, originalPrice: null, lowestPriorPrice: null, currencyCode: "GBP" });
    expect(await history(variantId)).toEqual([1500, 1200, 1500]);
  });

  it("is the price itself for a variant first offered on sale, with nothing lower on record", async () => {
    const n = ++made;
    const product = await createProduct(api.database.db, {
      storeId: api.seeded.store.id,
      productTypeId: api.seeded.book.id,
      slug: `launched-on-sale-${n}`,
      name: `Launched On Sale ${n}`,
      variants: [{ sku: `LAUNCH-${n}`, name: "Hardback", prices: { GBP: { amount: 800, original: 1200 } } }],
    });
    expect(await shownPrice(product.id)).toEqual({ amount: 800, originalPrice: 1200, lowestPriorPrice: 800, currencyCode: "GBP" });
  });

  it("is kept per currency: a sale in euros leaves the pound price and its history alone", async () => {
    const { productId, variantId } = await newBook(60);
    await setVariantPrices(api.database.db, variantId, { EUR: { amount: 1500, original: 1800 } });
    expect(await shownPrice(productId, "EUR")).toEqual({ amount: 1500, originalPrice: 1800, lowestPriorPrice: 1800, currencyCode: "EUR" });
    expect(await shownPrice(productId, "GBP")).toEqual({ amount: 1500, originalPrice: null, lowestPriorPrice: null, currencyCode: "GBP" });
    expect(await history(variantId, "EUR")).toEqual([1800, 1500]);
    expect(await history(variantId, "GBP")).toEqual([1500]);
  });

  it("is set by the admin API's price change, and reaches the cart's line", async () => {
    const { productId, variantId } = await newBook(60);
    const priced = await api.app.inject({
      method: "PUT",
      url: `/admin/variants/${variantId}/prices`,
      headers: { ...TEST_HEADERS, authorization: `Bearer ${api.seeded.manager.token}` },
      payload: { prices: { GBP: { amount: 999, original: 1500 } } },
    });
    expect(priced.statusCode).toBe(200);
    expect(await shownPrice(productId)).toEqual({ amount: 999, originalPrice: 1500, lowestPriorPrice: 1500, currencyCode: "GBP" });
    const cart = await api.app.inject({
      method: "PUT",
      url: "/baskets",
      headers: TEST_HEADERS,
      payload: { productVariantId: variantId, quantity: 1 },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json().data.lineItems[0].unitPrice).toEqual({
      amount: 999,
      originalPrice: 1500,
      lowestPriorPrice: 1500,
      currencyCode: "GBP",
    });
  });
});
