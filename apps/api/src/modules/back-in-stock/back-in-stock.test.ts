import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashEmailedToken } from "../../security/emailed-tokens";
import { products, productVariants } from "../catalog/catalog.tables";
import { setVariantStock } from "../inventory/inventory.service";
import { outboxMessages } from "../mail/mail.tables";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { drainJobs } from "../../testing/test-jobs";
import { backInStockConfirmationTokens, backInStockSubscriptions } from "./back-in-stock.tables";
import {
  confirm,
  confirmationMails,
  preview,
  subscribe as subscribeAs,
  subscriptionsOf,
  tokenOf,
  type CallOptions,
} from "./back-in-stock-testing";

const STOREFRONT_URL = "https://shop.example/";

const api = useTestApi(
  async (db) => {
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
      other,
      type,
      inStock: inStock.variants[0]!.id,
      foreign: foreign.variants[0]!.id,
      secret: secret.variants[0]!.id,
      customer,
      hiddenCustomer,
    };
  },
  { storefrontUrl: "https://shop.example" },
);

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

const subscribe = (body: unknown, options?: CallOptions) => subscribeAs(api, body, options);
const mailsTo = (email: string) => confirmationMails(api.database.db, email);
const rowsOf = (variantId: number) => subscriptionsOf(api.database.db, variantId);
/** Runs the back-in-stock jobs that stock changes published, as the worker would next (mail stays queued). */
const runNoticeJobs = () => drainJobs(api.database.db, { only: ["back-in-stock-notify"], storefrontUrl: STOREFRONT_URL });
/** Sets the stock, then runs the jobs it published: what a merchant's restock leads to. */
const restock = async (variantId: number, quantity = 5) => {
  const change = await setVariantStock(api.database.db, { storeId: api.seeded.store.id, variantId, quantity });
  await runNoticeJobs();
  return change;
};

/** Asks anonymously and confirms with the emailed link: a subscriber the shop may notify. */
async function subscribeConfirmed(variantId: number, email: string) {
  const response = await subscribe({ productVariantId: variantId, email });
  expect(response.statusCode, response.body).toBe(202);
  const mails = await mailsTo(email);
  const confirmed = await confirm(api, tokenOf(mails.at(-1)!));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

const noticesFor = (slug: string) =>
  api.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, "back_in_stock"), eq(outboxMessages.actionUrl, `https://shop.example/store/product/${slug}`)));

/** Requests for the variant that are not yet notified and would be by a restock. */
const confirmedPending = (variantId: number) =>
  api.database.db
    .select()
    .from(backInStockSubscriptions)
    .where(
      and(
        eq(backInStockSubscriptions.variantId, variantId),
        isNull(backInStockSubscriptions.notifiedAt),
        isNotNull(backInStockSubscriptions.confirmedAt),
      ),
    );

const stockOf = async (variantId: number) =>
  (
    await api.database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId))
  )[0]!.stock;

/** Moves a link's expiry into the past, as if its days had gone by. */
const expireTokens = (subscriptionId: number) =>
  api.database.db
    .update(backInStockConfirmationTokens)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(backInStockConfirmationTokens.subscriptionId, subscriptionId));

