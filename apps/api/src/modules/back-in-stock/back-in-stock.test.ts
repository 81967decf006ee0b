import { and, eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, productVariants } from "../catalog/catalog.tables";
import { setVariantStock } from "../inventory/inventory.service";
import { outboxMessages } from "../mail/mail.tables";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { backInStockSubscriptions } from "./back-in-stock.tables";

const STOREFRONT_URL = "https://shop.example/";
const deps = { storefrontUrl: STOREFRONT_URL };

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store", name: "Other" });
  const hidden = await createStore(db, { key: "hidden-store", name: "Hidden", anonymousCustomerProductPolicy: "HiddenForUnauthorized" });
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
  const hiddenType = await createProductType(db, { storeId: hidden.id, code: "book", name: "Book" });
  const inStock = await createProduct(db, {
    storeId: store.id,
    productTypeId: type.id,
    slug: "in-stock-book",
    name: "In Stock Book",
    variants: [{ sku: "IN-HB", name: "Hardback", stockQuantity: 3, prices: { GBP: { amount: 1000 } } }],
  });
  const foreign = await createProduct(db, {
    storeId: other.id,
    productTypeId: otherType.id,
    slug: "foreign-book",
    name: "Foreign",
    variants: [{ sku: "FOR-HB", name: "Hardback", stockQuantity: 0, prices: { GBP: { amount: 100 } } }],
  });
  const secret = await createProduct(db, {
    storeId: hidden.id,
    productTypeId: hiddenType.id,
    slug: "secret-book",
    name: "Secret",
    variants: [{ sku: "SEC-HB", name: "Hardback", stockQuantity: 0, prices: { GBP: { amount: 100 } } }],
  });
  const customer = await createCustomer(db, { storeId: store.id, email: "Reader@Example.com" });
  const hiddenCustomer = await createCustomer(db, { storeId: hidden.id, email: "insider@example.com" });
  return {
    store,
    type,
    inStock: inStock.variants[0]!.id,
    foreign: foreign.variants[0]!.id,
    secret: secret.variants[0]!.id,
    customer,
    hiddenCustomer,
  };
});

let productCount = 0;
/** A fresh out-of-stock product of the test store, so no two tests share subscriptions or mail. */
async function soldOutBook(input: { isPublished?: boolean; variantName?: string } = {}) {
  productCount += 1;
  const product = await createProduct(api.database.db, {
    storeId: api.seeded.store.id,
    productTypeId: api.seeded.type.id,
    slug: `sold-out-${productCount}`,
    name: `Sold Out ${productCount}`,
    isPublished: input.isPublished,
    variants: [
      { sku: `SO-${productCount}-HB`, name: input.variantName ?? "Hardback", stockQuantity: 0, prices: { GBP: { amount: 1500 } } },
    ],
  });
  return { productId: product.id, variantId: product.variants[0]!.id, slug: product.slug, name: product.name };
}

function subscribe(body: unknown, options: { auth?: string; storekey?: string } = {}) {
  const headers: Record<string, string> = { ...TEST_HEADERS };
  if (options.auth) headers.authorization = options.auth;
  if (options.storekey) headers.storekey = options.storekey;
  return api.app.inject({ method: "POST", url: "/notifications/back-in-stock", headers, payload: body as object });
}

async function subscribeOk(variantId: number, email: string) {
  const response = await subscribe({ productVariantId: variantId, email });
  expect(response.statusCode, response.body).toBe(201);
}

const mailsFor = (variantSlug: string) =>
  api.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, "back_in_stock"), eq(outboxMessages.actionUrl, `https://shop.example/store/product/${variantSlug}`)));

const pending = (variantId: number) =>
  api.database.db
    .select()
    .from(backInStockSubscriptions)
    .where(and(eq(backInStockSubscriptions.variantId, variantId), isNull(backInStockSubscriptions.notifiedAt)));

