import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { rankByOrders, rankByVariantScores, type RankingContext } from "./product-rankings.service";

// The catalogue's rankings from what other modules count by variant (views, orders): summed or counted per
// product, ties going to the better seller, and only what the caller can buy. The rankings by likeness, by the
// merchant's links and by sales are covered through GET /recommendations (recommendations.test.ts).

let database: TestDatabase;
let ctx: RankingContext;
const books: Record<string, { id: number; variantIds: number[] }> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const store = await createStore(db, { isOutOfStockPurchaseEnabled: false });
  const other = await createStore(db, { key: "other-store", name: "Other" });
  ctx = { store: { id: store.id, isOutOfStockPurchaseEnabled: false }, currencyCode: "GBP" };
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  const book = async (
    slug: string,
    input: { popularity: number; editions?: number; stock?: number; isPublished?: boolean; currency?: string; inOther?: boolean },
  ) => {
    const product = await createProduct(db, {
      storeId: input.inOther ? other.id : store.id,
      productTypeId: input.inOther ? otherType.id : type.id,
      slug,
      name: slug,
      popularity: input.popularity,
      isPublished: input.isPublished ?? true,
      variants: Array.from({ length: input.editions ?? 1 }, (_, index) => ({
        sku: `${slug}-${index}`,
        name: `Edition ${index}`,
        stockQuantity: input.stock ?? 5,
        prices: { [input.currency ?? "GBP"]: { amount: 999 } },
      })),
    });
    books[slug] = { id: product.id, variantIds: product.variants.map((variant) => variant.id) };
  };
  await book("alpha", { popularity: 10, editions: 2 });
  await book("bravo", { popularity: 30 });
  await book("charlie", { popularity: 20 });
  await book("sold-out", { popularity: 50, stock: 0 });
  await book("draft", { popularity: 60, isPublished: false });
  await book("euro-only", { popularity: 70, currency: "EUR" });
  await book("foreign", { popularity: 80, inOther: true });
});

afterAll(async () => {
  await database.close();
});

const variant = (slug: string, index = 0) => books[slug]!.variantIds[index]!;
const id = (slug: string) => books[slug]!.id;
const everything = { excludeProductId: null, limit: 10 };

describe("rankByVariantScores", () => {
  it("sums weight × score over a product's variants, exactly, and ranks an equal total by sales", async () => {
    const scores = [
      // alpha: 0.1 + 0.2 over its two editions, charlie 0.3: equal as decimals (not as floating point), so charlie,
      // the better seller, comes first.
      { variantId: variant("alpha", 0), score: "0.1", weight: 1 },
      { variantId: variant("alpha", 1), score: "0.2", weight: 1 },
      { variantId: variant("charlie"), score: "0.3", weight: 1 },
      // bravo: 0.05 counted 5 times and 0.1 once.
      { variantId: variant("bravo"), score: "0.05", weight: 5 },
      { variantId: variant("bravo"), score: "0.1", weight: 1 },
    ];
    expect(await rankByVariantScores(database.db, ctx, scores, everything)).toEqual([id("bravo"), id("charlie"), id("alpha")]);
  });

  it("answers only what the caller can buy, never the product left out, up to the limit", async () => {
    const scores = ["sold-out", "draft", "euro-only", "foreign", "alpha", "bravo", "charlie"].map((slug, index) => ({
      variantId: variant(slug),
      score: String(100 - index),
      weight: 1,
    }));
    expect(await rankByVariantScores(database.db, ctx, scores, everything)).toEqual([id("alpha"), id("bravo"), id("charlie")]);
    expect(await rankByVariantScores(database.db, ctx, scores, { excludeProductId: id("alpha"), limit: 1 })).toEqual([id("bravo")]);
    // A store that sells what is out of stock offers the sold-out book too.
    const sellsOutOfStock = { ...ctx, store: { ...ctx.store, isOutOfStockPurchaseEnabled: true } };
    expect(await rankByVariantScores(database.db, sellsOutOfStock, scores, everything)).toEqual([
      id("sold-out"),
      id("alpha"),
      id("bravo"),
      id("charlie"),
    ]);
  });

  it("answers nothing for no scores, without a statement", async () => {
    database.resetQueryLog();
    expect(await rankByVariantScores(database.db, ctx, [], everything)).toEqual([]);
    expect(database.queries).toEqual([]);
  });
});

describe("rankByOrders", () => {
  it("counts each product once per order, whichever of its variants, and ranks an equal count by sales", async () => {
    const lines = [
      { orderId: 1, variantId: variant("alpha", 0) },
      { orderId: 1, variantId: variant("bravo") },
      // Both editions of alpha in one order: still one order for alpha, which ties with charlie's two.
      { orderId: 2, variantId: variant("alpha", 0) },
      { orderId: 2, variantId: variant("alpha", 1) },
      { orderId: 2, variantId: variant("charlie") },
      { orderId: 3, variantId: variant("charlie") },
    ];
    expect(await rankByOrders(database.db, ctx, lines, everything)).toEqual([id("charlie"), id("alpha"), id("bravo")]);
  });

  it("answers only what the caller can buy, never the product left out", async () => {
    const lines = ["sold-out", "draft", "euro-only", "foreign", "bravo"].flatMap((slug) =>
      [1, 2].map((orderId) => ({ orderId, variantId: variant(slug) })),
    );
    expect(await rankByOrders(database.db, ctx, [...lines, { orderId: 3, variantId: variant("alpha") }], everything)).toEqual([
      id("bravo"),
      id("alpha"),
    ]);
    expect(await rankByOrders(database.db, ctx, lines, { excludeProductId: id("bravo"), limit: 10 })).toEqual([]);
  });

  it("answers nothing for no lines, without a statement", async () => {
    database.resetQueryLog();
    expect(await rankByOrders(database.db, ctx, [], everything)).toEqual([]);
    expect(database.queries).toEqual([]);
  });
});
