import { MAX_WISHLIST_ITEMS, MAX_WISHLISTS_PER_CUSTOMER } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../catalog/catalog.tables";
import { customers } from "../identity/identity.tables";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createCustomer, createPrivacyPolicy, createSession } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { wishlistItems, wishlists } from "./wishlists.tables";

const api = useTestApi(async (db) => {
  const store = await createStore(db, { inventoryAvailability: "AvailableQuantity" });
  const other = await createStore(db, { key: "other-store", name: "Other" });
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  const novel = await createProduct(db, {
    storeId: store.id,
    productTypeId: type.id,
    slug: "the-novel",
    name: "The Novel",
    images: [{ url: "/covers/novel.jpg", alt: "Cover of The Novel" }],
    variants: [
      { sku: "NOV-HB", name: "Hardback", stockQuantity: 4, prices: { GBP: { amount: 1299 }, EUR: { amount: 1499 } } },
      { sku: "NOV-PB", name: "Paperback", stockQuantity: 0, prices: { GBP: { amount: 799, original: 999 } } },
    ],
  });
  const atlas = await createProduct(db, {
    storeId: store.id,
    productTypeId: type.id,
    slug: "the-atlas",
    name: "The Atlas",
    variants: [{ sku: "ATL-HB", name: "Hardback", stockQuantity: 2, prices: { GBP: { amount: 2500 } } }],
  });
  const draft = await createProduct(db, {
    storeId: store.id,
    productTypeId: type.id,
    slug: "draft-book",
    name: "Draft",
    isPublished: false,
    variants: [{ sku: "DRF-HB", name: "Hardback", prices: { GBP: { amount: 100 } } }],
  });
  const foreign = await createProduct(db, {
    storeId: other.id,
    productTypeId: otherType.id,
    slug: "foreign-book",
    name: "Foreign",
    variants: [{ sku: "FOR-HB", name: "Hardback", prices: { GBP: { amount: 100 } } }],
  });
  const variant = (product: { variants: { id: number }[] }, index = 0) => product.variants[index]!.id;
  return {
    store,
    other,
    type,
    novelId: novel.id,
    atlasId: atlas.id,
    hardback: variant(novel),
    paperback: variant(novel, 1),
    atlas: variant(atlas),
    draftProductId: draft.id,
    draft: variant(draft),
    foreign: variant(foreign),
  };
});

let customerCount = 0;
/** A fresh signed-in customer of the test store, so no two tests share lists. */
async function signIn(storeId = api.seeded.store.id, extra: Partial<typeof customers.$inferInsert> = {}) {
  customerCount += 1;
  const customer = await createCustomer(api.database.db, { storeId, email: `shopper${customerCount}@example.com`, ...extra });
  const { authorization } = await createSession(api.database.db, customer.id);
  return { customerId: customer.id, authorization };
}

type Method = "GET" | "POST" | "PUT" | "DELETE";
function call(method: Method, url: string, options: { auth?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...TEST_HEADERS, ...options.headers };
  if (options.auth) headers.authorization = options.auth;
  return api.app.inject({ method, url, headers, ...(options.body === undefined ? {} : { payload: options.body as object }) });
}

