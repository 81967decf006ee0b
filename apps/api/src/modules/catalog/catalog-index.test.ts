import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app";
import { createAttribute, createProduct, createProductsBulk } from "../../testing/factories";
import { TEST_HEADERS, TEST_TOKEN_SECRET, TEST_API_KEY } from "../../testing/test-api";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { indexAllQueuedProducts } from "./search/search-index";
import { createCatalogIndex, type CatalogIndex } from "./catalog-index-keeper";
import { addVariant, deleteProduct, setVariantPrices, updateProduct } from "./catalog-writes";
import { createTestCatalogue, type TestCatalogue } from "./catalog-test-catalogue";

// The catalogue index (decision 028) must answer every product list and facet exactly as SQL does: the same
// ids in the same order, the same counts, totals and price ranges. Two apps over one database: one reads SQL,
// the other the index, synced after each write.

let database: TestDatabase;
let catalogue: TestCatalogue;
let index: CatalogIndex;
let sqlApp: App;
let indexApp: App;

beforeAll(async () => {
  database = await createTestDatabase();
  catalogue = await createTestCatalogue(database.db);
  const deps = { db: database.db, apiKeys: [TEST_API_KEY], tokenSecret: TEST_TOKEN_SECRET, storeCacheTtlMs: 0 };
  index = await createCatalogIndex({ db: database.db, batchDelayMs: 5 });
  sqlApp = await buildApp(deps);
  indexApp = await buildApp({ ...deps, catalogIndex: index });
});
afterAll(async () => {
  await indexApp?.close();
  await sqlApp?.close();
  await index?.close();
  await database?.close();
});

const syncBoth = async () => {
  await index.sync(catalogue.store.id);
  await index.sync(catalogue.other.store.id);
};

const selections = [
  "",
  "CategorySlug=gifts",
  "CategorySlug=childrens",
  "CategorySlug=for-her",
  "Filters[0][Code]=format&Filters[0][Values][0]=hardback",
  "Filters[0][Code]=format&Filters[0][Values][0]=hardback&Filters[0][Values][1]=paperback",
  "Filters[0][Code]=format&Filters[0][Values][0]=hardback&Filters[1][Code]=occasion&Filters[1][Values][0]=christmas",
  "CategorySlug=gifts&Filters[0][Code]=occasion&Filters[0][Values][0]=christmas&Filters[0][Values][1]=wedding",
  "Filters[0][Code]=author&Filters[0][Values][0]=jane-austen",
  "Filters[0][Code]=format&Filters[0][Values][0]=nothing-like-it",
  "Filters[0][Code]=no-such-attribute&Filters[0][Values][0]=x",
  "MinPrice=900&MaxPrice=1500",
  "MaxPrice=1000&Filters[0][Code]=occasion&Filters[0][Values][0]=christmas",
  "MinPrice=100000",
  `Ids[0]=${1}&Ids[1]=${2}&Ids[2]=${4}&Ids[3]=${999}`,
  // Searches: ranked by PostgreSQL on one side, by the index's in-memory lists on the other.
  "SearchText=a",
  "SearchText=zuleika",
  "SearchText=great%20expect",
  "SearchText=christmas&CategorySlug=gifts",
];
const sorts = ["popular", "newest", "name-asc", "name-desc", "price-asc", "price-desc"];
const currencies = ["GBP", "EUR", "USD"];

async function answer(app: App, url: string, currencycode: string, storekey = TEST_HEADERS.storekey) {
  const response = await app.inject({ url, headers: { ...TEST_HEADERS, currencycode, storekey } });
  return { status: response.statusCode, body: response.json() };
}

/** Every selection, sort, page and currency through both apps; answers the differences (none expected). */
async function differences(storekey = TEST_HEADERS.storekey) {
  const found: string[] = [];
  const compare = async (url: string, currency: string) => {
    const [fromSql, fromIndex] = [await answer(sqlApp, url, currency, storekey), await answer(indexApp, url, currency, storekey)];
    expect(fromSql.status, url).toBe(200);
    if (JSON.stringify(fromSql) !== JSON.stringify(fromIndex)) found.push(`${currency} ${url}`);
  };
  for (const currency of currencies) {
    // Other currencies change prices only: their facets and price sorts.
    const currencySorts = currency === "GBP" ? sorts : sorts.filter((sort) => sort.startsWith("price"));
    const currencySelections = currency === "GBP" ? selections : selections.filter((selection) => /Price|^$|gifts/.test(selection));
    for (const selection of currencySelections) {
      await compare(`/product-filters?${selection}`, currency);
      for (const sort of currencySorts) {
        for (const pageNumber of [1, 3]) await compare(`/products?${selection}&Sort=${sort}&PageSize=2&PageNumber=${pageNumber}`, currency);
      }
    }
  }
  return found;
}

