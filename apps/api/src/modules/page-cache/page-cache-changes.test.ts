import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sqlRows } from "../../db/sql-rows";
import { createCategory } from "../../testing/factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { drainJobs } from "../../testing/test-jobs";
import { createCheckoutTestShop, placeGuestOrder } from "../checkout/checkout-test-shop";
import { openInvalidationStream } from "./page-cache-test-stream";

// Every change a public page shows, made as a merchant (or a shopper) makes it, is told on GET /cache/invalidations
// with exactly the surrogate keys of the pages it makes stale (decision 064): stock a shopper can see, categories and
// what they list, the menu, content pages, the blog and the redirects.

const ADMIN_KEY = "page-cache-admin-key-0000";
const api = useTestApi(
  async (db) => {
    // Stock shows as in stock, low (5 or fewer) or out of stock, without counts.
    const shop = await createCheckoutTestShop(db, { inventoryAvailability: "LowStockAlert", lowStockThreshold: 5 });
    const storeId = shop.store.id;
    const gifts = await createCategory(db, { storeId, slug: "gifts", name: "Gifts" });
    const forHer = await createCategory(db, { storeId, slug: "for-her", name: "For Her", parentId: gifts.id });
    const classics = await createCategory(db, { storeId, slug: "classics", name: "Classics" });
    return { ...shop, categories: { gifts, forHer, classics } };
  },
  { adminApiKeys: [ADMIN_KEY] },
);

type Method = "GET" | "POST" | "PUT" | "DELETE";
/** A call of the admin API with the merchant's key; fails the test unless it succeeds. */
async function asMerchant(method: Method, url: string, payload?: object | string, headers: Record<string, string> = {}) {
  const response = await api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

/** How long a notice may take to be told: it is sent when the change commits, so a wait this long means never. */
const TOLD_WITHIN_MS = 15_000;

/** The stream, open and past its `ready`; `told` answers the next notice's data. */
async function listen() {
  const stream = await openInvalidationStream(api.app);
  expect(await stream.next()).toEqual({ event: "ready", data: {} });
  return {
    told: async () => {
      let timer: NodeJS.Timeout | undefined;
      const silence = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`nothing was told within ${TOLD_WITHIN_MS / 1000} s`)), TOLD_WITHIN_MS);
      });
      const next = await Promise.race([stream.next(), silence]).finally(() => clearTimeout(timer));
      expect(next.event).toBe("invalidate");
      return next.data;
    },
    close: stream.close,
  };
}

const setStock = (variantId: number, quantity: number) =>
  asMerchant("PUT", `/admin/variants/${variantId}/stock`, { quantity, reason: "count" });

/** The keys an answer of the storefront's API names in its Surrogate-Key header. */
async function keysOf(url: string) {
  const answer = await api.app.inject({ method: "GET", url, headers: TEST_HEADERS });
  expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
  return String(answer.headers["surrogate-key"] ?? "").split(" ");
}

describe("what a change of stock makes the page caches forget", () => {
  it("names the product when a count changes what its page says (out of stock, low, back), and nothing when it does not", async () => {
    const { products, variants } = api.seeded;
    const stream = await listen();
    // 50 to 30: still "in stock", so no page changes; the next notice is the sold-out book's, back in stock.
    await setStock(variants.tiered, 30);
    await setStock(variants.soldOut, 12);
    expect(await stream.told()).toEqual({ keys: [`product:${products.soldOut.id}`] });
    // 30 to 4: low.
    await setStock(variants.tiered, 4);
    expect(await stream.told()).toEqual({ keys: [`product:${products.tiered.id}`] });
    // 12 to 9, still in stock; then the sold-out book's count is taken back to none: out of stock.
    await asMerchant("POST", `/admin/variants/${variants.soldOut}/stock-adjustments`, { delta: -3, reason: "damaged" });
    await setStock(variants.soldOut, 0);
    expect(await stream.told()).toEqual({ keys: [`product:${products.soldOut.id}`] });
    stream.close();
  });

  it("names the product when an order takes its last copies", async () => {
    const { products, variants } = api.seeded;
    await setStock(variants.tiered, 2);
    const stream = await listen();
    await placeGuestOrder(() => api.app, api.seeded, 2);
    expect(await stream.told()).toEqual({ keys: [`product:${products.tiered.id}`] });
    stream.close();
  });

  it("names the product when a catalogue import sets its count to none", async () => {
    const { products, variants } = api.seeded;
    await setStock(variants.gbpOnly, 9);
    const stream = await listen();
    // Only the count differs from what the shop has.
    const file = "handle,name,sku,variant_name,stock,price_GBP\ngbp-only,Gbp-only,GBPONLY,Paperback,0,5.00";
    const started = await asMerchant("POST", "/admin/catalogue/imports?format=quire", file, { "content-type": "text/csv" });
    await drainJobs(api.database.db, { only: ["catalogue-import"] });
    const finished = await asMerchant("GET", `/admin/catalogue/imports/${started.json().data.id}`);
    expect(finished.json().data).toMatchObject({ status: "succeeded", updated: 1 });
    expect(await stream.told()).toEqual({ keys: [`product:${products.gbpOnly.id}`] });
    stream.close();
  });
});

