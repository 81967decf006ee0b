import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { findProductOfVariant, findPublishedProductsOfVariants } from "./variant-products.service";

// What the catalogue answers about the product of a variant: of the store asked about, and for the published
// lookup, only published products.

let database: TestDatabase;
let storeId = 0;
const books: Record<string, { id: number; variantIds: number[] }> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store", name: "Other" });
  storeId = store.id;
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  const book = async (slug: string, input: { isPublished?: boolean; inOther?: boolean; editions?: number } = {}) => {
    const product = await createProduct(db, {
      storeId: input.inOther ? other.id : store.id,
      productTypeId: input.inOther ? otherType.id : type.id,
      slug,
      name: slug,
      isPublished: input.isPublished ?? true,
      variants: Array.from({ length: input.editions ?? 1 }, (_, index) => ({
        sku: `${slug}-${index}`,
        name: `Edition ${index}`,
        prices: { GBP: { amount: 999 } },
      })),
    });
    books[slug] = { id: product.id, variantIds: product.variants.map((variant) => variant.id) };
  };
  await book("alpha", { editions: 3 });
  await book("draft", { isPublished: false });
  await book("bravo");
  await book("foreign", { inOther: true });
});

afterAll(async () => {
  await database.close();
});

describe("findProductOfVariant", () => {
  it("answers the product of the store's variant, published or not, with all its variants in id order", async () => {
    const alpha = books.alpha!;
    expect(await findProductOfVariant(database.db, { storeId, variantId: alpha.variantIds[1]! })).toEqual({
      productId: alpha.id,
      variantIds: [...alpha.variantIds].sort((a, b) => a - b),
    });
    const draft = books.draft!;
    expect(await findProductOfVariant(database.db, { storeId, variantId: draft.variantIds[0]! })).toEqual({
      productId: draft.id,
      variantIds: draft.variantIds,
    });
  });

  it("answers null for an unknown variant and another store's", async () => {
    for (const variantId of [2_000_000_000, books.foreign!.variantIds[0]!]) {
      expect(await findProductOfVariant(database.db, { storeId, variantId })).toBeNull();
    }
  });
});

describe("findPublishedProductsOfVariants", () => {
  it("maps the store's variants of published products to their product, leaving out the others", async () => {
    const { alpha, bravo, draft, foreign } = books;
    const asked = [...alpha!.variantIds, bravo!.variantIds[0]!, draft!.variantIds[0]!, foreign!.variantIds[0]!, 2_000_000_000];
    const products = await findPublishedProductsOfVariants(database.db, { storeId, variantIds: [...asked, ...asked] });
    expect([...products].sort(([a], [b]) => a - b)).toEqual(
      [...alpha!.variantIds.map((id) => [id, alpha!.id]), [bravo!.variantIds[0]!, bravo!.id]].sort(([a], [b]) => a! - b!),
    );
  });

  it("answers nothing for no variants, without a statement", async () => {
    database.resetQueryLog();
    expect(await findPublishedProductsOfVariants(database.db, { storeId, variantIds: [] })).toEqual(new Map());
    expect(database.queries).toEqual([]);
  });
});
