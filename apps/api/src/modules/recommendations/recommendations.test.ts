import { RecommendationsResponseSchema } from "@quire/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { createAttribute, createCategory, createProduct, createProductType, createStore } from "../../testing/factories";
import { useTestApi } from "../../testing/test-api";
import { setProductLinks } from "../catalog/catalog-writes";
import { stores } from "../stores/stores.tables";

/*
 * GET /recommendations/:type against seeded products, views and orders (issue 11, section 2): what each type
 * ranks, what none of them ever answers (the product looked at, what cannot be bought), the store policy, and
 * bad input.
 */

async function createRecommendationShop(db: Db) {
  const store = await createStore(db, { key: "test-store" });
  const other = await createStore(db, { key: "other-store", name: "Other" });
  const storeId = store.id;
  const author = await createAttribute(db, {
    storeId,
    code: "author",
    name: "Author",
    values: [
      { code: "ada", label: "Ada Reed" },
      { code: "bo", label: "Bo Lind" },
    ],
  });
  const theme = await createAttribute(db, {
    storeId,
    code: "theme",
    name: "Theme",
    values: [
      { code: "sea", label: "The sea" },
      { code: "garden", label: "Gardens" },
    ],
  });
  const type = await createProductType(db, { storeId, code: "book", name: "Book", attributeIds: [author.id, theme.id] });
  const fiction = await createCategory(db, { storeId, slug: "fiction", name: "Fiction" });
  const poetry = await createCategory(db, { storeId, slug: "poetry", name: "Poetry" });
  const book = (
    slug: string,
    input: { author: string; theme: string; category: number; popularity: number; stock?: number; isPublished?: boolean },
  ) =>
    createProduct(db, {
      storeId,
      productTypeId: type.id,
      slug,
      name: slug,
      popularity: input.popularity,
      isPublished: input.isPublished ?? true,
      categoryIds: [input.category],
      attributeValueIds: [author.valueIds.get(input.author)!, theme.valueIds.get(input.theme)!],
      variants: [{ sku: `SKU-${slug}`, name: "Paperback", stockQuantity: input.stock ?? 10, prices: { GBP: { amount: 1000 } } }],
    });
  // Popularity runs against similarity, so an order by likeness cannot be an order by sales.
  const products = {
    source: await book("source", { author: "ada", theme: "sea", category: fiction.id, popularity: 50 }),
    sameAuthor: await book("same-author", { author: "ada", theme: "garden", category: poetry.id, popularity: 10 }),
    sameTheme: await book("same-theme", { author: "bo", theme: "sea", category: fiction.id, popularity: 20 }),
    unlike: await book("unlike", { author: "bo", theme: "garden", category: poetry.id, popularity: 90 }),
    soldOut: await book("sold-out", { author: "ada", theme: "sea", category: fiction.id, popularity: 80, stock: 0 }),
    draft: await book("draft", { author: "ada", theme: "sea", category: fiction.id, popularity: 70, isPublished: false }),
  };
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  const otherProduct = await createProduct(db, {
    storeId: other.id,
    productTypeId: otherType.id,
    slug: "elsewhere",
    name: "Elsewhere",
    variants: [{ sku: "OTHER-1", name: "Paperback", prices: { GBP: { amount: 1000 } } }],
  });
  return { store, products, otherProduct };
}

const api = useTestApi(createRecommendationShop);
const variantOf = (product: { variants: { id: number }[] }) => product.variants[0]!.id;

async function recommended(type: string, query = "") {
  const response = await api.get(`/recommendations/${type}${query ? `?${query}` : ""}`);
  expect(response.statusCode, response.body).toBe(200);
  return RecommendationsResponseSchema.parse(response.json()).data.results.map((card) => card.slug);
}

