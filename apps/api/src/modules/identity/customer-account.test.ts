import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer, createPrivacyPolicy, createSession, TEST_PASSWORD } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { useTestMailbox } from "../../testing/test-mailbox";
import { customers } from "./identity.tables";
import { ACCOUNT_THROTTLE } from "./sign-in.service";
import { refusedFields } from "../../testing/error-answers";

const api = useTestApi(async (db) => {
  const store = await createStore(db, { name: "Quire Test Books" });
  const policy = await createPrivacyPolicy(db, { storeId: store.id, version: "2026-01", publishedAt: new Date("2026-01-01T00:00:00Z") });
  // Announced but not yet in force: it must not count as current.
  await createPrivacyPolicy(db, { storeId: store.id, version: "2099-01", publishedAt: new Date("2099-01-01T00:00:00Z") });
  const bare = await createStore(db, { key: "no-policy", name: "No Policy" });
  return { store, policy, bare };
});
const mailbox = useTestMailbox(() => api.database.db);

let sequence = 0;
/** A customer who has accepted the current policy, with a live session. */
async function signedInCustomer(values: Partial<typeof customers.$inferInsert> = {}) {
  const customer = await createCustomer(api.database.db, {
    storeId: api.seeded.store.id,
    email: `member-${++sequence}@example.com`,
    firstName: "Ada",
    lastName: "Lovelace",
    acceptedPrivacyPolicyId: api.seeded.policy.id,
    ...values,
  });
  const session = await createSession(api.database.db, customer.id);
  return { customer, ...session, headers: { ...TEST_HEADERS, authorization: session.authorization } };
}
const call = (method: "GET" | "PUT" | "POST", url: string, headers: Record<string, string>, payload?: unknown) =>
  api.app.inject({ method, url, headers, payload: payload as object | undefined });

const SETTINGS = { firstName: "Augusta", lastName: "King", phone: "+44 20 7946 0000", marketingOptIn: true };

describe("GET /customers/current/", () => {
  it("answers who is signed in", async () => {
    const { customer, headers } = await signedInCustomer({ isTrade: true, companyName: "Analytical Engines Ltd" });
    for (const url of ["/customers/current/", "/customers/current"]) {
      const response = await call("GET", url, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        id: customer.id,
        email: customer.email,
        firstName: "Ada",
        lastName: "Lovelace",
        companyName: "Analytical Engines Ltd",
        isTrade: true,
        passwordChangeRequired: false,
        needsAcceptPrivacyPolicy: false,
        acceptedPrivacyPolicyId: api.seeded.policy.id,
      });
    }
  });

  it("answers 401 to an anonymous caller", async () => {
    const response = await call("GET", "/customers/current/", TEST_HEADERS);
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe("authentication_required");
  });
});

describe("customer settings", () => {
  it("are read and replaced by their owner", async () => {
    const { customer, headers } = await signedInCustomer();
    const before = await call("GET", "/customers/current/settings", headers);
    expect(before.json().data).toEqual({
      email: customer.email,
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "",
      companyName: "",
      marketingOptIn: false,
    });

    const saved = await call("PUT", "/customers/current/settings", headers, { ...SETTINGS, firstName: "  Augusta  " });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ email: customer.email, companyName: "", ...SETTINGS });
    expect((await call("GET", "/customers/current/settings", headers)).json().data).toMatchObject(SETTINGS);

    // The phone may be left out, which clears it.
    const { phone: _phone, ...withoutPhone } = SETTINGS;
    expect((await call("PUT", "/customers/current/settings", headers, withoutPhone)).json().data.phone).toBe("");
  });

  it("are unreachable by another customer and by anonymous callers", async () => {
    const owner = await signedInCustomer();
    const other = await signedInCustomer();
    await call("PUT", "/customers/current/settings", owner.headers, SETTINGS);

    const seenByOther = await call("GET", "/customers/current/settings", other.headers);
    expect(seenByOther.json().data.email).toBe(other.customer.email);
    expect(JSON.stringify(seenByOther.json())).not.toContain("Augusta");
    await call("PUT", "/customers/current/settings", other.headers, { ...SETTINGS, firstName: "Mallory" });
    expect((await call("GET", "/customers/current/settings", owner.headers)).json().data.firstName).toBe("Augusta");

    for (const method of ["GET", "PUT"] as const) {
      const anonymous = await call(method, "/customers/current/settings", TEST_HEADERS, method === "PUT" ? SETTINGS : undefined);
      expect(anonymous.statusCode).toBe(401);
      expect(JSON.stringify(anonymous.json())).not.toContain("Augusta");
    }
  });

  it("refuse bad input, unknown keys included", async () => {
    const { headers } = await signedInCustomer();
    const cases: [unknown, string[]][] = [
      [{}, ["body.firstName", "body.lastName", "body.marketingOptIn"]],
      [{ ...SETTINGS, firstName: "" }, ["body.firstName"]],
      [{ ...SETTINGS, lastName: "x".repeat(101) }, ["body.lastName"]],
      [{ ...SETTINGS, phone: "call me maybe" }, ["body.phone"]],
      [{ ...SETTINGS, marketingOptIn: "yes" }, ["body.marketingOptIn"]],
      [{ ...SETTINGS, email: "new@example.com" }, ["body"]],
      [{ ...SETTINGS, isTrade: true }, ["body"]],
    ];
    for (const [body, fields] of cases) {
      const response = await call("PUT", "/customers/current/settings", headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusedFields(response)).toEqual(fields);
    }
  });
});

