import { decodeJwt } from "jose";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { createStore } from "../../testing/factories";
import { createCustomer, createPrivacyPolicy, TEST_PASSWORD } from "../../testing/identity-factories";
import { TEST_API_KEY, TEST_HEADERS, TEST_TOKEN_SECRET, useTestApi } from "../../testing/test-api";
import { customers, sessions, signInThrottles } from "./identity.tables";
import { ACCOUNT_THROTTLE, CLIENT_THROTTLE } from "./sign-in.service";
import { refusedFields } from "../../testing/error-answers";

const api = useTestApi(
  async (db) => {
    const store = await createStore(db);
    const other = await createStore(db, { key: "other-store", name: "Other" });
    return { store, other };
  },
  { sessionTtlDays: 7 },
);

let sequence = 0;
/** A customer of the test store that no other test touches. */
async function newCustomer(values: Partial<typeof customers.$inferInsert> = {}) {
  sequence++;
  return createCustomer(api.database.db, { storeId: api.seeded.store.id, email: `shopper-${sequence}@example.com`, ...values });
}
/** A client address of its own per test, so the per-client throttle of one test never spills into another. */
const newClientIp = () => `10.1.${Math.floor(++sequence / 250)}.${sequence % 250}`;

function signIn(body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return api.app.inject({
    method: "POST",
    url: "/auth/sign-in",
    headers: { ...TEST_HEADERS, ...options.headers },
    payload: body as object,
    remoteAddress: options.ip ?? newClientIp(),
  });
}
const bearer = (token: string) => ({ ...TEST_HEADERS, authorization: `Bearer ${token}` });