async function createList(auth: string, name: string) {
  const response = await call("POST", "/wishlists", { auth, body: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; name: string; itemCount: number };
}

async function putItem(auth: string, body: Record<string, unknown>) {
  const response = await call("PUT", "/wishlists/wishlist-items", { auth, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; wishlistId: number; productVariantId: number; quantity: number };
}

function expectErrors(response: { statusCode: number; json(): unknown }, status: number, code?: string) {
  expect(response.statusCode).toBe(status);
  const { errors } = response.json() as { errors: { code: string; message: string }[] };
  expect(errors.length).toBeGreaterThan(0);
  if (code) expect(errors[0]!.code).toBe(code);
}

describe("who may call the wishlist endpoints", () => {
  const calls: [Method, string, unknown?][] = [
    ["GET", "/wishlists"],
    ["POST", "/wishlists", { name: "Mine" }],
    ["GET", "/wishlists/variant-ids"],
    ["GET", "/wishlists/wishlist-items?variantId=1"],
    ["PUT", "/wishlists/wishlist-items", { wishlistId: 1, variantId: 1 }],
    ["GET", "/wishlists/1"],
    ["PUT", "/wishlists/1", { name: "Renamed" }],
    ["DELETE", "/wishlists/1"],
    ["PUT", "/wishlists/1/wishlist-items/1", { quantity: 2 }],
    ["DELETE", "/wishlists/1/wishlist-items/1"],
    ["DELETE", "/wishlists/1/wishlist-items", { itemIds: [1] }],
    ["DELETE", "/wishlists/wishlist-items?variantId=1"],
    // Bad input from an anonymous caller is still a 401: nothing is validated for someone not signed in.
    ["GET", "/wishlists/not-a-number"],
    ["POST", "/wishlists", { name: "", extra: true }],
  ];

  it("answers 401 authentication_required to anonymous callers on every call", async () => {
    for (const [method, url, body] of calls) {
      const response = await call(method, url, { body });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().errors[0].code).toBe("authentication_required");
    }
  });

  it("answers 403 while the customer must change their password or accept the privacy policy", async () => {
    const forced = await signIn(api.seeded.store.id, { passwordChangeRequired: true });
    expectErrors(await call("GET", "/wishlists", { auth: forced.authorization }), 403, "password_change_required");

    const policyStore = await createStore(api.database.db, { key: "policy-store", name: "Policy" });
    await createPrivacyPolicy(api.database.db, { storeId: policyStore.id, version: "v1" });
    const pending = await signIn(policyStore.id);
    const response = await call("GET", "/wishlists", { auth: pending.authorization, headers: { storekey: "policy-store" } });
    expectErrors(response, 403, "privacy_policy_not_accepted");
  });
});

describe("POST /wishlists", () => {
  it("creates a list with a trimmed name and no items", async () => {
    const { authorization } = await signIn();
    const response = await call("POST", "/wishlists", { auth: authorization, body: { name: "  Birthday ideas  " } });
    expect(response.statusCode).toBe(201);
    const list = response.json().data;
    expect(list).toMatchObject({ name: "Birthday ideas", itemCount: 0 });
    expect(Number.isInteger(list.id)).toBe(true);
    expect(new Date(list.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("accepts 100 characters and refuses empty, blank, longer or non-text names and unknown keys with 400", async () => {
    const { authorization } = await signIn();
    expect((await call("POST", "/wishlists", { auth: authorization, body: { name: "x".repeat(100) } })).statusCode).toBe(201);
    const bad: unknown[] = [
      { name: "" },
      { name: "    " },
      { name: "x".repeat(101) },
      { name: 42 },
      { name: null },
      {},
      { name: "Fine", colour: "red" },
      [],
    ];
    for (const body of bad) expectErrors(await call("POST", "/wishlists", { auth: authorization, body }), 400);
    expectErrors(
      await call("POST", "/wishlists", { auth: authorization, body: { name: "Fine", colour: "red" } }),
      400,
      "unknown_parameter",
    );
    const { total } = (await call("GET", "/wishlists", { auth: authorization })).json().data;
    expect(total).toBe(1);
  });

  it("refuses a second list of the same name, ignoring case, with 409; another customer may use it", async () => {
    const first = await signIn();
    const second = await signIn();
    await createList(first.authorization, "Gifts");
    expectErrors(await call("POST", "/wishlists", { auth: first.authorization, body: { name: " gIFTS " } }), 409, "wishlist_name_taken");
    await createList(second.authorization, "Gifts");
  });

  it("creates one list when the same name is sent twice at once", async () => {
    const { authorization, customerId } = await signIn();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => call("POST", "/wishlists", { auth: authorization, body: { name: "Racing" } })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await api.database.db.select().from(wishlists).where(eq(wishlists.customerId, customerId));
    expect(rows).toHaveLength(1);
  });

  it(`stops at ${MAX_WISHLISTS_PER_CUSTOMER} lists with 409 wishlist_limit_reached`, async () => {
    const { authorization, customerId } = await signIn();
    await api.database.db
      .insert(wishlists)
      .values(Array.from({ length: MAX_WISHLISTS_PER_CUSTOMER - 1 }, (_, index) => ({ customerId, name: `List ${index}` })));
    const responses = await Promise.all([
      call("POST", "/wishlists", { auth: authorization, body: { name: "Last A" } }),
      call("POST", "/wishlists", { auth: authorization, body: { name: "Last B" } }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json().errors[0].code).toBe("wishlist_limit_reached");
  });
});

describe("GET /wishlists", () => {
  it("pages 51 lists as 50 and 1, oldest first, with the total", async () => {
    const { authorization, customerId } = await signIn();
    await api.database.db
      .insert(wishlists)
      .values(Array.from({ length: 51 }, (_, index) => ({ customerId, name: `List ${String(index).padStart(2, "0")}` })));

    const first = (await call("GET", "/wishlists?PageNumber=1&PageSize=50", { auth: authorization })).json().data;
    expect(first).toMatchObject({ total: 51, pageNumber: 1, pageSize: 50, totalPages: 2 });
    expect(first.results).toHaveLength(50);
    expect(first.results[0].name).toBe("List 00");
    expect(first.results[49].name).toBe("List 49");

    const second = (await call("GET", "/wishlists?PageNumber=2&PageSize=50", { auth: authorization })).json().data;
    expect(second.results.map((list: { name: string }) => list.name)).toEqual(["List 50"]);
    expect(second.total).toBe(51);

    const beyond = (await call("GET", "/wishlists?PageNumber=3&PageSize=50", { auth: authorization })).json().data;
    expect(beyond).toMatchObject({ results: [], total: 51 });

    const byDefault = (await call("GET", "/wishlists", { auth: authorization })).json().data;
    expect(byDefault.pageSize).toBe(50);
    expect(byDefault.results).toHaveLength(50);
  });

  it("answers an empty page for a customer with no lists", async () => {
    const { authorization } = await signIn();
    const response = await call("GET", "/wishlists", { auth: authorization });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ results: [], total: 0, pageNumber: 1, pageSize: 50, totalPages: 0 });
  });

  it("refuses page sizes over 50, zero or fractional pages and unknown parameters with 400", async () => {
    const { authorization } = await signIn();
    for (const query of ["PageSize=51", "PageSize=0", "PageNumber=0", "PageNumber=1.5", "PageNumber=abc", "Sort=name"]) {
      expectErrors(await call("GET", `/wishlists?${query}`, { auth: authorization }), 400);
    }
  });

  it("counts each list's items and shows only the caller's lists", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const list = await createList(owner.authorization, "Counted");
    await putItem(owner.authorization, { wishlistId: list.id, variantId: api.seeded.hardback });
    await putItem(owner.authorization, { wishlistId: list.id, variantId: api.seeded.atlas, quantity: 3 });
    const page = (await call("GET", "/wishlists", { auth: owner.authorization })).json().data;
    expect(page.results).toEqual([expect.objectContaining({ id: list.id, name: "Counted", itemCount: 2 })]);
    expect((await call("GET", "/wishlists", { auth: stranger.authorization })).json().data.total).toBe(0);
  });
});

describe("GET /wishlists/:id", () => {
  it("answers the list with its items, newest first, priced and stocked per store policy", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Detailed");
    const hardback = await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.hardback });
    const paperback = await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.paperback, quantity: 2 });

    const response = await call("GET", `/wishlists/${list.id}`, { auth: authorization });
    expect(response.statusCode).toBe(200);
    const detail = response.json().data;
    expect(detail).toMatchObject({ id: list.id, name: "Detailed", itemCount: 2 });
    expect(detail.items).toEqual([
      {
        id: paperback.id,
        productVariantId: api.seeded.paperback,
        quantity: 2,
        addedAt: expect.any(String),
        product: {
          id: api.seeded.novelId,
          slug: "the-novel",
          name: "The Novel",
          image: { url: "/covers/novel.jpg", alt: "Cover of The Novel" },
        },
        variant: { id: api.seeded.paperback, sku: "NOV-PB", name: "Paperback", options: [] },
        price: { amount: 799, originalPrice: 999, lowestPriorPrice: 799, currencyCode: "GBP" },
        stock: { status: "OutOfStock", quantity: 0 },
        isPurchasable: false,
      },
      {
        id: hardback.id,
        productVariantId: api.seeded.hardback,
        quantity: 1,
        addedAt: expect.any(String),
        product: {
          id: api.seeded.novelId,
          slug: "the-novel",
          name: "The Novel",
          image: { url: "/covers/novel.jpg", alt: "Cover of The Novel" },
        },
        variant: { id: api.seeded.hardback, sku: "NOV-HB", name: "Hardback", options: [] },
        price: { amount: 1299, originalPrice: null, lowestPriorPrice: null, currencyCode: "GBP" },
        stock: { status: "InStock", quantity: 4 },
        isPurchasable: true,
      },
    ]);
  });

  it("prices items in the request currency, and answers null where a variant has no price in it", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Euros");
    await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.hardback });
    await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.atlas });
    const detail = (await call("GET", `/wishlists/${list.id}`, { auth: authorization, headers: { currencycode: "EUR" } })).json().data;
    const byVariant = new Map(detail.items.map((item: { productVariantId: number }) => [item.productVariantId, item]));
    expect(byVariant.get(api.seeded.hardback)).toMatchObject({ price: { amount: 1499, currencyCode: "EUR" }, isPurchasable: true });
    expect(byVariant.get(api.seeded.atlas)).toMatchObject({ price: null, isPurchasable: false });
  });

  it("answers 404 for an unknown list or another customer's, and 400 for a malformed id", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const list = await createList(owner.authorization, "Private");
    await putItem(owner.authorization, { wishlistId: list.id, variantId: api.seeded.hardback });

    const response = await call("GET", `/wishlists/${list.id}`, { auth: stranger.authorization });
    expectErrors(response, 404, "wishlist_not_found");
    expect(response.body).not.toContain("Private");
    expect(response.body).not.toContain("The Novel");
    expectErrors(await call("GET", "/wishlists/2147483647", { auth: owner.authorization }), 404, "wishlist_not_found");
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      expectErrors(await call("GET", `/wishlists/${id}`, { auth: owner.authorization }), 400);
    }
  });

  it("hides another store's customer from the list, though both stores number lists alike", async () => {
    const owner = await signIn();
    const list = await createList(owner.authorization, "Home store");
    const abroad = await signIn(api.seeded.other.id);
    const headers = { storekey: "other-store" };
    expectErrors(await call("GET", `/wishlists/${list.id}`, { auth: abroad.authorization, headers }), 404, "wishlist_not_found");
    // The owner's token is not valid in the other store at all.
    expectErrors(await call("GET", `/wishlists/${list.id}`, { auth: owner.authorization, headers }), 401, "token_invalid");
  });
});

