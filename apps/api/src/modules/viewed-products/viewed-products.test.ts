import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../catalog/catalog.tables";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { MAX_VIEWS_PER_VIEWER } from "./viewed-products.service";
import { viewedProducts } from "./viewed-products.tables";

const api = useTestApi(async (db) => {
  const store = await createStore(db, { inventoryAvailability: "AvailableQuantity" });
  const other = await createStore(db, { key: "other-store", name: "Other" });
  const hidden = await createStore(db, { key: "hidden-store", name: "Hidden", anonymousCustomerProductPolicy: "HiddenForUnauthorized" });
  const pricesHidden = await createStore(db, {
    key: "prices-hidden-store",
    name: "Prices hidden",
    anonymousCustomerProductPolicy: "HiddenPricesForUnauthorized",
  });
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const make = async (storeId: number, productTypeId: number, slug: string, variants = 1) => {
    const product = await createProduct(db, {
      storeId,
      productTypeId,
      slug,
      name: `Book ${slug}`,
      variants: Array.from({ length: variants }, (_, index) => ({
        sku: `${slug}-${index}`,
        name: `Edition ${index}`,
        stockQuantity: 6,
        prices: { GBP: { amount: 1000 + index } },
      })),
    });
    return { id: product.id, slug, variants: product.variants.map((variant) => variant.id) };
  };
  const books = [];
  for (let index = 0; index < 14; index += 1) books.push(await make(store.id, type.id, `book-${index}`, index === 0 ? 2 : 1));
  const many = await make(store.id, type.id, "many-editions", MAX_VIEWS_PER_VIEWER + 10);
  const draft = await make(store.id, type.id, "draft");
  await db.update(products).set({ isPublished: false }).where(eq(products.id, draft.id));
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  const foreign = await make(other.id, otherType.id, "foreign");
  const hiddenType = await createProductType(db, { storeId: hidden.id, code: "book", name: "Book" });
  const secret = await make(hidden.id, hiddenType.id, "secret");
  const pricedType = await createProductType(db, { storeId: pricesHidden.id, code: "book", name: "Book" });
  const unpriced = await make(pricesHidden.id, pricedType.id, "unpriced");
  const hiddenCustomer = await createCustomer(db, { storeId: hidden.id, email: "member@example.com" });
  return { store, hidden, type, books, many, draft, foreign, secret, unpriced, hiddenCustomer };
});

const newVisitor = () => randomBytes(16).toString("base64url");

let customerCount = 0;
async function signIn() {
  customerCount += 1;
  const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: `viewer${customerCount}@example.com` });
  return { customerId: customer.id, ...(await createSession(api.database.db, customer.id)) };
}

interface Caller {
  anonymousId?: string;
  auth?: string;
  storekey?: string;
}
function request(method: "GET" | "POST" | "DELETE", path: string, caller: Caller, query: Record<string, string> = {}) {
  const params = new URLSearchParams(query);
  if (caller.anonymousId !== undefined) params.set("anonymousId", caller.anonymousId);
  const headers: Record<string, string> = { ...TEST_HEADERS };
  if (caller.auth) headers.authorization = caller.auth;
  if (caller.storekey) headers.storekey = caller.storekey;
  const search = params.toString();
  return api.app.inject({ method, url: `${path}${search ? `?${search}` : ""}`, headers });
}

async function view(caller: Caller, variantId: number) {
  const response = await request("POST", `/viewed-products/variants/${variantId}`, caller);
  expect(response.statusCode, response.body).toBe(204);
}

async function recent(caller: Caller, query: Record<string, string> = {}) {
  const response = await request("GET", "/viewed-products", caller, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; slug: string; price: unknown; stock: unknown }[];
}

const slugs = (cards: { slug: string }[]) => cards.map((card) => card.slug);