describe("POST /auth/sign-in", () => {
  it("answers a token for the customer's live session, expiring after SESSION_TTL_DAYS", async () => {
    const customer = await newCustomer();
    const response = await signIn({ email: customer.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ needsAcceptPrivacyPolicy: false, passwordChangeRequired: false });
    const claims = decodeJwt(data.token);
    expect(claims.sub).toBe(String(customer.id));
    const sevenDays = Date.now() / 1000 + 7 * 24 * 3600;
    expect(claims.exp).toBeGreaterThan(sevenDays - 60);
    expect(claims.exp).toBeLessThan(sevenDays + 60);
    expect(new Date(data.expiresAt).getTime()).toBe(claims.exp! * 1000);

    const [session] = await api.database.db.select().from(sessions).where(eq(sessions.id, claims.jti!));
    expect(session).toMatchObject({ customerId: customer.id, revokedAt: null });
    const me = await api.app.inject({ url: "/customers/current/", headers: bearer(data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(customer.email);
  });

  it("ignores the case and surrounding spaces of the email", async () => {
    const customer = await newCustomer();
    const response = await signIn({ email: `  ${customer.email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it("answers the same 401 for a wrong password and for an unknown email", async () => {
    const customer = await newCustomer();
    const wrongPassword = await signIn({ email: customer.email, password: "not-the-password-at-all" });
    const unknownEmail = await signIn({ email: "nobody-here@example.com", password: TEST_PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ errors: [{ code: "invalid_credentials", message: "The email or password is incorrect" }] });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it("does not sign in another store's customer", async () => {
    const stranger = await createCustomer(api.database.db, { storeId: api.seeded.other.id, email: "stranger@example.com" });
    expect((await signIn({ email: stranger.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    const atHome = await signIn({ email: stranger.email, password: TEST_PASSWORD }, { headers: { storekey: "other-store" } });
    expect(atHome.statusCode).toBe(200);
  });

  it("refuses bad input with a 400 listing every problem", async () => {
    const cases: [unknown, string[]][] = [
      [{}, ["body.email", "body.password"]],
      [{ email: "not-an-email", password: "x" }, ["body.email"]],
      [{ email: 42, password: true }, ["body.email", "body.password"]],
      [{ email: "a@example.com", password: "" }, ["body.password"]],
      [{ email: "a@example.com", password: "x".repeat(257) }, ["body.password"]],
      [{ email: "a@example.com", password: "secret", remember: true }, ["body"]],
    ];
    for (const [body, fields] of cases) {
      const response = await signIn(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusedFields(response)).toEqual(fields);
    }
    const unknownKey = await signIn({ email: "a@example.com", password: "secret", remember: true });
    expect(unknownKey.json().errors[0]).toMatchObject({ code: "unknown_parameter" });
  });

  it("tells a customer who has not accepted the current privacy policy", async () => {
    const store = await createStore(api.database.db, { key: "policy-store", name: "Policy" });
    const policy = await createPrivacyPolicy(api.database.db, { storeId: store.id, version: "v1" });
    const pending = await createCustomer(api.database.db, { storeId: store.id, email: "pending@example.com" });
    const accepted = await createCustomer(api.database.db, {
      storeId: store.id,
      email: "accepted@example.com",
      acceptedPrivacyPolicyId: policy.id,
    });
    const headers = { storekey: "policy-store" };
    const first = await signIn({ email: pending.email, password: TEST_PASSWORD }, { headers });
    const second = await signIn({ email: accepted.email, password: TEST_PASSWORD }, { headers });
    expect(first.json().data.needsAcceptPrivacyPolicy).toBe(true);
    expect(second.json().data.needsAcceptPrivacyPolicy).toBe(false);
  });
});

describe("a customer who must change their password", () => {
  it("signs in, but every protected call but the password change answers 403 password_change_required", async () => {
    const customer = await newCustomer({ passwordChangeRequired: true });
    const response = await signIn({ email: customer.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const { token, passwordChangeRequired } = response.json().data;
    expect(passwordChangeRequired).toBe(true);

    // Who is signed in, and the settings screen, stay readable: that is where the change happens.
    expect((await api.app.inject({ url: "/customers/current", headers: bearer(token) })).json().data.passwordChangeRequired).toBe(true);
    expect((await api.app.inject({ url: "/customers/current/settings", headers: bearer(token) })).statusCode).toBe(200);
    const settings = { firstName: "Ada", lastName: "Lovelace", marketingOptIn: false };
    const blocked = await api.app.inject({ method: "PUT", url: "/customers/current/settings", headers: bearer(token), payload: settings });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errors[0].code).toBe("password_change_required");

    const change = await api.app.inject({
      method: "PUT",
      url: "/customers/current/password",
      headers: bearer(token),
      payload: { currentPassword: TEST_PASSWORD, newPassword: "A-brand-new-passphrase-7" },
    });
    expect(change.statusCode).toBe(204);
    const after = await api.app.inject({ method: "PUT", url: "/customers/current/settings", headers: bearer(token), payload: settings });
    expect(after.statusCode).toBe(200);
    const [row] = await api.database.db
      .select({ flag: customers.passwordChangeRequired })
      .from(customers)
      .where(eq(customers.id, customer.id));
    expect(row?.flag).toBe(false);
  });
});

describe("POST /auth/sign-out", () => {
  it("revokes the session: the token answers 401 afterwards, other sessions stay", async () => {
    const customer = await newCustomer();
    const first = (await signIn({ email: customer.email, password: TEST_PASSWORD })).json().data.token;
    const second = (await signIn({ email: customer.email, password: TEST_PASSWORD })).json().data.token;

    const out = await api.app.inject({ method: "POST", url: "/auth/sign-out", headers: bearer(first) });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    const revoked = await api.app.inject({ url: "/customers/current", headers: bearer(first) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().errors[0].code).toBe("token_invalid");
    expect((await api.app.inject({ method: "POST", url: "/auth/sign-out", headers: bearer(first) })).statusCode).toBe(401);
    expect((await api.app.inject({ url: "/customers/current", headers: bearer(second) })).statusCode).toBe(200);
  });

  it("answers 401 without a token", async () => {
    const response = await api.app.inject({ method: "POST", url: "/auth/sign-out", headers: TEST_HEADERS });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe("authentication_required");
  });
});

describe("sign-in throttling", () => {
  const throttleRow = async (key: string) => (await api.database.db.select().from(signInThrottles).where(eq(signInThrottles.key, key)))[0];

  it(`locks an account for 15 minutes after ${ACCOUNT_THROTTLE.maxFailures} failures, even for the right password`, async () => {
    const customer = await newCustomer();
    for (let attempt = 1; attempt <= ACCOUNT_THROTTLE.maxFailures; attempt++) {
      expect((await signIn({ email: customer.email, password: `wrong-password-${attempt}` })).statusCode).toBe(401);
    }
    const locked = await signIn({ email: customer.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0]).toMatchObject({ code: "too_many_attempts" });
    expect(locked.json().errors[0].message).toMatch(/Try again in 15 minutes, or reset your password/);
    const retryAfter = Number(locked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Another account is not affected.
    const neighbour = await newCustomer();
    expect((await signIn({ email: neighbour.email, password: TEST_PASSWORD })).statusCode).toBe(200);

    // Once the lock has passed, the right password works and the count starts afresh.
    const key = `account:${api.seeded.store.id}:${customer.email}`;
    await api.database.db
      .update(signInThrottles)
      .set({ lockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(signInThrottles.key, key));
    expect((await signIn({ email: customer.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await throttleRow(key)).toBeUndefined();
  });

  it("locks unknown emails the same way, so the lock reveals nothing", async () => {
    for (let attempt = 1; attempt <= ACCOUNT_THROTTLE.maxFailures; attempt++) {
      expect((await signIn({ email: "ghost@example.com", password: "whatever-it-is" })).statusCode).toBe(401);
    }
    expect((await signIn({ email: "ghost@example.com", password: "whatever-it-is" })).statusCode).toBe(429);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const customer = await newCustomer();
    for (let round = 0; round < 2; round++) {
      for (let attempt = 1; attempt < ACCOUNT_THROTTLE.maxFailures; attempt++) {
        expect((await signIn({ email: customer.email, password: "wrong-password" })).statusCode).toBe(401);
      }
      expect((await signIn({ email: customer.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    }
  });

  it("lets failures older than the 15-minute window lapse", async () => {
    const customer = await newCustomer();
    for (let attempt = 1; attempt < ACCOUNT_THROTTLE.maxFailures; attempt++) {
      await signIn({ email: customer.email, password: "wrong-password" });
    }
    const key = `account:${api.seeded.store.id}:${customer.email}`;
    await api.database.db
      .update(signInThrottles)
      .set({ windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(signInThrottles.key, key));
    for (let attempt = 1; attempt <= ACCOUNT_THROTTLE.maxFailures; attempt++) {
      expect((await signIn({ email: customer.email, password: "wrong-password" })).statusCode).toBe(401);
    }
    expect((await signIn({ email: customer.email, password: "wrong-password" })).statusCode).toBe(429);
  });

  it("checks exactly the allowed number of passwords when many wrong ones arrive at once", async () => {
    const customer = await newCustomer();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => signIn({ email: customer.email, password: `wrong-password-${index}` })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_THROTTLE.maxFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - ACCOUNT_THROTTLE.maxFailures);
    const row = await throttleRow(`account:${api.seeded.store.id}:${customer.email}`);
    expect(row?.failures).toBe(ACCOUNT_THROTTLE.maxFailures);
    expect(row?.lockedUntil).not.toBeNull();
  });

  it(`locks a client address after ${CLIENT_THROTTLE.maxFailures} failures across accounts, and only that address`, async () => {
    const ip = "10.200.0.1";
    // Successful sign-ins from the address never count against it.
    const regular = await newCustomer();
    for (let index = 0; index < 3; index++)
      expect((await signIn({ email: regular.email, password: TEST_PASSWORD }, { ip })).statusCode).toBe(200);

    const emails = Array.from({ length: CLIENT_THROTTLE.maxFailures }, (_, index) => `spray-${index}@example.com`);
    const failures = await Promise.all(emails.map((email) => signIn({ email, password: "Summer-2026-guess" }, { ip })));
    expect(failures.every((response) => response.statusCode === 401)).toBe(true);

    const customer = await newCustomer();
    const refused = await signIn({ email: customer.email, password: TEST_PASSWORD }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The refusal came from the address: the account itself has nothing counted against it.
    expect(await throttleRow(`account:${api.seeded.store.id}:${customer.email}`)).toMatchObject({ failures: 0 });
    expect((await signIn({ email: customer.email, password: TEST_PASSWORD }, { ip: "10.200.0.2" })).statusCode).toBe(200);
  });

  it("takes the client address from the socket unless the API is told to trust a proxy", async () => {
    const customer = await newCustomer();
    const forwarded = { "x-forwarded-for": "203.0.113.9" };
    await signIn({ email: customer.email, password: "wrong-password" }, { ip: "10.201.0.1", headers: forwarded });
    expect(await throttleRow("client:10.201.0.1")).toMatchObject({ failures: 1 });
    expect(await throttleRow("client:203.0.113.9")).toBeUndefined();

    const behindProxy = await buildApp({
      db: api.database.db,
      apiKeys: [TEST_API_KEY],
      tokenSecret: TEST_TOKEN_SECRET,
      storeCacheTtlMs: 0,
      trustProxy: true,
    });
    try {
      await behindProxy.inject({
        method: "POST",
        url: "/auth/sign-in",
        headers: { ...TEST_HEADERS, ...forwarded },
        payload: { email: customer.email, password: "wrong-password" },
        remoteAddress: "10.201.0.1",
      });
    } finally {
      await behindProxy.close();
    }
    expect(await throttleRow("client:203.0.113.9")).toMatchObject({ failures: 1 });
    expect(await throttleRow("client:10.201.0.1")).toMatchObject({ failures: 1 });
    const rows = await api.database.db.select().from(signInThrottles).where(like(signInThrottles.key, "client:203.%"));
    expect(rows).toHaveLength(1);
  });
});
