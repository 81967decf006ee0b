import { AddressSchema } from "@quire/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sqlRows } from "../db/sql-rows";
import { createCustomer, createSession } from "../testing/identity-factories";
import { TEST_HEADERS } from "../testing/test-api";
import { insertGuestRows, useAfterPurchaseShop } from "../testing/after-purchase-shop";
import { savedAddresses } from "../modules/addresses/addresses.tables";
import { auditLog } from "../modules/audit/audit.tables";
import { backInStockSubscriptions } from "../modules/back-in-stock/back-in-stock.tables";
import { cartClient } from "../modules/cart/cart-test-catalogue";
import { checkoutClient, UK_ADDRESS } from "../modules/checkout/checkout-test-shop";
import { consentRecords } from "../modules/consent/consent.tables";
import { contactMessages } from "../modules/contact/contact.tables";
import { customers, erasureRequests, sessions, signupRequests } from "../modules/identity/identity.tables";
import { outboxMessages } from "../modules/mail/mail.tables";
import { marketingSubscriptions } from "../modules/marketing/marketing.tables";
import { orders } from "../modules/orders/orders.tables";
import { orderReturns, orderWithdrawals, storeCreditEntries } from "../modules/returns/returns.tables";
import { viewedProducts } from "../modules/viewed-products/viewed-products.tables";
import { wishlistItems, wishlists } from "../modules/wishlists/wishlists.tables";
import { erasePersonalData, type ErasureActor } from "./personal-data-erasure.flow";

// Erasing a person's data (decision 063) against PostgreSQL: a customer with something in every section is erased,
// and then no text or JSON column of any table holds their email, first name or last name; their orders are kept
// with the amounts and the country; the same email signs up again; another customer's data is untouched.
const ADMIN_KEY = "data-erasure-admin-key";
const { api, placeOrder } = useAfterPurchaseShop(ADMIN_KEY);
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  api.app.inject({ method: "POST", url, headers: { ...TEST_HEADERS, ...headers }, payload });
/** The admin key's erasure, audited as a merchant's write. */
const adminOf = (storeId: number): ErasureActor => ({
  kind: "admin",
  write: {
    storeId,
    principal: { type: "admin_key", id: 0, label: "admin key" },
    operation: "erasePersonalData",
    clientIp: "127.0.0.1",
    requestId: "test",
  },
});

/** A person with something in every section, each naming them by unusual names found nowhere else. */
async function personWithEverything(firstName: string, lastName: string, phone: string) {
  const db = api.database.db;
  const storeId = api.seeded.store.id;
  const email = `${firstName}.${lastName}@example.com`.toLowerCase();
  const customer = await createCustomer(db, { storeId, email, firstName, lastName, phone });
  const session = await createSession(db, customer.id);
  const { authorization } = session;
  const address = { ...UK_ADDRESS, firstName, lastName, line1: `1 ${lastName} Lane` };
  const buyer = { email, firstName, lastName, address };

  await db.insert(savedAddresses).values({ customerId: customer.id, address: AddressSchema.parse(address), isDefaultDelivery: true });
  const returned = await placeOrder(authorization, { buyer });
  const created = await post(
    "/order-returns",
    {
      orderId: returned.id,
      lines: [{ orderLineId: returned.lines[1].id, quantity: 1 }],
      reason: "damaged",
      resolution: "refund",
      comment: `Torn, ${firstName}`,
    },
    { authorization },
  );
  expect(created.statusCode, created.body).toBe(201);
  const withdrawn = await placeOrder(authorization, { buyer, delivered: false });
  const withdrawal = await post(
    "/withdrawals",
    { orderId: withdrawn.id, lines: [{ orderLineId: withdrawn.lines[0].id, quantity: 1 }] },
    { authorization },
  );
  expect(withdrawal.statusCode, withdrawal.body).toBe(201);
  await db.insert(storeCreditEntries).values({ customerId: customer.id, currencyCode: "GBP", amount: 250, note: "Goodwill" });
  const [list] = await db
    .insert(wishlists)
    .values({ customerId: customer.id, name: `${firstName}'s wishes` })
    .returning();
  await db.insert(wishlistItems).values({ wishlistId: list!.id, variantId: api.seeded.variants.plainHardback, quantity: 2 });
  const [subscription] = await db
    .insert(marketingSubscriptions)
    .values({ storeId, email, customerId: customer.id, topics: ["offers"] })
    .returning();
  await db
    .insert(consentRecords)
    .values({ storeId, kind: "marketing", subject: String(subscription!.id), source: "account", subscribed: true, topics: ["offers"] });
  await db
    .insert(backInStockSubscriptions)
    .values({ storeId, variantId: api.seeded.variants.tiered, customerId: customer.id, email, confirmedAt: new Date() });
  await db.insert(contactMessages).values({
    storeId,
    reference: `MSG-${lastName}`,
    name: `${firstName} ${lastName}`,
    email,
    subject: `From ${firstName}`,
    message: `Regards, ${firstName} ${lastName}`,
    customerId: customer.id,
  });
  await db.insert(viewedProducts).values({ storeId, customerId: customer.id, variantId: api.seeded.variants.plainHardback });
  await db
    .insert(signupRequests)
    .values({ storeId, email, firstName, tokenHash: `signup-hash-${lastName}`, expiresAt: new Date(), completedAt: new Date() });
  // An open basket with the checkout's details typed in, and the merchant's export of the person's data (audited).
  const cart = cartClient(() => api.app);
  expect((await cart.add({ productVariantId: api.seeded.variants.plainHardback, quantity: 1 }, { authorization })).statusCode).toBe(200);
  const checkout = checkoutClient(() => api.app);
  expect((await checkout.customerInfo({ email, firstName, lastName }, { authorization })).statusCode).toBe(200);
  const exported = await api.app.inject({
    method: "GET",
    url: `/admin/customers/data-export?email=${encodeURIComponent(email)}`,
    headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY },
  });
  expect(exported.statusCode).toBe(200);
  return { customer, session, email, firstName, lastName, orders: [returned, withdrawn] as const, subscriptionId: subscription!.id };
}

