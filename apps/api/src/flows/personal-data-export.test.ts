import { AddressSchema, type PersonalDataExport } from "@quire/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createSession } from "../testing/identity-factories";
import { TEST_HEADERS } from "../testing/test-api";
import { insertGuestRows, useAfterPurchaseShop } from "../testing/after-purchase-shop";
import { savedAddresses } from "../modules/addresses/addresses.tables";
import { auditLog } from "../modules/audit/audit.tables";
import { backInStockSubscriptions } from "../modules/back-in-stock/back-in-stock.tables";
import { UK_ADDRESS } from "../modules/checkout/checkout-test-shop";
import { consentRecords } from "../modules/consent/consent.tables";
import { contactMessages } from "../modules/contact/contact.tables";
import { customers, signupRequests } from "../modules/identity/identity.tables";
import { marketingSubscriptions } from "../modules/marketing/marketing.tables";
import { storeCreditEntries } from "../modules/returns/returns.tables";
import { viewedProducts } from "../modules/viewed-products/viewed-products.tables";
import { wishlistItems, wishlists } from "../modules/wishlists/wishlists.tables";

// A person's data export (decision 062) against PostgreSQL: a customer with something in every section downloads it
// all, and nothing of another customer's or any secret; the merchant's export of a guest's email address; who may ask.
const ADMIN_KEY = "data-export-admin-key";
const { api, placeOrder } = useAfterPurchaseShop(ADMIN_KEY);
const get = (url: string, headers: Record<string, string> = {}) =>
  api.app.inject({ method: "GET", url, headers: { ...TEST_HEADERS, ...headers } });