describe("POST /notifications/back-in-stock from an anonymous visitor", () => {
  it("stores the request unconfirmed and emails a confirmation link in the same step (202 confirmation_sent)", async () => {
    const book = await soldOutBook({ variantName: "Gift edition" });
    const response = await subscribe({ productVariantId: book.variantId, email: "  Visitor@Example.COM " });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      data: { productVariantId: book.variantId, email: "visitor@example.com", status: "confirmation_sent" },
    });

    const rows = await rowsOf(book.variantId);
    expect(rows).toEqual([
      expect.objectContaining({
        email: "visitor@example.com",
        customerId: null,
        storeId: api.seeded.store.id,
        confirmedAt: null,
        notifiedAt: null,
      }),
    ]);
    const mails = await mailsTo("visitor@example.com");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ storeId: api.seeded.store.id, sentAt: null });
    expect(mail!.subject).toContain(book.name);
    expect(mail!.textBody).toContain(`${book.name} (Gift edition)`);
    expect(mail!.actionUrl).toMatch(/^https:\/\/shop\.example\/notifications\/back-in-stock\/confirm\/[A-Za-z0-9_-]{43}$/);
    expect(mail!.textBody).toContain(mail!.actionUrl);
    expect(mail!.textBody).toContain("7 days");
  });

  it("stores only the hash of the emailed token", async () => {
    const book = await soldOutBook();
    await subscribe({ productVariantId: book.variantId, email: "hashed@example.com" });
    const token = tokenOf((await mailsTo("hashed@example.com"))[0]!);
    const [subscription] = await rowsOf(book.variantId);
    const stored = await api.database.db
      .select()
      .from(backInStockConfirmationTokens)
      .where(eq(backInStockConfirmationTokens.subscriptionId, subscription!.id));
    expect(stored).toEqual([expect.objectContaining({ tokenHash: hashEmailedToken(token) })]);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("answers the same, with the same status, whether the address is new, pending or confirmed", async () => {
    const book = await soldOutBook();
    const body = { productVariantId: book.variantId, email: "same@example.com" };
    const first = await subscribe(body);
    const pending = await subscribe(body);
    await confirm(api, tokenOf((await mailsTo("same@example.com"))[0]!));
    const confirmed = await subscribe(body);
    for (const response of [first, pending, confirmed]) {
      expect(response.statusCode).toBe(202);
      expect(response.body).toBe(first.body);
    }
    // A pending request got a second link; a confirmed one needs none.
    expect(await mailsTo("same@example.com")).toHaveLength(2);
    expect(await rowsOf(book.variantId)).toHaveLength(1);
  });

  it("sends a fresh link when asked again while pending, and the earlier link still confirms", async () => {
    const book = await soldOutBook();
    const body = { productVariantId: book.variantId, email: "again@example.com" };
    await subscribe(body);
    await subscribe(body);
    const [earlier, later] = await mailsTo("again@example.com");
    expect(tokenOf(earlier!)).not.toBe(tokenOf(later!));
    expect((await confirm(api, tokenOf(earlier!))).json().data.state).toBe("confirmed");
    expect((await confirm(api, tokenOf(later!))).json().data.state).toBe("confirmed");
    expect(await confirmedPending(book.variantId)).toHaveLength(1);
  });

  it("keeps one request when the same one arrives several times at once", async () => {
    const book = await soldOutBook();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => subscribe({ productVariantId: book.variantId, email: "eager@example.com" })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(202));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(await rowsOf(book.variantId)).toHaveLength(1);
  });

  it("requires an email and refuses bad input with 400", async () => {
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
    expect(await rowsOf(book.variantId)).toEqual([]);
    expect(await mailsTo("ok@example.com")).toEqual([]);
  });

  it("refuses a variant that is in stock with 409 variant_in_stock, and mails nothing", async () => {
    const response = await subscribe({ productVariantId: api.seeded.inStock, email: "late@example.com" });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].code).toBe("variant_in_stock");
    expect(await mailsTo("late@example.com")).toEqual([]);
  });

  it("answers 404 variant_not_found for an unknown, unpublished or other store's variant", async () => {
    const draft = await soldOutBook({ isPublished: false });
    for (const productVariantId of [2_000_000_000, draft.variantId, api.seeded.foreign]) {
      const response = await subscribe({ productVariantId, email: "who@example.com" });
      expect(response.statusCode, String(productVariantId)).toBe(404);
      expect(response.json().errors[0].code).toBe("variant_not_found");
    }
    expect(await mailsTo("who@example.com")).toEqual([]);
  });

  it("hides variants from anonymous visitors where the store hides products, but not from its customers", async () => {
    const body = { productVariantId: api.seeded.secret, email: "insider@example.com" };
    expect((await subscribe(body, { storekey: "hidden-store" })).statusCode).toBe(404);
    const { authorization } = await createSession(api.database.db, api.seeded.hiddenCustomer.id);
    expect((await subscribe(body, { storekey: "hidden-store", auth: authorization })).json().data.status).toBe("subscribed");
  });
});

