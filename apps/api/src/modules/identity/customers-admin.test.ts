import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer, createSession, TEST_PASSWORD } from "../../testing/identity-factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { auditLog } from "../audit/audit.tables";
import { findOrCreateCompany } from "./identity.repository";
import { listMailTo } from "../mail/outbox-reads.service";
import { walkSortedPages } from "../../testing/sorted-pages";

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store", name: "Other" });
  const stranger = await createCustomer(db, { storeId: other.id, email: "stranger@elsewhere.example" });
  const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
  const writer = await createSignedInStaff(db, { storeId: store.id, email: "writer@staff.example", role: "content" });
  return { store, stranger, manager, writer };
});

type Method = "GET" | "POST" | "PUT";
const as = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const asManager = (method: Method, url: string, payload?: object) => as(api.seeded.manager.token, method, url, payload);
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
const signIn = (email: string, password = TEST_PASSWORD) =>
  api.app.inject({ method: "POST", url: "/auth/sign-in", headers: TEST_HEADERS, payload: { email, password } });

let made = 0;
const customer = (input: { firstName?: string; lastName?: string; companyName?: string; isTrade?: boolean; companyId?: number } = {}) =>
  createCustomer(api.database.db, { storeId: api.seeded.store.id, email: `reader-${++made}@books.example`, ...input });
/** A trade buyer of the named company (made on first use), as the invitation makes them. */
async function tradeBuyer(companyName: string, firstName = "Grace") {
  const companyId = await findOrCreateCompany(api.database.db, api.seeded.store.id, companyName);
  return { ...(await customer({ firstName, companyName, isTrade: true, companyId })), companyId };
}
/** Saves an address as the customer does, through their own account's calls. */
async function saveAddress(customerId: number, path: string, address: object) {
  const { authorization } = await createSession(api.database.db, customerId);
  const saved = await api.app.inject({ method: "POST", url: path, headers: { ...TEST_HEADERS, authorization }, payload: { address } });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json().data as { id: number };
}
const EDINBURGH = {
  firstName: "Grace",
  lastName: "Hopper",
  line1: "1 Princes Street",
  city: "Edinburgh",
  postcode: "EH2 2EQ",
  countryCode: "GB",
};
const LEEDS = { firstName: "Grace", lastName: "Hopper", line1: "2 Park Row", city: "Leeds", postcode: "LS1 5HD", countryCode: "GB" };