describe("PUT /wishlists/:id (rename)", () => {
  it("renames the list, trimmed, and moves updatedAt; a change of case of its own name is allowed", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Old name");
    const before = (await call("GET", `/wishlists/${list.id}`, { auth: authorization })).json().data;
    const response = await call("PUT", `/wishlists/${list.id}`, { auth: authorization, body: { name: "  New name " } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: list.id, name: "New name", itemCount: 0 });
    expect(new Date(response.json().data.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    expect((await call("PUT", `/wishlists/${list.id}`, { auth: authorization, body: { name: "NEW NAME" } })).json().data.name).toBe(
      "NEW NAME",
    );
  });

  it("refuses another list's name with 409 and bad names with 400", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "First");
    await createList(authorization, "Second");
    expectErrors(await call("PUT", `/wishlists/${list.id}`, { auth: authorization, body: { name: "second" } }), 409, "wishlist_name_taken");
    for (const body of [{ name: "" }, { name: " " }, { name: "y".repeat(101) }, { name: "Ok", id: 3 }, {}]) {
      expectErrors(await call("PUT", `/wishlists/${list.id}`, { auth: authorization, body }), 400);
    }
    expect((await call("GET", `/wishlists/${list.id}`, { auth: authorization })).json().data.name).toBe("First");
  });

  it("answers 404 for another customer's list and leaves it unchanged", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const list = await createList(owner.authorization, "Mine");
    expectErrors(
      await call("PUT", `/wishlists/${list.id}`, { auth: stranger.authorization, body: { name: "Stolen" } }),
      404,
      "wishlist_not_found",
    );
    expect((await call("GET", `/wishlists/${list.id}`, { auth: owner.authorization })).json().data.name).toBe("Mine");
  });
});