describe("recording views", () => {
  it("answers 204 and lists the product as a card, like GET /products", async () => {
    const visitor = { anonymousId: newVisitor() };
    const book = api.seeded.books[1]!;
    await view(visitor, book.variants[0]!);
    const cards = await recent(visitor);
    expect(cards).toEqual([
      {
        id: book.id,
        slug: book.slug,
        name: `Book ${book.slug}`,
        subtitle: "",
        byline: "",
        image: null,
        defaultVariantId: book.variants[0],
        variantCount: 1,
        price: { amount: 1000, originalPrice: null, lowestPriorPrice: null, currencyCode: "GBP" },
        hasPriceRange: false,
        stock: { status: "InStock", quantity: 6 },
      },
    ]);
  });

  it("lists the most recent first and moves a product viewed again to the front without a second row", async () => {
    const visitor = { anonymousId: newVisitor() };
    const [a, b, c] = api.seeded.books.slice(1, 4);
    for (const book of [a!, b!, c!]) await view(visitor, book.variants[0]!);
    expect(slugs(await recent(visitor))).toEqual([c!.slug, b!.slug, a!.slug]);
    await view(visitor, a!.variants[0]!);
    expect(slugs(await recent(visitor))).toEqual([a!.slug, c!.slug, b!.slug]);
    const rows = await api.database.db.select().from(viewedProducts).where(eq(viewedProducts.anonymousId, visitor.anonymousId));
    expect(rows).toHaveLength(3);
  });

  it("shows a product once though several of its variants were viewed", async () => {
    const visitor = { anonymousId: newVisitor() };
    const [twoEditions, other] = api.seeded.books;
    await view(visitor, twoEditions!.variants[0]!);
    await view(visitor, other!.variants[0]!);
    await view(visitor, twoEditions!.variants[1]!);
    expect(slugs(await recent(visitor))).toEqual([twoEditions!.slug, other!.slug]);
  });

  it(`keeps only the ${MAX_VIEWS_PER_VIEWER} most recently viewed variants per viewer`, async () => {
    const visitor = { anonymousId: newVisitor() };
    const variants = api.seeded.many.variants;
    for (const variantId of variants) await view(visitor, variantId);
    const rows = await api.database.db
      .select({ variantId: viewedProducts.variantId })
      .from(viewedProducts)
      .where(eq(viewedProducts.anonymousId, visitor.anonymousId));
    expect(rows.map((row) => row.variantId).sort((x, y) => x - y)).toEqual(variants.slice(-MAX_VIEWS_PER_VIEWER).sort((x, y) => x - y));
  });

  it("answers up to 12 products by default, `limit` up to 24, and leaves out `excludeProductId`", async () => {
    const visitor = { anonymousId: newVisitor() };
    const books = api.seeded.books;
    for (const book of books) await view(visitor, book.variants[0]!);
    const newestFirst = [...books].reverse().map((book) => book.slug);
    expect(slugs(await recent(visitor))).toEqual(newestFirst.slice(0, 12));
    expect(slugs(await recent(visitor, { limit: "3" }))).toEqual(newestFirst.slice(0, 3));
    expect(await recent(visitor, { limit: "24" })).toHaveLength(books.length);
    const current = books.at(-1)!;
    expect(slugs(await recent(visitor, { limit: "2", excludeProductId: String(current.id) }))).toEqual(newestFirst.slice(1, 3));
  });

  it("answers 404 for an unknown, unpublished or other store's variant and records nothing", async () => {
    const visitor = { anonymousId: newVisitor() };
    for (const variantId of [2_000_000_000, api.seeded.draft.variants[0]!, api.seeded.foreign.variants[0]!]) {
      const response = await request("POST", `/viewed-products/variants/${variantId}`, visitor);
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0].code).toBe("variant_not_found");
    }
    expect(await recent(visitor)).toEqual([]);
  });

  it("leaves out products unpublished since they were viewed", async () => {
    const { db } = api.database;
    const visitor = { anonymousId: newVisitor() };
    const [first, second] = api.seeded.books.slice(4, 6);
    await view(visitor, first!.variants[0]!);
    await view(visitor, second!.variants[0]!);
    await db.update(products).set({ isPublished: false }).where(eq(products.id, second!.id));
    try {
      expect(slugs(await recent(visitor))).toEqual([first!.slug]);
    } finally {
      await db.update(products).set({ isPublished: true }).where(eq(products.id, second!.id));
    }
  });
});

