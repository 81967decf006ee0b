import { ListBlogPostsResponseSchema, BlogCategoryResponseSchema, ListBlogCategoriesResponseSchema } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app";
import { createProduct, createProductsBulk, createProductType, createStore } from "../../testing/factories";
import { TEST_TOKEN_SECRET } from "../../testing/test-api";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { createBlogCategory, createBlogPost, createBlogTag, type NewBlogPost } from "./blog-writes";

const API_KEY = "test-api-key-123";
const headers = { "api-key": API_KEY, storekey: "test-store" };
const hiddenHeaders = { "api-key": API_KEY, storekey: "hidden-store" };

let database: TestDatabase;
let app: App;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/*
 * The blog's calls (issue 12, section 1): categories by slug, posts by category, tag and slug, newest first and
 * paged; drafts and scheduled posts never shown; a post's books under the store's product policy.
 */
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const store = await createStore(db);
  const hidden = await createStore(db, { key: "hidden-store", name: "Hidden", anonymousCustomerProductPolicy: "HiddenForUnauthorized" });
  const productType = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const book = (slug: string, isPublished = true) =>
    createProduct(db, {
      storeId: store.id,
      productTypeId: productType.id,
      slug,
      name: slug,
      isPublished,
      variants: [{ sku: slug, name: "Hardback", prices: { GBP: { amount: 1499 } } }],
    });
  const [cookbook, atlas, withdrawn] = [await book("the-salt-kitchen"), await book("a-walkers-atlas"), await book("withdrawn-book", false)];

  const gifts = await createBlogCategory(db, {
    storeId: store.id,
    slug: "gift-guides",
    name: "Gift guides",
    description: "Ideas.",
    position: 0,
  });
  const shop = await createBlogCategory(db, { storeId: store.id, slug: "from-the-shop", name: "From the shop", position: 1 });
  await createBlogCategory(db, { storeId: store.id, slug: "empty-category", name: "Nothing yet", position: 2 });
  const christmas = await createBlogTag(db, { storeId: store.id, slug: "christmas", name: "Christmas" });
  const cooks = await createBlogTag(db, { storeId: store.id, slug: "for-cooks", name: "For cooks" });

  const post = (slug: string, publishedAt: Date | null, extra: Partial<NewBlogPost> = {}) =>
    createBlogPost(db, {
      storeId: store.id,
      slug,
      title: slug.replace(/-/g, " "),
      excerpt: `About ${slug}.`,
      body: [{ type: "paragraph", text: `The text of ${slug}.` }],
      heroImageUrl: `/media/blog/${slug}.svg`,
      heroImageAlt: "An illustration",
      author: "Priya Shah",
      publishedAt,
      categoryIds: [gifts.id],
      tagIds: [],
      productIds: [],
      ...extra,
    });
  await post("christmas-for-cooks", daysAgo(1), {
    categoryIds: [gifts.id, shop.id],
    tagIds: [christmas.id, cooks.id],
    productIds: [atlas.id, withdrawn.id, cookbook.id],
  });
  await post("how-we-wrap", daysAgo(3), { categoryIds: [shop.id], tagIds: [christmas.id] });
  await post("gifts-for-walkers", daysAgo(5));
  await post("a-draft", null);
  await post("next-week", new Date(Date.now() + 7 * DAY));
  await createBlogPost(db, {
    storeId: hidden.id,
    slug: "hidden-shop-post",
    title: "Hidden shop",
    excerpt: "",
    body: [],
    heroImageUrl: "/media/blog/x.svg",
    heroImageAlt: "",
    author: "A",
    publishedAt: daysAgo(1),
    categoryIds: [],
    tagIds: [],
    productIds: [],
  });
  await createBlogPost(db, {
    storeId: hidden.id,
    slug: "hidden-books",
    title: "Books",
    excerpt: "",
    body: [],
    heroImageUrl: "/media/blog/y.svg",
    heroImageAlt: "",
    author: "A",
    publishedAt: daysAgo(1),
    categoryIds: [],
    tagIds: [],
    productIds: [
      (
        await createProduct(db, {
          storeId: hidden.id,
          productTypeId: (await createProductType(db, { storeId: hidden.id, code: "book", name: "Book" })).id,
          slug: "hidden-book",
          name: "Hidden book",
          variants: [{ sku: "hidden-book", name: "Hardback", prices: { GBP: { amount: 999 } } }],
        })
      ).id,
    ],
  });

  app = await buildApp({ db, apiKeys: [API_KEY], tokenSecret: TEST_TOKEN_SECRET, storeCacheTtlMs: 0 });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function listPosts(query: Record<string, string | number>, requestHeaders = headers) {
  const response = await app.inject({
    method: "GET",
    url: "/blog-posts",
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: requestHeaders,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ListBlogPostsResponseSchema.parse(response.json()).data;
}

describe("GET /blog-posts", () => {
  it("lists published posts newest first, never drafts or scheduled ones, without bodies", async () => {
    const page = await listPosts({});
    expect(page.results.map((post) => post.slug)).toEqual(["christmas-for-cooks", "how-we-wrap", "gifts-for-walkers"]);
    expect(page.total).toBe(3);
    expect(page.results[0]).toMatchObject({
      title: "christmas for cooks",
      excerpt: "About christmas-for-cooks.",
      heroImage: { url: "/media/blog/christmas-for-cooks.svg", alt: "An illustration" },
      author: "Priya Shah",
      categories: [
        { slug: "gift-guides", name: "Gift guides" },
        { slug: "from-the-shop", name: "From the shop" },
      ],
      tags: [
        { slug: "christmas", name: "Christmas" },
        { slug: "for-cooks", name: "For cooks" },
      ],
    });
    expect(page.results[0]!.body).toBeUndefined();
    expect(page.results[0]!.relatedProducts).toBeUndefined();
  });

  it("filters by category and by tag, and pages with PageNumber and PageSize", async () => {
    expect((await listPosts({ CategorySlug: "from-the-shop" })).results.map((post) => post.slug)).toEqual([
      "christmas-for-cooks",
      "how-we-wrap",
    ]);
    expect((await listPosts({ Tag: "for-cooks" })).results.map((post) => post.slug)).toEqual(["christmas-for-cooks"]);
    expect((await listPosts({ Tag: "christmas", CategorySlug: "gift-guides" })).results.map((post) => post.slug)).toEqual([
      "christmas-for-cooks",
    ]);
    const second = await listPosts({ PageNumber: 2, PageSize: 2 });
    expect(second).toMatchObject({ total: 3, pageNumber: 2, pageSize: 2, totalPages: 2 });
    expect(second.results.map((post) => post.slug)).toEqual(["gifts-for-walkers"]);
    const past = await listPosts({ PageNumber: 9, PageSize: 2 });
    expect(past).toMatchObject({ results: [], total: 3, totalPages: 2 });
    expect((await listPosts({ Tag: "no-such-tag" })).total).toBe(0);
  });

  it("gives one post by slug with its body and its published books in the post's order", async () => {
    const [post] = (await listPosts({ Slug: "christmas-for-cooks" })).results;
    expect(post!.body).toEqual([{ type: "paragraph", text: "The text of christmas-for-cooks." }]);
    expect(post!.relatedProducts!.map((product) => product.slug)).toEqual(["a-walkers-atlas", "the-salt-kitchen"]);
    expect(post!.relatedProducts![0]!.price).toMatchObject({ currencyCode: "GBP" });
    expect((await listPosts({ Slug: "a-draft" })).results).toEqual([]);
    expect((await listPosts({ Slug: "next-week" })).results).toEqual([]);
  });

  it("keeps to the caller's store, and shows no books where the store hides products from visitors", async () => {
    const hidden = await listPosts({}, hiddenHeaders);
    expect(hidden.results.map((post) => post.slug).sort()).toEqual(["hidden-books", "hidden-shop-post"]);
    const [post] = (await listPosts({ Slug: "hidden-books" }, hiddenHeaders)).results;
    expect(post!.relatedProducts).toEqual([]);
  });

  it.each([
    ["a slug that is no slug", { Slug: "Not A Slug" }],
    ["a page size over the most", { PageSize: "49" }],
    ["page zero", { PageNumber: "0" }],
    ["an unknown parameter", { Author: "x" }],
    ["a tag too long", { Tag: "a".repeat(201) }],
  ])("answers 400 with an errors list for %s", async (_name, query) => {
    const response = await app.inject({ method: "GET", url: "/blog-posts", query, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
  });
});

describe("a post's books when it links many", () => {
  it("shows the first published books in the post's order, however many unpublished ones come before them", async () => {
    const db = database.db;
    const store = await createStore(db, { key: "linking-store", name: "Linking" });
    const productType = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
    // Forty withdrawn books first, then ten on sale: more links than one read of a post's links takes.
    const slugs = [...Array.from({ length: 40 }, (_, i) => `withdrawn-${i}`), ...Array.from({ length: 10 }, (_, i) => `on-sale-${i}`)];
    const productIds = await createProductsBulk(
      db,
      slugs.map((slug) => ({
        storeId: store.id,
        productTypeId: productType.id,
        slug,
        name: slug,
        isPublished: slug.startsWith("on-sale"),
        variants: [{ sku: slug, name: "Paperback", prices: { GBP: { amount: 999 } } }],
      })),
    );
    await createBlogPost(db, {
      storeId: store.id,
      slug: "a-long-reading-list",
      title: "A long reading list",
      excerpt: "",
      body: [],
      heroImageUrl: "/media/blog/list.svg",
      heroImageAlt: "",
      author: "Priya Shah",
      publishedAt: daysAgo(1),
      categoryIds: [],
      tagIds: [],
      productIds,
    });
    const [post] = (await listPosts({ Slug: "a-long-reading-list" }, { ...headers, storekey: "linking-store" })).results;
    expect(post!.relatedProducts!.map((product) => product.slug)).toEqual(Array.from({ length: 8 }, (_, i) => `on-sale-${i}`));
  });
});

describe("GET /blog-categories", () => {
  it("gives a category by slug with its published posts counted, or 404 blog_category_not_found", async () => {
    const found = await app.inject({ method: "GET", url: "/blog-categories/by-slug?slug=gift-guides", headers });
    expect(BlogCategoryResponseSchema.parse(found.json()).data).toMatchObject({
      slug: "gift-guides",
      name: "Gift guides",
      description: "Ideas.",
      postCount: 2,
    });
    const missing = await app.inject({ method: "GET", url: "/blog-categories/by-slug?slug=no-such-category", headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe("blog_category_not_found");
    const bad = await app.inject({ method: "GET", url: "/blog-categories/by-slug?slug=..%2Fetc", headers });
    expect(bad.statusCode).toBe(400);
    const none = await app.inject({ method: "GET", url: "/blog-categories/by-slug", headers });
    expect(none.statusCode).toBe(400);
  });

  it("lists the categories in order and the tags in use, most used first", async () => {
    const response = await app.inject({ method: "GET", url: "/blog-categories", headers });
    const { results, tags } = ListBlogCategoriesResponseSchema.parse(response.json()).data;
    expect(results.map((category) => [category.slug, category.postCount])).toEqual([
      ["gift-guides", 2],
      ["from-the-shop", 2],
      ["empty-category", 0],
    ]);
    expect(tags).toEqual([
      { slug: "christmas", name: "Christmas", postCount: 2 },
      { slug: "for-cooks", name: "For cooks", postCount: 1 },
    ]);
  });
});