describe("DELETE /wishlists/:id", () => {
  it("deletes the list and its items with 204; a second delete is 404", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Doomed");
    await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.hardback });
    const response = await call("DELETE", `/wishlists/${list.id}`, { auth: authorization });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expectErrors(await call("GET", `/wishlists/${list.id}`, { auth: authorization }), 404);
    expectErrors(await call("DELETE", `/wishlists/${list.id}`, { auth: authorization }), 404, "wishlist_not_found");
    const items = await api.database.db.select().from(wishlistItems).where(eq(wishlistItems.wishlistId, list.id));
    expect(items).toEqual([]);
  });

  it("answers 404 for another customer's list and keeps it", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const list = await createList(owner.authorization, "Kept");
    expectErrors(await call("DELETE", `/wishlists/${list.id}`, { auth: stranger.authorization }), 404, "wishlist_not_found");
    expect((await call("GET", `/wishlists/${list.id}`, { auth: owner.authorization })).statusCode).toBe(200);
  });
});

describe("PUT /wishlists/wishlist-items", () => {
  it("adds a variant with quantity 1 by default; putting it again sets the quantity on the same item", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Adds");
    const added = await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.hardback });
    expect(added).toEqual({ id: expect.any(Number), wishlistId: list.id, productVariantId: api.seeded.hardback, quantity: 1 });
    const again = await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.hardback, quantity: 5 });
    expect(again).toEqual({ ...added, quantity: 5 });
    const repeated = await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.hardback, quantity: 5 });
    expect(repeated).toEqual(again);
    expect((await call("GET", `/wishlists/${list.id}`, { auth: authorization })).json().data.items).toHaveLength(1);
  });

  it("accepts an out-of-stock variant (a list is not a cart)", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Waiting");
    expect((await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.paperback })).quantity).toBe(1);
  });

  it("refuses zero, negative, fractional, huge or non-numeric quantities and bad ids with 400", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Strict");
    const base = { wishlistId: list.id, variantId: api.seeded.hardback };
    const bad: unknown[] = [
      { ...base, quantity: 0 },
      { ...base, quantity: -1 },
      { ...base, quantity: 1.5 },
      { ...base, quantity: 10_000 },
      { ...base, quantity: 1e12 },
      { ...base, quantity: "2" },
      { ...base, quantity: null },
      { ...base, productId: 1 },
      { wishlistId: list.id },
      { variantId: api.seeded.hardback },
      { wishlistId: "abc", variantId: api.seeded.hardback },
      { wishlistId: list.id, variantId: 0 },
      { wishlistId: list.id, variantId: 3_000_000_000 },
      { wishlistId: 3_000_000_000, variantId: api.seeded.hardback },
    ];
    for (const body of bad) {
      const response = await call("PUT", "/wishlists/wishlist-items", { auth: authorization, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0].code).toMatch(/^(invalid_input|unknown_parameter)$/);
    }
    expect((await call("GET", `/wishlists/${list.id}`, { auth: authorization })).json().data.items).toEqual([]);
  });

  it("answers 404 for an unknown, unpublished or other store's variant", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Nothing");
    for (const variantId of [2_000_000_000, api.seeded.draft, api.seeded.foreign]) {
      const response = await call("PUT", "/wishlists/wishlist-items", { auth: authorization, body: { wishlistId: list.id, variantId } });
      expectErrors(response, 404, "variant_not_found");
    }
  });

  it("answers 404 for another customer's list and adds nothing to it", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const list = await createList(owner.authorization, "Guarded");
    const response = await call("PUT", "/wishlists/wishlist-items", {
      auth: stranger.authorization,
      body: { wishlistId: list.id, variantId: api.seeded.hardback },
    });
    expectErrors(response, 404, "wishlist_not_found");
    expect((await call("GET", `/wishlists/${list.id}`, { auth: owner.authorization })).json().data.items).toEqual([]);
  });

  it("makes one item of concurrent puts of the same variant", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Concurrent");
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map((quantity) =>
        call("PUT", "/wishlists/wishlist-items", {
          auth: authorization,
          body: { wishlistId: list.id, variantId: api.seeded.atlas, quantity },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.json().data.id)).size).toBe(1);
    const rows = await api.database.db.select().from(wishlistItems).where(eq(wishlistItems.wishlistId, list.id));
    expect(rows).toHaveLength(1);
  });

  it(`stops a list at ${MAX_WISHLIST_ITEMS} variants with 409, while quantities of listed variants still change`, async () => {
    const { db } = api.database;
    const { authorization } = await signIn();
    const list = await createList(authorization, "Full");
    const bulk = await createProduct(db, {
      storeId: api.seeded.store.id,
      productTypeId: api.seeded.type.id,
      slug: "many-editions",
      name: "Many editions",
      variants: Array.from({ length: MAX_WISHLIST_ITEMS + 1 }, (_, index) => ({
        sku: `ME-${index}`,
        name: `Edition ${index}`,
        prices: { GBP: { amount: 100 } },
      })),
    });
    const [last, ...rest] = bulk.variants.map((variant) => variant.id).reverse();
    await db.insert(wishlistItems).values(rest.map((variantId) => ({ wishlistId: list.id, variantId })));
    const refused = await call("PUT", "/wishlists/wishlist-items", { auth: authorization, body: { wishlistId: list.id, variantId: last } });
    expectErrors(refused, 409, "wishlist_item_limit_reached");
    expect((await putItem(authorization, { wishlistId: list.id, variantId: rest[0], quantity: 7 })).quantity).toBe(7);
  });
});