describe("POST /notifications/back-in-stock from a signed-in customer", () => {
  it("confirms their account email at once, given or not, and mails nothing (202 subscribed)", async () => {
    const { authorization } = await createSession(api.database.db, api.seeded.customer.id);
    for (const body of [{}, { email: "READER@example.com" }]) {
      const book = await soldOutBook();
      const response = await subscribe({ productVariantId: book.variantId, ...body }, { auth: authorization });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ data: { productVariantId: book.variantId, email: "reader@example.com", status: "subscribed" } });
      expect(await confirmedPending(book.variantId)).toEqual([expect.objectContaining({ customerId: api.seeded.customer.id })]);
    }
    expect(await mailsTo("reader@example.com")).toEqual([]);
  });

  it("confirms at once a request for their own address that was made while signed out", async () => {
    const book = await soldOutBook();
    await subscribe({ productVariantId: book.variantId, email: "reader@example.com" });
    expect(await confirmedPending(book.variantId)).toEqual([]);
    const { authorization } = await createSession(api.database.db, api.seeded.customer.id);
    expect((await subscribe({ productVariantId: book.variantId }, { auth: authorization })).json().data.status).toBe("subscribed");
    expect(await confirmedPending(book.variantId)).toEqual([
      expect.objectContaining({ email: "reader@example.com", customerId: api.seeded.customer.id }),
    ]);
  });

  it("needs a confirmation for any other address", async () => {
    const book = await soldOutBook();
    const { authorization } = await createSession(api.database.db, api.seeded.customer.id);
    const response = await subscribe({ productVariantId: book.variantId, email: "partner@example.com" }, { auth: authorization });
    expect(response.json().data).toEqual({ productVariantId: book.variantId, email: "partner@example.com", status: "confirmation_sent" });
    expect(await rowsOf(book.variantId)).toEqual([expect.objectContaining({ customerId: api.seeded.customer.id, confirmedAt: null })]);
    expect(await mailsTo("partner@example.com")).toHaveLength(1);
  });
});

