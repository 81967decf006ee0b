import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { createAttribute, createProductType, createStore } from "../../testing/factories";
import { drainJobs } from "../../testing/test-jobs";
import { useTestApi } from "../../testing/test-api";
import { addVariant, createCategory, createProduct, setVariantPrices, updateProduct, type NewProduct } from "./catalog-writes";

/** A store with a book type and two authors; each test writes products of its own through the writer. */
async function createWriterShop(db: Db) {
  const store = await createStore(db, { key: "test-store" });
  const otherStore = await createStore(db, { key: "other-store", name: "Other Store" });
  const author = await createAttribute(db, {
    storeId: store.id,
    code: "author",
    name: "Author",
    isFilterable: false,
    values: [
      { code: "imogen-ashdown", label: "Imogen Ashdown" },
      { code: "rowan-pike", label: "Rowan Pike" },
    ],
  });
  const format = await createAttribute(db, {
    storeId: store.id,
    code: "format",
    name: "Format",
    values: [{ code: "hardback", label: "Hardback" }],
  });
  const book = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const otherRoot = await createCategory(db, { storeId: otherStore.id, slug: "other-root", name: "Other root" });
  return {
    store,
    productTypeId: book.id,
    ashdown: author.valueIds.get("imogen-ashdown")!,
    pike: author.valueIds.get("rowan-pike")!,
    hardback: format.valueIds.get("hardback")!,
    otherRoot,
  };
}

const api = useTestApi(createWriterShop);

let serial = 0;
/** A new book by Imogen Ashdown at £10 / €12, with a title word no other test's book has. */
function newBook(overrides: Partial<NewProduct> = {}): NewProduct {
  serial += 1;
  const { store, productTypeId, ashdown, hardback } = api.seeded;
  return {
    storeId: store.id,
    productTypeId,
    slug: `book-${serial}`,
    name: `Marsh${serial} Murders`,
    subtitle: "A Novel",
    description: "A body on the shore.",
    attributeValueIds: [ashdown, hardback],
    variants: [{ sku: `BOOK-${serial}-HB`, name: "Hardback", stockQuantity: 5, prices: { GBP: { amount: 1000 }, EUR: { amount: 1200 } } }],
    ...overrides,
  };
}

/** Slugs of GET /products for a query string, in answer order. */
async function listSlugs(query: string, extraHeaders: Record<string, string> = {}) {
  const response = await api.get(`/products?${query}`, extraHeaders);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json().data.results.map((product: { slug: string }) => product.slug) as string[];
}

/** Whether a price band finds the product (only this product is selected, by its id). */
async function inBand(productId: number, band: string, extraHeaders: Record<string, string> = {}) {
  return (await listSlugs(`Ids[0]=${productId}&${band}`, extraHeaders)).length === 1;
}

/** Runs the search-index jobs the writes queued, as the worker would within seconds. */
async function indexChanges() {
  await drainJobs(api.database.db, { only: ["search-index"] });
}