describe("PUT and DELETE /wishlists/:id/wishlist-items/:itemId", () => {
  it("changes an item's quantity and refuses bad quantities with 400", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Quantities");
    const item = await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.hardback });
    const url = `/wishlists/${list.id}/wishlist-items/${item.id}`;
    const response = await call("PUT", url, { auth: authorization, body: { quantity: 3 } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...item, quantity: 3 });
    for (const body of [
      { quantity: 0 },
      { quantity: -2 },
      { quantity: 2.5 },
      { quantity: 1e9 },
      { quantity: "3" },
      {},
      { quantity: 2, note: "x" },
    ]) {
      expectErrors(await call("PUT", url, { auth: authorization, body }), 400);
    }
    expectErrors(await call("PUT", `/wishlists/${list.id}/wishlist-items/abc`, { auth: authorization, body: { quantity: 2 } }), 400);
    expect((await call("GET", `/wishlists/${list.id}`, { auth: authorization })).json().data.items[0].quantity).toBe(3);
  });

  it("answers 404 for an item of another list, even the same customer's, and for another customer", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const list = await createList(owner.authorization, "Holder");
    const otherList = await createList(owner.authorization, "Other holder");
    const item = await putItem(owner.authorization, { wishlistId: list.id, variantId: api.seeded.hardback });

    const wrongList = `/wishlists/${otherList.id}/wishlist-items/${item.id}`;
    expectErrors(await call("PUT", wrongList, { auth: owner.authorization, body: { quantity: 2 } }), 404, "wishlist_item_not_found");
    expectErrors(await call("DELETE", wrongList, { auth: owner.authorization }), 404, "wishlist_item_not_found");

    const url = `/wishlists/${list.id}/wishlist-items/${item.id}`;
    expectErrors(await call("PUT", url, { auth: stranger.authorization, body: { quantity: 9 } }), 404, "wishlist_not_found");
    expectErrors(await call("DELETE", url, { auth: stranger.authorization }), 404, "wishlist_not_found");
    expect((await call("GET", `/wishlists/${list.id}`, { auth: owner.authorization })).json().data.items).toEqual([
      expect.objectContaining({ id: item.id, quantity: 1 }),
    ]);
  });

  it("removes an item with 204; removing it again is 404", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Removals");
    const item = await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.hardback });
    const url = `/wishlists/${list.id}/wishlist-items/${item.id}`;
    const response = await call("DELETE", url, { auth: authorization });
    expect(response.statusCode).toBe(204);
    expect((await call("GET", `/wishlists/${list.id}`, { auth: authorization })).json().data.items).toEqual([]);
    expectErrors(await call("DELETE", url, { auth: authorization }), 404, "wishlist_item_not_found");
  });
});