describe("PUT /customers/current/password", () => {
  const NEW_PASSWORD = "Toast-Crumbs-In-The-Butter";
  const signIn = (email: string, password: string) =>
    api.app.inject({
      method: "POST",
      url: "/auth/sign-in",
      headers: TEST_HEADERS,
      payload: { email, password },
      remoteAddress: `10.3.0.${++sequence % 250}`,
    });

  it("changes the password, ends the other sessions, keeps this one and tells the owner", async () => {
    const { customer, headers } = await signedInCustomer();
    const otherDevice = await createSession(api.database.db, customer.id);

    const response = await call("PUT", "/customers/current/password", headers, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    expect((await call("GET", "/customers/current", headers)).statusCode).toBe(200);
    expect((await call("GET", "/customers/current", { ...TEST_HEADERS, authorization: otherDevice.authorization })).statusCode).toBe(401);
    expect((await signIn(customer.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(customer.email, NEW_PASSWORD)).statusCode).toBe(200);

    const notice = await mailbox.receive(customer.email);
    expect(notice.subject).toBe("Your Quire Test Books password was changed");
    expect(notice.links).toEqual(["http://localhost:3000/auth/forgot-password"]);
  });

  it("refuses a wrong current password, the same password again and the email", async () => {
    const { customer, headers } = await signedInCustomer();
    const wrong = await call("PUT", "/customers/current/password", headers, {
      currentPassword: "not-my-password",
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ code: "current_password_incorrect", field: "currentPassword" });

    const same = await call("PUT", "/customers/current/password", headers, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors[0]).toMatchObject({ code: "password_unchanged", field: "newPassword" });

    const email = await call("PUT", "/customers/current/password", headers, {
      currentPassword: TEST_PASSWORD,
      newPassword: customer.email,
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors[0]).toMatchObject({ code: "password_matches_email", field: "newPassword" });
    expect((await signIn(customer.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it(`throttles guesses at the current password like sign-ins (${ACCOUNT_THROTTLE.maxFailures} per 15 minutes)`, async () => {
    const { headers } = await signedInCustomer();
    for (let attempt = 0; attempt < ACCOUNT_THROTTLE.maxFailures; attempt++) {
      const response = await call("PUT", "/customers/current/password", headers, {
        currentPassword: `guess-${attempt}`,
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
    }
    const locked = await call("PUT", "/customers/current/password", headers, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0].code).toBe("too_many_attempts");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("refuses bad input and anonymous callers", async () => {
    const { headers } = await signedInCustomer();
    const cases: [unknown, string[]][] = [
      [{}, ["body.currentPassword", "body.newPassword"]],
      [{ currentPassword: TEST_PASSWORD, newPassword: "short" }, ["body.newPassword"]],
      [{ currentPassword: TEST_PASSWORD, newPassword: "Password12345" }, ["body.newPassword"]],
      [{ currentPassword: 1, newPassword: NEW_PASSWORD }, ["body.currentPassword"]],
      [{ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD }, ["body"]],
    ];
    for (const [body, fields] of cases) {
      const response = await call("PUT", "/customers/current/password", headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusedFields(response)).toEqual(fields);
    }
    const anonymous = await call("PUT", "/customers/current/password", TEST_HEADERS, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("privacy policy", () => {
  it("GET /privacy-policies/current answers anyone the latest version in force", async () => {
    const response = await call("GET", "/privacy-policies/current", TEST_HEADERS);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: api.seeded.policy.id,
      version: "2026-01",
      body: "Privacy policy 2026-01",
      publishedAt: "2026-01-01T00:00:00.000Z",
    });
    const none = await call("GET", "/privacy-policies/current", { ...TEST_HEADERS, storekey: "no-policy" });
    expect(none.statusCode).toBe(404);
    expect(none.json().errors[0].code).toBe("privacy_policy_not_found");
  });

  it("blocks protected calls with 403 privacy_policy_not_accepted until the customer accepts", async () => {
    const { headers } = await signedInCustomer({ acceptedPrivacyPolicyId: null });
    const blocked = await call("PUT", "/customers/current/settings", headers, SETTINGS);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errors[0].code).toBe("privacy_policy_not_accepted");
    // Who is signed in stays readable, so the storefront knows why it redirects.
    expect((await call("GET", "/customers/current", headers)).json().data.needsAcceptPrivacyPolicy).toBe(true);

    const accepted = await call("PUT", `/privacy-policies/${api.seeded.policy.id}/accept`, headers);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ needsAcceptPrivacyPolicy: false, acceptedPrivacyPolicyId: api.seeded.policy.id });
    expect((await call("PUT", "/customers/current/settings", headers, SETTINGS)).statusCode).toBe(200);
  });

  it("asks again when a new version comes into force", async () => {
    const store = await createStore(api.database.db, { key: "policy-change", name: "Policy Change" });
    const first = await createPrivacyPolicy(api.database.db, {
      storeId: store.id,
      version: "v1",
      publishedAt: new Date("2026-01-01T00:00:00Z"),
    });
    const customer = await createCustomer(api.database.db, {
      storeId: store.id,
      email: "changes@example.com",
      acceptedPrivacyPolicyId: first.id,
    });
    const { authorization } = await createSession(api.database.db, customer.id);
    const headers = { ...TEST_HEADERS, storekey: "policy-change", authorization };
    expect((await call("GET", "/customers/current/settings", headers)).statusCode).toBe(200);
    const second = await createPrivacyPolicy(api.database.db, {
      storeId: store.id,
      version: "v2",
      publishedAt: new Date(Date.now() - 1000),
    });
    expect((await call("PUT", "/customers/current/settings", headers, SETTINGS)).statusCode).toBe(403);

    const stale = await call("PUT", `/privacy-policies/${first.id}/accept`, headers);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors[0]).toMatchObject({ code: "privacy_policy_not_current", field: "id" });
    const current = await call("PUT", `/privacy-policies/${second.id}/accept`, headers, {});
    expect(current.statusCode).toBe(200);
  });

  it("refuses another store's policy, unknown ids, bad ids and anonymous callers", async () => {
    const { headers } = await signedInCustomer({ acceptedPrivacyPolicyId: null });
    const foreign = await createPrivacyPolicy(api.database.db, { storeId: api.seeded.bare.id, version: "theirs" });
    for (const id of [foreign.id, 999_999]) {
      const response = await call("PUT", `/privacy-policies/${id}/accept`, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe("privacy_policy_not_current");
    }
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const response = await call("PUT", `/privacy-policies/${id}/accept`, headers);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().errors[0].field).toBe("params.id");
    }
    const anonymous = await call("PUT", `/privacy-policies/${api.seeded.policy.id}/accept`, TEST_HEADERS);
    expect(anonymous.statusCode).toBe(401);
    const [row] = await api.database.db.select().from(customers).where(eq(customers.acceptedPrivacyPolicyId, foreign.id));
    expect(row).toBeUndefined();
  });
});
