import { describe, expect, it } from "vitest";
import { createAddon, createProduct, createProductType, createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";

/*
 * The merchant's add-ons and related products (decision 055), each write read back through the calls the storefront
 * makes: the product page's add-ons, a basket holding one, the product's related books.
 */
const ADMIN_KEY = "catalogue-addons-key-0000";
const api = useTestApi(
  async (db) => {
    const store = await createStore(db);
    const other = await createStore(db, { key: "other-store", name: "Other" });
    const bookType = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
    const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
    const otherBook = await createProduct(db, {
      storeId: other.id,
      productTypeId: otherType.id,
      slug: "elsewhere",
      name: "Elsewhere",
      variants: [{ sku: "ELSEWHERE", name: "Paperback", prices: { GBP: { amount: 700 } } }],
    });
    const otherAddon = await createAddon(db, {
      storeId: other.id,
      code: "gift-wrap",
      name: "Wrap",
      options: [{ name: "Red", prices: { GBP: 100 } }],
    });
    const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
    const content = await createSignedInStaff(db, { storeId: store.id, email: "writer@staff.example", role: "content" });
    return { store, bookType, otherBook, otherAddon, manager, content };
  },
  { adminApiKeys: [ADMIN_KEY] },
);

type Method = "GET" | "POST" | "PUT";
const storekey = TEST_HEADERS.storekey;
const asStaff = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({ method, url, headers: { storekey, authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const asManager = (method: Method, url: string, payload?: object) => asStaff(api.seeded.manager.token, method, url, payload);
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
const answerOf = async (method: Method, url: string, payload?: object) => {
  const answer = await asManager(method, url, payload);
  return [answer.statusCode, codeOf(answer)];
};
const auditOf = async (resourceType: string, id: number) =>
  (
    await api.app.inject({
      method: "GET",
      url: `/admin/audit-log?resourceType=${resourceType}&resourceId=${id}`,
      headers: { storekey, "admin-key": ADMIN_KEY },
    })
  ).json().data.entries as { operation: string; changes: Record<string, { before: unknown; after: unknown }> | null }[];

let made = 0;
/** A new published book at £12 through the admin API, with the fields given. */
async function newBook(fields: Record<string, unknown> = {}) {
  const n = ++made;
  const answer = await asManager("POST", "/admin/products", {
    slug: `addon-book-${n}`,
    name: `Addon Book ${n}`,
    productTypeId: api.seeded.bookType.id,
    isPublished: true,
    variants: [{ sku: `ADDON-${n}`, name: "Hardback", stockQuantity: 5, prices: { GBP: { amount: 1200 } } }],
    ...fields,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { id: number; slug: string; addonIds: number[]; relatedProductIds: number[]; variants: { id: number }[] };
}

let codes = 0;
async function newAddon(fields: Record<string, unknown> = {}) {
  const answer = await asManager("POST", "/admin/addons", {
    code: `gift-wrap-${++codes}`,
    name: "Gift wrap",
    description: "Wrapped by hand",
    options: [
      { name: "Red paper", prices: { GBP: 250, EUR: 300 } },
      { name: "Gold paper", prices: { GBP: 400 } },
    ],
    ...fields,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { id: number; name: string; options: { id: number; name: string; prices: Record<string, number> }[] };
}

/** The product page as a shopper's call reads it (GBP). */
const productPage = async (slug: string) => (await api.app.inject({ url: `/products/slug=${slug}`, headers: TEST_HEADERS })).json().data;

describe("the merchant's add-ons", () => {
  it("creates an add-on with priced options, offered on a product's page once the product names it, and audited", async () => {
    const addon = await newAddon();
    expect(addon).toMatchObject({
      name: "Gift wrap",
      description: "Wrapped by hand",
      taxClass: "standard",
      productCount: 0,
      options: [
        { name: "Red paper", position: 0, prices: { EUR: 300, GBP: 250 } },
        { name: "Gold paper", position: 1, prices: { GBP: 400 } },
      ],
    });
    const listed = (await asManager("GET", "/admin/addons")).json().data.addons as { id: number }[];
    expect(listed.map((entry) => entry.id)).toContain(addon.id);
    expect((await asManager("GET", `/admin/addons/${addon.id}`)).json().data).toEqual(addon);

    const book = await newBook({ addonIds: [addon.id] });
    expect(book.addonIds).toEqual([addon.id]);
    expect((await productPage(book.slug)).addons).toMatchObject([
      {
        id: addon.id,
        name: "Gift wrap",
        options: [
          { id: addon.options[0]!.id, name: "Red paper", price: { amount: 250, currencyCode: "GBP" } },
          { id: addon.options[1]!.id, name: "Gold paper", price: { amount: 400, currencyCode: "GBP" } },
        ],
      },
    ]);
    const offered = await api.app.inject({ url: `/products/${book.id}/add-ons`, headers: TEST_HEADERS });
    expect(offered.json().data.map((entry: { id: number }) => entry.id)).toEqual([addon.id]);
    expect((await asManager("GET", `/admin/addons/${addon.id}`)).json().data.productCount).toBe(1);

    // The product stops offering it: its page no longer shows it, and the change is the product's audit entry.
    const withdrawn = await asManager("PUT", `/admin/products/${book.id}`, { addonIds: [] });
    expect(withdrawn.json().data.addonIds).toEqual([]);
    expect((await productPage(book.slug)).addons).toEqual([]);
    expect((await auditOf("product", book.id)).find((entry) => entry.operation === "updateAdminProduct")?.changes).toEqual({
      addonIds: { before: [addon.id], after: [] },
    });
    expect((await auditOf("addon", addon.id))[0]).toMatchObject({
      operation: "createAdminAddon",
      changes: { name: { before: null, after: "Gift wrap" } },
    });
  });

  it("renames, reprices and adds options; the product's page shows the change at once", async () => {
    const addon = await newAddon();
    const book = await newBook({ addonIds: [addon.id] });
    const [red, gold] = addon.options;
    const updated = await asManager("PUT", `/admin/addons/${addon.id}`, {
      name: "Wrapping",
      options: [
        { id: gold!.id, name: "Gold paper", prices: { GBP: 450 } },
        { id: red!.id, name: "Crimson paper", prices: { GBP: 250, EUR: 300 } },
        { name: "Brown paper", prices: { GBP: 150 } },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json().data;
    expect(after.options.map((option: { id: number; name: string }) => [option.id, option.name])).toEqual([
      [gold!.id, "Gold paper"],
      [red!.id, "Crimson paper"],
      [expect.any(Number), "Brown paper"],
    ]);
    const [shown] = (await productPage(book.slug)).addons;
    expect(shown.name).toBe("Wrapping");
    expect(shown.options.map((option: { name: string; price: { amount: number } }) => [option.name, option.price.amount])).toEqual([
      ["Gold paper", 450],
      ["Crimson paper", 250],
      ["Brown paper", 150],
    ]);
    const entry = (await auditOf("addon", addon.id)).find((candidate) => candidate.operation === "updateAdminAddon");
    expect(entry?.changes?.name).toEqual({ before: "Gift wrap", after: "Wrapping" });
    expect(entry?.changes?.options).toBeDefined();
  });

  it("takes a removed option off the baskets that chose it, telling them, and keeps their line", async () => {
    const addon = await newAddon();
    const book = await newBook({ addonIds: [addon.id] });
    const [red, gold] = addon.options;
    const added = await api.app.inject({
      method: "PUT",
      url: "/baskets",
      headers: TEST_HEADERS,
      payload: { productVariantId: book.variants[0]!.id, quantity: 2, addonOptionIds: [red!.id] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const { anonymousId, subTotal } = added.json().data;
    expect(subTotal.amount).toBe(2 * (1200 + 250));

    const updated = await asManager("PUT", `/admin/addons/${addon.id}`, {
      options: [{ id: gold!.id, name: "Gold paper", prices: { GBP: 400 } }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.options.map((option: { id: number }) => option.id)).toEqual([gold!.id]);

    const basket = await api.app.inject({ url: `/baskets?anonymousId=${anonymousId}`, headers: TEST_HEADERS });
    expect(basket.statusCode, basket.body).toBe(200);
    const cart = basket.json().data;
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0]).toMatchObject({ quantity: 2, addons: [] });
    expect(cart.subTotal.amount).toBe(2 * 1200);
    expect(cart.notifications).toEqual([
      {
        lineItemId: cart.lineItems[0].lineItemId,
        code: "addon_removed",
        message: expect.stringContaining("Gift wrap (Red paper) is no longer offered"),
      },
    ]);
    // The basket still takes the add-on's remaining option.
    const rewrapped = await api.app.inject({
      method: "PUT",
      url: "/baskets/addons",
      headers: TEST_HEADERS,
      payload: { lineItemId: cart.lineItems[0].lineItemId, addonOptionIds: [gold!.id], anonymousId },
    });
    expect(rewrapped.statusCode, rewrapped.body).toBe(200);
    expect(rewrapped.json().data.subTotal.amount).toBe(2 * (1200 + 400));
  });

  it("refuses another store's add-ons and options, currencies the store does not sell in, taken codes and empty lists", async () => {
    const { otherAddon } = api.seeded;
    const addon = await newAddon();
    expect(await answerOf("GET", `/admin/addons/${otherAddon.id}`)).toEqual([404, "addon_not_found"]);
    expect(await answerOf("PUT", `/admin/addons/${otherAddon.id}`, { name: "Mine" })).toEqual([404, "addon_not_found"]);
    expect(
      await answerOf("PUT", `/admin/addons/${addon.id}`, { options: [{ id: otherAddon.options[0]!.id, name: "X", prices: { GBP: 1 } }] }),
    ).toEqual([404, "addon_option_not_found"]);
    expect((await asManager("GET", `/admin/addons/${addon.id}`)).json().data.options).toHaveLength(2);
    expect(
      await answerOf("POST", "/admin/addons", { code: "yen-wrap", name: "Wrap", options: [{ name: "Red", prices: { JPY: 100 } }] }),
    ).toEqual([400, "currency_not_supported"]);
    expect(await answerOf("PUT", `/admin/addons/${addon.id}`, { options: [{ name: "Red", prices: { JPY: 100 } }] })).toEqual([
      400,
      "currency_not_supported",
    ]);
    expect(
      await answerOf("POST", "/admin/addons", { code: "gift-wrap-1", name: "Again", options: [{ name: "A", prices: { GBP: 1 } }] }),
    ).toEqual([409, "addon_code_taken"]);
    expect((await asManager("POST", "/admin/addons", { code: "empty", name: "Empty", options: [] })).statusCode).toBe(400);
    expect((await asManager("PUT", `/admin/addons/${addon.id}`, {})).statusCode).toBe(400);
    expect(
      (await asManager("POST", "/admin/addons", { code: "Bad Code", name: "B", options: [{ name: "A", prices: { GBP: 1 } }] })).statusCode,
    ).toBe(400);
    expect(await answerOf("POST", "/admin/products", { ...bookBody(), addonIds: [otherAddon.id] })).toEqual([404, "addon_not_found"]);
  });

  it("is the catalogue permission's: a content editor is refused", async () => {
    const { content } = api.seeded;
    expect((await asStaff(content.token, "GET", "/admin/addons")).statusCode).toBe(403);
    const refused = await asStaff(content.token, "POST", "/admin/addons", {
      code: "card",
      name: "Card",
      options: [{ name: "A", prices: { GBP: 1 } }],
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, "permission_denied"]);
  });
});

function bookBody() {
  const n = ++made;
  return {
    slug: `addon-book-${n}`,
    name: `Addon Book ${n}`,
    productTypeId: api.seeded.bookType.id,
    variants: [{ sku: `ADDON-${n}`, name: "Hardback", prices: { GBP: { amount: 1200 } } }],
  };
}

describe("a product's related products", () => {
  const related = async (variantId: number) => {
    const answer = await api.app.inject({
      url: `/recommendations/related?productVariantId=${variantId}&PageSize=2`,
      headers: TEST_HEADERS,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data.results.map((card: { slug: string }) => card.slug);
  };

  it("sets the books recommended with a product, in order, shown to shoppers and in the admin read, and audited", async () => {
    const [book, first, second] = [await newBook(), await newBook(), await newBook()];
    const set = await asManager("PUT", `/admin/products/${book.id}/related`, { productIds: [second.id, first.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.relatedProductIds).toEqual([second.id, first.id]);
    expect((await asManager("GET", `/admin/products/${book.id}`)).json().data.relatedProductIds).toEqual([second.id, first.id]);
    expect(await related(book.variants[0]!.id)).toEqual([second.slug, first.slug]);

    await asManager("PUT", `/admin/products/${book.id}/related`, { productIds: [first.id] });
    expect((await related(book.variants[0]!.id))[0]).toBe(first.slug);
    const entries = (await auditOf("product", book.id)).filter((entry) => entry.operation === "setAdminRelatedProducts");
    expect(entries.map((entry) => entry.changes)).toEqual(
      expect.arrayContaining([
        { relatedProductIds: { before: [], after: [second.id, first.id] } },
        { relatedProductIds: { before: [second.id, first.id], after: [first.id] } },
      ]),
    );
    expect((await asManager("PUT", `/admin/products/${book.id}/related`, { productIds: [] })).json().data.relatedProductIds).toEqual([]);
  });

  it("refuses another store's products, the product itself, repeats, and is the catalogue permission's", async () => {
    const [book, other] = [await newBook(), await newBook()];
    const url = `/admin/products/${book.id}/related`;
    expect(await answerOf("PUT", url, { productIds: [other.id, api.seeded.otherBook.id] })).toEqual([404, "product_not_found"]);
    expect(await answerOf("PUT", url, { productIds: [2147483647] })).toEqual([404, "product_not_found"]);
    expect(await answerOf("PUT", `/admin/products/${api.seeded.otherBook.id}/related`, { productIds: [other.id] })).toEqual([
      404,
      "product_not_found",
    ]);
    expect(await answerOf("PUT", url, { productIds: [book.id] })).toEqual([400, "invalid_input"]);
    expect((await asManager("PUT", url, { productIds: [other.id, other.id] })).statusCode).toBe(400);
    expect((await asManager("GET", `/admin/products/${book.id}`)).json().data.relatedProductIds).toEqual([]);
    const refused = await asStaff(api.seeded.content.token, "PUT", url, { productIds: [other.id] });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, "permission_denied"]);
  });
});