describe("DELETE /wishlists/:id/wishlist-items (several at once)", () => {
  it("removes the items named, in one call, with 204", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Clear-out");
    const [a, b, c] = [
      await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.hardback }),
      await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.paperback }),
      await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.atlas }),
    ];
    // An id named twice is removed once.
    const response = await call("DELETE", `/wishlists/${list.id}/wishlist-items`, {
      auth: authorization,
      body: { itemIds: [a!.id, c!.id, a!.id] },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    const left = (await call("GET", `/wishlists/${list.id}`, { auth: authorization })).json().data;
    expect(left.items.map((item: { id: number }) => item.id)).toEqual([b!.id]);
    expect(left.itemCount).toBe(1);
  });

  it("removes nothing when any id is not an item of the list: 404, as for another customer's list", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const list = await createList(owner.authorization, "Kept");
    const otherList = await createList(owner.authorization, "Elsewhere");
    const mine = await putItem(owner.authorization, { wishlistId: list.id, variantId: api.seeded.hardback });
    const elsewhere = await putItem(owner.authorization, { wishlistId: otherList.id, variantId: api.seeded.atlas });
    const url = `/wishlists/${list.id}/wishlist-items`;

    expectErrors(
      await call("DELETE", url, { auth: owner.authorization, body: { itemIds: [mine.id, elsewhere.id] } }),
      404,
      "wishlist_item_not_found",
    );
    expectErrors(
      await call("DELETE", url, { auth: owner.authorization, body: { itemIds: [mine.id, 999_999] } }),
      404,
      "wishlist_item_not_found",
    );
    expectErrors(await call("DELETE", url, { auth: stranger.authorization, body: { itemIds: [mine.id] } }), 404, "wishlist_not_found");
    expect((await call("GET", `/wishlists/${list.id}`, { auth: owner.authorization })).json().data.items).toEqual([
      expect.objectContaining({ id: mine.id }),
    ]);
    expect((await call("GET", `/wishlists/${otherList.id}`, { auth: owner.authorization })).json().data.items).toEqual([
      expect.objectContaining({ id: elsewhere.id }),
    ]);
  });

  it("refuses an empty list of ids, too many, non-ids and unknown keys with 400", async () => {
    const { authorization } = await signIn();
    const list = await createList(authorization, "Validation");
    const url = `/wishlists/${list.id}/wishlist-items`;
    for (const body of [
      {},
      { itemIds: [] },
      { itemIds: [0] },
      { itemIds: ["1"] },
      { itemIds: [1], all: true },
      { itemIds: Array.from({ length: MAX_WISHLIST_ITEMS + 1 }, (_, i) => i + 1) },
    ]) {
      expectErrors(await call("DELETE", url, { auth: authorization, body }), 400);
    }
    expectErrors(await call("DELETE", "/wishlists/abc/wishlist-items", { auth: authorization, body: { itemIds: [1] } }), 400);
  });
});