/** Orders of the store holding these products, placed `daysAgo` days ago. */
async function placeOrder(products: { variants: { id: number }[] }[], options: { daysAgo?: number; status?: string } = {}) {
  const db = api.database.db;
  const address = JSON.stringify({
    firstName: "Ann",
    lastName: "Buyer",
    line1: "1 High Street",
    city: "London",
    postcode: "SW1A 1AA",
    countryCode: "GB",
  });
  const [order] = (
    (await db.execute(sql`
      with cart as (insert into carts (store_id, anonymous_id, status) values (${api.seeded.store.id}, gen_random_uuid()::text, 'ordered') returning id)
      insert into orders (public_id, store_id, cart_id, status, email, first_name, last_name, currency_code, prices_include_tax,
        sub_total, discount_total, delivery_charge, tax_total, grand_total, tax_lines, discount_lines, delivery_address, billing_address,
        delivery_option_name, delivery_option_kind, payment_due_by, placed_at)
      select 'QB-' || nextval('order_number_seq'), ${api.seeded.store.id}, cart.id, ${options.status ?? "confirmed"}, 'ann@example.com', 'Ann',
        'Buyer', 'GBP', true, 1000, 0, 0, 0, 1000, '[]', '[]', ${address}::jsonb, ${address}::jsonb, 'Standard', 'standard',
        now() + interval '1 hour', now() - make_interval(days => ${options.daysAgo ?? 0})
      from cart returning id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  for (const [position, product] of products.entries()) {
    await db.execute(sql`
      insert into order_lines (order_id, variant_id, sku, product_name, variant_name, quantity, unit_amount, tax_class, addons, total,
        reserved_quantity, position)
      values (${order!.id}, ${variantOf(product)}, 'SKU', 'Book', 'Paperback', 1, 1000, 'books', '[]', 1000, 1, ${position})`);
  }
}

/** `count` views of the product by different visitors, `daysAgo` days ago. */
async function view(product: { variants: { id: number }[] }, count: number, daysAgo = 0) {
  await api.database.db.execute(sql`
    insert into viewed_products (store_id, anonymous_id, variant_id, viewed_at)
    select ${api.seeded.store.id}, 'visitor-' || gen_random_uuid(), ${variantOf(product)}, now() - make_interval(days => ${daysAgo})
    from generate_series(1, ${count})`);
}

describe("GET /recommendations/similar", () => {
  it("ranks by what is shared (an author before a theme and a category), never the book itself or one that cannot be bought", async () => {
    const { source } = api.seeded.products;
    expect(await recommended("similar", `productVariantId=${variantOf(source)}`)).toEqual(["same-author", "same-theme"]);
  });
});

describe("GET /recommendations/bought-together", () => {
  it("ranks what the book's orders also held by how many orders held it; cancelled orders do not count", async () => {
    const { source, sameTheme, unlike, soldOut, sameAuthor } = api.seeded.products;
    await placeOrder([source, sameTheme]);
    await placeOrder([source, sameTheme, unlike]);
    await placeOrder([source, soldOut]);
    await placeOrder([source, sameAuthor], { status: "cancelled" });
    expect(await recommended("bought-together", `productVariantId=${variantOf(source)}`)).toEqual(["same-theme", "unlike"]);
    // Nothing to go by without a book.
    expect(await recommended("bought-together")).toEqual([]);
  });
});

describe("GET /recommendations/trending", () => {
  it("ranks recent views and orders, the newest counting most; old ones not at all; best sellers fill the rest", async () => {
    const { sameAuthor, sameTheme, unlike, source } = api.seeded.products;
    // One statement per call: PGlite, the embedded database, prepares each call and refuses several in one.
    for (const table of [sql`order_lines`, sql`orders`, sql`viewed_products`]) await api.database.db.execute(sql`delete from ${table}`);
    await view(sameTheme, 3); // 3
    await view(sameAuthor, 1); // 1 view and an order today: 1 + 5
    await placeOrder([sameAuthor]);
    await view(unlike, 8, 60); // outside the 30 days
    await view(source, 6, 14); // two half-lives ago: 1.5
    expect(await recommended("trending", "PageSize=3")).toEqual(["same-author", "same-theme", "source"]);
    // Looking at a book leaves it out; the best seller fills the place.
    expect(await recommended("trending", `PageSize=3&productVariantId=${variantOf(sameAuthor)}`)).toEqual([
      "same-theme",
      "source",
      "unlike",
    ]);
  });
});

describe("GET /recommendations/related", () => {
  it("answers the merchant's links in their order, then similar books, each once", async () => {
    const { source, unlike, sameAuthor } = api.seeded.products;
    expect(await setProductLinks(api.database.db, source.id, [unlike.id, sameAuthor.id, source.id, api.seeded.otherProduct.id])).toBe(true);
    expect(await recommended("related", `productVariantId=${variantOf(source)}&PageSize=3`)).toEqual([
      "unlike",
      "same-author",
      "same-theme",
    ]);
    expect(await recommended("related", `productVariantId=${variantOf(source)}&PageSize=1`)).toEqual(["unlike"]);
  });
});

describe("every type", () => {
  it("answers nothing to a visitor the store hides its products from, and cards without prices where it hides prices", async () => {
    const storeId = api.seeded.store.id;
    const query = `productVariantId=${variantOf(api.seeded.products.source)}`;
    const setPolicy = (policy: string) =>
      api.database.db.update(stores).set({ anonymousCustomerProductPolicy: policy }).where(eq(stores.id, storeId));
    try {
      await setPolicy("HiddenForUnauthorized");
      for (const type of ["similar", "trending", "bought-together", "related"]) expect(await recommended(type, query), type).toEqual([]);
      await setPolicy("HiddenPricesForUnauthorized");
      const cards = RecommendationsResponseSchema.parse((await api.get(`/recommendations/similar?${query}`)).json()).data.results;
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.every((card) => card.price === null)).toBe(true);
    } finally {
      await setPolicy("AllowedUnauthorizedCheckout");
    }
  });

  it("refuses an unknown type or bad parameters with 400, and a variant of no product of this store with 404", async () => {
    for (const url of [
      "/recommendations/popular",
      "/recommendations/similar?productVariantId=abc",
      "/recommendations/similar?productVariantId=0",
      "/recommendations/similar?PageSize=0",
      "/recommendations/similar?PageSize=25",
      "/recommendations/similar?other=1",
    ]) {
      const response = await api.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors.length, url).toBeGreaterThan(0);
    }
    for (const variantId of [2_000_000_000, variantOf(api.seeded.otherProduct)]) {
      const response = await api.get(`/recommendations/similar?productVariantId=${variantId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0].code).toBe("variant_not_found");
    }
  });
});