describe("the merchant's customers", () => {
  it("finds customers by email, name or company, newest first in keyset pages", async () => {
    const ada = await customer({ firstName: "Ada", lastName: "Byron", companyName: "Analytical Engines Ltd", isTrade: true });
    const bea = await customer({ firstName: "Beatrix", lastName: "Potter" });
    const ids = async (query: string) =>
      ((await asManager("GET", `/admin/customers?${query}`)).json().data.customers as { id: number }[]).map((row) => row.id);
    expect(await ids("search=ada%20byron")).toEqual([ada.id]);
    expect(await ids("search=ANALYTICAL")).toEqual([ada.id]);
    expect(await ids(`search=${encodeURIComponent(bea.email)}`)).toEqual([bea.id]);
    expect(await ids("search=stranger")).toEqual([]);
    expect(await ids("trade=true&limit=100")).toContain(ada.id);
    expect(await ids("trade=true&limit=100")).not.toContain(bea.id);

    const first = (await asManager("GET", "/admin/customers?limit=1")).json().data;
    expect(first.customers.map((row: { id: number }) => row.id)).toEqual([bea.id]);
    const next = (await asManager("GET", `/admin/customers?limit=1&before=${first.nextBefore}`)).json().data;
    expect(next.customers.map((row: { id: number }) => row.id)).toEqual([ada.id]);
  });

  it("lists customers oldest first and by email, walking keyset pages with the key each answer gives", async () => {
    const marker = `sorting${made + 1}`;
    const make = (local: string) =>
      createCustomer(api.database.db, { storeId: api.seeded.store.id, email: `${local}.${marker}@books.example` });
    const [mary, albert, zora, beth] = [await make("mary"), await make("albert"), await make("zora"), await make("beth")];
    const walk = (sort: string) =>
      walkSortedPages((url) => asManager("GET", url), `/admin/customers?search=${marker}&sort=${sort}&limit=3`, "customers");
    expect(await walk("oldest")).toEqual([mary.id, albert.id, zora.id, beth.id]);
    expect(await walk("email")).toEqual([albert.id, beth.id, mary.id, zora.id]);
    // A key of another order, or no key at all, is refused naming the parameter.
    for (const [query, field] of [
      [`sort=email&before=${mary.id}`, "querystring.before"],
      [`after=${mary.id}`, "querystring.after"],
      [`sort=email&after=${mary.id}`, "querystring.after"],
      [`sort=oldest&after=${encodeURIComponent(`${mary.id}:${mary.email}`)}`, "querystring.after"],
      [`sort=email&after=${encodeURIComponent(`${mary.id}:${"x".repeat(255)}`)}`, "querystring.after"],
    ] as const) {
      const answer = await asManager("GET", `/admin/customers?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().errors[0], query).toMatchObject({ field });
    }
  });

  it("shows a customer with their orders and address book, and no other store's", async () => {
    const reader = await customer({ firstName: "Cara" });
    const view = await asManager("GET", `/admin/customers/${reader.id}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({
      id: reader.id,
      email: reader.email,
      name: "Cara",
      orderCount: 0,
      latestOrders: [],
      addressCount: 0,
      blocked: false,
    });
    expect(codeOf(await asManager("GET", `/admin/customers/${api.seeded.stranger.id}`))).toBe("customer_not_found");
  });

  it("shows a customer's own addresses with their defaults, and a trade buyer's company", async () => {
    const buyer = await tradeBuyer("Compilers & Co");
    const first = await saveAddress(buyer.id, "/customers/addresses", EDINBURGH);
    const second = await saveAddress(buyer.id, "/customers/addresses", LEEDS);
    await saveAddress(buyer.id, "/customers/companies/address", LEEDS);

    const view = (await asManager("GET", `/admin/customers/${buyer.id}`)).json().data;
    expect(view.company).toEqual({ id: buyer.companyId, name: "Compilers & Co" });
    expect(view.addressCount).toBe(2);
    expect(view.addresses).toMatchObject([
      { id: first.id, city: "Edinburgh", isDefaultDelivery: true, isDefaultBilling: true },
      { id: second.id, city: "Leeds", isDefaultDelivery: false, isDefaultBilling: false },
    ]);
    // A shopper has no company; their book is their own (the company's address above is not in it).
    const shopper = await customer();
    expect((await asManager("GET", `/admin/customers/${shopper.id}`)).json().data).toMatchObject({ company: null, addresses: [] });
  });

  it("blocks sign-in at once, ending every session, and unblocks it", async () => {
    const reader = await customer();
    const session = await createSession(api.database.db, reader.id);
    const me = () =>
      api.app.inject({ method: "GET", url: "/customers/current", headers: { ...TEST_HEADERS, authorization: session.authorization } });
    expect((await me()).statusCode).toBe(200);

    const blocked = await asManager("PUT", `/admin/customers/${reader.id}/sign-in`, { blocked: true });
    expect(blocked.json().data).toMatchObject({ blocked: true });
    expect((await me()).statusCode).toBe(401);
    // The right password is told the account is blocked; a wrong one learns nothing more than before.
    const refused = await signIn(reader.email);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, "account_blocked"]);
    expect(codeOf(await signIn(reader.email, "not the password"))).toBe("invalid_credentials");

    await asManager("PUT", `/admin/customers/${reader.id}/sign-in`, { blocked: false });
    expect((await signIn(reader.email)).statusCode).toBe(200);
    const log = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, String(reader.id)));
    expect(log.map((entry) => [entry.operation, entry.changes])).toEqual([
      ["setCustomerSignIn", { blocked: { before: false, after: true } }],
      ["setCustomerSignIn", { blocked: { before: true, after: false } }],
    ]);
  });

  it("invites a trade buyer by mail, once per email", async () => {
    const email = "buyer@trade.example";
    const invited = await asManager("POST", "/admin/customers/invitations", {
      email,
      firstName: "Tom",
      lastName: "Trade",
      companyName: "Trade Books Ltd",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data).toMatchObject({ email });
    const [mail] = await listMailTo(api.database.db, { recipient: email, kind: "invite" });
    expect(mail?.actionUrl).toMatch(/\/auth\/invite\/complete\/[A-Za-z0-9_-]+$/);

    const existing = await customer();
    const again = await asManager("POST", "/admin/customers/invitations", {
      email: existing.email,
      firstName: "A",
      lastName: "B",
      companyName: "C",
    });
    expect([again.statusCode, codeOf(again)]).toEqual([409, "email_already_registered"]);
  });

  it("is the customers permission's", async () => {
    const reader = await customer();
    expect(codeOf(await as(api.seeded.writer.token, "PUT", `/admin/customers/${reader.id}/sign-in`, { blocked: true }))).toBe(
      "permission_denied",
    );
  });
});

