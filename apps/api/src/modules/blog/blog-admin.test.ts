import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPreviewToken, previewLinkSecretOf } from "../../security/preview-links";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, TEST_TOKEN_SECRET, useTestApi } from "../../testing/test-api";
import { auditLog } from "../audit/audit.tables";
import { errorCodeOf } from "../cart/cart-test-catalogue";

/*
 * The merchant's blog (decision 051): categories, posts written in Markdown, drafts kept from the public and shown
 * through a preview link; each write read back through the public blog calls the storefront makes, straight after.
 */
const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store", name: "Other" });
  const writer = await createSignedInStaff(db, { storeId: store.id, email: "writer@staff.example", role: "content" });
  const packer = await createSignedInStaff(db, { storeId: store.id, email: "packer@staff.example", role: "fulfilment" });
  const book = async (storeId: number, productTypeId: number, slug: string, isPublished = true) =>
    createProduct(db, {
      storeId,
      productTypeId,
      slug,
      name: slug,
      isPublished,
      variants: [{ sku: `${slug}-sku`, name: "Paperback", prices: { GBP: { amount: 900 } } }],
    });
  const bookType = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  const books = {
    frost: await book(store.id, bookType.id, "frost"),
    ember: await book(store.id, bookType.id, "ember"),
    draft: await book(store.id, bookType.id, "unpublished-book", false),
    foreign: await book(other.id, otherType.id, "foreign-book"),
  };
  return { store, other, writer, packer, books };
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const as = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const asWriter = (method: Method, url: string, payload?: object) => as(api.seeded.writer.token, method, url, payload);
const answerOf = async (method: Method, url: string, payload?: object) => {
  const answer = await asWriter(method, url, payload);
  return [answer.statusCode, errorCodeOf(answer)];
};
const publicGet = (url: string) => api.app.inject({ url, headers: TEST_HEADERS });
const preview = (token: string, headers: Record<string, string> = TEST_HEADERS) =>
  api.app.inject({ method: "POST", url: "/blog-posts/preview", headers, payload: { token } });
const publishedPost = async (slug: string) => (await publicGet(`/blog-posts?Slug=${slug}`)).json().data.results[0];

async function auditOf(resourceType: string, id: number) {
  return api.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resourceType, resourceType), eq(auditLog.resourceId, String(id))));
}

const HOSTILE_MARKDOWN =
  "## Reading list\n\nA *fine* book.\n\n<script>alert(1)</script>\n\n<img src=/x.png onerror=alert(2)>\n\n[win](javascript:alert(3))";

describe("the merchant's blog categories", () => {
  it("creates, renames and deletes a category; a new slug keeps the old address as a 301", async () => {
    const created = await asWriter("POST", "/admin/blog-categories", { slug: "news", name: "News", description: "From the shop" });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json().data;
    expect(category).toMatchObject({ slug: "news", name: "News", position: 0, postCount: 0 });
    expect((await publicGet("/blog-categories/by-slug?slug=news")).json().data.name).toBe("News");

    const renamed = await asWriter("PUT", `/admin/blog-categories/${category.id}`, { slug: "shop-news", name: "Shop news" });
    expect(renamed.json().data).toMatchObject({ slug: "shop-news", name: "Shop news" });
    expect((await publicGet("/redirects")).json().data.results).toContainEqual({
      oldUrl: "/blog/category/news",
      newUrl: "/blog/category/shop-news",
    });
    expect((await asWriter("GET", "/admin/blog-categories")).json().data.categories).toContainEqual(renamed.json().data);

    await asWriter("POST", "/admin/blog-categories", { slug: "events", name: "Events" });
    expect(await answerOf("POST", "/admin/blog-categories", { slug: "events", name: "Again" })).toEqual([409, "blog_category_taken"]);
    expect(await answerOf("PUT", `/admin/blog-categories/${category.id}`, { slug: "events" })).toEqual([409, "blog_category_taken"]);
    expect(await answerOf("PUT", "/admin/blog-categories/2147483647", { name: "Nobody" })).toEqual([404, "blog_category_not_found"]);

    expect((await asWriter("DELETE", `/admin/blog-categories/${category.id}`)).statusCode).toBe(204);
    expect((await publicGet("/blog-categories/by-slug?slug=shop-news")).statusCode).toBe(404);
    expect(await answerOf("DELETE", `/admin/blog-categories/${category.id}`)).toEqual([404, "blog_category_not_found"]);
    expect((await auditOf("blog_category", category.id)).map((row) => [row.operation, row.changes?.slug])).toEqual([
      ["createAdminBlogCategory", { before: null, after: "news" }],
      ["updateAdminBlogCategory", { before: "news", after: "shop-news" }],
      ["deleteAdminBlogCategory", { before: "shop-news", after: null }],
    ]);
  });
});

