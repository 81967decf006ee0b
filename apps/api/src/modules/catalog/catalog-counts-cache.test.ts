import { TEST_TOKEN_SECRET } from "../../testing/test-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app";
import { createProduct } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { createTestCatalogue, type TestCatalogue } from "./catalog-test-catalogue";

const API_KEY = "test-api-key-123";
const headers = { "api-key": API_KEY, storekey: "test-store" };

let database: TestDatabase;
let catalogue: TestCatalogue;
let cachedApp: App;
let uncachedApp: App;

beforeAll(async () => {
  database = await createTestDatabase();
  catalogue = await createTestCatalogue(database.db);
  cachedApp = await buildApp({
    db: database.db,
    apiKeys: [API_KEY],
    tokenSecret: TEST_TOKEN_SECRET,
    storeCacheTtlMs: 0,
    catalogCountsTtlMs: 60_000,
  });
  uncachedApp = await buildApp({ db: database.db, apiKeys: [API_KEY], tokenSecret: TEST_TOKEN_SECRET, storeCacheTtlMs: 0 });
});
afterAll(async () => {
  await cachedApp?.close();
  await uncachedApp?.close();
  await database?.close();
});

const data = async (app: App, url: string) => {
  const response = await app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe("cached product totals and facet counts", () => {
  it("serve a repeated selection without counting again, and only for the TTL's app", async () => {
    const listUrl = "/products?CategorySlug=childrens";
    const facetsUrl = "/product-filters?CategorySlug=childrens";
    const totalBefore = (await data(cachedApp, listUrl)).total;
    const facetsBefore = (await data(cachedApp, facetsUrl)).total;

    database.resetQueryLog();
    await data(cachedApp, listUrl);
    await data(cachedApp, facetsUrl);
    expect(database.queries.some((query) => /count\(\*\)/i.test(query))).toBe(false);

    await createProduct(database.db, {
      storeId: catalogue.store.id,
      productTypeId: catalogue.productTypes.book.id,
      slug: "a-new-childrens-book",
      name: "A New Children's Book",
      categoryIds: [catalogue.categories.childrens.id],
      variants: [{ sku: "NEW-1", name: "Paperback", prices: { GBP: { amount: 599 }, EUR: { amount: 699 }, USD: { amount: 799 } } }],
    });

    // The cached app keeps its counts until the TTL passes; the page itself is always fresh.
    const cachedList = await data(cachedApp, listUrl);
    expect(cachedList.total).toBe(totalBefore);
    expect(cachedList.results.map((product: { slug: string }) => product.slug)).toContain("a-new-childrens-book");
    expect((await data(cachedApp, facetsUrl)).total).toBe(facetsBefore);

    expect((await data(uncachedApp, listUrl)).total).toBe(totalBefore + 1);
    expect((await data(uncachedApp, facetsUrl)).total).toBe(facetsBefore + 1);
  });

  it("keeps currencies apart", async () => {
    const gbp = await cachedApp.inject({ url: "/product-filters?CategorySlug=gifts", headers });
    const eur = await cachedApp.inject({ url: "/product-filters?CategorySlug=gifts", headers: { ...headers, currencycode: "EUR" } });
    expect(gbp.json().data.priceRange?.currencyCode).toBe("GBP");
    expect(eur.json().data.priceRange?.currencyCode).toBe("EUR");
  });
});