describe("the merchant's trade companies", () => {
  it("lists them newest first with their buyers and shared addresses counted, found by name, in keyset pages", async () => {
    const older = await tradeBuyer("Difference Engines Ltd", "Ada");
    await tradeBuyer("DIFFERENCE ENGINES LTD", "Charles");
    await saveAddress(older.id, "/customers/companies/address", EDINBURGH);
    const newer = await tradeBuyer("Lovelace Looms");
    const list = async (query: string) => {
      const response = await asManager("GET", `/admin/companies?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as {
        companies: { id: number; name: string; buyerCount: number; addressCount: number }[];
        nextBefore: number | null;
      };
    };
    const found = await list("search=difference");
    expect(found.companies).toEqual([
      { id: older.companyId, name: "Difference Engines Ltd", buyerCount: 2, addressCount: 1, createdAt: expect.any(String) },
    ]);
    expect((await list("search=LOOMS")).companies.map((company) => company.id)).toEqual([newer.companyId]);
    expect((await list("search=nobody")).companies).toEqual([]);

    const page = await list("limit=1");
    expect(page.companies.map((company) => company.id)).toEqual([newer.companyId]);
    const next = await list(`limit=1&before=${page.nextBefore}`);
    expect(next.companies.map((company) => company.id)).toEqual([older.companyId]);
    // Another store's companies are not the merchant's.
    const elsewhere = await findOrCreateCompany(api.database.db, api.seeded.stranger.storeId, "Elsewhere Ltd");
    expect((await list("limit=100")).companies.map((company) => company.id)).not.toContain(elsewhere);
    expect(codeOf(await asManager("GET", `/admin/companies/${elsewhere}`))).toBe("company_not_found");
  });

  it("lists them oldest first and by name whatever their capitals, walking keyset pages with the key each answer gives", async () => {
    const [mid, first, last, second] = [
      await tradeBuyer("Sorted Mills"),
      await tradeBuyer("sorted ANVILS"),
      await tradeBuyer("Sorted Zithers"),
      await tradeBuyer("Sorted bindery"),
    ];
    const walk = (sort: string) =>
      walkSortedPages((url) => asManager("GET", url), `/admin/companies?search=sorted&sort=${sort}&limit=3`, "companies");
    expect(await walk("oldest")).toEqual([mid.companyId, first.companyId, last.companyId, second.companyId]);
    expect(await walk("name")).toEqual([first.companyId, second.companyId, mid.companyId, last.companyId]);
    for (const [query, field] of [
      [`sort=name&before=${mid.companyId}`, "querystring.before"],
      [`after=${mid.companyId}`, "querystring.after"],
      [`sort=name&after=${mid.companyId}`, "querystring.after"],
      [`sort=oldest&after=${encodeURIComponent(`${mid.companyId}:Sorted Mills`)}`, "querystring.after"],
      [`sort=name&after=${encodeURIComponent(`${mid.companyId}:${"x".repeat(101)}`)}`, "querystring.after"],
    ] as const) {
      const answer = await asManager("GET", `/admin/companies?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().errors[0], query).toMatchObject({ field });
    }
  });

  it("shows a company with its buyers, newest first, and the addresses they share", async () => {
    const ada = await tradeBuyer("Analytical Press", "Ada");
    const charles = await tradeBuyer("Analytical Press", "Charles");
    const shared = await saveAddress(charles.id, "/customers/companies/address", LEEDS);
    await saveAddress(ada.id, "/customers/addresses", EDINBURGH);

    const view = await asManager("GET", `/admin/companies/${ada.companyId}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({
      id: ada.companyId,
      name: "Analytical Press",
      buyerCount: 2,
      addressCount: 1,
      buyers: [
        { id: charles.id, name: "Charles", isTrade: true },
        { id: ada.id, name: "Ada", isTrade: true },
      ],
      addresses: [{ id: shared.id, city: "Leeds" }],
    });
    expect(codeOf(await asManager("GET", "/admin/companies/2147483647"))).toBe("company_not_found");
    expect((await asManager("GET", "/admin/companies/0")).statusCode).toBe(400);
    expect((await asManager("GET", "/admin/companies?limit=0")).statusCode).toBe(400);
    expect((await asManager("GET", "/admin/companies?sort=buyers")).statusCode).toBe(400);
  });

  it("are the customers permission's", async () => {
    expect(codeOf(await as(api.seeded.writer.token, "GET", "/admin/companies"))).toBe("permission_denied");
  });
});
