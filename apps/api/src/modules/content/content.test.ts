import { TEST_TOKEN_SECRET } from "../../testing/test-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app";
import { createMenu, createPage, createProduct, createProductType, createRedirects, createStore } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";

const API_KEY = "test-api-key-123";
const headers = { "api-key": API_KEY, storekey: "test-store" };
const otherHeaders = { "api-key": API_KEY, storekey: "other-store" };
const hiddenHeaders = { "api-key": API_KEY, storekey: "hidden-store" };

let database: TestDatabase;
let app: App;
/** Published product ids of test-store, in creation (id) order. */
const publishedIds: number[] = [];
let unpublishedId = 0;

async function addProduct(storeId: number, productTypeId: number, slug: string, isPublished = true) {
  const product = await createProduct(database.db, {
    storeId,
    productTypeId,
    slug,
    name: slug,
    isPublished,
    createdAt: new Date("2024-03-01T09:00:00Z"),
    variants: [{ sku: `${storeId}-${slug}`, name: "Paperback", prices: { GBP: { amount: 999 } } }],
  });
  return product.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store", name: "Other" });
  const hidden = await createStore(db, { key: "hidden-store", name: "Hidden", anonymousCustomerProductPolicy: "HiddenForUnauthorized" });

  await createMenu(db, {
    storeId: store.id,
    code: "main",
    name: "Main menu",
    items: [
      {
        label: "Gifts for her",
        url: "/store/gift-books-for-her",
        position: 2,
        subMenuItems: [
          { label: "For Grandma", url: "/store/gifts-for-grandma", position: 1 },
          { label: "For Mum", url: "/store/gifts-for-mum", position: 0 },
        ],
      },
      { label: "Trending", url: "/store/trending", position: 1 },
    ],
  });
  await createMenu(db, { storeId: other.id, code: "main", name: "Main", items: [{ label: "Elsewhere", url: "/store/elsewhere" }] });
  await createMenu(db, { storeId: store.id, code: "footer", name: "Footer", items: [{ label: "About us", url: "/about" }] });

  await createRedirects(db, {
    storeId: store.id,
    redirects: [
      { oldUrl: "/shop/gifts-for-her", newUrl: "/store/gift-books-for-her" },
      { oldUrl: "/books/bestsellers", newUrl: "/store/trending" },
      { oldUrl: "/info/delivery", newUrl: "/deliveries" },
    ],
  });
  await createRedirects(db, { storeId: other.id, redirects: [{ oldUrl: "/other/old", newUrl: "/other/new" }] });

  const updatedAt = new Date("2025-01-15T10:00:00Z");
  await createPage(db, {
    storeId: store.id,
    url: "/",
    title: "Home",
    updatedAt,
    blocks: [
      { type: "hero", title: "Books worth giving", text: "Wrapped and sent.", linkLabel: "Shop gifts", linkUrl: "/store/view-all" },
      { type: "categoryLinks", title: "Find a gift", slugs: ["gift-books-for-her", "trending"] },
      { type: "productRail", title: "Trending now", categorySlug: "trending", limit: 8 },
    ],
  });
  await createPage(db, {
    storeId: store.id,
    url: "/about",
    title: "About us",
    metaDescription: "Who we are",
    updatedAt,
    blocks: [
      { type: "heading", text: "Who we are" },
      { type: "paragraph", text: "A small shop." },
      { type: "list", items: ["Gift wrap", "Handwritten cards"] },
    ],
  });
  await createPage(db, { storeId: store.id, url: "/faq", title: "FAQ", updatedAt, blocks: [] });
  await createPage(db, { storeId: other.id, url: "/other-only", title: "Other's page", updatedAt, blocks: [] });
  await createPage(db, { storeId: other.id, url: "/about", title: "Other's about", updatedAt, blocks: [] });

  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  for (const slug of ["alpha", "bravo", "charlie"]) publishedIds.push(await addProduct(store.id, type.id, slug));
  unpublishedId = await addProduct(store.id, type.id, "draft", false);
  for (const slug of ["delta", "echo"]) publishedIds.push(await addProduct(store.id, type.id, slug));
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  await addProduct(other.id, otherType.id, "foreign");
  const hiddenType = await createProductType(db, { storeId: hidden.id, code: "book", name: "Book" });
  await addProduct(hidden.id, hiddenType.id, "secret");

  app = await buildApp({ db, apiKeys: [API_KEY], tokenSecret: TEST_TOKEN_SECRET, storeCacheTtlMs: 0 });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe("GET /menus/main/tree", () => {
  it("answers the main menu as a tree under data.data, ordered by position at every level", async () => {
    const response = await app.inject({ url: "/menus/main/tree", headers });
    expect(response.statusCode).toBe(200);
    const items = response.json().data.data;
    expect(items).toMatchObject([
      { label: "Trending", url: "/store/trending", subMenuItems: [] },
      {
        label: "Gifts for her",
        url: "/store/gift-books-for-her",
        subMenuItems: [
          { label: "For Mum", url: "/store/gifts-for-mum", subMenuItems: [] },
          { label: "For Grandma", url: "/store/gifts-for-grandma", subMenuItems: [] },
        ],
      },
    ]);
    expect(items[0].id).toEqual(expect.any(Number));
  });

  it("serves other menus by code and never another store's menu", async () => {
    const footer = await app.inject({ url: "/menus/footer/tree", headers });
    expect(footer.json().data.data).toMatchObject([{ label: "About us", url: "/about" }]);
    const other = await app.inject({ url: "/menus/main/tree", headers: otherHeaders });
    expect(other.json().data.data.map((item: { label: string }) => item.label)).toEqual(["Elsewhere"]);
  });

  it("answers an empty tree for a menu the store has not set up", async () => {
    const response = await app.inject({ url: "/menus/main/tree", headers: hiddenHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { data: [] } });
  });

  it("refuses a malformed menu code with 400", async () => {
    const response = await app.inject({ url: "/menus/Main%20Menu/tree", headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: "invalid_input", field: "params.code" });
  });
});

describe("GET /redirects", () => {
  it("answers the store's redirects under data.results, ordered by old URL, with paging totals", async () => {
    const response = await app.inject({ url: "/redirects", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      results: [
        { oldUrl: "/books/bestsellers", newUrl: "/store/trending" },
        { oldUrl: "/info/delivery", newUrl: "/deliveries" },
        { oldUrl: "/shop/gifts-for-her", newUrl: "/store/gift-books-for-her" },
      ],
      total: 3,
      pageNumber: 1,
      pageSize: 5000,
      totalPages: 1,
    });
  });

  it("pages with PageNumber and PageSize", async () => {
    const response = await app.inject({ url: "/redirects?PageNumber=2&PageSize=2", headers });
    expect(response.json().data).toEqual({
      results: [{ oldUrl: "/shop/gifts-for-her", newUrl: "/store/gift-books-for-her" }],
      total: 3,
      pageNumber: 2,
      pageSize: 2,
      totalPages: 2,
    });
  });

  it("never lists another store's redirects", async () => {
    const response = await app.inject({ url: "/redirects", headers: otherHeaders });
    expect(response.json().data.results).toEqual([{ oldUrl: "/other/old", newUrl: "/other/new" }]);
  });

  it.each([
    ["PageSize=0", "invalid_input"],
    ["PageSize=5001", "invalid_input"],
    ["PageNumber=abc", "invalid_input"],
    ["PageNumber=0", "invalid_input"],
    ["pageSize=10", "unknown_parameter"],
  ])("refuses %s with 400 and an errors list", async (query, code) => {
    const response = await app.inject({ url: `/redirects?${query}`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe(code);
  });
});

describe("GET /pages/by-url", () => {
  it("answers a page with its typed blocks", async () => {
    const response = await app.inject({ url: "/pages/by-url?url=/about", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: expect.any(Number),
      url: "/about",
      title: "About us",
      metaDescription: "Who we are",
      updatedAt: "2025-01-15T10:00:00.000Z",
      blocks: [
        { type: "heading", text: "Who we are" },
        { type: "paragraph", text: "A small shop." },
        { type: "list", items: ["Gift wrap", "Handwritten cards"] },
      ],
    });
  });

  it("answers the home page for url=/", async () => {
    const response = await app.inject({ url: "/pages/by-url?url=%2F", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ url: "/", title: "Home" });
    expect(response.json().data.blocks.map((block: { type: string }) => block.type)).toEqual(["hero", "categoryLinks", "productRail"]);
  });

  it("ignores a trailing slash", async () => {
    const response = await app.inject({ url: "/pages/by-url?url=/about/", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.title).toBe("About us");
  });

  it("answers 404 page_not_found for a missing page", async () => {
    const response = await app.inject({ url: "/pages/by-url?url=/no-such-page", headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe("page_not_found");
  });

  it("never answers another store's page", async () => {
    const foreign = await app.inject({ url: "/pages/by-url?url=/other-only", headers });
    expect(foreign.statusCode).toBe(404);
    const sameUrl = await app.inject({ url: "/pages/by-url?url=/about", headers: otherHeaders });
    expect(sameUrl.json().data.title).toBe("Other's about");
  });

  it.each([
    ["url=about", "invalid_input"],
    ["url=/About", "invalid_input"],
    ["url=/../etc/passwd", "invalid_input"],
    ["url=/a%20b", "invalid_input"],
    ["url=", "invalid_input"],
    [`url=/${"a".repeat(600)}`, "invalid_input"],
    ["", "invalid_input"],
    ["url=/about&draft=1", "unknown_parameter"],
  ])("refuses %s with 400 and an errors list", async (query, code) => {
    const response = await app.inject({ url: `/pages/by-url?${query}`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe(code);
  });
});

describe("GET /pages", () => {
  it("answers the store's page summaries, ordered by URL, with paging totals", async () => {
    const response = await app.inject({ url: "/pages?PageSize=2", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      results: [
        { id: expect.any(Number), url: "/", title: "Home", updatedAt: "2025-01-15T10:00:00.000Z" },
        { id: expect.any(Number), url: "/about", title: "About us", updatedAt: "2025-01-15T10:00:00.000Z" },
      ],
      total: 3,
      pageNumber: 1,
      pageSize: 2,
      totalPages: 2,
    });
    const second = await app.inject({ url: "/pages?PageSize=2&PageNumber=2", headers });
    expect(second.json().data.results.map((page: { url: string }) => page.url)).toEqual(["/faq"]);
  });

  it("never lists another store's pages", async () => {
    const response = await app.inject({ url: "/pages", headers: otherHeaders });
    expect(response.json().data.results.map((page: { url: string }) => page.url)).toEqual(["/about", "/other-only"]);
  });

  it.each([["PageSize=101"], ["PageSize=-1"], ["PageNumber=1.5"], ["Sort=url"]])("refuses %s with 400", async (query) => {
    const response = await app.inject({ url: `/pages?${query}`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
  });
});

describe("GET /sitemap/products", () => {
  it("lists published products in id order with slug and a timestamp", async () => {
    const response = await app.inject({ url: "/sitemap/products", headers });
    expect(response.statusCode).toBe(200);
    const { results, next } = response.json().data;
    expect(results.map((row: { id: number }) => row.id)).toEqual(publishedIds);
    expect(results[0]).toEqual({ id: publishedIds[0], slug: "alpha", updatedAt: "2024-03-01T09:00:00.000Z" });
    expect(results.map((row: { id: number }) => row.id)).not.toContain(unpublishedId);
    expect(next).toBeNull();
  });

  it("keyset-pages with After and Limit, without OFFSET, until next is null", async () => {
    const seen: number[] = [];
    let after = 0;
    for (let round = 0; round < 10; round++) {
      database.resetQueryLog();
      const response = await app.inject({ url: `/sitemap/products?After=${after}&Limit=2`, headers });
      const { results, next } = response.json().data;
      expect(results.length).toBeLessThanOrEqual(2);
      seen.push(...results.map((row: { id: number }) => row.id));
      const productQuery = database.queries.find((query) => query.includes('from "products"'));
      expect(productQuery).toBeDefined();
      expect(productQuery).not.toMatch(/offset/i);
      if (next === null) break;
      expect(next).toBe(results[results.length - 1].id);
      after = next;
    }
    expect(seen).toEqual(publishedIds);
  });

  it("never lists another store's products", async () => {
    const response = await app.inject({ url: "/sitemap/products", headers: otherHeaders });
    expect(response.json().data.results.map((row: { slug: string }) => row.slug)).toEqual(["foreign"]);
  });

  it("lists nothing when the store hides products from anonymous visitors", async () => {
    const response = await app.inject({ url: "/sitemap/products", headers: hiddenHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { results: [], next: null } });
  });

  it.each([
    ["After=-1", "invalid_input"],
    ["After=abc", "invalid_input"],
    ["Limit=0", "invalid_input"],
    ["Limit=50001", "invalid_input"],
    ["after=3", "unknown_parameter"],
  ])("refuses %s with 400 and an errors list", async (query, code) => {
    const response = await app.inject({ url: `/sitemap/products?${query}`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe(code);
  });
});
