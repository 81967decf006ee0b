import { describe, expect, it } from "vitest";
import { createAttribute, createCategory, createProductType, createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { drainJobs } from "../../testing/test-jobs";
import { sql } from "drizzle-orm";

const ADMIN_KEY = "catalogue-admin-key-0000";
const api = useTestApi(
  async (db) => {
    const store = await createStore(db);
    const other = await createStore(db, { key: "other-store", name: "Other" });
    const bookType = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
    const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
    const fiction = await createCategory(db, { storeId: store.id, slug: "fiction", name: "Fiction" });
    const otherCategory = await createCategory(db, { storeId: other.id, slug: "fiction", name: "Fiction" });
    const format = await createAttribute(db, {
      storeId: store.id,
      code: "format",
      name: "Format",
      values: [{ code: "hardback", label: "Hardback" }],
    });
    const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
    const content = await createSignedInStaff(db, { storeId: store.id, email: "writer@staff.example", role: "content" });
    return { store, bookType, otherType, fiction, otherCategory, hardback: format.valueIds.get("hardback")!, manager, content };
  },
  { adminApiKeys: [ADMIN_KEY] },
);

type Method = "GET" | "POST" | "PUT";
const storekey = TEST_HEADERS.storekey;
const asStaff = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({ method, url, headers: { storekey, authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const asManager = (method: Method, url: string, payload?: object) => asStaff(api.seeded.manager.token, method, url, payload);
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;

let made = 0;
/** A new book's body: its own slug and SKUs, a hardback at £12 (on sale from £15) and €14. */
function newBook(overrides: Record<string, unknown> = {}) {
  const n = ++made;
  return {
    slug: `the-new-book-${n}`,
    name: `The New Book ${n}`,
    productTypeId: api.seeded.bookType.id,
    description: "A story.\nIn two lines.",
    categoryIds: [api.seeded.fiction.id],
    attributeValueIds: [api.seeded.hardback],
    isPublished: true,
    variants: [
      {
        sku: `NEW-${n}-HB`,
        name: "Hardback",
        options: [{ code: "format", name: "Format", value: "Hardback" }],
        stockQuantity: 3,
        prices: { GBP: { amount: 1200, original: 1500 }, EUR: { amount: 1400 } },
      },
    ],
    ...overrides,
  };
}

/** The product as a shopper's API call sees it (published only). */
const shopperView = (slug: string) => api.app.inject({ method: "GET", url: `/products/slug=${slug}`, headers: TEST_HEADERS });

describe("the merchant's products", () => {
  it("creates a product with variants and prices that the shop then sells, and records it in the audit log", async () => {
    const created = await asManager("POST", "/admin/products", newBook());
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().data;
    expect(product).toMatchObject({
      name: `The New Book ${made}`,
      isPublished: true,
      categoryIds: [api.seeded.fiction.id],
      attributeValueIds: [api.seeded.hardback],
      variants: [
        {
          sku: `NEW-${made}-HB`,
          stockQuantity: 3,
          isMaster: true,
          prices: { GBP: { amount: 1200, original: 1500 }, EUR: { amount: 1400, original: null } },
        },
      ],
    });
    expect((await asManager("GET", `/admin/products/${product.id}`)).json().data).toEqual(product);

    const seen = await shopperView(product.slug);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(JSON.stringify(seen.json())).toContain(product.name);

    const log = (
      await api.app.inject({ method: "GET", url: "/admin/audit-log?resourceType=product", headers: { storekey, "admin-key": ADMIN_KEY } })
    ).json().data;
    expect(log.entries[0]).toMatchObject({
      operation: "createAdminProduct",
      resourceId: String(product.id),
      actor: { type: "staff", label: "manager@staff.example" },
      changes: { name: { before: null, after: product.name } },
    });
  });

  it("keeps an unpublished product out of the shop until it is published", async () => {
    const product = (await asManager("POST", "/admin/products", newBook({ isPublished: false }))).json().data;
    expect((await shopperView(product.slug)).statusCode).toBe(404);
    const published = await asManager("PUT", `/admin/products/${product.id}`, { isPublished: true });
    expect(published.json().data.isPublished).toBe(true);
    expect((await shopperView(product.slug)).statusCode).toBe(200);
  });

  it("moves a product to a new slug, keeping the old address as a 301, and records what changed", async () => {
    const product = (await asManager("POST", "/admin/products", newBook())).json().data;
    const moved = await asManager("PUT", `/admin/products/${product.id}`, { slug: `${product.slug}-revised`, name: "Revised" });
    expect(moved.statusCode, moved.body).toBe(200);
    const redirects = (await api.app.inject({ method: "GET", url: "/redirects?PageSize=100", headers: TEST_HEADERS })).json().data;
    expect(JSON.stringify(redirects)).toContain(
      `"oldUrl":"/store/product/${product.slug}","newUrl":"/store/product/${product.slug}-revised"`,
    );
    // Moving it back serves the first address again, and the other one leads back to it: no loop, no chain.
    await asManager("PUT", `/admin/products/${product.id}`, { slug: product.slug });
    const after = JSON.stringify(
      (await api.app.inject({ method: "GET", url: "/redirects?PageSize=100", headers: TEST_HEADERS })).json().data,
    );
    expect(after).not.toContain(`"oldUrl":"/store/product/${product.slug}"`);
    expect(after).toContain(`"oldUrl":"/store/product/${product.slug}-revised","newUrl":"/store/product/${product.slug}"`);

    const log = (
      await api.app.inject({
        method: "GET",
        url: `/admin/audit-log?resourceType=product&resourceId=${product.id}&operation=updateAdminProduct`,
        headers: { storekey, "admin-key": ADMIN_KEY },
      })
    ).json().data;
    expect(log.entries.at(-1).changes).toEqual({
      slug: { before: product.slug, after: `${product.slug}-revised` },
      name: { before: product.name, after: "Revised" },
    });
  });

  it("sets a variant's prices, a sale with its original price, in the currencies the store sells in", async () => {
    const product = (await asManager("POST", "/admin/products", newBook())).json().data;
    const variantId = product.variants[0].id;
    const priced = await asManager("PUT", `/admin/variants/${variantId}/prices`, {
      prices: { GBP: { amount: 999, original: 1200 }, USD: { amount: 1500 } },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data.variants[0].prices).toEqual({
      EUR: { amount: 1400, original: null },
      GBP: { amount: 999, original: 1200 },
      USD: { amount: 1500, original: null },
    });
    expect(codeOf(await asManager("PUT", `/admin/variants/${variantId}/prices`, { prices: { JPY: { amount: 100 } } }))).toBe(
      "currency_not_supported",
    );
    expect(
      (await asManager("PUT", `/admin/variants/${variantId}/prices`, { prices: { GBP: { amount: 1200, original: 1200 } } })).statusCode,
    ).toBe(400);
    expect(codeOf(await asManager("PUT", "/admin/variants/2147483647/prices", { prices: { GBP: { amount: 1 } } }))).toBe(
      "variant_not_found",
    );
  });

  it("refuses another store's ids, a currency the store does not sell in, a taken slug or SKU", async () => {
    const { otherType, otherCategory } = api.seeded;
    const refused = async (body: object) => {
      const answer = await asManager("POST", "/admin/products", body);
      return [answer.statusCode, codeOf(answer)];
    };
    expect(await refused(newBook({ productTypeId: otherType.id }))).toEqual([404, "product_type_not_found"]);
    expect(await refused(newBook({ categoryIds: [otherCategory.id] }))).toEqual([404, "category_not_found"]);
    expect(await refused(newBook({ attributeValueIds: [2147483647] }))).toEqual([404, "attribute_value_not_found"]);
    const yen = newBook();
    yen.variants[0]!.prices = { JPY: { amount: 100 } } as never;
    expect(await refused(yen)).toEqual([400, "currency_not_supported"]);

    const first = (await asManager("POST", "/admin/products", newBook())).json().data;
    expect(await refused(newBook({ slug: first.slug }))).toEqual([409, "product_slug_taken"]);
    const sameSku = newBook();
    sameSku.variants[0]!.sku = first.variants[0].sku.toLowerCase();
    expect(await refused(sameSku)).toEqual([409, "sku_taken"]);
    const withIsbn = (isbn: string) => {
      const book = newBook();
      Object.assign(book.variants[0]!, { isbn });
      return book;
    };
    expect((await asManager("POST", "/admin/products", withIsbn("9780000000017"))).statusCode).toBe(201);
    expect(await refused(withIsbn("9780000000017"))).toEqual([409, "isbn_taken"]);
    expect((await asManager("POST", "/admin/products", withIsbn("1234567890123"))).statusCode).toBe(400);
    const twoTiers = newBook();
    Object.assign(twoTiers.variants[0]!, {
      tierPrices: {
        GBP: [
          { minQuantity: 5, amount: 1000 },
          { minQuantity: 5, amount: 900 },
        ],
      },
    });
    expect((await asManager("POST", "/admin/products", twoTiers)).statusCode).toBe(400);
    expect((await asManager("PUT", "/admin/products/2147483647", { name: "Nobody" })).statusCode).toBe(404);
    expect((await asManager("PUT", `/admin/products/${first.id}`, {})).statusCode).toBe(400);
  });

  it("creates one product when two requests race for the same slug", async () => {
    const body = newBook();
    const twin = { ...body, variants: [{ ...body.variants[0]!, sku: `${body.variants[0]!.sku}-TWIN` }] };
    const answers = await Promise.all([asManager("POST", "/admin/products", body), asManager("POST", "/admin/products", twin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.map(codeOf).filter(Boolean)).toEqual(["product_slug_taken"]);
  });

  it("is the catalogue permission's: a content editor is refused", async () => {
    const answer = await asStaff(api.seeded.content.token, "POST", "/admin/products", newBook());
    expect(answer.statusCode).toBe(403);
    expect(codeOf(answer)).toBe("permission_denied");
  });

  it("lists products newest first in keyset pages, found by name, slug or SKU", async () => {
    const a = (await asManager("POST", "/admin/products", newBook({ isPublished: false }))).json().data;
    const b = (await asManager("POST", "/admin/products", newBook())).json().data;
    const first = (await asManager("GET", "/admin/products?limit=1")).json().data;
    expect(first.products.map((product: { id: number }) => product.id)).toEqual([b.id]);
    const second = (await asManager("GET", `/admin/products?limit=1&before=${first.nextBefore}`)).json().data;
    expect(second.products.map((product: { id: number }) => product.id)).toEqual([a.id]);
    const bySku = (await asManager("GET", `/admin/products?search=${a.variants[0].sku.toLowerCase()}`)).json().data;
    expect(bySku.products).toEqual([expect.objectContaining({ id: a.id, isPublished: false, variantCount: 1, stockQuantity: 3 })]);
    const unpublished = (await asManager("GET", "/admin/products?published=false&limit=100")).json().data.products;
    expect(unpublished.every((product: { isPublished: boolean }) => !product.isPublished)).toBe(true);
    // A search for the pattern characters finds them as text.
    expect((await asManager("GET", "/admin/products?search=%25")).json().data.products).toEqual([]);
  });
});

describe("the merchant's attributes and their values", () => {
  it("creates an attribute and values the products then carry, in the shop's filters", async () => {
    const created = await asManager("POST", "/admin/attributes", { code: "author", name: "Author", position: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const author = created.json().data;
    expect(author).toMatchObject({ code: "author", name: "Author", isFilterable: true, position: 2, valueCount: 0 });
    expect(codeOf(await asManager("POST", "/admin/attributes", { code: "author", name: "Writer" }))).toBe("attribute_code_taken");

    const value = await asManager("POST", `/admin/attributes/${author.id}/values`, { code: "jon-smyth", label: "Jon Smyth" });
    expect(value.statusCode, value.body).toBe(201);
    expect(value.json().data).toMatchObject({ attributeId: author.id, code: "jon-smyth", label: "Jon Smyth", productCount: 0 });
    expect(codeOf(await asManager("POST", `/admin/attributes/${author.id}/values`, { code: "jon-smyth", label: "J. Smyth" }))).toBe(
      "attribute_value_code_taken",
    );
    const book = (
      await asManager("POST", "/admin/products", newBook({ attributeValueIds: [api.seeded.hardback, value.json().data.id] }))
    ).json().data;

    const listed = (await asManager("GET", "/admin/attributes")).json().data.attributes;
    expect(listed.map((attribute: { code: string; valueCount: number }) => [attribute.code, attribute.valueCount])).toEqual([
      ["format", 1],
      ["author", 1],
    ]);
    const values = (await asManager("GET", `/admin/attributes/${author.id}/values?search=smy`)).json().data;
    expect(values).toMatchObject({ values: [{ label: "Jon Smyth", productCount: 1 }], nextAfter: null });
    const filters = (await api.get(`/product-filters?CategorySlug=fiction`)).json().data.facets;
    expect(filters.find((facet: { code: string }) => facet.code === "author")?.values).toMatchObject([{ label: "Jon Smyth", count: 1 }]);
    expect((await shopperView(book.slug)).json().data).toMatchObject({ byline: "Jon Smyth" });
  });

  it("relabels a value: the products with it show and are searched by the new label, and the change is audited", async () => {
    // An author's name, corrected: the byline and the search follow.
    const attributes = (await asManager("GET", "/admin/attributes")).json().data.attributes as { id: number; code: string }[];
    const author =
      attributes.find((attribute) => attribute.code === "author") ??
      (await asManager("POST", "/admin/attributes", { code: "author", name: "Author" })).json().data;
    const value = (await asManager("POST", `/admin/attributes/${author.id}/values`, { code: "ines-quarry", label: "Ines Qaurry" })).json()
      .data;
    const book = (await asManager("POST", "/admin/products", newBook({ attributeValueIds: [value.id] }))).json().data;
    await drainJobs(api.database.db, { only: ["search-index"] });

    const relabelled = await asManager("PUT", `/admin/attribute-values/${value.id}`, { label: "Ines Quarry" });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect(relabelled.json().data).toMatchObject({ label: "Ines Quarry", code: "ines-quarry", productCount: 1 });
    expect((await shopperView(book.slug)).json().data).toMatchObject({ byline: "Ines Quarry" });
    // Written again to the search index by the job the relabelling queued.
    expect(await drainJobs(api.database.db, { only: ["search-index"] })).toMatchObject({ completed: 1 });
    const [document] = (
      (await api.database.db.execute(sql`select authors from search_documents where product_id = ${book.id}`)) as unknown as {
        rows: { authors: string }[];
      }
    ).rows;
    expect(document?.authors).toContain("Ines Quarry");
    const filters = (await api.get(`/product-filters?CategorySlug=fiction`)).json().data.facets;
    const authorValues = filters.find((facet: { code: string }) => facet.code === "author")?.values as { label: string }[];
    expect(authorValues.map((entry) => entry.label)).toContain("Ines Quarry");

    const theme = (await asManager("POST", "/admin/attributes", { code: "theme", name: "Theme" })).json().data;
    const renamed = await asManager("PUT", `/admin/attributes/${theme.id}`, { name: "Themes", isFilterable: false });
    expect(renamed.json().data).toMatchObject({ name: "Themes", isFilterable: false });
    // The bootstrap key (an owner) reads the audit log.
    const log = (
      await api.app.inject({
        method: "GET",
        url: `/admin/audit-log?resourceType=attribute_value&resourceId=${value.id}`,
        headers: { storekey, "admin-key": ADMIN_KEY },
      })
    ).json().data;
    expect(log.entries[0]).toMatchObject({
      operation: "updateAdminAttributeValue",
      changes: { label: { before: "Ines Qaurry", after: "Ines Quarry" } },
    });

    expect(codeOf(await asManager("PUT", "/admin/attribute-values/999999", { label: "x" }))).toBe("attribute_value_not_found");
    expect(codeOf(await asManager("PUT", "/admin/attributes/999999", { name: "x" }))).toBe("attribute_not_found");
    expect(codeOf(await asManager("GET", "/admin/attributes/999999/values"))).toBe("attribute_not_found");
  });

  it("is the catalogue permission's: content staff are refused", async () => {
    const refused = await asStaff(api.seeded.content.token, "POST", "/admin/attributes", { code: "age", name: "Age" });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe("permission_denied");
    expect((await asStaff(api.seeded.content.token, "GET", "/admin/attributes")).statusCode).toBe(403);
  });
});