const asStaff = (token: string, url: string) =>
  api.app.inject({ method: "GET", url, headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${token}` } });
const post = (url: string, payload: object, authorization?: string) =>
  api.app.inject({ method: "POST", url, headers: { ...TEST_HEADERS, ...(authorization ? { authorization } : {}) }, payload });
const COOKIE_SUBJECT = "cookieSubjectOfExporterA1";

/** A customer with something in every section the export holds, each with a value found nowhere else. */
async function customerWithEverything(tag: string) {
  const db = api.database.db;
  const storeId = api.seeded.store.id;
  const email = `exporter-${tag}@example.com`;
  const customer = await createCustomer(db, {
    storeId,
    email,
    firstName: `First${tag}`,
    lastName: `Last${tag}`,
    phone: `+44 7700 90${tag.length}${tag.length}00`,
  });
  const session = await createSession(db, customer.id);
  const { authorization } = session;

  await db.insert(savedAddresses).values({
    customerId: customer.id,
    address: AddressSchema.parse({ ...UK_ADDRESS, line1: `1 ${tag} Street` }),
    isDefaultDelivery: true,
  });
  const returned = await placeOrder(authorization);
  const created = await post(
    "/order-returns",
    {
      orderId: returned.id,
      lines: [{ orderLineId: returned.lines[1].id, quantity: 1 }],
      reason: "damaged",
      resolution: "refund",
      comment: `Torn ${tag}`,
    },
    authorization,
  );
  expect(created.statusCode, created.body).toBe(201);
  const withdrawn = await placeOrder(authorization, { delivered: false });
  const withdrawal = await post(
    "/withdrawals",
    { orderId: withdrawn.id, lines: [{ orderLineId: withdrawn.lines[0].id, quantity: 1 }] },
    authorization,
  );
  expect(withdrawal.statusCode, withdrawal.body).toBe(201);
  await db.insert(storeCreditEntries).values({ customerId: customer.id, currencyCode: "GBP", amount: 250, note: `Goodwill ${tag}` });
  const [list] = await db
    .insert(wishlists)
    .values({ customerId: customer.id, name: `Wishes ${tag}` })
    .returning();
  await db.insert(wishlistItems).values({ wishlistId: list!.id, variantId: api.seeded.variants.plainHardback, quantity: 2 });
  const [subscription] = await db
    .insert(marketingSubscriptions)
    .values({ storeId, email, customerId: customer.id, topics: ["offers"] })
    .returning();
  await db.insert(consentRecords).values([
    { storeId, kind: "marketing", subject: String(subscription!.id), source: "account", subscribed: true, topics: ["offers"] },
    { storeId, kind: "cookies", subject: `${COOKIE_SUBJECT}${tag}`, source: "banner", analytics: true, marketing: false, bannerVersion: 1 },
  ]);
  await db
    .insert(backInStockSubscriptions)
    .values({ storeId, variantId: api.seeded.variants.tiered, customerId: customer.id, email, confirmedAt: new Date() });
  await db.insert(contactMessages).values({
    storeId,
    reference: `MSG-${tag}`,
    name: `First${tag}`,
    email,
    subject: `Question ${tag}`,
    message: `Hello ${tag}`,
    customerId: customer.id,
  });
  await db.insert(viewedProducts).values({ storeId, customerId: customer.id, variantId: api.seeded.variants.plainHardback });
  await db
    .insert(signupRequests)
    .values({ storeId, email, firstName: `First${tag}`, tokenHash: `signup-hash-${tag}`, expiresAt: new Date(), completedAt: new Date() });
  return { customer, session, email, orders: [returned, withdrawn] as const, cookieSubject: `${COOKIE_SUBJECT}${tag}` };
}

describe("a customer's data export", () => {
  it("holds every section of the customer's data, nothing of another customer's, and no secret", async () => {
    const a = await customerWithEverything("alpha");
    const b = await customerWithEverything("bravo");
    const answer = await get(`/customers/data-export?consentSubject=${a.cookieSubject}`, { authorization: a.session.authorization });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="quire-personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const exported = answer.json().data as PersonalDataExport;

    expect(exported.subject).toEqual({ kind: "customer", email: a.email });
    expect(exported.account).toMatchObject({ id: a.customer.id, email: a.email, firstName: "Firstalpha", lastName: "Lastalpha" });
    expect(exported.sessions?.count).toBe(1);
    expect(exported.signUps).toMatchObject([{ kind: "registration", email: a.email }]);
    expect(exported.addresses).toMatchObject([{ line1: "1 alpha Street", book: "customer", isDefaultDelivery: true }]);
    expect(exported.orders.map((order) => order.publicId).sort()).toEqual(a.orders.map((order) => order.row.publicId).sort());
    const delivered = exported.orders.find((order) => order.publicId === a.orders[0].row.publicId)!;
    expect(delivered).toMatchObject({
      status: "delivered",
      lines: [{ quantity: 3 }, { quantity: 1 }],
      latestPayment: { method: "proforma-invoice" },
    });
    expect(delivered.statusHistory.map((change) => change.to)).toEqual(["confirmed", "shipped", "delivered"]);
    expect(delivered.deliveryAddress.line1).toBe(UK_ADDRESS.line1);
    expect(exported.returns).toMatchObject([{ orderPublicId: a.orders[0].row.publicId, comment: "Torn alpha", lines: [{ quantity: 1 }] }]);
    expect(exported.withdrawals).toMatchObject([{ orderPublicId: a.orders[1].row.publicId, lines: [{ quantity: 1 }] }]);
    expect(exported.storeCredit).toMatchObject([{ amount: { amount: 250, currencyCode: "GBP" }, note: "Goodwill alpha" }]);
    expect(exported.wishlists).toMatchObject([{ name: "Wishes alpha", items: [{ quantity: 2 }] }]);
    expect(exported.wishlists[0]?.items[0]?.productName).toBeTruthy();
    expect(exported.marketingSubscriptions).toMatchObject([{ email: a.email, topics: ["offers"] }]);
    expect(exported.consentRecords.map((record) => record.kind).sort()).toEqual(["cookies", "marketing"]);
    expect(exported.backInStockRequests).toMatchObject([{ email: a.email }]);
    expect(exported.contactMessages).toMatchObject([{ reference: "MSG-alpha", message: "Hello alpha" }]);
    expect(exported.recentlyViewed).toHaveLength(1);
    expect(exported.mails.length).toBeGreaterThan(0);
    expect(exported.truncatedSections).toEqual([]);

    // Nothing of the other customer's, and no secret of either.
    const text = answer.body;
    for (const foreign of [b.email, "bravo", b.orders[0].row.publicId, b.cookieSubject]) expect(text).not.toContain(foreign);
    const [stored] = await api.database.db
      .select({ passwordHash: customers.passwordHash })
      .from(customers)
      .where(eq(customers.id, a.customer.id));
    for (const secret of [stored!.passwordHash, a.session.sessionId, a.session.token, "signup-hash-alpha", "passwordHash", "tokenHash"]) {
      expect(text).not.toContain(secret);
    }

    // Without the browser's consent id, no cookie decision, and a note says why.
    const plain = (await get("/customers/data-export", { authorization: a.session.authorization })).json().data as PersonalDataExport;
    expect(plain.consentRecords.map((record) => record.kind)).toEqual(["marketing"]);
    expect(plain.notes.join(" ")).toContain("consent cookie");
  });

  it("reads as a plain-text summary with the same content", async () => {
    const a = await customerWithEverything("charlie");
    const answer = await get("/customers/data-export/summary", { authorization: a.session.authorization });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    for (const expected of [
      a.email,
      a.orders[0].row.publicId,
      "1 charlie Street",
      "Torn charlie",
      "Wishes charlie",
      "MSG-charlie",
      "What this export leaves out",
    ]) {
      expect(answer.body).toContain(expected);
    }
  });

  it("needs a signed-in customer, and refuses a malformed consent id", async () => {
    expect((await get("/customers/data-export")).statusCode).toBe(401);
    expect((await get("/customers/data-export/summary")).statusCode).toBe(401);
    const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: "plain-exporter@example.com" });
    const { authorization } = await createSession(api.database.db, customer.id);
    expect((await get("/customers/data-export?consentSubject=-bad", { authorization })).statusCode).toBe(400);
    const empty = (await get("/customers/data-export", { authorization })).json().data as PersonalDataExport;
    expect(empty).toMatchObject({ orders: [], addresses: [], wishlists: [], returns: [], contactMessages: [] });
  });
});

describe("the merchant's export for an email address", () => {
  it("finds a guest's messages, requests and subscription by email, with no account, and records the disclosure", async () => {
    const db = api.database.db;
    const storeId = api.seeded.store.id;
    const email = "guest-exporter@example.com";
    const variantId = api.seeded.variants.tiered;
    await insertGuestRows(db, { storeId, variantId, email, reference: "MSG-guest", name: "Grace", message: "From a guest" });
    await db
      .insert(contactMessages)
      .values({ storeId, reference: "MSG-other", name: "Other", email: "other-guest@example.com", subject: "Hi", message: "Not hers" });

    const answer = await get(`/admin/customers/data-export?email=${encodeURIComponent("Guest-Exporter@Example.com")}`, {
      "admin-key": ADMIN_KEY,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="quire-personal-data-/);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const exported = answer.json().data as PersonalDataExport;
    expect(exported).toMatchObject({ subject: { kind: "guest", email }, account: null, sessions: null, addresses: [] });
    expect(exported.contactMessages).toMatchObject([{ reference: "MSG-guest" }]);
    expect(exported.backInStockRequests).toMatchObject([{ email, confirmedAt: null }]);
    expect(exported.marketingSubscriptions).toMatchObject([{ email, topics: ["events"] }]);
    expect(answer.body).not.toContain("MSG-other");

    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.storeId, storeId), eq(auditLog.resourceType, "personal_data_export")));
    expect(entries).toMatchObject([{ operation: "exportAdminPersonalData", resourceId: email, actorType: "admin_key" }]);
  });

  it("includes the account that has the address, with its orders", async () => {
    const a = await customerWithEverything("delta");
    const answer = await asStaff(api.seeded.manager.token, `/admin/customers/data-export?email=${a.email}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const exported = answer.json().data as PersonalDataExport;
    expect(exported.subject).toEqual({ kind: "customer", email: a.email });
    expect(exported.orders).toHaveLength(2);
    const summary = await asStaff(api.seeded.manager.token, `/admin/customers/data-export/summary?email=${a.email}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.body).toContain(a.orders[0].row.publicId);
  });

  it("is refused without a credential, to a role without the customers permission, and for a malformed email", async () => {
    expect((await get("/admin/customers/data-export?email=someone@example.com")).statusCode).toBe(401);
    expect((await asStaff(api.seeded.content.token, "/admin/customers/data-export?email=someone@example.com")).statusCode).toBe(403);
    expect((await asStaff(api.seeded.content.token, "/admin/customers/data-export/summary?email=someone@example.com")).statusCode).toBe(
      403,
    );
    // A customer's session is no admin credential.
    const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: "not-staff@example.com" });
    const { authorization } = await createSession(api.database.db, customer.id);
    expect((await get("/admin/customers/data-export?email=someone@example.com", { authorization })).statusCode).toBe(401);
    for (const query of ["email=not-an-email", "", "email=a@example.com&extra=1"]) {
      expect((await get(`/admin/customers/data-export?${query}`, { "admin-key": ADMIN_KEY })).statusCode, query).toBe(400);
    }
  });
});