/** Settles what blocks an erasure: the return refunded, the withdrawal refunded, the order delivered. */
async function settle(person: Awaited<ReturnType<typeof personWithEverything>>) {
  const db = api.database.db;
  const ids = person.orders.map((order) => order.id);
  await db.update(orderReturns).set({ status: "refunded" }).where(inArray(orderReturns.orderId, ids));
  await db.update(orderWithdrawals).set({ status: "refunded" }).where(inArray(orderWithdrawals.orderId, ids));
  await db.update(orders).set({ status: "delivered" }).where(inArray(orders.id, ids));
}

/** Every text, varchar, array and JSON column of every table, as `table.column`, holding the words (any case). */
async function rowsHolding(words: readonly string[]) {
  const db = api.database.db;
  const columns = await sqlRows<{ table_name: string; column_name: string }>(
    db,
    sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and (c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY'))`,
  );
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const word of words) {
      const [found] = await sqlRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where strpos(lower(${sql.identifier(column)}::text), ${word.toLowerCase()}) > 0`,
      );
      if (found!.n > 0) hits.push(`${table}.${column}: ${word}`);
    }
  }
  return { hits, columns: columns.length };
}

describe("erasing a person's data", () => {
  it("leaves no trace of the person in any table, keeps the orders anonymised, and the email can sign up again", async () => {
    const db = api.database.db;
    const storeId = api.seeded.store.id;
    const zephyrine = await personWithEverything("Zephyrine", "Quillfeather", "+44 7700 900461");
    const other = await personWithEverything("Bartholomew", "Thistlewick", "+44 7700 900462");
    const otherBefore = await rowsHolding([other.email, other.firstName, other.lastName, "7700 900462"]);
    const before = await rowsHolding([zephyrine.email, zephyrine.firstName, zephyrine.lastName]);
    // Before: the person is in a dozen tables (the scan finds them, so its silence afterwards means something).
    const tables = new Set(before.hits.map((hit) => hit.split(".")[0]));
    for (const table of [
      "customers",
      "signup_requests",
      "saved_addresses",
      "wishlists",
      "back_in_stock_subscriptions",
      "cart_checkouts",
      "orders",
      "order_returns",
      "marketing_subscriptions",
      "contact_messages",
      "audit_log",
      "outbox_messages",
    ]) {
      expect(tables, table).toContain(table);
    }

    // Refused while an order is not delivered, a return or withdrawal is open: one item each.
    const refused = await erasePersonalData({ db }, { storeId, email: zephyrine.email, actor: adminOf(storeId) }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: "erasure_blocked", status: 409 });
    const reasons = [(refused as Error).message, ...((refused as { more?: string[] }).more ?? [])];
    expect(reasons.join("\n")).toContain(`Order ${zephyrine.orders[1].row.publicId} is confirmed`);
    expect(reasons.join("\n")).toMatch(/The return .* is requested/);
    expect(reasons.join("\n")).toMatch(/The withdrawal .* is declared/);
    expect(await rowsHolding([zephyrine.email])).toMatchObject({ hits: before.hits.filter((hit) => hit.endsWith(zephyrine.email)) });

    await settle(zephyrine);
    const erased = await erasePersonalData({ db }, { storeId, email: zephyrine.email, actor: adminOf(storeId) });
    expect(erased).toMatchObject({
      account: 1,
      sessions: 1,
      signUps: 1,
      addresses: 1,
      wishlists: 1,
      recentlyViewed: 1,
      backInStockRequests: 1,
      contactMessages: 1,
      marketingSubscriptions: 1,
      baskets: 1,
      ordersAnonymised: 2,
      returnsAnonymised: 1,
    });
    expect(erased.mails).toBeGreaterThan(0);

    // Nothing of the person anywhere: no email, no first name, no last name, no phone.
    const after = await rowsHolding([zephyrine.email, zephyrine.firstName, zephyrine.lastName, "7700 900461"]);
    expect(after.hits).toEqual([]);
    expect(after.columns).toBeGreaterThan(100);

    // The orders stay, with their amounts and the country; the returns and store credit with them.
    const kept = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          zephyrine.orders.map((order) => order.id),
        ),
      );
    expect(kept).toHaveLength(2);
    for (const order of kept) {
      const placed = zephyrine.orders.find((row) => row.id === order.id)!.row;
      expect(order).toMatchObject({
        email: `erased-${order.id}@erased.invalid`,
        firstName: "Erased",
        lastName: "Erased",
        phone: null,
        customerId: null,
        grandTotal: placed.grandTotal,
        taxTotal: placed.taxTotal,
        customerComment: null,
      });
      expect(order.deliveryAddress).toEqual({
        firstName: "Erased",
        lastName: "Erased",
        line1: "Erased",
        city: "Erased",
        countryCode: "GB",
      });
      expect(order.billingAddress.countryCode).toBe("GB");
    }
    expect(await db.select().from(orderReturns).where(eq(orderReturns.customerId, zephyrine.customer.id))).toHaveLength(1);
    expect(await db.select().from(storeCreditEntries).where(eq(storeCreditEntries.customerId, zephyrine.customer.id))).toHaveLength(1);
    expect(await db.select().from(sessions).where(eq(sessions.customerId, zephyrine.customer.id))).toEqual([]);
    const [account] = await db.select().from(customers).where(eq(customers.id, zephyrine.customer.id));
    expect(account).toMatchObject({ email: `erased-${zephyrine.customer.id}@erased.invalid`, firstName: "Erased", phone: "" });
    expect(account!.blockedAt).not.toBeNull();

    // The consent record stays, pseudonymous: the subscription it names is gone.
    const [consent] = await db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.subject, String(zephyrine.subscriptionId)));
    expect(consent).toBeDefined();
    expect(await db.select().from(marketingSubscriptions).where(eq(marketingSubscriptions.id, zephyrine.subscriptionId))).toEqual([]);

    // The erasure is audited with the account's id only.
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.storeId, storeId), eq(auditLog.resourceType, "personal_data_erasure")));
    expect(entries).toMatchObject([{ resourceId: String(zephyrine.customer.id), changes: null }]);

    // The other person's data is all there still.
    expect(await rowsHolding([other.email, other.firstName, other.lastName, "7700 900462"])).toEqual(otherBefore);
    expect(otherBefore.hits).toEqual(
      expect.arrayContaining([`customers.email: ${other.email}`, `orders.email: ${other.email}`, `contact_messages.email: ${other.email}`]),
    );
    const [otherAccount] = await db.select().from(customers).where(eq(customers.id, other.customer.id));
    expect(otherAccount).toMatchObject({ email: other.email, firstName: other.firstName });

    // The same email signs up again, as a new customer.
    const again = await createCustomer(db, { storeId, email: zephyrine.email, firstName: "Zephyrine" });
    expect(again.id).not.toBe(zephyrine.customer.id);

    // Erasing again finds nothing more of the account (it is now the new one's) but answers the same shape.
    const second = await erasePersonalData({ db }, { storeId, email: "nobody-here@example.com", actor: adminOf(storeId) });
    expect(second).toMatchObject({ account: 0, ordersAnonymised: 0 });
  });
});

describe("POST /admin/customers/erasures", () => {
  const erase = (payload: object, headers: Record<string, string>) =>
    api.app.inject({ method: "POST", url: "/admin/customers/erasures", headers: { storekey: TEST_HEADERS.storekey, ...headers }, payload });

  it("erases a guest's messages, requests and subscription by email, answers counts, and audits the account id only", async () => {
    const db = api.database.db;
    const storeId = api.seeded.store.id;
    const email = "hyacinth.wobblestone@example.com";
    const variantId = api.seeded.variants.tiered;
    await insertGuestRows(db, { storeId, variantId, email, reference: "MSG-wobble", name: "Hyacinth", message: "Please forget me" });

    const answer = await erase({ email: "Hyacinth.Wobblestone@Example.com" }, { authorization: `Bearer ${api.seeded.manager.token}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      account: 0,
      contactMessages: 1,
      backInStockRequests: 1,
      marketingSubscriptions: 1,
      ordersAnonymised: 0,
    });
    expect(answer.body).not.toContain("wobblestone");
    expect((await rowsHolding([email, "Hyacinth"])).hits).toEqual([]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.storeId, storeId), eq(auditLog.operation, "erasePersonalData"), eq(auditLog.actorType, "staff")));
    expect(entry).toMatchObject({ resourceType: "personal_data_erasure", resourceId: null, changes: null });
  });

  it("is refused while an order is open (409, one item each), without a credential, to a role without customers, and for bad input", async () => {
    const db = api.database.db;
    const customer = await createCustomer(db, { storeId: api.seeded.store.id, email: "ignatius.brackenfold@example.com" });
    const { authorization } = await createSession(db, customer.id);
    const buyer = { email: customer.email, firstName: "Ignatius", lastName: "Brackenfold", address: UK_ADDRESS };
    const open = await placeOrder(authorization, { buyer, delivered: false });
    const refused = await erase({ email: customer.email }, { "admin-key": ADMIN_KEY });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual([{ code: "erasure_blocked", message: `Order ${open.row.publicId} is confirmed` }]);
    expect(await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customer.id))).toEqual([
      { email: customer.email },
    ]);

    expect((await erase({ email: customer.email }, {})).statusCode).toBe(401);
    expect((await erase({ email: customer.email }, { authorization })).statusCode).toBe(401);
    expect((await erase({ email: customer.email }, { authorization: `Bearer ${api.seeded.content.token}` })).statusCode).toBe(403);
    for (const payload of [{}, { email: "not-an-email" }, { email: customer.email, extra: 1 }, { email: 5 }]) {
      expect((await erase(payload, { "admin-key": ADMIN_KEY })).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe("a customer deleting their own account", () => {
  const linkSentTo = async (email: string) => {
    const [mail] = await api.database.db
      .select({ actionUrl: outboxMessages.actionUrl, textBody: outboxMessages.textBody })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, "erasure_confirmation")))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(mail?.textBody).toContain("24 hours");
    return mail!.actionUrl!.split("/").at(-1)!;
  };
  const confirm = (payload: object) => post("/customers/erasure-request/confirm", payload);

  it("asks for an emailed confirmation, whose link erases the account once and ends every session", async () => {
    const db = api.database.db;
    const customer = await createCustomer(db, { storeId: api.seeded.store.id, email: "ottoline.fernsby@example.com", lastName: "Fernsby" });
    const { authorization } = await createSession(db, customer.id);
    const other = await createSession(db, customer.id);
    expect((await post("/customers/erasure-request", {})).statusCode).toBe(401);
    const requested = await post("/customers/erasure-request", {}, { authorization });
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json().data).toEqual({ sentTo: customer.email });
    const token = await linkSentTo(customer.email);
    expect(await db.select().from(erasureRequests).where(eq(erasureRequests.tokenHash, token))).toEqual([]);

    const erased = await confirm({ token });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data).toMatchObject({ account: 1, sessions: 2 });
    expect(
      (await api.app.inject({ method: "GET", url: "/customers/current", headers: { ...TEST_HEADERS, authorization: other.authorization } }))
        .statusCode,
    ).toBe(401);
    expect((await rowsHolding([customer.email, "Fernsby"])).hits).toEqual([]);

    // The link works once.
    const again = await confirm({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ code: "erasure_link_invalid", field: "token" });
  });

  it("refuses an expired or unknown link and bad input, and an erasure an open order blocks", async () => {
    const db = api.database.db;
    const customer = await createCustomer(db, { storeId: api.seeded.store.id, email: "perpetua.mudgeworth@example.com" });
    const { authorization } = await createSession(db, customer.id);
    expect((await post("/customers/erasure-request", {}, { authorization })).statusCode).toBe(202);
    const token = await linkSentTo(customer.email);
    await db
      .update(erasureRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(erasureRequests.customerId, customer.id));
    const expired = await confirm({ token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errors[0].code).toBe("erasure_link_expired");
    expect((await confirm({ token: "no-such-token" })).statusCode).toBe(400);
    for (const payload of [{}, { token: "" }, { token: 5 }, { token: "x", extra: 1 }]) {
      expect((await confirm(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }

    const buyer = { email: customer.email, firstName: "Perpetua", lastName: "Mudgeworth", address: UK_ADDRESS };
    const open = await placeOrder(authorization, { buyer, delivered: false });
    expect((await post("/customers/erasure-request", {}, { authorization })).statusCode).toBe(202);
    const blocked = await confirm({ token: await linkSentTo(customer.email) });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().errors).toEqual([{ code: "erasure_blocked", message: `Order ${open.row.publicId} is confirmed` }]);
    const [account] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customer.id));
    expect(account?.email).toBe(customer.email);
  });
});