const stockOf = async (variantId: number) =>
  (await api.database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!
    .stock;

describe("POST /notifications/back-in-stock", () => {
  it("subscribes an anonymous visitor by the email they give, trimmed and lower-cased (201)", async () => {
    const book = await soldOutBook();
    const response = await subscribe({ productVariantId: book.variantId, email: "  Visitor@Example.COM " });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({ productVariantId: book.variantId, email: "visitor@example.com", subscribedAt: expect.any(String) });
    const rows = await pending(book.variantId);
    expect(rows).toEqual([expect.objectContaining({ email: "visitor@example.com", customerId: null, storeId: api.seeded.store.id })]);
  });

  it("subscribes a signed-in customer with their account email when none is given", async () => {
    const book = await soldOutBook();
    const { authorization } = await createSession(api.database.db, api.seeded.customer.id);
    const response = await subscribe({ productVariantId: book.variantId }, { auth: authorization });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.email).toBe("reader@example.com");
    expect(await pending(book.variantId)).toEqual([expect.objectContaining({ customerId: api.seeded.customer.id, email: "reader@example.com" })]);
  });

  it("answers a repeat of a pending request with 200 and the same subscription, and keeps one row", async () => {
    const book = await soldOutBook();
    const first = await subscribe({ productVariantId: book.variantId, email: "twice@example.com" });
    const again = await subscribe({ productVariantId: book.variantId, email: "TWICE@example.com" });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await pending(book.variantId)).toHaveLength(1);
  });

  it("keeps one pending row when the same request arrives several times at once", async () => {
    const book = await soldOutBook();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => subscribe({ productVariantId: book.variantId, email: "eager@example.com" })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await pending(book.variantId)).toHaveLength(1);
  });

  it("requires an email from an anonymous visitor and refuses bad input with 400", async () => {
    const book = await soldOutBook();
    const missing = await subscribe({ productVariantId: book.variantId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ code: "email_required", field: "body.email" });
    const bad: unknown[] = [
      { productVariantId: book.variantId, email: "not-an-email" },
      { productVariantId: book.variantId, email: "" },
      { productVariantId: book.variantId, email: `${"a".repeat(250)}@example.com` },
      { productVariantId: book.variantId, email: 7 },
      { productVariantId: book.variantId, email: "ok@example.com", quantity: 1 },
      { productVariantId: String(book.variantId), email: "ok@example.com" },
      { productVariantId: 0, email: "ok@example.com" },
      { productVariantId: -3, email: "ok@example.com" },
      { productVariantId: 1.5, email: "ok@example.com" },
      { productVariantId: 3_000_000_000, email: "ok@example.com" },
      { email: "ok@example.com" },
    ];
    for (const body of bad) {
      const response = await subscribe(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
    expect(await pending(book.variantId)).toEqual([]);
  });

  it("refuses a variant that is in stock with 409 variant_in_stock", async () => {
    const response = await subscribe({ productVariantId: api.seeded.inStock, email: "late@example.com" });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].code).toBe("variant_in_stock");
  });

  it("answers 404 variant_not_found for an unknown, unpublished or other store's variant", async () => {
    const draft = await soldOutBook({ isPublished: false });
    for (const productVariantId of [2_000_000_000, draft.variantId, api.seeded.foreign]) {
      const response = await subscribe({ productVariantId, email: "who@example.com" });
      expect(response.statusCode, String(productVariantId)).toBe(404);
      expect(response.json().errors[0].code).toBe("variant_not_found");
    }
  });

  it("hides variants from anonymous visitors where the store hides products, but not from its customers", async () => {
    const body = { productVariantId: api.seeded.secret, email: "insider@example.com" };
    expect((await subscribe(body, { storekey: "hidden-store" })).statusCode).toBe(404);
    const { authorization } = await createSession(api.database.db, api.seeded.hiddenCustomer.id);
    expect((await subscribe(body, { storekey: "hidden-store", auth: authorization })).statusCode).toBe(201);
  });
});

