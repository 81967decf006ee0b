import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAccessTokens } from "../modules/identity/access-tokens";
import { customers, sessions } from "../modules/identity/identity.tables";
import { createStore } from "../testing/factories";
import { createCustomer, createPrivacyPolicy, createSession } from "../testing/identity-factories";
import { TEST_HEADERS, TEST_TOKEN_SECRET, useTestApi } from "../testing/test-api";

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store", name: "Other" });
  const customer = await createCustomer(db, { storeId: store.id, email: "Ada@Example.com" });
  const stranger = await createCustomer(db, { storeId: other.id, email: "ada@example.com" });
  return { store, customer, stranger };
});

/** The store settings call reports nothing about the caller, so use a call that is open to everyone. */
const call = (authorization?: string) =>
  api.app.inject({ url: "/store-settings", headers: authorization === undefined ? TEST_HEADERS : { ...TEST_HEADERS, authorization } });

describe("bearer tokens on every request", () => {
  it("accepts a live session's token", async () => {
    const { authorization } = await createSession(api.database.db, api.seeded.customer.id);
    expect((await call(authorization)).statusCode).toBe(200);
  });

  it("answers 401 for a malformed Authorization header", async () => {
    for (const value of ["Token abc", "Bearer", "Bearer a b"]) {
      const response = await call(value);
      expect(response.statusCode, value).toBe(401);
      expect(response.json().errors[0].code).toBe("token_invalid");
    }
  });

  it("answers 401 for a forged token (signed with another secret)", async () => {
    const { authorization } = await createSession(api.database.db, api.seeded.customer.id, {
      tokenSecret: "another-secret-that-is-at-least-32-characters",
    });
    expect((await call(authorization)).statusCode).toBe(401);
  });

  it("answers 401 for an expired token", async () => {
    const { authorization } = await createSession(api.database.db, api.seeded.customer.id, { expiresAt: new Date(Date.now() - 1000) });
    expect((await call(authorization)).statusCode).toBe(401);
  });

  it("answers 401 once the session is revoked, though the token itself has not expired", async () => {
    const { authorization, sessionId } = await createSession(api.database.db, api.seeded.customer.id);
    expect((await call(authorization)).statusCode).toBe(200);
    await api.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    expect((await call(authorization)).statusCode).toBe(401);
  });

  it("answers 401 for a token whose claims do not match its session", async () => {
    const { sessionId } = await createSession(api.database.db, api.seeded.customer.id);
    const token = await createAccessTokens(TEST_TOKEN_SECRET).sign({
      customerId: api.seeded.stranger.id,
      sessionId,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await call(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it("answers 401 for another store's customer", async () => {
    const { authorization } = await createSession(api.database.db, api.seeded.stranger.id);
    expect((await call(authorization)).statusCode).toBe(401);
    const atHome = await api.app.inject({ url: "/store-settings", headers: { ...TEST_HEADERS, storekey: "other-store", authorization } });
    expect(atHome.statusCode).toBe(200);
  });
});

describe("what a session knows about its customer", () => {
  it("tracks the current privacy policy and the forced password change", async () => {
    const { db } = api.database;
    const { customer } = api.seeded;
    const { findSessionCustomer } = await import("../modules/identity/sessions.repository");
    const { sessionId } = await createSession(db, customer.id);

    expect(await findSessionCustomer(db, sessionId, customer.id)).toMatchObject({
      hasAcceptedPrivacyPolicy: true,
      passwordChangeRequired: false,
    });
    const policy = await createPrivacyPolicy(db, { storeId: api.seeded.store.id, version: "2026-01" });
    expect(await findSessionCustomer(db, sessionId, customer.id)).toMatchObject({ hasAcceptedPrivacyPolicy: false });
    await db
      .update(customers)
      .set({ acceptedPrivacyPolicyId: policy.id, passwordChangeRequired: true })
      .where(eq(customers.id, customer.id));
    expect(await findSessionCustomer(db, sessionId, customer.id)).toMatchObject({
      hasAcceptedPrivacyPolicy: true,
      passwordChangeRequired: true,
    });
    await createPrivacyPolicy(db, { storeId: api.seeded.store.id, version: "2026-02" });
    expect(await findSessionCustomer(db, sessionId, customer.id)).toMatchObject({ hasAcceptedPrivacyPolicy: false });
  });
});