describe("the merchant's blog posts", () => {
  it("publishes a post written in Markdown, which the blog serves at once, sanitised, with its category and tags", async () => {
    await asWriter("POST", "/admin/blog-categories", { slug: "reviews", name: "Reviews" });
    const created = await asWriter("POST", "/admin/blog-posts", {
      slug: "winter-reads",
      title: "Winter reads",
      excerpt: "Books for long nights",
      markdown: HOSTILE_MARKDOWN,
      author: "Ada",
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
      categorySlugs: ["reviews"],
      tags: [
        { slug: "winter", name: "Winter" },
        { slug: "novels", name: "Novels" },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json().data;
    expect(post).toMatchObject({
      status: "published",
      markdown: HOSTILE_MARKDOWN,
      heroImage: { url: "/media/blog/winter-reads.svg", alt: "" },
      categories: [{ slug: "reviews", name: "Reviews" }],
      tags: [
        { slug: "novels", name: "Novels" },
        { slug: "winter", name: "Winter" },
      ],
    });

    const served = await publishedPost("winter-reads");
    expect(served).toMatchObject({ title: "Winter reads", categories: [{ slug: "reviews" }] });
    const [block] = served.body;
    expect(block.type).toBe("markdown");
    expect(block.html).toContain("<h2>Reading list</h2>");
    expect(block.html).toContain("<em>fine</em>");
    expect(block.html).not.toMatch(/<script|onerror|javascript:/i);
    expect((await publicGet("/blog-posts?Tag=winter")).json().data.total).toBe(1);

    const [entry] = await auditOf("blog_post", post.id);
    expect(entry).toMatchObject({ operation: "createAdminBlogPost", actorType: "staff" });
    expect(entry!.changes?.markdown).toEqual({ before: null, after: HOSTILE_MARKDOWN });
  });

  it("keeps a draft from the blog and shows it through its preview link; a tampered, foreign or expired link is refused", async () => {
    const draft = (
      await asWriter("POST", "/admin/blog-posts", { slug: "coming-soon", title: "Coming soon", markdown: "Not yet.", author: "Ada" })
    ).json().data;
    expect(draft).toMatchObject({ status: "draft", publishedAt: null });
    expect(await publishedPost("coming-soon")).toBeUndefined();

    const link = await asWriter("POST", `/admin/blog-posts/${draft.id}/preview-link`);
    expect(link.statusCode, link.body).toBe(200);
    const { token, url } = link.json().data;
    expect(url).toBe(`http://localhost:3000/blog/post/coming-soon?preview=${encodeURIComponent(token)}`);
    const shown = await preview(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers["cache-control"]).toBe("private, no-store");
    expect(shown.json().data).toMatchObject({ slug: "coming-soon", publishedAt: null, relatedProducts: [] });
    expect(shown.json().data.body[0].html).toBe("<p>Not yet.</p>\n");
    expect((await auditOf("blog_post", draft.id)).map((row) => row.operation)).toContain("createAdminBlogPostPreviewLink");

    const tampered = token.replace(/^\d+/, String(draft.id + 1));
    expect(errorCodeOf(await preview(tampered))).toBe("blog_preview_link_invalid");
    expect(errorCodeOf(await preview(token, { ...TEST_HEADERS, storekey: "other-store" }))).toBe("blog_preview_link_invalid");
    const secret = previewLinkSecretOf(TEST_TOKEN_SECRET);
    const old = createPreviewToken(
      secret,
      { storeId: api.seeded.store.id, kind: "post", id: draft.id },
      new Date(Date.now() - 8 * 86_400_000),
    );
    const expired = await preview(old.token);
    expect([expired.statusCode, errorCodeOf(expired)]).toEqual([410, "blog_preview_link_expired"]);

    // Published, it is on the blog; a scheduled post is not yet.
    await asWriter("PUT", `/admin/blog-posts/${draft.id}`, { publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await asWriter("GET", `/admin/blog-posts/${draft.id}`)).json().data.status).toBe("scheduled");
    expect(await publishedPost("coming-soon")).toBeUndefined();
    await asWriter("PUT", `/admin/blog-posts/${draft.id}`, { publishedAt: new Date(Date.now() - 1000).toISOString() });
    expect((await publishedPost("coming-soon")).title).toBe("Coming soon");

    // Deleted, its link opens nothing.
    expect((await asWriter("DELETE", `/admin/blog-posts/${draft.id}`)).statusCode).toBe(204);
    expect(errorCodeOf(await preview(token))).toBe("blog_preview_link_invalid");
    expect(await publishedPost("coming-soon")).toBeUndefined();
    expect(await answerOf("GET", `/admin/blog-posts/${draft.id}`)).toEqual([404, "blog_post_not_found"]);
  });

  it("moves a published post's address with a 301 when its slug changes, but not a draft's", async () => {
    const live = (
      await asWriter("POST", "/admin/blog-posts", {
        slug: "first-name",
        title: "Moving",
        markdown: "Text",
        author: "Ada",
        publishedAt: new Date(Date.now() - 1000).toISOString(),
      })
    ).json().data;
    const moved = await asWriter("PUT", `/admin/blog-posts/${live.id}`, { slug: "second-name", markdown: "New *text*" });
    expect(moved.json().data).toMatchObject({ slug: "second-name", markdown: "New *text*" });
    expect((await publishedPost("second-name")).body[0].html).toBe("<p>New <em>text</em></p>\n");
    const redirects = (await publicGet("/redirects")).json().data.results;
    expect(redirects).toContainEqual({ oldUrl: "/blog/post/first-name", newUrl: "/blog/post/second-name" });

    const draft = (await asWriter("POST", "/admin/blog-posts", { slug: "draft-name", title: "Draft", markdown: "x", author: "Ada" })).json()
      .data;
    await asWriter("PUT", `/admin/blog-posts/${draft.id}`, { slug: "draft-renamed" });
    expect((await publicGet("/redirects")).json().data.results).not.toContainEqual(
      expect.objectContaining({ oldUrl: "/blog/post/draft-name" }),
    );

    const update = (await auditOf("blog_post", live.id)).find((row) => row.operation === "updateAdminBlogPost");
    expect(update?.changes).toMatchObject({
      slug: { before: "first-name", after: "second-name" },
      markdown: { before: "Text", after: "New *text*" },
    });
  });

  it("lists posts by status in keyset pages, and refuses taken slugs, unknown categories and posts, and bad links", async () => {
    const a = (await asWriter("POST", "/admin/blog-posts", { slug: "listed-a", title: "Listed A", markdown: "a", author: "Ada" })).json()
      .data;
    const b = (await asWriter("POST", "/admin/blog-posts", { slug: "listed-b", title: "Listed B", markdown: "b", author: "Ada" })).json()
      .data;
    const first = (await asWriter("GET", "/admin/blog-posts?search=listed&status=draft&limit=1")).json().data;
    expect(first.posts.map((post: { id: number }) => post.id)).toEqual([b.id]);
    expect(first.posts[0]).not.toHaveProperty("markdown");
    const next = (await asWriter("GET", `/admin/blog-posts?search=listed&status=draft&limit=1&before=${first.nextBefore}`)).json().data;
    expect(next).toMatchObject({ posts: [{ id: a.id }], nextBefore: null });
    expect((await asWriter("GET", "/admin/blog-posts?search=listed&status=published")).json().data.posts).toEqual([]);

    const post = { title: "T", markdown: "m", author: "Ada" };
    expect(await answerOf("POST", "/admin/blog-posts", { ...post, slug: "listed-a" })).toEqual([409, "blog_post_slug_taken"]);
    expect(await answerOf("PUT", `/admin/blog-posts/${b.id}`, { slug: "listed-a" })).toEqual([409, "blog_post_slug_taken"]);
    expect(await answerOf("POST", "/admin/blog-posts", { ...post, slug: "nowhere", categorySlugs: ["no-such-category"] })).toEqual([
      404,
      "blog_category_not_found",
    ]);
    expect(await answerOf("PUT", "/admin/blog-posts/2147483647", { title: "Nobody" })).toEqual([404, "blog_post_not_found"]);
    expect(await answerOf("POST", "/admin/blog-posts/2147483647/preview-link")).toEqual([404, "blog_post_not_found"]);
    expect(await answerOf("DELETE", "/admin/blog-posts/2147483647")).toEqual([404, "blog_post_not_found"]);
    const badPicture = { ...post, slug: "bad-picture", heroImage: { url: "javascript:alert(1)", alt: "" } };
    expect(await answerOf("POST", "/admin/blog-posts", badPicture)).toEqual([400, "invalid_input"]);
    expect(await answerOf("POST", "/admin/blog-posts", { ...post, slug: "Not A Slug" })).toEqual([400, "invalid_input"]);
  });

  it("is the content permission's: fulfilment may not write or read the blog", async () => {
    for (const [method, url, body] of [
      ["GET", "/admin/blog-posts"],
      ["POST", "/admin/blog-posts", { slug: "packed", title: "Packed", markdown: "x", author: "P" }],
      ["POST", "/admin/blog-categories", { slug: "packed", name: "Packed" }],
    ] as const) {
      const answer = await as(api.seeded.packer.token, method, url, body);
      expect([answer.statusCode, errorCodeOf(answer)], `${method} ${url}`).toEqual([403, "permission_denied"]);
    }
  });
});

describe("a blog post's books", () => {
  it("names the store's books in order, shown by the blog (the published ones) and the admin read, and audited", async () => {
    const { frost, ember, draft, foreign } = api.seeded.books;
    const created = await asWriter("POST", "/admin/blog-posts", {
      slug: "cold-books",
      title: "Cold books",
      markdown: "Two books for winter.",
      author: "Ada",
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
      productIds: [ember.id, draft.id, frost.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json().data;
    expect(post.productIds).toEqual([ember.id, draft.id, frost.id]);
    expect((await asWriter("GET", `/admin/blog-posts/${post.id}`)).json().data.productIds).toEqual([ember.id, draft.id, frost.id]);
    const slugsShown = async () =>
      ((await publishedPost("cold-books")).relatedProducts as { slug: string }[]).map((product) => product.slug);
    expect(await slugsShown()).toEqual(["ember", "frost"]);

    const reordered = await asWriter("PUT", `/admin/blog-posts/${post.id}`, { productIds: [frost.id, ember.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.productIds).toEqual([frost.id, ember.id]);
    expect(await slugsShown()).toEqual(["frost", "ember"]);
    const entries = await auditOf("blog_post", post.id);
    expect(entries.find((entry) => entry.operation === "updateAdminBlogPost")?.changes).toEqual({
      productIds: { before: [ember.id, draft.id, frost.id], after: [frost.id, ember.id] },
    });

    // Another store's product, or none at all, is not found, and nothing changes; repeats are refused.
    expect(await answerOf("PUT", `/admin/blog-posts/${post.id}`, { productIds: [frost.id, foreign.id] })).toEqual([
      404,
      "product_not_found",
    ]);
    expect(await answerOf("PUT", `/admin/blog-posts/${post.id}`, { productIds: [2147483647] })).toEqual([404, "product_not_found"]);
    expect(
      await answerOf("POST", "/admin/blog-posts", { slug: "foreign", title: "F", markdown: "x", author: "A", productIds: [foreign.id] }),
    ).toEqual([404, "product_not_found"]);
    expect((await asWriter("PUT", `/admin/blog-posts/${post.id}`, { productIds: [frost.id, frost.id] })).statusCode).toBe(400);
    expect((await asWriter("GET", `/admin/blog-posts/${post.id}`)).json().data.productIds).toEqual([frost.id, ember.id]);
    expect((await asWriter("PUT", `/admin/blog-posts/${post.id}`, { productIds: [] })).json().data.productIds).toEqual([]);
    expect(await slugsShown()).toEqual([]);
  });

  it("is the content permission's: fulfilment may not set a post's books", async () => {
    const post = (await asWriter("POST", "/admin/blog-posts", { slug: "packed", title: "P", markdown: "x", author: "A" })).json().data;
    const refused = await as(api.seeded.packer.token, "PUT", `/admin/blog-posts/${post.id}`, { productIds: [api.seeded.books.frost.id] });
    expect(refused.statusCode).toBe(403);
  });
});
