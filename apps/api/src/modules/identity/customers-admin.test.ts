import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer, createSession, TEST_PASSWORD } from "../../testing/identity-factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { auditLog } from "../audit/audit.tables";
import { listMailTo } from "../mail/outbox-reads.service";

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
const customer = (input: { firstName?: string; lastName?: string; companyName?: string; isTrade?: boolean } = {}) =>
  createCustomer(api.database.db, { storeId: api.seeded.store.id, email: `reader-${++made}@books.example`, ...input });

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