describe("POST /notifications/back-in-stock/confirm", () => {
  it("confirms the request the link names, and answers the same on every repeat (200)", async () => {
    const book = await soldOutBook();
    await subscribe({ productVariantId: book.variantId, email: "confirm@example.com" });
    const token = tokenOf((await mailsTo("confirm@example.com"))[0]!);
    const first = await confirm(api, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { state: "confirmed", productVariantId: book.variantId, backInStock: false } });
    const confirmedAt = (await rowsOf(book.variantId))[0]!.confirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);

    const again = await confirm(api, token);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect((await rowsOf(book.variantId))[0]!.confirmedAt).toEqual(confirmedAt);
  });

  it("changes nothing when the link is only previewed", async () => {
    const book = await soldOutBook();
    await subscribe({ productVariantId: book.variantId, email: "preview@example.com" });
    const token = tokenOf((await mailsTo("preview@example.com"))[0]!);
    const before = await preview(api, token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ data: { state: "pending", productVariantId: book.variantId, backInStock: false } });
    expect((await rowsOf(book.variantId))[0]!.confirmedAt).toBeNull();

    await confirm(api, token);
    expect((await preview(api, token)).json().data.state).toBe("confirmed");
  });

  it("refuses an unknown link with 400 back_in_stock_token_invalid, and a malformed one with 400", async () => {
    const book = await soldOutBook();
    await subscribe({ productVariantId: book.variantId, email: "unknown-link@example.com" });
    const token = tokenOf((await mailsTo("unknown-link@example.com"))[0]!);
    const wrongToken = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const call of [confirm, preview]) {
      const unknown = await call(api, wrongToken);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0]).toMatchObject({ code: "back_in_stock_token_invalid", field: "token" });
      // A link of this store opened with another store's key is unknown there.
      const elsewhere = await call(api, token, { storekey: "other-store" });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().errors[0].code).toBe("back_in_stock_token_invalid");
      for (const malformed of ["short", "x".repeat(300), `${token}!`, ""]) {
        const response = await call(api, malformed);
        expect(response.statusCode, malformed).toBe(400);
        expect(response.json().errors[0].field).toBe("body.token");
      }
    }
    expect((await rowsOf(book.variantId))[0]!.confirmedAt).toBeNull();
  });

  it("refuses an expired link with 410 back_in_stock_token_expired, so the request is never notified", async () => {
    const book = await soldOutBook();
    await subscribe({ productVariantId: book.variantId, email: "slow@example.com" });
    const token = tokenOf((await mailsTo("slow@example.com"))[0]!);
    const [subscription] = await rowsOf(book.variantId);
    await expireTokens(subscription!.id);
    for (const call of [confirm, preview]) {
      const response = await call(api, token);
      expect(response.statusCode).toBe(410);
      expect(response.json().errors[0]).toMatchObject({ code: "back_in_stock_token_expired", field: "token" });
    }
    expect((await rowsOf(book.variantId))[0]!.confirmedAt).toBeNull();
    await restock(book.variantId);
    expect(await noticesFor(book.slug)).toEqual([]);
  });

  it("still answers 200 for a link of a confirmed request once its days are over", async () => {
    const book = await soldOutBook();
    await subscribeConfirmed(book.variantId, "early@example.com");
    const token = tokenOf((await mailsTo("early@example.com"))[0]!);
    await expireTokens((await rowsOf(book.variantId))[0]!.id);
    expect((await confirm(api, token)).json().data).toEqual({ state: "confirmed", productVariantId: book.variantId, backInStock: false });
  });

  it("a new request after expiry sends a new link that works", async () => {
    const book = await soldOutBook();
    const body = { productVariantId: book.variantId, email: "second-try@example.com" };
    await subscribe(body);
    await expireTokens((await rowsOf(book.variantId))[0]!.id);
    await subscribe(body);
    const [expired, fresh] = await mailsTo("second-try@example.com");
    expect((await confirm(api, tokenOf(expired!))).statusCode).toBe(410);
    expect((await confirm(api, tokenOf(fresh!))).statusCode).toBe(200);
    expect(await confirmedPending(book.variantId)).toHaveLength(1);
  });

  it("says the variant is back when it already is, and then sends no notice for it", async () => {
    const book = await soldOutBook();
    await subscribe({ productVariantId: book.variantId, email: "too-late@example.com" });
    const token = tokenOf((await mailsTo("too-late@example.com"))[0]!);
    await restock(book.variantId);
    expect(await noticesFor(book.slug)).toEqual([]);

    expect((await preview(api, token)).json().data).toEqual({ state: "pending", productVariantId: book.variantId, backInStock: true });
    const response = await confirm(api, token);
    expect(response.json().data).toEqual({ state: "confirmed", productVariantId: book.variantId, backInStock: true });
    // The answer was the notice: the request is closed, and a later sell-out and restock mail nobody.
    expect((await rowsOf(book.variantId))[0]!.notifiedAt).toBeInstanceOf(Date);
    await restock(book.variantId, 0);
    await restock(book.variantId, 4);
    expect(await noticesFor(book.slug)).toEqual([]);
  });
});