describe("when stock returns", () => {
  it("queues exactly one email per pending subscriber, naming the product with a link, and marks them notified", async () => {
    const book = await soldOutBook({ variantName: "Gift edition" });
    const recipients = ["one@example.com", "two@example.com", "three@example.com"];
    for (const email of recipients) await subscribeOk(book.variantId, email);

    const change = await setVariantStock(api.database.db, { storeId: api.seeded.store.id, variantId: book.variantId, quantity: 5 }, deps);
    expect(change).toEqual({ variantId: book.variantId, previousQuantity: 0, quantity: 5, notifiedSubscribers: 3 });

    const mails = await mailsFor(book.slug);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([...recipients].sort());
    for (const mail of mails) {
      expect(mail).toMatchObject({ storeId: api.seeded.store.id, kind: "back_in_stock", sentAt: null });
      expect(mail.subject).toContain(book.name);
      expect(mail.textBody).toContain(`${book.name} (Gift edition)`);
      expect(mail.textBody).toContain(`https://shop.example/store/product/${book.slug}`);
    }
    expect(await pending(book.variantId)).toEqual([]);
    const all = await api.database.db.select().from(backInStockSubscriptions).where(eq(backInStockSubscriptions.variantId, book.variantId));
    expect(all.every((row) => row.notifiedAt instanceof Date)).toBe(true);
  });

  it("sends nothing more on a second restock, nor when stock changes while already in stock", async () => {
    const book = await soldOutBook();
    await subscribeOk(book.variantId, "once@example.com");
    const { db } = api.database;
    const input = { storeId: api.seeded.store.id, variantId: book.variantId };
    await setVariantStock(db, { ...input, quantity: 2 }, deps);
    expect((await setVariantStock(db, { ...input, quantity: 9 }, deps)).notifiedSubscribers).toBe(0);
    expect((await setVariantStock(db, { ...input, quantity: 0 }, deps)).notifiedSubscribers).toBe(0);
    expect((await setVariantStock(db, { ...input, quantity: 4 }, deps)).notifiedSubscribers).toBe(0);
    expect(await mailsFor(book.slug)).toHaveLength(1);
  });

  it("lets someone already notified ask again once it has sold out, and mails them again on the next restock", async () => {
    const book = await soldOutBook();
    const input = { storeId: api.seeded.store.id, variantId: book.variantId };
    await subscribeOk(book.variantId, "loyal@example.com");
    await setVariantStock(api.database.db, { ...input, quantity: 1 }, deps);
    await setVariantStock(api.database.db, { ...input, quantity: 0 }, deps);
    await subscribeOk(book.variantId, "loyal@example.com");
    await setVariantStock(api.database.db, { ...input, quantity: 1 }, deps);
    expect((await mailsFor(book.slug)).map((mail) => mail.recipient)).toEqual(["loyal@example.com", "loyal@example.com"]);
  });

  it("sends one email per subscriber when several restocks run at once", async () => {
    const book = await soldOutBook();
    const recipients = ["race-a@example.com", "race-b@example.com"];
    for (const email of recipients) await subscribeOk(book.variantId, email);
    const changes = await Promise.all(
      [3, 4, 5, 6, 7].map((quantity) =>
        setVariantStock(api.database.db, { storeId: api.seeded.store.id, variantId: book.variantId, quantity }, deps),
      ),
    );
    expect(changes.map((change) => change.notifiedSubscribers).sort()).toEqual([0, 0, 0, 0, 2]);
    expect((await mailsFor(book.slug)).map((mail) => mail.recipient).sort()).toEqual(recipients);
  });

  it("sends nothing and keeps the subscription pending when the restock rolls back", async () => {
    const book = await soldOutBook();
    await subscribeOk(book.variantId, "patient@example.com");
    const failure = new Error("the surrounding change failed");
    await expect(
      api.database.db.transaction(async (tx) => {
        await setVariantStock(tx, { storeId: api.seeded.store.id, variantId: book.variantId, quantity: 8 }, deps);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await mailsFor(book.slug)).toEqual([]);
    expect(await pending(book.variantId)).toHaveLength(1);
    expect(await stockOf(book.variantId)).toBe(0);
  });

  it("never leaves a request pending for a variant that is back, when a request and a restock race", async () => {
    for (let round = 0; round < 6; round += 1) {
      const book = await soldOutBook();
      const [response] = await Promise.all([
        subscribe({ productVariantId: book.variantId, email: "racer@example.com" }),
        setVariantStock(api.database.db, { storeId: api.seeded.store.id, variantId: book.variantId, quantity: 2 }, deps),
      ]);
      if (response.statusCode === 201) {
        expect(await mailsFor(book.slug)).toHaveLength(1);
      } else {
        expect(response.statusCode).toBe(409);
        expect(await mailsFor(book.slug)).toEqual([]);
      }
      expect(await pending(book.variantId)).toEqual([]);
    }
  });

  it("keeps requests for an unpublished product pending and mails nobody", async () => {
    const book = await soldOutBook();
    await subscribeOk(book.variantId, "someday@example.com");
    await api.database.db.update(products).set({ isPublished: false }).where(eq(products.id, book.productId));
    const change = await setVariantStock(api.database.db, { storeId: api.seeded.store.id, variantId: book.variantId, quantity: 3 }, deps);
    expect(change.notifiedSubscribers).toBe(0);
    expect(await mailsFor(book.slug)).toEqual([]);
    expect(await pending(book.variantId)).toHaveLength(1);
  });

  it("mails only the restocked variant's subscribers", async () => {
    const first = await soldOutBook();
    const second = await soldOutBook();
    await subscribeOk(first.variantId, "first@example.com");
    await subscribeOk(second.variantId, "second@example.com");
    await setVariantStock(api.database.db, { storeId: api.seeded.store.id, variantId: first.variantId, quantity: 1 }, deps);
    const messages = await api.database.db
      .select({ recipient: outboxMessages.recipient })
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, ["first@example.com", "second@example.com"]));
    expect(messages).toEqual([{ recipient: "first@example.com" }]);
    expect(await pending(second.variantId)).toHaveLength(1);
  });
});