describe("what a change of the catalogue's categories makes the page caches forget", () => {
  it("names a category created or changed, and the menu, whose navigation is made of the category tree", async () => {
    const { gifts, classics } = api.seeded.categories;
    const stream = await listen();
    const created = await asMerchant("POST", "/admin/categories", { slug: "poetry", name: "Poetry", parentId: gifts.id });
    expect(await stream.told()).toEqual({ keys: [`category:${created.json().data.id}`, "menu"] });
    await asMerchant("PUT", `/admin/categories/${classics.id}`, { name: "The Classics" });
    expect(await stream.told()).toEqual({ keys: [`category:${classics.id}`, "menu"] });
    stream.close();
    expect(await keysOf("/categories/tree")).toEqual(["menu"]);
  });

  it("names the categories a product leaves and joins, and those above them, beside the product", async () => {
    const { products, categories } = api.seeded;
    const { gifts, forHer, classics } = categories;
    const stream = await listen();
    await asMerchant("PUT", `/admin/products/${products.scarce.id}`, { categoryIds: [forHer.id] });
    expect(await stream.told()).toEqual({ keys: [`product:${products.scarce.id}`, "catalog"] });
    expect(await stream.told()).toEqual({ keys: [`category:${gifts.id}`, `category:${forHer.id}`] });
    expect(await keysOf("/products?CategorySlug=gifts")).toEqual([`category:${gifts.id}`, `product:${products.scarce.id}`]);

    await asMerchant("PUT", `/admin/products/${products.scarce.id}`, { categoryIds: [classics.id] });
    expect(await stream.told()).toEqual({ keys: [`product:${products.scarce.id}`, "catalog"] });
    expect(await stream.told()).toEqual({ keys: [`category:${gifts.id}`, `category:${forHer.id}`, `category:${classics.id}`] });

    // Any other change of a listed product changes its categories' lists too (their order, counts and price range).
    await asMerchant("PUT", `/admin/products/${products.scarce.id}`, { name: "Scarce, Revised" });
    expect(await stream.told()).toEqual({ keys: [`product:${products.scarce.id}`, "catalog"] });
    expect(await stream.told()).toEqual({ keys: [`category:${classics.id}`] });
    stream.close();
  });
});

describe("what a change of the merchant's content makes the page caches forget", () => {
  it("names the menu when the menu is set", async () => {
    const stream = await listen();
    await asMerchant("PUT", "/admin/menus/main", { name: "Main", items: [{ label: "Gifts", url: "/store/gifts" }] });
    expect(await stream.told()).toEqual({ keys: ["menu"] });
    stream.close();
  });

  it("names a content page created, changed and deleted, and forgets everything when its address moves", async () => {
    const stream = await listen();
    const created = await asMerchant("POST", "/admin/pages", { url: "/about-us", title: "About us" });
    const id = created.json().data.id as number;
    expect(await stream.told()).toEqual({ keys: [`content:${id}`] });
    expect(await keysOf("/pages/by-url?url=/about-us")).toEqual([`content:${id}`]);

    await asMerchant("PUT", `/admin/pages/${id}`, { title: "About the shop" });
    expect(await stream.told()).toEqual({ keys: [`content:${id}`] });
    // A new address leaves a redirect from the old one: any page kept may be one that must now redirect.
    await asMerchant("PUT", `/admin/pages/${id}`, { url: "/about" });
    expect(await stream.told()).toEqual({ all: true });
    expect(await stream.told()).toEqual({ keys: [`content:${id}`] });
    await asMerchant("DELETE", `/admin/pages/${id}`);
    expect(await stream.told()).toEqual({ keys: [`content:${id}`] });
    stream.close();
  });

  it("names the blog when a post is written, changed or deleted, as every answer of the blog does", async () => {
    const { products } = api.seeded;
    const stream = await listen();
    const post = {
      slug: "a-winter-reading-list",
      title: "A winter reading list",
      markdown: "Books for the dark evenings.",
      author: "The shop",
      publishedAt: "2026-01-05T09:00:00.000Z",
      productIds: [products.plain.id],
    };
    const created = await asMerchant("POST", "/admin/blog-posts", post);
    expect(await stream.told()).toEqual({ keys: ["blog"] });
    await asMerchant("PUT", `/admin/blog-posts/${created.json().data.id}`, { title: "Winter reading" });
    expect(await stream.told()).toEqual({ keys: ["blog"] });

    expect(await keysOf(`/blog-posts?Slug=${post.slug}`)).toEqual(["blog", `product:${products.plain.id}`]);
    expect(await keysOf("/blog-posts")).toEqual(["blog"]);
    expect(await keysOf("/blog-categories")).toEqual(["blog"]);

    await asMerchant("DELETE", `/admin/blog-posts/${created.json().data.id}`);
    expect(await stream.told()).toEqual({ keys: ["blog"] });
    stream.close();
  });

  it("forgets everything when a redirect is added, changed or removed: the storefront answers redirects before any page", async () => {
    const stream = await listen();
    const created = await asMerchant("POST", "/admin/redirects", { oldUrl: "/old-gifts", newUrl: "/store/gifts" });
    expect(await stream.told()).toEqual({ all: true });
    await asMerchant("PUT", `/admin/redirects/${created.json().data.id}`, { newUrl: "/store/classics" });
    expect(await stream.told()).toEqual({ all: true });
    await asMerchant("DELETE", `/admin/redirects/${created.json().data.id}`);
    expect(await stream.told()).toEqual({ all: true });
    stream.close();
  });
});