describe("DELETE /wishlists/wishlist-items?variantId= (the favourite toggle's remove)", () => {
  it("takes the variant out of every list of the caller's that holds it, in one call, and no one else's", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const first = await createList(owner.authorization, "First");
    const second = await createList(owner.authorization, "Second");
    const theirs = await createList(stranger.authorization, "Theirs");
    await putItem(owner.authorization, { wishlistId: first.id, variantId: api.seeded.hardback });
    const kept = await putItem(owner.authorization, { wishlistId: first.id, variantId: api.seeded.atlas });
    await putItem(owner.authorization, { wishlistId: second.id, variantId: api.seeded.hardback });
    const strangers = await putItem(stranger.authorization, { wishlistId: theirs.id, variantId: api.seeded.hardback });
    const before = (await call("GET", `/wishlists/${second.id}`, { auth: owner.authorization })).json().data.updatedAt;

    const response = await call("DELETE", `/wishlists/wishlist-items?variantId=${api.seeded.hardback}`, { auth: owner.authorization });
    expect(response.statusCode).toBe(204);
    expect(
      (await call("GET", `/wishlists/wishlist-items?variantId=${api.seeded.hardback}`, { auth: owner.authorization })).json().data,
    ).toEqual([]);
    expect((await call("GET", `/wishlists/${first.id}`, { auth: owner.authorization })).json().data.items).toEqual([
      expect.objectContaining({ id: kept.id }),
    ]);
    const touched = (await call("GET", `/wishlists/${second.id}`, { auth: owner.authorization })).json().data;
    expect(touched.items).toEqual([]);
    expect(touched.updatedAt > before).toBe(true);
    expect((await call("GET", `/wishlists/${theirs.id}`, { auth: stranger.authorization })).json().data.items).toEqual([
      expect.objectContaining({ id: strangers.id }),
    ]);
    // Nothing left to remove is not an error: the heart is off either way.
    expect(
      (await call("DELETE", `/wishlists/wishlist-items?variantId=${api.seeded.hardback}`, { auth: owner.authorization })).statusCode,
    ).toBe(204);
  });

  it("refuses a missing or malformed variantId with 400", async () => {
    const { authorization } = await signIn();
    for (const url of [
      "/wishlists/wishlist-items",
      "/wishlists/wishlist-items?variantId=x",
      "/wishlists/wishlist-items?variantId=0",
      "/wishlists/wishlist-items?variantId=1&all=1",
    ]) {
      expectErrors(await call("DELETE", url, { auth: authorization }), 400);
    }
  });
});