// Several hundred requests a comparison, on a machine shared with other work.
describe("the catalogue index", { timeout: 120_000 }, () => {
  it("answers every list and facet as SQL does, without counting in SQL", async () => {
    await syncBoth();
    expect(index.forStore(catalogue.store.id)).not.toBeNull();
    expect(await differences()).toEqual([]);

    database.resetQueryLog();
    await answer(indexApp, "/product-filters?CategorySlug=gifts&Filters[0][Code]=format&Filters[0][Values][0]=hardback", "GBP");
    await answer(indexApp, "/products?CategorySlug=gifts&Sort=price-desc&PageNumber=2&PageSize=1", "GBP");
    expect(database.queries.filter((query) => /count\(|product_attribute_values pav\s+where pav\.product_id in/i.test(query))).toEqual([]);
  });

  it("answers a search as SQL does, from the search's ranking: every sort, relevance too, facets and totals", async () => {
    await syncBoth();
    const searches = [
      "SearchText=christmas",
      "SearchText=a",
      "SearchText=jane%20austen",
      "SearchText=christmas&Filters[0][Code]=format&Filters[0][Values][0]=hardback",
      "SearchText=a&MaxPrice=1200",
      "SearchText=a&CategorySlug=gifts",
      `SearchText=a&Ids[0]=${catalogue.products.emma.id}&Ids[1]=${catalogue.products.carol.id}&Ids[2]=999`,
      "SearchText=nothing%20matches%20this",
    ];
    const found: string[] = [];
    for (const selection of searches) {
      for (const url of [
        `/product-filters?${selection}`,
        ...["relevance", ...sorts].flatMap((sort) =>
          [1, 2].map((page) => `/products?${selection}&Sort=${sort}&PageSize=2&PageNumber=${page}`),
        ),
      ]) {
        const [fromSql, fromIndex] = [await answer(sqlApp, url, "GBP"), await answer(indexApp, url, "GBP")];
        expect(fromSql.status, url).toBe(200);
        if (JSON.stringify(fromSql) !== JSON.stringify(fromIndex)) found.push(url);
      }
    }
    expect(found).toEqual([]);

    // Through the index a search is ranked in its lists: no SQL counts, matches or scores a document.
    database.resetQueryLog();
    await answer(indexApp, "/products?SearchText=a&Sort=relevance&PageSize=2", "GBP");
    await answer(indexApp, "/product-filters?SearchText=a", "GBP");
    expect(database.queries.filter((query) => /count\(|where d\.product_id = p\.id|ts_filter|@@/i.test(query))).toEqual([]);
  });

  it("follows product writes: new, renamed, re-filed, repriced, unpublished", async () => {
    const { store, products, categories, attributes, productTypes } = catalogue;
    const value = (attribute: { valueIds: Map<string, number> }, code: string) => attribute.valueIds.get(code)!;
    await createProduct(database.db, {
      storeId: store.id,
      productTypeId: productTypes.book.id,
      slug: "middlemarch",
      name: "Middlemarch",
      popularity: 35,
      categoryIds: [categories.forHim.id],
      attributeValueIds: [value(attributes.format, "paperback"), value(attributes.occasion, "wedding")],
      variants: [{ sku: "MM-PB", name: "Paperback", prices: { GBP: { amount: 1100 }, USD: { amount: 1400 } } }],
    });
    await updateProduct(database.db, products.emma.id, {
      name: "Zuleika Dobson",
      popularity: 60,
      categoryIds: [categories.childrens.id],
      attributeValueIds: [value(attributes.format, "hardback"), value(attributes.occasion, "wedding")],
    });
    await setVariantPrices(database.db, products.expectations.variants[0]!.id, { GBP: { amount: 300 }, EUR: { amount: 360 } });
    await addVariant(database.db, products.frankenstein.id, { sku: "FR-HB", name: "Hardback", prices: { GBP: { amount: 450 } } });
    await updateProduct(database.db, products.carol.id, { isPublished: false });
    await updateProduct(database.db, products.draft.id, { isPublished: true });
    // The search documents follow through their job, whose writes the index's lists follow in turn.
    await indexAllQueuedProducts(database.db);

    await syncBoth();
    expect(
      (await answer(indexApp, "/products?SearchText=zuleika", "GBP")).body.data.results.map((product: { slug: string }) => product.slug),
    ).toEqual(["emma"]);
    const names = (await answer(indexApp, "/products?Sort=name-desc&PageSize=3", "GBP")).body.data.results.map(
      (product: { name: string }) => product.name,
    );
    expect(names).toEqual(["Zuleika Dobson", "Unpublished Draft", "Pride and Prejudice"]);
    expect(await differences()).toEqual([]);
  });

  it("drops a deleted product from its lists, facets and search, as it drops an unpublished one", async () => {
    const { store, categories, attributes, productTypes } = catalogue;
    const doomed = await createProduct(database.db, {
      storeId: store.id,
      productTypeId: productTypes.book.id,
      slug: "the-quillfeather-almanac",
      name: "The Quillfeather Almanac",
      categoryIds: [categories.gifts.id],
      attributeValueIds: [attributes.format.valueIds.get("hardback")!],
      variants: [{ sku: "QF-HB", name: "Hardback", prices: { GBP: { amount: 990 } } }],
    });
    await indexAllQueuedProducts(database.db);
    await syncBoth();
    const urls = [
      "/products?SearchText=quillfeather",
      "/products?CategorySlug=gifts&Sort=newest&PageSize=50",
      "/product-filters?CategorySlug=gifts",
    ];
    const slugs = async (app: App) =>
      (await answer(app, urls[0]!, "GBP")).body.data.results.map((product: { slug: string }) => product.slug) as string[];
    expect(await slugs(indexApp)).toEqual(["the-quillfeather-almanac"]);

    expect(await deleteProduct(database.db, doomed.id)).toBe(true);
    await indexAllQueuedProducts(database.db);
    await syncBoth();
    expect(await slugs(indexApp)).toEqual([]);
    for (const url of urls) expect((await answer(indexApp, url, "GBP")).body, url).toEqual((await answer(sqlApp, url, "GBP")).body);
  });

  it("follows a bulk import and ranks a facet's values as SQL does past its limit", async () => {
    const storeId = catalogue.other.store.id;
    const tags = await createAttribute(database.db, {
      storeId,
      code: "tag",
      name: "Tag",
      values: Array.from({ length: 110 }, (_, tag) => ({ code: `tag-${tag}`, label: `Tag ${tag}` })),
    });
    const tagIds = [...tags.valueIds.values()];
    await createProductsBulk(
      database.db,
      Array.from({ length: 60 }, (_, book) => ({
        storeId,
        productTypeId: catalogue.other.productType.id,
        slug: `tagged-${book}`,
        name: `Tagged ${book % 7}`,
        popularity: book % 5,
        attributeValueIds: tagIds.filter((_, tag) => (tag + book) % 9 === 0 || tag === book),
        variants: [{ sku: `TAG-${book}`, name: "Only", prices: { GBP: { amount: 100 + (book % 4) * 10 } } }],
      })),
    );
    await syncBoth();
    const url = "/product-filters?Filters[0][Code]=tag&Filters[0][Values][0]=tag-108";
    expect((await answer(indexApp, url, "GBP", "other-store")).body).toEqual((await answer(sqlApp, url, "GBP", "other-store")).body);
    for (const sort of sorts) {
      for (const pageNumber of [1, 4, 7]) {
        const list = `/products?Sort=${sort}&PageSize=9&PageNumber=${pageNumber}`;
        expect((await answer(indexApp, list, "GBP", "other-store")).body, list).toEqual(
          (await answer(sqlApp, list, "GBP", "other-store")).body,
        );
      }
    }
  });
});

/** Published products per store, as the keeper's start-up counts them. */
async function publishedProductsByStore(): Promise<Map<number, number>> {
  const result = (await database.db.execute(
    sql`select store_id as "storeId", count(*)::int as products from products where is_published group by store_id`,
  )) as unknown as { rows: { storeId: number; products: number }[] };
  return new Map(result.rows.map((row) => [row.storeId, row.products]));
}

describe("the catalogue index at start-up", () => {
  it("builds a large store's index before it reports warm, and a smaller store's on its first read", async () => {
    const counts = await publishedProductsByStore();
    const count = (storeId: number) => counts.get(storeId) ?? 0;
    const [large, small] = [catalogue.store.id, catalogue.other.store.id].sort((a, b) => count(b) - count(a)) as [number, number];
    expect(count(large)).toBeGreaterThan(count(small));
    const keeper = await createCatalogIndex({ db: database.db, batchDelayMs: 5, warmFromProducts: count(large) });
    try {
      // The builds read the database, so they cannot be done when the keeper is handed over.
      expect(keeper.isWarm()).toBe(false);
      await keeper.whenWarm();
      expect(keeper.isWarm()).toBe(true);
      expect(keeper.forStore(large)?.size).toBe(count(large));
      // Below the threshold: no index until a read asks for one (and that read is answered from SQL).
      expect(keeper.forStore(small)).toBeNull();
      expect((await keeper.sync(small)).size).toBe(count(small));
    } finally {
      await keeper.close();
    }
  });
});