describe("what a view costs", () => {
  /** The statements of one request, without the store's settings (read per request here: the tests turn its cache off). */
  async function statementsOf(send: () => Promise<{ statusCode: number; body: string }>, status: number) {
    api.database.resetQueryLog();
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    const [store, ...rest] = api.database.queries;
    expect(store).toMatch(/from "stores"/);
    return rest;
  }

  it("records a view in two statements (the catalogue's check, one write), with no transaction and no delete of its own, when new, repeated or past the cap", async () => {
    const visitor = { anonymousId: newVisitor() };
    const variants = api.seeded.many.variants;
    const record = (variantId: number) => () => request("POST", `/viewed-products/variants/${variantId}`, visitor);
    for (const variantId of variants.slice(0, MAX_VIEWS_PER_VIEWER)) await view(visitor, variantId);
    for (const [what, variantId] of [
      ["a view past the cap", variants[MAX_VIEWS_PER_VIEWER]!],
      ["a repeat view", variants[3]!],
      ["a new view", api.seeded.books[11]!.variants[0]!],
    ] as const) {
      const statements = await statementsOf(record(variantId), 204);
      expect(statements, what).toHaveLength(2);
      expect(statements[0], what).not.toMatch(/viewed_products/);
      expect(statements[1], what).toMatch(/^with seen as \(\s*insert into "viewed_products"/);
    }
    // A draft's view is refused on the catalogue's word, before anything is written.
    const refused = await statementsOf(record(api.seeded.draft.variants[0]!), 404);
    expect(refused).toHaveLength(1);
    expect(refused[0]).not.toMatch(/viewed_products/);
    const rows = await api.database.db.select().from(viewedProducts).where(eq(viewedProducts.anonymousId, visitor.anonymousId));
    expect(rows).toHaveLength(MAX_VIEWS_PER_VIEWER);
  });

  it("costs three statements for a product page and its recorded view", async () => {
    const visitor = { anonymousId: newVisitor() };
    const book = api.seeded.books[12]!;
    const page = await statementsOf(() => api.get(`/products/slug=${book.slug}`), 200);
    const recorded = await statementsOf(() => request("POST", `/viewed-products/variants/${book.variants[0]}`, visitor), 204);
    expect([...page, ...recorded]).toHaveLength(3);
  });
});

describe("who the viewer is", () => {
  it("requires an anonymousId from anonymous callers (400 anonymous_id_required) and checks its form", async () => {
    const variantId = api.seeded.books[1]!.variants[0]!;
    for (const [method, path] of [
      ["POST", `/viewed-products/variants/${variantId}`],
      ["GET", "/viewed-products"],
      ["DELETE", "/viewed-products"],
    ] as const) {
      const response = await request(method, path, {});
      expect(response.statusCode, `${method} ${path}`).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ code: "anonymous_id_required", field: "querystring.anonymousId" });
      for (const anonymousId of ["short", "x".repeat(65), "has spaces in it and is long enough", "semi;colons;are;not;allowed;here"]) {
        expect((await request(method, path, { anonymousId })).statusCode, anonymousId).toBe(400);
      }
    }
    // A UUID works as well as base64url.
    await view({ anonymousId: "7d444840-9dc0-11d1-b245-5ffdce74fad2" }, variantId);
  });

  it("refuses malformed ids, bad limits and unknown parameters with 400", async () => {
    const visitor = { anonymousId: newVisitor() };
    for (const id of ["abc", "0", "-4", "1.5", "99999999999"]) {
      expect((await request("POST", `/viewed-products/variants/${id}`, visitor)).statusCode, id).toBe(400);
    }
    const badQueries: Record<string, string>[] = [
      { limit: "0" },
      { limit: "25" },
      { limit: "two" },
      { excludeProductId: "x" },
      { sort: "name" },
    ];
    for (const query of badQueries) {
      expect((await request("GET", "/viewed-products", visitor, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
    const response = await request("POST", `/viewed-products/variants/${api.seeded.books[1]!.variants[0]}`, visitor, { other: "1" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe("unknown_parameter");
  });

  it("keeps each visitor's history apart, and a customer's apart from any anonymous id they send", async () => {
    const alice = { anonymousId: newVisitor() };
    const bob = { anonymousId: newVisitor() };
    const customer = await signIn();
    const [a, b, c] = api.seeded.books.slice(6, 9);
    await view(alice, a!.variants[0]!);
    await view(bob, b!.variants[0]!);
    // Signed in, the customer's history is used; the anonymous id is not read or written.
    await view({ auth: customer.authorization, anonymousId: alice.anonymousId }, c!.variants[0]!);

    expect(slugs(await recent(alice))).toEqual([a!.slug]);
    expect(slugs(await recent(bob))).toEqual([b!.slug]);
    expect(slugs(await recent({ auth: customer.authorization }))).toEqual([c!.slug]);
    expect(slugs(await recent({ auth: customer.authorization, anonymousId: bob.anonymousId }))).toEqual([c!.slug]);
    const rows = await api.database.db
      .select({ customerId: viewedProducts.customerId, anonymousId: viewedProducts.anonymousId })
      .from(viewedProducts)
      .where(eq(viewedProducts.customerId, customer.customerId));
    expect(rows).toEqual([{ customerId: customer.customerId, anonymousId: null }]);
  });

  it("keeps the same anonymous id's history apart per store", async () => {
    const visitor = { anonymousId: newVisitor() };
    await view(visitor, api.seeded.books[9]!.variants[0]!);
    expect(await recent({ ...visitor, storekey: "other-store" })).toEqual([]);
    await view({ ...visitor, storekey: "other-store" }, api.seeded.foreign.variants[0]!);
    expect(slugs(await recent({ ...visitor, storekey: "other-store" }))).toEqual(["foreign"]);
    expect(slugs(await recent(visitor))).toEqual([api.seeded.books[9]!.slug]);
  });
});

describe("store policy", () => {
  it("hides products from anonymous visitors where the store hides them, but not from its customers", async () => {
    const visitor = { anonymousId: newVisitor(), storekey: "hidden-store" };
    const variantId = api.seeded.secret.variants[0]!;
    const refused = await request("POST", `/viewed-products/variants/${variantId}`, visitor);
    expect(refused.statusCode).toBe(404);
    // Even views recorded before the policy changed are not shown.
    await api.database.db.insert(viewedProducts).values({ storeId: api.seeded.hidden.id, anonymousId: visitor.anonymousId, variantId });
    expect(await recent(visitor)).toEqual([]);

    const { authorization } = await createSession(api.database.db, api.seeded.hiddenCustomer.id);
    await view({ auth: authorization, storekey: "hidden-store" }, variantId);
    expect(slugs(await recent({ auth: authorization, storekey: "hidden-store" }))).toEqual(["secret"]);
  });

  it("shows cards without prices where the store hides prices from anonymous visitors", async () => {
    const visitor = { anonymousId: newVisitor(), storekey: "prices-hidden-store" };
    await view(visitor, api.seeded.unpriced.variants[0]!);
    const [card] = await recent(visitor);
    expect(card).toMatchObject({ slug: "unpriced", price: null });
  });
});

describe("DELETE /viewed-products", () => {
  it("clears the caller's history only, with 204", async () => {
    const visitor = { anonymousId: newVisitor() };
    const bystander = { anonymousId: newVisitor() };
    const customer = await signIn();
    const variantId = api.seeded.books[10]!.variants[0]!;
    await view(visitor, variantId);
    await view(bystander, variantId);
    await view({ auth: customer.authorization }, variantId);

    const response = await request("DELETE", "/viewed-products", visitor);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await recent(visitor)).toEqual([]);
    expect(await recent(bystander)).toHaveLength(1);
    expect(await recent({ auth: customer.authorization })).toHaveLength(1);

    expect((await request("DELETE", "/viewed-products", { auth: customer.authorization })).statusCode).toBe(204);
    expect(await recent({ auth: customer.authorization })).toEqual([]);
    expect(await recent(bystander)).toHaveLength(1);
  });
});

describe("PUT /viewed-products/merge", () => {
  function merge(caller: Caller, body: unknown) {
    const headers: Record<string, string> = { ...TEST_HEADERS };
    if (caller.auth) headers.authorization = caller.auth;
    if (caller.storekey) headers.storekey = caller.storekey;
    return api.app.inject({ method: "PUT", url: "/viewed-products/merge", headers, payload: body as object });
  }

  /** Writes views with chosen times (minutes after a fixed start), which the order and the cap are about. */
  async function seedViews(
    viewer: { customerId: number } | { anonymousId: string },
    views: [variantId: number, minute: number][],
    storeId = api.seeded.store.id,
  ) {
    const start = Date.parse("2026-03-01T09:00:00Z");
    await api.database.db
      .insert(viewedProducts)
      .values(views.map(([variantId, minute]) => ({ storeId, ...viewer, variantId, viewedAt: new Date(start + minute * 60_000) })));
  }

  /** Variant id to view time (minutes after the start) of a viewer's rows. */
  async function historyOf(condition: ReturnType<typeof eq>) {
    const rows = await api.database.db
      .select({ variantId: viewedProducts.variantId, viewedAt: viewedProducts.viewedAt, storeId: viewedProducts.storeId })
      .from(viewedProducts)
      .where(condition);
    const start = Date.parse("2026-03-01T09:00:00Z");
    return Object.fromEntries(rows.map((row) => [row.variantId, (row.viewedAt.getTime() - start) / 60_000]));
  }
  const customerHistory = (customerId: number) => historyOf(eq(viewedProducts.customerId, customerId));
  const anonymousHistory = (anonymousId: string) => historyOf(eq(viewedProducts.anonymousId, anonymousId));

  it("moves the visitor's views into the customer's, keeping the later view of a variant in both, and answers 204", async () => {
    const customer = await signIn();
    const visitor = newVisitor();
    const [a, b, c, d] = api.seeded.books.slice(1, 5).map((book) => book.variants[0]!);
    await seedViews({ customerId: customer.customerId }, [
      [a!, 10],
      [b!, 50],
      [c!, 30],
    ]);
    await seedViews({ anonymousId: visitor }, [
      [a!, 40], // later than the customer's view: the visitor's time wins
      [b!, 20], // earlier: the customer's time stays
      [d!, 60],
    ]);

    const response = await merge({ auth: customer.authorization }, { anonymousId: visitor });
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe("");
    expect(await customerHistory(customer.customerId)).toEqual({ [a!]: 40, [b!]: 50, [c!]: 30, [d!]: 60 });
    expect(await anonymousHistory(visitor)).toEqual({});
    const books = api.seeded.books;
    expect(slugs(await recent({ auth: customer.authorization }))).toEqual([books[4]!.slug, books[2]!.slug, books[1]!.slug, books[3]!.slug]);
  });

  it(`keeps the customer's ${MAX_VIEWS_PER_VIEWER} most recent views after merging`, async () => {
    const customer = await signIn();
    const visitor = newVisitor();
    const variants = api.seeded.many.variants; // MAX + 10 editions of one product
    // The customer saw editions 0-39 (older), the visitor 30-59 (newer): 60 distinct, 10 too many.
    await seedViews(
      { customerId: customer.customerId },
      variants.slice(0, 40).map((variantId, index) => [variantId, index]),
    );
    await seedViews(
      { anonymousId: visitor },
      variants.slice(30, 60).map((variantId, index) => [variantId, 100 + 30 + index]),
    );

    expect((await merge({ auth: customer.authorization }, { anonymousId: visitor })).statusCode).toBe(204);
    const history = await customerHistory(customer.customerId);
    expect(
      Object.keys(history)
        .map(Number)
        .sort((x, y) => x - y),
    ).toEqual(variants.slice(10, 60).sort((x, y) => x - y));
    expect(history[variants[35]!]).toBe(135);
    expect(await anonymousHistory(visitor)).toEqual({});
  });

  it("changes nothing for an unknown or already merged id, so a repeated call is harmless", async () => {
    const customer = await signIn();
    const visitor = newVisitor();
    const [a, b] = api.seeded.books.slice(5, 7).map((book) => book.variants[0]!);
    await seedViews({ customerId: customer.customerId }, [[a!, 5]]);
    await seedViews({ anonymousId: visitor }, [[b!, 7]]);

    expect((await merge({ auth: customer.authorization }, { anonymousId: newVisitor() })).statusCode).toBe(204);
    expect(await customerHistory(customer.customerId)).toEqual({ [a!]: 5 });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await merge({ auth: customer.authorization }, { anonymousId: visitor })).statusCode).toBe(204);
      expect(await customerHistory(customer.customerId)).toEqual({ [a!]: 5, [b!]: 7 });
    }
  });

  it("answers 401 to an anonymous caller and moves nothing", async () => {
    const visitor = newVisitor();
    const variantId = api.seeded.books[7]!.variants[0]!;
    await seedViews({ anonymousId: visitor }, [[variantId, 3]]);
    const response = await merge({}, { anonymousId: visitor });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe("authentication_required");
    expect(await anonymousHistory(visitor)).toEqual({ [variantId]: 3 });
  });

  it("refuses a missing or malformed id and unknown keys with 400", async () => {
    const customer = await signIn();
    for (const body of [
      {},
      { anonymousId: "short" },
      { anonymousId: "has spaces in it and is long enough" },
      { anonymousId: newVisitor(), extra: 1 },
    ]) {
      const response = await merge({ auth: customer.authorization }, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).not.toHaveLength(0);
    }
  });

  it("moves only this store's views: the same id's history in another store stays anonymous", async () => {
    const customer = await signIn();
    const visitor = newVisitor();
    const mine = api.seeded.books[8]!.variants[0]!;
    const foreign = api.seeded.foreign.variants[0]!;
    await seedViews({ anonymousId: visitor }, [[mine, 1]]);
    await view({ anonymousId: visitor, storekey: "other-store" }, foreign);

    expect((await merge({ auth: customer.authorization }, { anonymousId: visitor })).statusCode).toBe(204);
    expect(await customerHistory(customer.customerId)).toEqual({ [mine]: 1 });
    expect(slugs(await recent({ anonymousId: visitor, storekey: "other-store" }))).toEqual(["foreign"]);
    expect(await recent({ anonymousId: visitor })).toEqual([]);
  });

  it("lets a customer the shop blocks (forced password change, policy not accepted) merge, like recording views", async () => {
    const blocked = await createCustomer(api.database.db, {
      storeId: api.seeded.store.id,
      email: "must-change@example.com",
      passwordChangeRequired: true,
    });
    const { authorization } = await createSession(api.database.db, blocked.id);
    const visitor = newVisitor();
    const variantId = api.seeded.books[9]!.variants[0]!;
    await seedViews({ anonymousId: visitor }, [[variantId, 2]]);
    expect((await merge({ auth: authorization }, { anonymousId: visitor })).statusCode).toBe(204);
    expect(await customerHistory(blocked.id)).toEqual({ [variantId]: 2 });
  });

  it("gives each variant one row when sign-ins race with the same id", async () => {
    const customer = await signIn();
    const visitor = newVisitor();
    const variants = api.seeded.many.variants.slice(0, 20);
    await seedViews(
      { customerId: customer.customerId },
      variants.slice(0, 10).map((variantId, index) => [variantId, index]),
    );
    await seedViews(
      { anonymousId: visitor },
      variants.slice(5).map((variantId, index) => [variantId, 50 + index]),
    );
    const sessions = await Promise.all(Array.from({ length: 6 }, () => createSession(api.database.db, customer.customerId)));

    const answers = await Promise.all(sessions.map((session) => merge({ auth: session.authorization }, { anonymousId: visitor })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(sessions.map(() => 204));
    const rows = await api.database.db
      .select({ variantId: viewedProducts.variantId })
      .from(viewedProducts)
      .where(eq(viewedProducts.customerId, customer.customerId));
    expect(rows).toHaveLength(variants.length);
    expect(new Set(rows.map((row) => row.variantId)).size).toBe(variants.length);
    expect(await anonymousHistory(visitor)).toEqual({});
    expect((await customerHistory(customer.customerId))[variants[7]!]).toBe(52);
  });

  it(`keeps the cap when several visitors' histories merge into one customer at once`, async () => {
    const customer = await signIn();
    const variants = api.seeded.many.variants; // MAX + 10 editions
    const visitors = [newVisitor(), newVisitor(), newVisitor()];
    // Each visitor saw a different third of the editions; together 60 distinct views, newest last.
    for (const [index, visitor] of visitors.entries()) {
      const share = variants.slice(index * 20, index * 20 + 20);
      await seedViews(
        { anonymousId: visitor },
        share.map((variantId, offset) => [variantId, index * 20 + offset]),
      );
    }
    const sessions = await Promise.all(visitors.map(() => createSession(api.database.db, customer.customerId)));

    const answers = await Promise.all(
      visitors.map((visitor, index) => merge({ auth: sessions[index]!.authorization }, { anonymousId: visitor })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204]);
    const history = await customerHistory(customer.customerId);
    expect(
      Object.keys(history)
        .map(Number)
        .sort((x, y) => x - y),
    ).toEqual(variants.slice(10, 60).sort((x, y) => x - y));
  });

  it("is described in the OpenAPI document", async () => {
    const { paths } = (await api.app.inject({ url: "/openapi.json" })).json();
    expect(Object.keys(paths["/viewed-products/merge"] ?? {})).toEqual(["put"]);
  });
});
