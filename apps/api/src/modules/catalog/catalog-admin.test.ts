import { describe, expect, it } from "vitest";
import { createAttribute, createCategory, createProductType, createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { drainJobs } from "../../testing/test-jobs";
import { sql } from "drizzle-orm";
import { walkSortedPages } from "../../testing/sorted-pages";

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

type Method = "GET" | "POST" | "PUT" | "DELETE";
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

  it("adds a variant, changes its SKU, ISBN, name and options, and sets its quantity breaks: the shop sells them at once", async () => {
    const product = (await asManager("POST", "/admin/products", newBook())).json().data;
    const added = await asManager("POST", `/admin/products/${product.id}/variants`, {
      sku: `PB-${product.id}`,
      name: "Paperback",
      options: [{ code: "format", name: "Format", value: "Paperback" }],
      stockQuantity: 8,
      prices: { GBP: { amount: 799 } },
      tierPrices: { GBP: [{ minQuantity: 10, amount: 699 }] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const paperback = added.json().data.variants[1];
    expect(paperback).toMatchObject({
      name: "Paperback",
      stockQuantity: 8,
      isMaster: false,
      tierPrices: { GBP: [{ minQuantity: 10, amount: 699 }] },
    });

    const changed = await asManager("PUT", `/admin/variants/${paperback.id}`, {
      sku: `PB-${product.id}-2`,
      isbn: "9780000000024",
      name: "Paperback (new edition)",
      options: [
        { code: "format", name: "Format", value: "Paperback" },
        { code: "edition", name: "Edition", value: "Second" },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.variants[1]).toMatchObject({
      sku: `PB-${product.id}-2`,
      isbn: "9780000000024",
      name: "Paperback (new edition)",
    });
    const tiers = await asManager("PUT", `/admin/variants/${paperback.id}/tier-prices`, {
      tierPrices: {
        GBP: [
          { minQuantity: 5, amount: 749 },
          { minQuantity: 20, amount: 649 },
        ],
        EUR: [{ minQuantity: 5, amount: 899 }],
      },
    });
    expect(tiers.json().data.variants[1].tierPrices).toEqual({
      GBP: [
        { minQuantity: 5, amount: 749 },
        { minQuantity: 20, amount: 649 },
      ],
      EUR: [{ minQuantity: 5, amount: 899 }],
    });

    // The shopper's page has both variants, the new name and the breaks.
    const seen = (await shopperView(product.slug)).json().data;
    const shown = seen.variants.find((variant: { id: number }) => variant.id === paperback.id);
    expect(shown).toMatchObject({ name: "Paperback (new edition)", isbn: "9780000000024" });
    expect(shown.tierPrices.map((tier: { minQuantity: number }) => tier.minQuantity)).toEqual([5, 20]);

    // An empty list takes a currency's breaks away; the others stay.
    const cleared = await asManager("PUT", `/admin/variants/${paperback.id}/tier-prices`, { tierPrices: { GBP: [] } });
    expect(cleared.json().data.variants[1].tierPrices).toEqual({ EUR: [{ minQuantity: 5, amount: 899 }] });
    expect(codeOf(await asManager("PUT", `/admin/variants/${paperback.id}`, { isbn: null }))).toBeUndefined();

    // A SKU another variant has, a currency not sold in, and ids not the store's are refused.
    const refused = async (method: Method, url: string, body: object) => {
      const answer = await asManager(method, url, body);
      return [answer.statusCode, codeOf(answer)];
    };
    expect(await refused("PUT", `/admin/variants/${paperback.id}`, { sku: product.variants[0].sku })).toEqual([409, "sku_taken"]);
    expect(
      await refused("POST", `/admin/products/${product.id}/variants`, {
        sku: product.variants[0].sku,
        name: "Again",
        prices: { GBP: { amount: 1 } },
      }),
    ).toEqual([409, "sku_taken"]);
    expect(
      await refused("PUT", `/admin/variants/${paperback.id}/tier-prices`, { tierPrices: { JPY: [{ minQuantity: 2, amount: 1 }] } }),
    ).toEqual([400, "currency_not_supported"]);
    expect(await refused("PUT", "/admin/variants/2147483647", { name: "Nobody" })).toEqual([404, "variant_not_found"]);
    expect(
      await refused("POST", "/admin/products/2147483647/variants", { sku: "NOBODY-1", name: "N", prices: { GBP: { amount: 1 } } }),
    ).toEqual([404, "product_not_found"]);
    expect((await asManager("PUT", `/admin/variants/${paperback.id}`, {})).statusCode).toBe(400);

    const log = (
      await api.app.inject({
        method: "GET",
        url: `/admin/audit-log?resourceType=variant&resourceId=${paperback.id}`,
        headers: { storekey, "admin-key": ADMIN_KEY },
      })
    ).json().data.entries as { operation: string }[];
    expect(log.map((entry) => entry.operation)).toEqual([
      "updateAdminVariant",
      "setAdminVariantTierPrices",
      "setAdminVariantTierPrices",
      "updateAdminVariant",
    ]);
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

  it("lists products oldest first and by name either way, walking keyset pages with the key each answer gives", async () => {
    const marker = `Sorting${made + 1}`;
    const ids: Record<string, number> = {};
    for (const [key, name] of [
      ["mu1", "Mu"],
      ["zeta", "Zeta"],
      ["alpha", "Alpha"],
      ["mu2", "Mu"],
      ["beta", "Beta"],
    ] as const) {
      const answer = await asManager("POST", "/admin/products", newBook({ name: `${marker} ${name}` }));
      expect(answer.statusCode, answer.body).toBe(201);
      ids[key] = answer.json().data.id;
    }
    const walk = (sort: string) =>
      walkSortedPages((url) => asManager("GET", url), `/admin/products?search=${marker}&sort=${sort}&limit=2`, "products");
    const { alpha, beta, mu1, mu2, zeta } = ids as Record<string, number>;
    expect(await walk("oldest")).toEqual([mu1, zeta, alpha, mu2, beta]);
    // Two products of one name keep the order of their ids, so the page between them loses neither.
    expect(await walk("name")).toEqual([alpha, beta, mu1, mu2, zeta]);
    expect(await walk("name_desc")).toEqual([zeta, mu2, mu1, beta, alpha]);
    const firstByName = (await asManager("GET", `/admin/products?search=${marker}&sort=name&limit=2`)).json().data;
    expect(firstByName.nextAfter).toBe(`${beta}:${marker} Beta`);

    // A key of another order would start the list somewhere odd: refused, naming the parameter.
    for (const [query, field] of [
      [`sort=name&before=${mu1}`, "querystring.before"],
      [`sort=oldest&before=${mu1}`, "querystring.before"],
      [`after=${mu1}`, "querystring.after"],
      [`sort=oldest&after=${encodeURIComponent(`${mu1}:${marker} Mu`)}`, "querystring.after"],
      [`sort=name&after=${mu1}`, "querystring.after"],
    ] as const) {
      const answer = await asManager("GET", `/admin/products?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().errors[0], query).toMatchObject({ code: "conflicting_parameters", field });
    }
    // A key that is no key: no id, a zero, an id past 32 bits, an empty or over-long name, a control character.
    for (const after of ["abc", "0", "2147483648", `${mu1}:`, `${mu1}:${"x".repeat(201)}`, `${mu1}:a\u0007b`, `:${marker}`]) {
      const answer = await asManager("GET", `/admin/products?sort=name&after=${encodeURIComponent(after)}`);
      expect(answer.statusCode, after).toBe(400);
      expect(answer.json().errors[0], after).toMatchObject({ field: "querystring.after" });
    }
    expect((await asManager("GET", "/admin/products?sort=price")).statusCode).toBe(400);
  });

  it("filters the list by category, stock and sale price, each filter narrowing the others", async () => {
    const poetry = await createCategory(api.database.db, { storeId: api.seeded.store.id, slug: `poetry-${made}`, name: "Poetry" });
    const variant = (sku: string, stockQuantity: number, prices: object) => ({
      sku,
      name: sku,
      options: [{ code: "format", name: "Format", value: sku }],
      stockQuantity,
      prices,
    });
    const full = { GBP: { amount: 1000 } };
    const sale = { GBP: { amount: 800, original: 1000 } };
    const create = async (name: string, categoryIds: number[], variants: object[]) => {
      const answer = await asManager("POST", "/admin/products", newBook({ name, categoryIds, variants }));
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().data as { id: number; variants: { id: number }[] };
    };
    const n = made + 1;
    // Plenty of stock, full price, in poetry; sold out on sale; low (3, the store's threshold is 5) beside a sold-out
    // variant, in poetry; a variant with its own threshold of 1 and 3 in stock, so not low, on sale in euros only.
    const plenty = (await create("Plenty", [poetry.id], [variant(`F-${n}-A`, 40, full)])).id;
    const soldOut = (await create("Sold out", [api.seeded.fiction.id], [variant(`F-${n}-B`, 0, sale)])).id;
    const low = (await create("Low", [poetry.id, api.seeded.fiction.id], [variant(`F-${n}-C`, 3, full), variant(`F-${n}-D`, 0, full)])).id;
    const withOwn = await create(
      "Own threshold",
      [api.seeded.fiction.id],
      [variant(`F-${n}-E`, 3, { GBP: { amount: 1000 }, EUR: { amount: 900, original: 1100 } })],
    );
    const threshold = await asManager("PUT", `/admin/variants/${withOwn.variants[0]!.id}/low-stock-threshold`, { threshold: 1 });
    expect(threshold.statusCode, threshold.body).toBe(200);
    const ownThreshold = withOwn.id;
    const mine = [plenty, soldOut, low, ownThreshold];
    const listed = async (query: string) => (await adminListIds(query)).filter((id) => mine.includes(id)).sort((a, b) => a - b);

    expect(await listed(`&categoryId=${poetry.id}`)).toEqual([plenty, low]);
    expect(await listed("&stock=in_stock")).toEqual([plenty, low, ownThreshold]);
    expect(await listed("&stock=out")).toEqual([soldOut]);
    expect(await listed("&stock=low")).toEqual([soldOut, low]);
    expect(await listed("&onSale=true")).toEqual([soldOut, ownThreshold]);
    expect(await listed("&onSale=false")).toEqual([plenty, low]);
    expect(await listed(`&categoryId=${poetry.id}&stock=low`)).toEqual([low]);
    expect(await listed(`&categoryId=${api.seeded.fiction.id}&onSale=true&stock=in_stock`)).toEqual([ownThreshold]);
    // Another store's category finds nothing of this one.
    expect(await adminListIds(`&categoryId=${api.seeded.otherCategory.id}`)).toEqual([]);
  });

  it("makes product types, lists them by name with their products counted, and refuses a code the store has", async () => {
    const code = `gift-card-${made + 1}`;
    const created = await asManager("POST", "/admin/product-types", { code, name: "Gift card" });
    expect(created.statusCode, created.body).toBe(201);
    const giftCard = created.json().data;
    expect(giftCard).toEqual({ id: expect.any(Number), code, name: "Gift card", productCount: 0 });
    const product = await asManager("POST", "/admin/products", newBook({ productTypeId: giftCard.id }));
    expect(product.statusCode, product.body).toBe(201);

    const listed = await asManager("GET", "/admin/product-types");
    expect(listed.statusCode).toBe(200);
    const types = listed.json().data as { id: number; name: string; productCount: number }[];
    expect(types.map((type) => type.name)).toEqual([...types.map((type) => type.name)].sort((a, b) => a.localeCompare(b)));
    expect(types).toContainEqual({ id: giftCard.id, code, name: "Gift card", productCount: 1 });
    // The other store's type is not this store's.
    expect(types.map((type) => type.id)).not.toContain(api.seeded.otherType.id);

    const taken = await asManager("POST", "/admin/product-types", { code, name: "Another" });
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken)).toBe("product_type_code_taken");
    // The other store may use the same code.
    const otherOwner = await createSignedInStaff(api.database.db, {
      storeId: api.seeded.otherType.storeId,
      email: `owner-${code}@staff.example`,
      role: "owner",
    });
    const elsewhere = await api.app.inject({
      method: "POST",
      url: "/admin/product-types",
      headers: { storekey: "other-store", authorization: `Bearer ${otherOwner.token}` },
      payload: { code, name: "Gift card" },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    for (const body of [
      { code: "Gift Card", name: "x" },
      { code: "ok", name: "" },
      { code: "ok", name: "x", extra: 1 },
    ]) {
      const refused = await asManager("POST", "/admin/product-types", body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const denied = await asStaff(api.seeded.content.token, "POST", "/admin/product-types", { code: "denied", name: "Denied" });
    expect(denied.statusCode).toBe(403);

    const audited = await api.app.inject({
      method: "GET",
      url: `/admin/audit-log?resourceType=product_type&resourceId=${giftCard.id}`,
      headers: { storekey, "admin-key": ADMIN_KEY },
    });
    expect(audited.json().data.entries).toEqual([
      expect.objectContaining({
        operation: "createAdminProductType",
        changes: { code: { before: null, after: code }, name: { before: null, after: "Gift card" } },
      }),
    ]);
  });

  it("answers 400 naming the parameter for a filter it does not know", async () => {
    for (const [query, field] of [
      ["stock=few", "stock"],
      ["onSale=yes", "onSale"],
      ["categoryId=0", "categoryId"],
      ["categoryId=2147483648", "categoryId"],
    ] as const) {
      const answer = await asManager("GET", `/admin/products?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(JSON.stringify(answer.json().errors), query).toContain(field);
    }
  });
});

/** The audit log's entries for a product and an operation, newest first, as the bootstrap key (an owner) reads them. */
async function auditOf(productId: number, operation: string) {
  const answer = await api.app.inject({
    method: "GET",
    url: `/admin/audit-log?resourceType=product&resourceId=${productId}&operation=${operation}`,
    headers: { storekey, "admin-key": ADMIN_KEY },
  });
  return answer.json().data.entries as { operation: string; changes: Record<string, { before: unknown; after: unknown }> | null }[];
}

/** The slugs of the shop's fiction category, as a shopper lists them. */
async function fictionSlugs(): Promise<string[]> {
  const answer = await api.get("/products?CategorySlug=fiction&PageSize=100");
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.results.map((product: { slug: string }) => product.slug);
}

/** The ids of the admin list's products, with `query` added (archived=true, archived=all). */
async function adminListIds(query = ""): Promise<number[]> {
  const answer = await asManager("GET", `/admin/products?limit=100${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.products.map((product: { id: number }) => product.id);
}

/** An order of the store with one line for this variant (what a shopper's order leaves behind). */
async function orderVariant(variantId: number) {
  const address = JSON.stringify({
    firstName: "Ann",
    lastName: "Buyer",
    line1: "1 High Street",
    city: "London",
    postcode: "SW1A 1AA",
    countryCode: "GB",
  });
  await api.database.db.execute(sql`
    with cart as (insert into carts (store_id, anonymous_id, status) values (${api.seeded.store.id}, gen_random_uuid()::text, 'ordered') returning id),
    placed as (
      insert into orders (public_id, store_id, cart_id, status, email, first_name, last_name, currency_code, prices_include_tax,
        sub_total, discount_total, delivery_charge, tax_total, grand_total, tax_lines, discount_lines, delivery_address, billing_address,
        delivery_option_name, delivery_option_kind, payment_due_by, placed_at)
      select 'QB-' || nextval('order_number_seq'), ${api.seeded.store.id}, cart.id, 'cancelled', 'ann@example.com', 'Ann', 'Buyer', 'GBP',
        true, 1200, 0, 0, 0, 1200, '[]', '[]', ${address}::jsonb, ${address}::jsonb, 'Standard', 'standard', now() + interval '1 hour', now()
      from cart returning id)
    insert into order_lines (order_id, variant_id, sku, product_name, variant_name, quantity, unit_amount, tax_class, addons, total,
      reserved_quantity, position)
    select placed.id, ${variantId}, 'SKU', 'Book', 'Hardback', 1, 1200, 'books', '[]', 1200, 1, 0 from placed`);
}

describe("the merchant's SEO fields", () => {
  it("sets a title and description for search results on create and update, shown to the shop and the merchant", async () => {
    const created = await asManager("POST", "/admin/products", newBook({ seoTitle: "  The New Book: a story  " }));
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().data;
    expect(product).toMatchObject({ seoTitle: "The New Book: a story", seoDescription: "", archivedAt: null });
    expect((await shopperView(product.slug)).json().data).toMatchObject({ seoTitle: "The New Book: a story", seoDescription: "" });

    const description = "A story in two lines, ".repeat(14).trim();
    const updated = await asManager("PUT", `/admin/products/${product.id}`, { seoDescription: description });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ seoTitle: "The New Book: a story", seoDescription: description });
    expect((await shopperView(product.slug)).json().data).toMatchObject({ seoDescription: description });
    expect((await auditOf(product.id, "updateAdminProduct"))[0]?.changes).toEqual({ seoDescription: { before: "", after: description } });

    // Cleared with "", and bounded: 70 characters of title, 320 of description.
    expect((await asManager("PUT", `/admin/products/${product.id}`, { seoTitle: "" })).json().data.seoTitle).toBe("");
    expect((await asManager("PUT", `/admin/products/${product.id}`, { seoTitle: "x".repeat(71) })).statusCode).toBe(400);
    expect((await asManager("PUT", `/admin/products/${product.id}`, { seoDescription: "x".repeat(321) })).statusCode).toBe(400);
    expect((await asManager("PUT", `/admin/products/${product.id}`, { seoTitle: "x".repeat(70) })).statusCode).toBe(200);
  });
});

describe("archiving and deleting the merchant's products", () => {
  it("archives a product out of the shop and the admin list, refuses to publish it, and unarchives it unpublished", async () => {
    const product = (await asManager("POST", "/admin/products", newBook())).json().data;
    expect(await fictionSlugs()).toContain(product.slug);

    const archived = await asManager("POST", `/admin/products/${product.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data).toMatchObject({ id: product.id, isPublished: false, archivedAt: expect.any(String) });
    expect((await shopperView(product.slug)).statusCode).toBe(404);
    expect(await fictionSlugs()).not.toContain(product.slug);
    // Out of the admin list unless asked for, and still readable by id.
    expect(await adminListIds()).not.toContain(product.id);
    expect(await adminListIds("&archived=true")).toEqual([product.id]);
    expect(await adminListIds("&archived=all")).toContain(product.id);
    expect((await asManager("GET", `/admin/products/${product.id}`)).json().data).toEqual(archived.json().data);
    expect((await auditOf(product.id, "archiveAdminProduct"))[0]?.changes).toEqual({
      isPublished: { before: true, after: false },
      archivedAt: { before: null, after: archived.json().data.archivedAt },
    });

    // A repeat changes nothing and records nothing.
    expect((await asManager("POST", `/admin/products/${product.id}/archive`)).json().data).toEqual(archived.json().data);
    expect(await auditOf(product.id, "archiveAdminProduct")).toHaveLength(1);

    const publish = await asManager("PUT", `/admin/products/${product.id}`, { isPublished: true, name: "Back again" });
    expect([publish.statusCode, codeOf(publish)]).toEqual([409, "product_archived"]);
    expect((await asManager("GET", `/admin/products/${product.id}`)).json().data).toMatchObject({ isPublished: false, name: product.name });
    // Its other fields can still change.
    expect((await asManager("PUT", `/admin/products/${product.id}`, { name: "Renamed" })).statusCode).toBe(200);

    const unarchived = await asManager("POST", `/admin/products/${product.id}/unarchive`);
    expect(unarchived.statusCode, unarchived.body).toBe(200);
    expect(unarchived.json().data).toMatchObject({ isPublished: false, archivedAt: null });
    expect(await adminListIds()).toContain(product.id);
    expect((await auditOf(product.id, "unarchiveAdminProduct"))[0]?.changes).toEqual({
      archivedAt: { before: archived.json().data.archivedAt, after: null },
    });
    expect((await shopperView(product.slug)).statusCode).toBe(404);
    expect((await asManager("PUT", `/admin/products/${product.id}`, { isPublished: true })).statusCode).toBe(200);
    expect((await shopperView(product.slug)).statusCode).toBe(200);

    expect(codeOf(await asManager("POST", "/admin/products/2147483647/archive"))).toBe("product_not_found");
    expect(codeOf(await asManager("POST", "/admin/products/2147483647/unarchive"))).toBe("product_not_found");
  });

  it("deletes a product never ordered: gone from the shop, the admin API and the search index, its slug free again", async () => {
    const created = (await asManager("POST", "/admin/products", newBook())).json().data;
    // Moved once: its first address leads to it, until it is deleted.
    const product = (await asManager("PUT", `/admin/products/${created.id}`, { slug: `${created.slug}-moved` })).json().data;
    const redirectsTo = async (url: string) =>
      (await api.app.inject({ method: "GET", url: "/redirects?PageSize=100", headers: TEST_HEADERS }))
        .json()
        .data.results.filter((redirect: { newUrl: string }) => redirect.newUrl === url);
    expect(await redirectsTo(`/store/product/${product.slug}`)).toHaveLength(1);
    await drainJobs(api.database.db, { only: ["search-index"] });
    const documents = async () =>
      (
        (await api.database.db.execute(sql`select product_id from search_documents where product_id = ${product.id}`)) as unknown as {
          rows: unknown[];
        }
      ).rows.length;
    expect(await documents()).toBe(1);

    const deleted = await asManager("DELETE", `/admin/products/${product.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await documents()).toBe(0);
    // The job the deletion's product.changed queued finds nothing to write.
    await drainJobs(api.database.db, { only: ["search-index"] });
    expect(await documents()).toBe(0);
    expect(await redirectsTo(`/store/product/${product.slug}`)).toEqual([]);
    expect((await shopperView(product.slug)).statusCode).toBe(404);
    expect(await fictionSlugs()).not.toContain(product.slug);
    expect(codeOf(await asManager("GET", `/admin/products/${product.id}`))).toBe("product_not_found");
    expect(await adminListIds("&archived=all")).not.toContain(product.id);
    const [entry] = await auditOf(product.id, "deleteAdminProduct");
    expect(entry?.changes).toMatchObject({ name: { before: product.name, after: null }, slug: { before: product.slug, after: null } });

    const again = await asManager("POST", "/admin/products", newBook({ slug: product.slug }));
    expect(again.statusCode, again.body).toBe(201);
    expect(codeOf(await asManager("DELETE", `/admin/products/${product.id}`))).toBe("product_not_found");
  });

  it("refuses to delete a product an order names, even a cancelled one: it is archived instead", async () => {
    const product = (await asManager("POST", "/admin/products", newBook())).json().data;
    await orderVariant(product.variants[0].id);
    const refused = await asManager("DELETE", `/admin/products/${product.id}`);
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, "product_ordered"]);
    expect((await asManager("GET", `/admin/products/${product.id}`)).statusCode).toBe(200);
    expect(await auditOf(product.id, "deleteAdminProduct")).toEqual([]);
    expect((await asManager("POST", `/admin/products/${product.id}/archive`)).statusCode).toBe(200);
  });

  it("is the catalogue permission's: a content editor can neither archive nor delete", async () => {
    const product = (await asManager("POST", "/admin/products", newBook())).json().data;
    for (const [method, url] of [
      ["POST", `/admin/products/${product.id}/archive`],
      ["POST", `/admin/products/${product.id}/unarchive`],
      ["DELETE", `/admin/products/${product.id}`],
    ] as const) {
      const answer = await asStaff(api.seeded.content.token, method, url);
      expect([answer.statusCode, codeOf(answer)], url).toEqual([403, "permission_denied"]);
    }
    expect((await asManager("GET", `/admin/products/${product.id}`)).json().data).toMatchObject({ isPublished: true, archivedAt: null });
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

describe("a product's safety information (GPSR, decision 059)", () => {
  const maker = {
    name: "Lantern Yard Press Ltd",
    postalAddress: "4 Rope Walk\nBristol BS1 4QA",
    countryCode: "GB",
    electronicAddress: "safety@lanternyard.example",
  };
  const inTheEu = {
    name: "Quay Compliance Ltd",
    postalAddress: "12 Merchant's Quay\nDublin D08 X2Y4",
    countryCode: "IE",
    electronicAddress: "https://quay-compliance.example/contact",
  };
  const safety = {
    manufacturer: maker,
    responsiblePerson: inTheEu,
    identifiers: "Batch 2026-11",
    warnings: "Not for children under 3: small parts.",
  };
  const shown = async (id: number) =>
    (await api.app.inject({ url: `/products/${id}`, headers: TEST_HEADERS })).json().data.safety as unknown;

  it("is written with a product, shown on its page, changed and removed", async () => {
    const created = await asManager("POST", "/admin/products", newBook({ safety, isPublished: true }));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data.safety).toEqual(safety);
    expect(await shown(id)).toEqual(safety);

    const madeInTheEu = {
      manufacturer: { ...inTheEu, name: "Druckerei Nord GmbH", countryCode: "DE" },
      responsiblePerson: null,
      identifiers: "",
      warnings: "",
    };
    const changed = await asManager("PUT", `/admin/products/${id}`, { safety: madeInTheEu });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await shown(id)).toEqual(madeInTheEu);

    expect((await asManager("PUT", `/admin/products/${id}`, { safety: null })).statusCode).toBe(200);
    expect(await shown(id)).toBeNull();
    // A product made without it has none.
    const plain = await asManager("POST", "/admin/products", newBook({ isPublished: true }));
    expect(plain.json().data.safety).toBeNull();
  });

  it("refuses a maker outside the EU without a responsible person in it, and addresses that are not addresses", async () => {
    const refusals: [object, string][] = [
      [{ ...safety, responsiblePerson: null }, "body.safety.responsiblePerson"],
      [{ ...safety, responsiblePerson: { ...inTheEu, countryCode: "GB" } }, "body.safety.responsiblePerson.countryCode"],
      [{ ...safety, manufacturer: { ...maker, electronicAddress: "call us" } }, "body.safety.manufacturer.electronicAddress"],
      [{ ...safety, manufacturer: { ...maker, name: "" } }, "body.safety.manufacturer.name"],
      [{ ...safety, manufacturer: { ...maker, countryCode: "gb" } }, "body.safety.manufacturer.countryCode"],
      [{ ...safety, warnings: "x".repeat(2001) }, "body.safety.warnings"],
      [{ ...safety, identifiers: "Batch\u0000" }, "body.safety.identifiers"],
      [{ ...safety, manufacturer: { ...maker, phone: "0117" } }, "body.safety.manufacturer"],
    ];
    const { id } = (await asManager("POST", "/admin/products", newBook({ safety }))).json().data;
    for (const [body, field] of refusals) {
      for (const answer of [
        await asManager("POST", "/admin/products", newBook({ safety: body })),
        await asManager("PUT", `/admin/products/${id}`, { safety: body }),
      ]) {
        expect(answer.statusCode, field).toBe(400);
        expect(
          answer.json().errors.map((error: { field: string }) => error.field),
          field,
        ).toContain(field);
      }
    }
    const unchanged = await asManager("GET", `/admin/products/${id}`);
    expect(unchanged.json().data.safety).toEqual(safety);
  });
});
