import { CONSENT_RECORD_CSV_COLUMNS } from "@quire/contracts";
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sqlRows } from "../../db/sql-rows";
import { createStore } from "../../testing/factories";
import { createCustomer, createPrivacyPolicy, createSession } from "../../testing/identity-factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { newClientIp } from "../back-in-stock/back-in-stock-testing";
import { listMailTo } from "../mail/outbox-reads.service";
import { marketingSubscriptions } from "../marketing/marketing.tables";
import { CONSENT_LIMITS } from "./consent.service";
import { consentRecords } from "./consent.tables";

// Consent records (issue 30, part 5; decision 060): every cookie decision the storefront reports and every change
// of a newsletter subscription, appended against a pseudonymous id, exported by period as CSV.

const api = useTestApi(
  async (db) => {
    // A UK shop: the export's days are the shop's, British Summer Time included.
    const store = await createStore(db, { timeZone: "Europe/London" });
    const policy = await createPrivacyPolicy(db, { storeId: store.id, version: "2026-01", publishedAt: new Date("2026-01-01T00:00:00Z") });
    // Published later than any test runs: not yet the policy in force.
    await createPrivacyPolicy(db, { storeId: store.id, version: "2099-01", publishedAt: new Date("2099-01-01T00:00:00Z") });
    const other = await createStore(db, { key: "other-store", name: "Other" });
    const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
    const packer = await createSignedInStaff(db, { storeId: store.id, email: "packer@staff.example", role: "fulfilment" });
    const writer = await createSignedInStaff(db, { storeId: store.id, email: "writer@staff.example", role: "content" });
    return { store, policy, other, manager, packer, writer };
  },
  { storefrontUrl: "https://shop.example/" },
);

let subjects = 0;
/** A browser's consent id, as the storefront makes them: 24 URL-safe characters. */
const newSubject = () => `subject${String(++subjects).padStart(4, "0")}${"x".repeat(13)}`;

const cookieDecision = (overrides: object = {}) => ({
  subject: newSubject(),
  analytics: true,
  marketing: false,
  bannerVersion: 1,
  source: "banner",
  ...overrides,
});

const record = (body: unknown, ip = newClientIp()) =>
  api.app.inject({ method: "POST", url: "/consents", headers: TEST_HEADERS, payload: body as object, remoteAddress: ip });