describe("when stock returns", () => {
  it("queues exactly one email per confirmed subscriber, naming the product with a link, and none for unconfirmed ones", async () => {
    const book = await soldOutBook({ variantName: "Gift edition" });
    const recipients = ["one@example.com", "two@example.com", "three@example.com"];
    for (const email of recipients) await subscribeConfirmed(book.variantId, email);
    await subscribe({ productVariantId: book.variantId, email: "unconfirmed@example.com" });
    await subscribe({ productVariantId: book.variantId, email: "expired@example.com" });
    await expireTokens((await rowsOf(book.variantId)).find((row) => row.email === "expired@example.com")!.id);

    const change = await restock(book.variantId);
    expect(change).toEqual({ variantId: book.variantId, previousQuantity: 0, quantity: 5 });

    const mails = await noticesFor(book.slug);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([...recipients].sort());
    for (const mail of mails) {
      expect(mail).toMatchObject({ storeId: api.seeded.store.id, kind: "back_in_stock", sentAt: null });
      expect(mail.subject).toContain(book.name);
      expect(mail.textBody).toContain(`${book.name} (Gift edition)`);
      expect(mail.textBody).toContain(`https://shop.example/store/product/${book.slug}`);
    }
    expect(await confirmedPending(book.variantId)).toEqual([]);
    const unconfirmed = (await rowsOf(book.variantId)).filter((row) => row.confirmedAt === null);
    expect(unconfirmed.map((row) => [row.email, row.notifiedAt])).toEqual([
      ["unconfirmed@example.com", null],
      ["expired@example.com", null],
    ]);
  });

  it("sends nothing more on a second restock, nor when stock changes while already in stock", async () => {
    const book = await soldOutBook();
    await subscribeConfirmed(book.variantId, "once@example.com");
    await restock(book.variantId, 2);
    expect(await noticesFor(book.slug)).toHaveLength(1);
    await restock(book.variantId, 9);
    await restock(book.variantId, 0);
    await restock(book.variantId, 4);
    expect(await noticesFor(book.slug)).toHaveLength(1);
  });

  it("lets a signed-in customer already notified ask again once it has sold out, and mails them again on the next restock", async () => {
    const book = await soldOutBook();
    const { authorization } = await createSession(api.database.db, api.seeded.customer.id);
    const ask = () => subscribe({ productVariantId: book.variantId }, { auth: authorization });
    expect((await ask()).statusCode).toBe(202);
    await restock(book.variantId, 1);
    await restock(book.variantId, 0);
    expect((await ask()).json().data.status).toBe("subscribed");
    await restock(book.variantId, 1);
    expect((await noticesFor(book.slug)).map((mail) => mail.recipient)).toEqual(["reader@example.com", "reader@example.com"]);
  });

  it("sends one email per subscriber when several restocks run at once", async () => {
    const book = await soldOutBook();
    const recipients = ["race-a@example.com", "race-b@example.com"];
    for (const email of recipients) await subscribeConfirmed(book.variantId, email);
    const changes = await Promise.all([3, 4, 5, 6, 7].map((quantity) => restock(book.variantId, quantity)));
    // Exactly one of them saw the stock leave zero.
    expect(changes.filter((change) => change.previousQuantity === 0)).toHaveLength(1);
    await runNoticeJobs();
    expect((await noticesFor(book.slug)).map((mail) => mail.recipient).sort()).toEqual(recipients);
  });

  it("sends nothing and keeps the subscription pending when the restock rolls back", async () => {
    const book = await soldOutBook();
    await subscribeConfirmed(book.variantId, "patient@example.com");
    const failure = new Error("the surrounding change failed");
    await expect(
      api.database.db.transaction(async (tx) => {
        await setVariantStock(tx, { storeId: api.seeded.store.id, variantId: book.variantId, quantity: 8 });
        throw failure;
      }),
    ).rejects.toBe(failure);
    await runNoticeJobs();
    expect(await noticesFor(book.slug)).toEqual([]);
    expect(await confirmedPending(book.variantId)).toHaveLength(1);
    expect(await stockOf(book.variantId)).toBe(0);
  });

  it("never leaves a confirmed request pending for a variant that is back, when a customer's request and a restock race", async () => {
    const { authorization } = await createSession(api.database.db, api.seeded.customer.id);
    for (let round = 0; round < 6; round += 1) {
      const book = await soldOutBook();
      const [response] = await Promise.all([
        subscribe({ productVariantId: book.variantId }, { auth: authorization }),
        restock(book.variantId, 2),
      ]);
      await runNoticeJobs();
      if (response.statusCode === 202) {
        expect(await noticesFor(book.slug)).toHaveLength(1);
      } else {
        expect(response.statusCode).toBe(409);
        expect(await noticesFor(book.slug)).toEqual([]);
      }
      expect(await confirmedPending(book.variantId)).toEqual([]);
    }
  });

  it("either notifies or tells the confirming subscriber it is back, never neither, when a confirmation and a restock race", async () => {
    for (let round = 0; round < 6; round += 1) {
      const book = await soldOutBook();
      const email = `race-confirm-${round}@example.com`;
      await subscribe({ productVariantId: book.variantId, email });
      const token = tokenOf((await mailsTo(email))[0]!);
      const [response] = await Promise.all([confirm(api, token), restock(book.variantId, 2)]);
      await runNoticeJobs();
      const notices = await noticesFor(book.slug);
      if (response.json().data.backInStock) {
        expect(notices).toEqual([]);
      } else {
        expect(notices.map((mail) => mail.recipient)).toEqual([email]);
      }
      expect(await confirmedPending(book.variantId)).toEqual([]);
    }
  });

  it("queues the notices after the restock, from its event, and mails nobody if it sold out again before then", async () => {
    const book = await soldOutBook();
    await subscribeConfirmed(book.variantId, "patient-reader@example.com");
    const setStock = (quantity: number) =>
      setVariantStock(api.database.db, { storeId: api.seeded.store.id, variantId: book.variantId, quantity });
    await setStock(2);
    // The restock only published its event: the notice is the job's.
    expect(await noticesFor(book.slug)).toEqual([]);
    await setStock(0);
    await runNoticeJobs();
    expect(await noticesFor(book.slug)).toEqual([]);
    expect(await confirmedPending(book.variantId)).toHaveLength(1);
    await restock(book.variantId, 1);
    expect((await noticesFor(book.slug)).map((mail) => mail.recipient)).toEqual(["patient-reader@example.com"]);
  });

  it("keeps requests for an unpublished product pending and mails nobody", async () => {
    const book = await soldOutBook();
    await subscribeConfirmed(book.variantId, "someday@example.com");
    await api.database.db.update(products).set({ isPublished: false }).where(eq(products.id, book.productId));
    await restock(book.variantId, 3);
    expect(await noticesFor(book.slug)).toEqual([]);
    expect(await confirmedPending(book.variantId)).toHaveLength(1);
  });

  it("mails only the restocked variant's subscribers", async () => {
    const first = await soldOutBook();
    const second = await soldOutBook();
    await subscribeConfirmed(first.variantId, "first@example.com");
    await subscribeConfirmed(second.variantId, "second@example.com");
    await restock(first.variantId, 1);
    const messages = await api.database.db
      .select({ recipient: outboxMessages.recipient })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, "back_in_stock"), inArray(outboxMessages.recipient, ["first@example.com", "second@example.com"])));
    expect(messages).toEqual([{ recipient: "first@example.com" }]);
    expect(await confirmedPending(second.variantId)).toHaveLength(1);
  });
});

describe("the OpenAPI document", () => {
  it("describes the request, the confirmation and its preview", async () => {
    const { paths } = (await api.app.inject({ url: "/openapi.json" })).json();
    const request = paths["/notifications/back-in-stock"].post.responses;
    expect(request["202"]).toBeDefined();
    expect(request["200"]).toBeUndefined();
    expect(request["201"]).toBeUndefined();
    for (const path of ["/notifications/back-in-stock/confirm", "/notifications/back-in-stock/confirm/preview"]) {
      expect(paths[path]?.post, path).toBeDefined();
      expect(paths[path].post.responses["200"], path).toBeDefined();
    }
  });
});