describe("what a scheduled post's time coming makes the page caches forget", () => {
  /** The blog-post-live jobs queued for a post, the soonest first: when each may run and what it carries. */
  const goingLiveJobs = (postId: number) =>
    sqlRows<{ id: string; startAfter: Date | string; data: unknown }>(
      api.database.db,
      sql`select id, start_after as "startAfter", data from pgboss.job
           where name = 'blog-post-live' and data ->> 'postId' = ${String(postId)} order by start_after`,
    );
  const whenDue = async (postId: number) => (await goingLiveJobs(postId)).map((job) => new Date(job.startAfter).toISOString());
  /** The time of these jobs comes (a second ago), as the clock would bring it. */
  const makeDue = (jobIds: string[]) => {
    const ids = sql.join(
      jobIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    return api.database.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where id in (${ids})`);
  };
  const runGoingLiveJobs = () => drainJobs(api.database.db, { only: ["blog-post-live"] });
  const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();
  const writePost = async (slug: string, publishedAt: string | null) => {
    const post = { slug, title: slug, markdown: "Soon.", author: "The shop", publishedAt };
    const created = await asMerchant("POST", "/admin/blog-posts", post);
    return created.json().data as { id: number; status: string };
  };

  it("names the blog when the post's time comes, by a job queued for that time when the post was scheduled", async () => {
    const { store } = api.seeded;
    const stream = await listen();
    const publishedAt = inAnHour();
    const post = await writePost("coming-soon", publishedAt);
    expect(post.status).toBe("scheduled");
    expect(await stream.told()).toEqual({ keys: ["blog"] });
    const [job, ...more] = await goingLiveJobs(post.id);
    expect(more).toEqual([]);
    expect({ startAfter: new Date(job!.startAfter).toISOString(), data: job!.data }).toEqual({
      startAfter: publishedAt,
      data: { storeId: store.id, postId: post.id },
    });
    // Another change that keeps the post's time queues nothing more: the job for that time is there.
    await asMerchant("PUT", `/admin/blog-posts/${post.id}`, { title: "Coming very soon" });
    expect(await stream.told()).toEqual({ keys: ["blog"] });
    expect(await whenDue(post.id)).toEqual([publishedAt]);
    expect(await runGoingLiveJobs()).toMatchObject({ completed: 0 });

    // The hour passes: the post's time and its job's.
    await api.database.db.execute(sql`update blog_posts set published_at = now() - interval '1 second' where id = ${post.id}`);
    await makeDue([job!.id]);
    expect(await runGoingLiveJobs()).toMatchObject({ completed: 1 });
    expect(await stream.told()).toEqual({ keys: ["blog"] });
    stream.close();
  });

  it("says nothing when the post was made a draft or moved later before its time; the later time has a job of its own", async () => {
    const stream = await listen();
    const withdrawn = await writePost("withdrawn", inAnHour());
    await asMerchant("PUT", `/admin/blog-posts/${withdrawn.id}`, { publishedAt: null });
    const postponed = await writePost("postponed", inAnHour());
    const later = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
    await asMerchant("PUT", `/admin/blog-posts/${postponed.id}`, { publishedAt: later });
    for (let write = 0; write < 4; write++) expect(await stream.told()).toEqual({ keys: ["blog"] });
    const [postponedFirst, postponedLater] = await goingLiveJobs(postponed.id);
    expect(new Date(postponedLater!.startAfter).toISOString()).toBe(later);

    // The first times come; the posts are not live, so their jobs run and say nothing: the next notice is the menu's.
    await makeDue([...(await goingLiveJobs(withdrawn.id)).map((job) => job.id), postponedFirst!.id]);
    expect(await runGoingLiveJobs()).toMatchObject({ completed: 2 });
    await asMerchant("PUT", "/admin/menus/footer", { name: "Footer", items: [{ label: "Classics", url: "/store/classics" }] });
    expect(await stream.told()).toEqual({ keys: ["menu"] });
    stream.close();
  });

  it("queues no job for a post published at once or kept a draft", async () => {
    const published = await writePost("out-now", new Date(Date.now() - 60_000).toISOString());
    expect(published.status).toBe("published");
    const draft = await writePost("a-draft", null);
    await asMerchant("PUT", `/admin/blog-posts/${draft.id}`, { title: "Still a draft" });
    expect(await goingLiveJobs(published.id)).toEqual([]);
    expect(await goingLiveJobs(draft.id)).toEqual([]);
  });
});