describe("finding a variant in the customer's lists", () => {
  it("GET /wishlists/wishlist-items?variantId= gives each list and item holding it, and [] when none", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const first = await createList(owner.authorization, "One");
    const second = await createList(owner.authorization, "Two");
    const a = await putItem(owner.authorization, { wishlistId: first.id, variantId: api.seeded.hardback });
    const b = await putItem(owner.authorization, { wishlistId: second.id, variantId: api.seeded.hardback });
    await putItem(owner.authorization, { wishlistId: second.id, variantId: api.seeded.atlas });

    const found = await call("GET", `/wishlists/wishlist-items?variantId=${api.seeded.hardback}`, { auth: owner.authorization });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([
      { wishlistId: first.id, itemId: a.id },
      { wishlistId: second.id, itemId: b.id },
    ]);
    const none = await call("GET", `/wishlists/wishlist-items?variantId=${api.seeded.paperback}`, { auth: owner.authorization });
    expect(none.json().data).toEqual([]);
    const theirs = await call("GET", `/wishlists/wishlist-items?variantId=${api.seeded.hardback}`, { auth: stranger.authorization });
    expect(theirs.json().data).toEqual([]);
  });

  it("refuses a missing or malformed variantId with 400", async () => {
    const { authorization } = await signIn();
    for (const query of ["", "?variantId=", "?variantId=abc", "?variantId=0", "?variantId=1&other=2"]) {
      expectErrors(await call("GET", `/wishlists/wishlist-items${query}`, { auth: authorization }), 400);
    }
  });

  it("GET /wishlists/variant-ids lists every favourited variant once, only the caller's", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const first = await createList(owner.authorization, "One");
    const second = await createList(owner.authorization, "Two");
    await putItem(owner.authorization, { wishlistId: first.id, variantId: api.seeded.atlas });
    await putItem(owner.authorization, { wishlistId: second.id, variantId: api.seeded.atlas });
    await putItem(owner.authorization, { wishlistId: second.id, variantId: api.seeded.hardback });
    const strangerList = await createList(stranger.authorization, "Theirs");
    await putItem(stranger.authorization, { wishlistId: strangerList.id, variantId: api.seeded.paperback });

    const response = await call("GET", "/wishlists/variant-ids", { auth: owner.authorization });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ variantIds: [api.seeded.hardback, api.seeded.atlas].sort((x, y) => x - y) });
  });
});

describe("items of a product that is unpublished", () => {
  it("are left out of every answer while unpublished and come back when it is republished", async () => {
    const { db } = api.database;
    const { authorization } = await signIn();
    const list = await createList(authorization, "Fickle");
    await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.atlas });
    await putItem(authorization, { wishlistId: list.id, variantId: api.seeded.hardback });
    const setPublished = (isPublished: boolean) => db.update(products).set({ isPublished }).where(eq(products.id, api.seeded.atlasId));

    await setPublished(false);
    try {
      const detail = (await call("GET", `/wishlists/${list.id}`, { auth: authorization })).json().data;
      expect(detail.itemCount).toBe(1);
      expect(detail.items.map((item: { productVariantId: number }) => item.productVariantId)).toEqual([api.seeded.hardback]);
      const lookup = await call("GET", `/wishlists/wishlist-items?variantId=${api.seeded.atlas}`, { auth: authorization });
      expect(lookup.json().data).toEqual([]);
      expect((await call("GET", "/wishlists/variant-ids", { auth: authorization })).json().data.variantIds).toEqual([api.seeded.hardback]);
    } finally {
      await setPublished(true);
    }
    expect((await call("GET", `/wishlists/${list.id}`, { auth: authorization })).json().data.itemCount).toBe(2);
  });
});

describe("the wishlist tables", () => {
  it("refuse a second list of the same name per customer, ignoring case, at the database too", async () => {
    const { customerId } = await signIn();
    await api.database.db.insert(wishlists).values({ customerId, name: "Twice" });
    await expect(api.database.db.insert(wishlists).values({ customerId, name: "TWICE" })).rejects.toThrow();
  });

  it("cascade a customer's deletion to their lists", async () => {
    const { customerId, authorization } = await signIn();
    const list = await createList(authorization, "Orphan");
    await api.database.db.delete(customers).where(eq(customers.id, customerId));
    const rows = await api.database.db.select().from(wishlists).where(eq(wishlists.id, list.id));
    expect(rows).toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  it("describes the wishlist, back-in-stock and recently viewed calls", async () => {
    const { paths } = (await api.app.inject({ url: "/openapi.json" })).json();
    for (const path of [
      "/wishlists",
      "/wishlists/variant-ids",
      "/wishlists/wishlist-items",
      "/wishlists/{id}",
      "/wishlists/{id}/wishlist-items/{itemId}",
      "/wishlists/{id}/wishlist-items",
      "/notifications/back-in-stock",
      "/viewed-products",
      "/viewed-products/variants/{id}",
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    expect(Object.keys(paths["/wishlists/{id}"]).sort()).toEqual(["delete", "get", "put"]);
  });
});