const exportAs = (token: string, query: string) =>
  api.app.inject({
    method: "GET",
    url: `/admin/consent-records?${query}`,
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${token}` },
  });
const exportAsManager = (query: string) => exportAs(api.seeded.manager.token, query);

/** The export's rows, each as the header names its cells. */
function rowsOf(csv: string): Record<string, string>[] {
  return parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

const recordsOf = (subject: string) =>
  api.database.db.select().from(consentRecords).where(eq(consentRecords.subject, subject)).orderBy(consentRecords.id);

/** Records made at given instants, straight into the table (the API only ever records "now"). */
async function recordedAt(storeId: number, instants: string[], subject = newSubject()) {
  await api.database.db.insert(consentRecords).values(
    instants.map((instant) => ({
      storeId,
      kind: "cookies" as const,
      subject,
      source: "banner",
      analytics: false,
      marketing: false,
      bannerVersion: 1,
      privacyPolicyVersion: "2026-01",
      recordedAt: new Date(instant),
    })),
  );
  return subject;
}

describe("POST /consents", () => {
  it("records a cookie decision with the privacy policy in force, and keeps neither the address nor who is signed in", async () => {
    const ip = "203.0.113.77";
    const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: "shopper@example.com" });
    const { authorization } = await createSession(api.database.db, customer.id);
    const body = cookieDecision({ analytics: true, marketing: true, source: "settings_page" });
    const response = await api.app.inject({
      method: "POST",
      url: "/consents",
      headers: { ...TEST_HEADERS, authorization },
      payload: body,
      remoteAddress: ip,
    });
    expect(response.statusCode, response.body).toBe(201);
    const answered = response.json().data;
    expect(answered).toEqual({
      subject: body.subject,
      analytics: true,
      marketing: true,
      bannerVersion: 1,
      privacyPolicyVersion: "2026-01",
      source: "settings_page",
      recordedAt: expect.any(String),
    });

    const [stored] = await recordsOf(body.subject);
    expect(stored).toEqual({
      id: expect.any(Number),
      storeId: api.seeded.store.id,
      kind: "cookies",
      subject: body.subject,
      source: "settings_page",
      analytics: true,
      marketing: true,
      bannerVersion: 1,
      subscribed: null,
      topics: null,
      privacyPolicyVersion: "2026-01",
      recordedAt: new Date(answered.recordedAt),
    });
    const cells = Object.values(stored!).map(String);
    expect(cells).not.toContain(ip);
    expect(cells.join(" ")).not.toContain("shopper@example.com");
  });

  it("is a table with no column for an address, an email or a customer", async () => {
    const columns = await sqlRows<{ name: string }>(
      api.database.db,
      sql`select column_name as name from information_schema.columns where table_name = 'consent_records' order by ordinal_position`,
    );
    expect(columns.map((column) => column.name)).toEqual([
      "id",
      "store_id",
      "kind",
      "subject",
      "source",
      "analytics",
      "marketing",
      "banner_version",
      "subscribed",
      "topics",
      "privacy_policy_version",
      "recorded_at",
    ]);
  });

  it("appends: each decision of one browser is a record of its own, and the database refuses to change one", async () => {
    const subject = newSubject();
    expect((await record(cookieDecision({ subject, analytics: true, marketing: true }))).statusCode).toBe(201);
    // Withdrawn on the settings page: a second record, the first untouched.
    expect((await record(cookieDecision({ subject, analytics: false, marketing: false, source: "settings_page" }))).statusCode).toBe(201);
    const records = await recordsOf(subject);
    expect(records.map((row) => [row.source, row.analytics, row.marketing])).toEqual([
      ["banner", true, true],
      ["settings_page", false, false],
    ]);
    const refused = await api.database.db
      .update(consentRecords)
      .set({ analytics: true })
      .where(eq(consentRecords.id, records[1]!.id))
      .then(
        () => null,
        (error: Error) => error,
      );
    expect(String((refused?.cause as Error | undefined)?.message)).toMatch(/append-only/);
    expect((await recordsOf(subject))[1]!.analytics).toBe(false);
  });

  it("records null as the policy of a store that has published none", async () => {
    const response = await api.app.inject({
      method: "POST",
      url: "/consents",
      headers: { ...TEST_HEADERS, storekey: "other-store" },
      payload: cookieDecision(),
      remoteAddress: newClientIp(),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.privacyPolicyVersion).toBeNull();
  });

  it.each([
    ["no body fields", {}],
    ["no subject", { analytics: true, marketing: true, bannerVersion: 1, source: "banner" }],
    ["a subject too short to hold 128 random bits", cookieDecision({ subject: "abc123" })],
    ["a subject too long", cookieDecision({ subject: "a".repeat(65) })],
    ["a subject starting with - (a spreadsheet formula)", cookieDecision({ subject: `-${"a".repeat(23)}` })],
    ["an email as the subject", cookieDecision({ subject: "shopper@example.com.padding" })],
    ["a choice that is not a boolean", cookieDecision({ analytics: "yes" })],
    ["a missing choice", { subject: newSubject(), analytics: true, bannerVersion: 1, source: "banner" }],
    ["a version of 0", cookieDecision({ bannerVersion: 0 })],
    ["a fractional version", cookieDecision({ bannerVersion: 1.5 })],
    ["a version past its bound", cookieDecision({ bannerVersion: 10_001 })],
    ["an unknown source", cookieDecision({ source: "unsubscribe_link" })],
    ["an unknown field", cookieDecision({ ipAddress: "203.0.113.1" })],
  ])("answers 400 with errors for %s, and records nothing", async (_, body) => {
    const before = await api.database.db.$count(consentRecords);
    const response = await record(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: expect.any(String), message: expect.any(String) })]),
    );
    expect(await api.database.db.$count(consentRecords)).toBe(before);
  });

  it(`answers 429 with Retry-After past ${CONSENT_LIMITS.perClient.max} decisions an hour from one client`, async () => {
    const ip = newClientIp();
    const answers = await Promise.all(Array.from({ length: CONSENT_LIMITS.perClient.max }, () => record(cookieDecision(), ip)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const refused = await record(cookieDecision(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe("too_many_requests");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await record(cookieDecision())).statusCode, "another client").toBe(201);
  });
});

describe("GET /admin/consent-records", () => {
  it("answers a period's records as CSV, oldest first, by the shop's days (British Summer Time here)", async () => {
    const { store, other } = api.seeded;
    // 1 July 2025 in London is 30 June 23:00 to 1 July 23:00 UTC.
    const before = await recordedAt(store.id, ["2025-06-30T22:59:59.999Z"]);
    const inside = await recordedAt(store.id, ["2025-06-30T23:00:00.000Z", "2025-07-01T22:59:59.999Z"]);
    const after = await recordedAt(store.id, ["2025-07-01T23:00:00.000Z"]);
    const otherShop = await recordedAt(other.id, ["2025-07-01T12:00:00.000Z"]);

    const response = await exportAsManager("from=2025-07-01&to=2025-07-01");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="consent-records-2025-07-01-to-2025-07-01.csv"');
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.body.split("\n")[0]).toBe(CONSENT_RECORD_CSV_COLUMNS.join(","));
    expect(rowsOf(response.body)).toEqual([
      {
        recorded_at: "2025-06-30T23:00:00.000Z",
        kind: "cookies",
        subject: inside,
        source: "banner",
        analytics: "false",
        marketing: "false",
        subscribed: "",
        topics: "",
        banner_version: "1",
        privacy_policy_version: "2026-01",
      },
      expect.objectContaining({ recorded_at: "2025-07-01T22:59:59.999Z", subject: inside }),
    ]);
    for (const left of [before, after, otherShop]) expect(response.body).not.toContain(left);

    // Two days: the one before comes in too.
    const twoDays = rowsOf((await exportAsManager("from=2025-06-30&to=2025-07-01")).body);
    expect(twoDays.map((row) => row.subject)).toEqual([before, inside, inside]);
  });

  it("reads a long period a page at a time, missing and repeating no record when many share one instant", async () => {
    const subject = await recordedAt(api.seeded.store.id, [
      ...Array.from({ length: 1203 }, () => "2025-03-10T12:00:00.000Z"),
      "2025-03-10T12:00:00.001Z",
    ]);
    const rows = rowsOf((await exportAsManager("from=2025-03-01&to=2025-03-31")).body);
    expect(rows).toHaveLength(1204);
    expect(rows.every((row) => row.subject === subject)).toBe(true);
    expect(rows.at(-1)!.recorded_at).toBe("2025-03-10T12:00:00.001Z");
  });

  it("answers a period with no records with the header alone", async () => {
    const response = await exportAsManager("from=2020-01-01&to=2020-12-31");
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`${CONSENT_RECORD_CSV_COLUMNS.join(",")}\n`);
  });

  it.each([
    ["no period", ""],
    ["no end", "from=2025-01-01"],
    ["a date that is not one", "from=2025-02-30&to=2025-03-01"],
    ["a date in another form", "from=01/02/2025&to=2025-03-01"],
    ["an end before its start", "from=2025-03-02&to=2025-03-01"],
    ["more than 366 days", "from=2024-01-01&to=2025-01-01"],
    ["an unknown parameter", "from=2025-01-01&to=2025-01-31&kind=cookies"],
  ])("answers 400 with errors for %s", async (_, query) => {
    const response = await exportAsManager(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
    expect(response.json().errors[0]).toMatchObject({
      code: expect.stringMatching(/^(invalid_input|unknown_parameter)$/),
      message: expect.any(String),
    });
  });

  it("takes a leap year's 366 days, and names the end of a period that ends before it starts", async () => {
    expect((await exportAsManager("from=2024-01-01&to=2024-12-31")).statusCode).toBe(200);
    const backwards = await exportAsManager("from=2025-03-02&to=2025-03-01");
    expect(backwards.json().errors).toEqual([
      expect.objectContaining({ field: "querystring.to", message: "The end of the period comes before its start" }),
    ]);
  });

  it("is the customers permission's: fulfilment and content staff are refused, and so is a call without a credential", async () => {
    for (const token of [api.seeded.packer.token, api.seeded.writer.token]) {
      const refused = await exportAs(token, "from=2025-07-01&to=2025-07-01");
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].code).toBe("permission_denied");
    }
    const anonymous = await api.app.inject({
      method: "GET",
      url: "/admin/consent-records?from=2025-07-01&to=2025-07-01",
      headers: { storekey: TEST_HEADERS.storekey },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("marketing decisions", () => {
  const PATH = "/marketing-customers/subscriptions";
  const call = (url: string, body: object, authorization?: string) =>
    api.app.inject({
      method: url === PATH ? "PUT" : "POST",
      url,
      headers: { ...TEST_HEADERS, ...(authorization ? { authorization } : {}) },
      payload: body,
      remoteAddress: newClientIp(),
    });

  async function subscriptionIdOf(email: string) {
    const [row] = await api.database.db
      .select({ id: marketingSubscriptions.id })
      .from(marketingSubscriptions)
      .where(and(eq(marketingSubscriptions.storeId, api.seeded.store.id), eq(marketingSubscriptions.email, email)));
    return row!.id;
  }

  /** The tokens of the latest confirmation email's two links. */
  async function linksTo(email: string) {
    const mail = (await listMailTo(api.database.db, { recipient: email, kind: "newsletter_confirmation" })).at(-1)!;
    return {
      confirm: new URL(mail.actionUrl!).pathname.split("/").at(-1)!,
      unsubscribe: mail.textBody.match(/\/newsletter\/unsubscribe\/([A-Za-z0-9_-]{43})/)![1]!,
    };
  }

  it("records the confirmation and the unsubscription against the subscription's id, never the address", async () => {
    const email = "consenting@example.com";
    expect((await call(PATH, { email, topics: ["offers", "events"] })).statusCode).toBe(202);
    const links = await linksTo(email);
    expect((await call(`${PATH}/confirm`, { token: links.confirm })).statusCode).toBe(200);
    const subject = String(await subscriptionIdOf(email));
    expect((await call(`${PATH}/unsubscribe`, { token: links.unsubscribe })).statusCode).toBe(200);
    // Clicked again: the same choice, no new decision.
    expect((await call(`${PATH}/unsubscribe`, { token: links.unsubscribe })).statusCode).toBe(200);

    const records = await recordsOf(subject);
    expect(records.map((row) => ({ kind: row.kind, source: row.source, subscribed: row.subscribed, topics: row.topics }))).toEqual([
      { kind: "marketing", source: "confirmation_link", subscribed: true, topics: ["offers", "events"] },
      { kind: "marketing", source: "unsubscribe_link", subscribed: false, topics: [] },
    ]);
    for (const row of records) {
      expect(row).toMatchObject({ storeId: api.seeded.store.id, privacyPolicyVersion: "2026-01", analytics: null, bannerVersion: null });
      expect(Object.values(row).map(String).join(" ")).not.toContain("consenting@");
    }

    // The merchant's export has them, with the topics.
    // Yesterday to tomorrow by UTC's calendar: today in London, whatever the hour.
    const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const exported = rowsOf((await exportAsManager(`from=${day(-1)}&to=${day(1)}`)).body).filter((row) => row.subject === subject);
    expect(exported.map((row) => [row.kind, row.source, row.subscribed, row.topics, row.analytics])).toEqual([
      ["marketing", "confirmation_link", "true", "offers events", ""],
      ["marketing", "unsubscribe_link", "false", "", ""],
    ]);
  });

  it("records a signed-in customer's own choices: the newsletter form's and the account box's", async () => {
    const customer = await createCustomer(api.database.db, {
      storeId: api.seeded.store.id,
      email: "member@example.com",
      acceptedPrivacyPolicyId: api.seeded.policy.id,
    });
    const { authorization } = await createSession(api.database.db, customer.id);
    expect((await call(PATH, { email: customer.email, topics: ["childrens_books"] }, authorization)).statusCode).toBe(202);
    const settings = (marketingOptIn: boolean) =>
      api.app.inject({
        method: "PUT",
        url: "/customers/current/settings",
        headers: { ...TEST_HEADERS, authorization },
        payload: { firstName: "Ada", lastName: "Reader", marketingOptIn },
      });
    // Unticked: a withdrawal from the account; ticked again: new releases, offers and events; saved as it is: no decision.
    expect((await settings(false)).statusCode).toBe(200);
    expect((await settings(true)).statusCode).toBe(200);
    expect((await settings(true)).statusCode).toBe(200);

    const records = await recordsOf(String(await subscriptionIdOf(customer.email)));
    expect(records.map((row) => [row.source, row.subscribed, row.topics])).toEqual([
      ["newsletter_form", true, ["childrens_books"]],
      ["account", false, []],
      ["account", true, ["new_releases", "offers", "events"]],
    ]);
  });

  it("records nothing for a request that is only pending its owner's confirmation", async () => {
    const before = await api.database.db.$count(consentRecords, eq(consentRecords.kind, "marketing"));
    expect((await call(PATH, { email: "pending@example.com", topics: ["offers"] })).statusCode).toBe(202);
    expect(await api.database.db.$count(consentRecords, eq(consentRecords.kind, "marketing"))).toBe(before);
  });
});