/** The product's search document: what search reads (modules/catalog/search). */
async function searchDocumentOf(productId: number) {
  const result = await api.database.db.execute(
    sql`select title, authors, body, codes, in_stock, document::text from search_documents where product_id = ${productId}`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

describe("the catalogue writer keeps the price index and queues the search index", () => {
  it("a new product is found by its lowest price in each currency and by its title, subtitle and author", async () => {
    const product = await createProduct(api.database.db, newBook());
    expect(product.variants.map((variant) => [variant.sku, variant.isMaster, variant.stockQuantity])).toEqual([
      [`BOOK-${serial}-HB`, true, 5],
    ]);
    expect(await inBand(product.id, "MinPrice=1000&MaxPrice=1000")).toBe(true);
    expect(await inBand(product.id, "MinPrice=1200&MaxPrice=1200", { currencycode: "EUR" })).toBe(true);
    expect(await inBand(product.id, "MinPrice=1", { currencycode: "USD" })).toBe(false);
    // Searchable once the search-index job has run, never in the request.
    expect(await listSlugs(`SearchText=marsh${serial}`)).toEqual([]);
    await indexChanges();
    expect(await listSlugs(`SearchText=marsh${serial}`)).toEqual([product.slug]);
    expect(await listSlugs(`SearchText=ashdown&Ids[0]=${product.id}`)).toEqual([product.slug]);
    expect(await listSlugs(`SearchText=novel&Ids[0]=${product.id}`)).toEqual([product.slug]);
    expect(await searchDocumentOf(product.id)).toMatchObject({
      title: `Marsh${serial} Murders`,
      authors: "Imogen Ashdown",
      body: "A Novel A body on the shore.",
      codes: [`BOOK-${serial}-HB`],
      in_stock: true,
    });
  });

  it("changing a variant's price moves the product between price bands; other currencies keep theirs", async () => {
    const product = await createProduct(api.database.db, newBook());
    expect(await setVariantPrices(api.database.db, product.variants[0]!.id, { GBP: { amount: 2500, original: 3000 } })).toBe(true);
    expect(await inBand(product.id, "MaxPrice=1500")).toBe(false);
    expect(await inBand(product.id, "MinPrice=2500&MaxPrice=2500")).toBe(true);
    expect(await inBand(product.id, "MinPrice=1200&MaxPrice=1200", { currencycode: "EUR" })).toBe(true);
    const filters = (await api.get(`/product-filters?Ids[0]=${product.id}`)).json().data;
    expect(filters.priceRange).toEqual({ min: 2500, max: 2500, currencyCode: "GBP" });

    // A price in a new currency puts the product in that currency's bands.
    await setVariantPrices(api.database.db, product.variants[0]!.id, { USD: { amount: 1400 } });
    expect(await inBand(product.id, "MinPrice=1400&MaxPrice=1400", { currencycode: "USD" })).toBe(true);
  });

  it("adding a cheaper variant lowers the product's price and sorts it by the new one", async () => {
    const cheapest = await createProduct(api.database.db, newBook());
    await setVariantPrices(api.database.db, cheapest.variants[0]!.id, { GBP: { amount: 700 } });
    const product = await createProduct(api.database.db, newBook());
    const ids = `Ids[0]=${cheapest.id}&Ids[1]=${product.id}`;
    expect(await listSlugs(`${ids}&Sort=price-asc`)).toEqual([cheapest.slug, product.slug]);

    const variantId = await addVariant(api.database.db, product.id, {
      sku: `BOOK-${serial}-PB`,
      name: "Paperback",
      prices: { GBP: { amount: 600 } },
    });
    expect(variantId).toEqual(expect.any(Number));
    expect(await inBand(product.id, "MinPrice=600&MaxPrice=600")).toBe(true);
    expect(await inBand(product.id, "MinPrice=1200&MaxPrice=1200", { currencycode: "EUR" })).toBe(true);
    expect(await listSlugs(`${ids}&Sort=price-asc`)).toEqual([product.slug, cheapest.slug]);

    const page = (await api.get(`/products/${product.id}`)).json().data;
    expect(page.variants.map((variant: { sku: string; isMaster: boolean }) => [variant.sku, variant.isMaster])).toEqual([
      [`BOOK-${serial}-HB`, true],
      [`BOOK-${serial}-PB`, false],
    ]);
  });

  it("changing the title or the author changes what search finds", async () => {
    const product = await createProduct(api.database.db, newBook());
    const oldWord = `marsh${serial}`;
    const newWord = `harbour${serial}`;

    expect(await updateProduct(api.database.db, product.id, { name: `Harbour${serial} Lights` })).toBe(true);
    await indexChanges();
    // Only this product: a word no title has any more is corrected to the nearest one that does.
    expect(await listSlugs(`SearchText=${oldWord}&Ids[0]=${product.id}`)).toEqual([]);
    expect(await listSlugs(`SearchText=${newWord}`)).toEqual([product.slug]);

    expect(await updateProduct(api.database.db, product.id, { attributeValueIds: [api.seeded.pike, api.seeded.hardback] })).toBe(true);
    await indexChanges();
    expect(await listSlugs(`SearchText=ashdown&Ids[0]=${product.id}`)).toEqual([]);
    expect(await listSlugs(`SearchText=pike&Ids[0]=${product.id}`)).toEqual([product.slug]);
    expect((await api.get(`/products/${product.id}`)).json().data.byline).toBe("Rowan Pike");
  });

  it("writes the same search document when a product is created as when it is written again", async () => {
    const product = await createProduct(
      api.database.db,
      newBook({ subtitle: "", attributeValueIds: [api.seeded.pike, api.seeded.ashdown] }),
    );
    await indexChanges();
    const created = await searchDocumentOf(product.id);
    expect(created).toMatchObject({ authors: "Imogen Ashdown, Rowan Pike", body: "A body on the shore." });
    await updateProduct(api.database.db, product.id, {});
    await indexChanges();
    expect(await searchDocumentOf(product.id)).toEqual(created);
  });

  it("answers false or null for a product or variant that does not exist, and writes nothing", async () => {
    expect(await updateProduct(api.database.db, 2_000_000_000, { name: "Nobody" })).toBe(false);
    expect(await setVariantPrices(api.database.db, 2_000_000_000, { GBP: { amount: 1 } })).toBe(false);
    expect(await addVariant(api.database.db, 2_000_000_000, { sku: "NOBODY", name: "Nobody", prices: { GBP: { amount: 1 } } })).toBeNull();
    const result = await api.database.db.execute(sql`select count(*)::int as n from product_variants where sku = 'NOBODY'`);
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("leaves the right lowest price when two variants of one product change price at the same time", async () => {
    for (let round = 0; round < 5; round++) {
      const product = await createProduct(
        api.database.db,
        newBook({
          variants: [
            { sku: `RACE-${round}-A`, name: "A", prices: { GBP: { amount: 1000 } } },
            { sku: `RACE-${round}-B`, name: "B", prices: { GBP: { amount: 2000 } } },
          ],
        }),
      );
      const [a, b] = product.variants;
      await Promise.all([
        setVariantPrices(api.database.db, a!.id, { GBP: { amount: 3000 } }),
        setVariantPrices(api.database.db, b!.id, { GBP: { amount: 1500 } }),
      ]);
      expect(await inBand(product.id, "MinPrice=1500&MaxPrice=1500"), `round ${round}`).toBe(true);
    }
  });
});

describe("the catalogue writer's categories", () => {
  it("places a category under its parent by path and depth, and refuses another store's parent", async () => {
    const { store, otherRoot } = api.seeded;
    const root = await createCategory(api.database.db, { storeId: store.id, slug: "root", name: "Root" });
    const child = await createCategory(api.database.db, { storeId: store.id, slug: "child", name: "Child", parentId: root.id });
    expect([root.path, root.depth]).toEqual([`/${root.id}/`, 0]);
    expect([child.path, child.depth]).toEqual([`/${root.id}/${child.id}/`, 1]);
    await expect(
      createCategory(api.database.db, { storeId: store.id, slug: "stray", name: "Stray", parentId: otherRoot.id }),
    ).rejects.toThrow(/not a category of store/);
  });
});

describe("search in the listing", () => {
  // What the search engine answers is asked for apart from the listing's own statements, as a hosted engine's
  // answer would be (product-search.ts): the words' corrections, then the ranked ids; the listing's statements
  // then read those ids.
  it("adds two SQL statements to a listing: the corrections of every word at once, then the ranking", async () => {
    const product = await createProduct(api.database.db, newBook());
    await indexChanges();
    const statementsFor = async (url: string) => {
      api.database.resetQueryLog();
      expect((await api.get(url)).statusCode, url).toBe(200);
      return api.database.queries.length;
    };
    const plain = await statementsFor(`/products?Ids[0]=${product.id}`);
    for (const text of [`marsh${serial}`, `marsh${serial} murders ashdown shore`, `marhs${serial} murdres ashdwon`]) {
      expect(await statementsFor(`/products?Ids[0]=${product.id}&SearchText=${encodeURIComponent(text)}`)).toBe(plain + 2);
    }
    expect(await statementsFor(`/product-filters?Ids[0]=${product.id}&SearchText=marsh${serial}%20murdres`)).toBe(
      (await statementsFor(`/product-filters?Ids[0]=${product.id}`)) + 2,
    );
  });
});
