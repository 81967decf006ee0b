import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer, createSession, TEST_PASSWORD } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { useTestMailbox } from "../../testing/test-mailbox";
import { outboxMessages } from "../mail/mail.tables";
import { hashEmailedToken } from "../../security/emailed-tokens";
import { customers, passwordResetTokens } from "./identity.tables";
import { ACCOUNT_THROTTLE } from "./sign-in.service";
import { refusedFields } from "../../testing/error-answers";

const STOREFRONT = "http://localhost:3999";
const api = useTestApi(
  async (db) => {
    const store = await createStore(db, { name: "Quire Test Books" });
    await createStore(db, { key: "elsewhere", name: "Elsewhere" });
    return { store };
  },
  { storefrontUrl: STOREFRONT },
);
const mailbox = useTestMailbox(() => api.database.db);

const NEW_PASSWORD = "Kippers-And-Marmalade-42";
let sequence = 0;
async function newCustomer(values: Partial<typeof customers.$inferInsert> = {}) {
  return createCustomer(api.database.db, { storeId: api.seeded.store.id, email: `forgetful-${++sequence}@example.com`, ...values });
}
const send = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({
    method: "POST",
    url,
    headers: { ...TEST_HEADERS, ...headers },
    payload: payload as object,
    remoteAddress: `10.9.0.${++sequence % 250}`,
  });
const tokenOf = (link: string) => link.split("/").pop()!;

async function requestReset(email: string) {
  const response = await send("/passwords/reset", { email });
  expect(response.statusCode).toBe(202);
  const mail = await mailbox.receive(email, (message) => message.subject.startsWith("Reset"));
  return tokenOf(mail.links[0]!);
}

describe("POST /passwords/reset", () => {
  it("emails a single-use link, valid for 60 minutes, whose token is stored only as a hash", async () => {
    const customer = await newCustomer();
    const response = await send("/passwords/reset", { email: customer.email.toUpperCase() });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: true } });

    const mail = await mailbox.receive(customer.email);
    expect(mail.subject).toBe("Reset your Quire Test Books password");
    expect(mail.links[0]).toMatch(new RegExp(`^${STOREFRONT}/auth/reset-password/[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain("expires in 60 minutes");
    const [row] = await api.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.customerId, customer.id));
    expect(row?.tokenHash).toBe(hashEmailedToken(tokenOf(mail.links[0]!)));
    const minutesLeft = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it("answers an unknown email exactly the same, and sends nothing", async () => {
    const known = await newCustomer();
    const forKnown = await send("/passwords/reset", { email: known.email });
    const forUnknown = await send("/passwords/reset", { email: "never-registered@example.com" });
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    await mailbox.deliver();
    expect(mailbox.to("never-registered@example.com")).toHaveLength(0);
    expect(
      await api.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "never-registered@example.com")),
    ).toHaveLength(0);
  });

  it("refuses bad input", async () => {
    for (const body of [{}, { email: "not an email" }, { email: ["a@example.com"] }, { email: "a@example.com", redirect: "/x" }]) {
      const response = await send("/passwords/reset", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
  });
});

describe("POST /passwords/reset/complete", () => {
  it("sets the new password, ends every session, signs in afresh and tells the owner", async () => {
    const customer = await newCustomer({ passwordChangeRequired: true });
    const oldSession = await createSession(api.database.db, customer.id);
    const token = await requestReset(customer.email);

    const response = await send("/passwords/reset/complete", { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.passwordChangeRequired).toBe(false);

    const stale = await api.app.inject({
      url: "/customers/current",
      headers: { ...TEST_HEADERS, authorization: oldSession.authorization },
    });
    expect(stale.statusCode).toBe(401);
    const fresh = await api.app.inject({ url: "/customers/current", headers: { ...TEST_HEADERS, authorization: `Bearer ${data.token}` } });
    expect(fresh.json().data).toMatchObject({ email: customer.email, passwordChangeRequired: false });

    expect((await send("/auth/sign-in", { email: customer.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await send("/auth/sign-in", { email: customer.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const notice = await mailbox.receive(customer.email, (mail) => mail.subject.includes("was changed"));
    expect(notice.subject).toBe("Your Quire Test Books password was changed");
  });

  it("works once, and uses up the other links sent before it", async () => {
    const customer = await newCustomer();
    const first = await requestReset(customer.email);
    const second = await requestReset(customer.email);
    expect(first).not.toBe(second);
    expect((await send("/passwords/reset/complete", { token: second, password: NEW_PASSWORD })).statusCode).toBe(200);

    for (const token of [first, second]) {
      const again = await send("/passwords/reset/complete", { token, password: "Another-Long-Password-9" });
      expect(again.statusCode).toBe(410);
      expect(again.json().errors[0]).toMatchObject({ code: "reset_token_used", field: "token" });
    }
  });

  it("answers 410 reset_token_expired once 60 minutes have passed", async () => {
    const customer = await newCustomer();
    const token = await requestReset(customer.email);
    await api.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashEmailedToken(token)));
    const response = await send("/passwords/reset/complete", { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(410);
    expect(response.json().errors[0].code).toBe("reset_token_expired");
    expect((await send("/auth/sign-in", { email: customer.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it("is never blocked by sign-in throttling, and lifts the account's lock", async () => {
    const customer = await newCustomer();
    const ip = "10.77.0.1";
    const wrong = () =>
      api.app.inject({
        method: "POST",
        url: "/auth/sign-in",
        headers: TEST_HEADERS,
        payload: { email: customer.email, password: "wrong-password" },
        remoteAddress: ip,
      });
    for (let attempt = 0; attempt < ACCOUNT_THROTTLE.maxFailures; attempt++) expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(429);

    const token = await requestReset(customer.email);
    expect((await send("/passwords/reset/complete", { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    const signIn = await api.app.inject({
      method: "POST",
      url: "/auth/sign-in",
      headers: TEST_HEADERS,
      payload: { email: customer.email, password: NEW_PASSWORD },
      remoteAddress: ip,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("refuses the email as password, unknown tokens, other stores' tokens and bad input", async () => {
    const customer = await newCustomer();
    const token = await requestReset(customer.email);

    const matches = await send("/passwords/reset/complete", { token, password: customer.email.toUpperCase() });
    expect(matches.statusCode).toBe(400);
    expect(matches.json().errors[0]).toMatchObject({ code: "password_matches_email", field: "password" });

    const unknown = await send("/passwords/reset/complete", { token: "C".repeat(43), password: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ code: "reset_token_invalid" });

    const elsewhere = await send("/passwords/reset/complete", { token, password: NEW_PASSWORD }, { storekey: "elsewhere" });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors[0].code).toBe("reset_token_invalid");

    const cases: [unknown, string[]][] = [
      [{ token }, ["body.password"]],
      [{ token, password: "eleven-char" }, ["body.password"]],
      [{ token, password: "qwertyqwertyqwerty" }, ["body.password"]],
      [{ password: NEW_PASSWORD }, ["body.token"]],
      [{ token: 7, password: NEW_PASSWORD }, ["body.token"]],
      [{ token, password: NEW_PASSWORD, email: customer.email }, ["body"]],
    ];
    for (const [body, fields] of cases) {
      const response = await send("/passwords/reset/complete", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusedFields(response)).toEqual(fields);
    }
    // The refusals left the link usable.
    expect((await send("/passwords/reset/complete", { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});
