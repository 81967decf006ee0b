import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer, createPrivacyPolicy } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { useTestMailbox } from "../../testing/test-mailbox";
import { outboxMessages } from "../mail/mail.tables";
import { hashEmailedToken } from "../../security/emailed-tokens";
import { customerInvites, customers, signupRequests } from "./identity.tables";
import { MAIL_PER_ADDRESS_PER_HOUR } from "./identity-mail-cap";
import { createInvite } from "./registration.service";
import { refusedFields } from "../../testing/error-answers";

const STOREFRONT = "https://shop.example.test";
const api = useTestApi(
  async (db) => {
    const store = await createStore(db, { name: "Quire Test Books" });
    const policy = await createPrivacyPolicy(db, { storeId: store.id, version: "2026-01", publishedAt: new Date("2026-01-01T00:00:00Z") });
    return { store, policy };
  },
  { storefrontUrl: `${STOREFRONT}/` },
);
const mailbox = useTestMailbox(() => api.database.db);

const NEW_PASSWORD = "Marmalade-Skies-Over-Leeds";
let sequence = 0;
const newEmail = (name = "reader") => `${name}-${++sequence}@example.com`;

// Each request from a client address of its own: the per-client limit on identity mail has its own tests
// (identity-mail-cap.test.ts), and these are about one address's links.
let clientSequence = 0;
const send = (method: "POST" | "PUT", url: string, payload: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({
    method,
    url,
    headers: { ...TEST_HEADERS, ...headers },
    payload: payload as object,
    remoteAddress: `10.11.${Math.floor(++clientSequence / 250) % 250}.${clientSequence % 250}`,
  });
const tokenOf = (link: string) => link.split("/").pop()!;

/** Registers `email` and returns the token from the emailed link. */
async function register(email: string) {
  const response = await send("POST", "/auth/signup-request", { email, firstName: "Ada", lastName: "Lovelace" });
  expect(response.statusCode).toBe(202);
  const mail = await mailbox.receive(email, (message) => message.subject.startsWith("Complete"));
  return tokenOf(mail.links[0]!);
}

describe("POST /auth/signup-request", () => {
  it("emails a link to finish signing up, through a real SMTP server", async () => {
    const email = newEmail();
    const response = await send("POST", "/auth/signup-request", { email: email.toUpperCase(), firstName: " Ada ", lastName: "Lovelace" });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: true } });

    const mail = await mailbox.receive(email);
    expect(mail.subject).toBe("Complete your Quire Test Books account");
    expect(mail.text).toContain("Hello Ada,");
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(new RegExp(`^${STOREFRONT}/auth/sign-up/complete/[A-Za-z0-9_-]{43}$`));
    expect(mail.headers.get("from")).toContain("shop@quire.test");

    // Only the token's hash is stored.
    const [request] = await api.database.db.select().from(signupRequests).where(eq(signupRequests.email, email));
    expect(request?.tokenHash).toBe(hashEmailedToken(tokenOf(mail.links[0]!)));
    expect(JSON.stringify(request)).not.toContain(tokenOf(mail.links[0]!));
    expect(request?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3600 * 1000);
  });

  it("answers the same for a registered email, and mails its owner a note instead of a link", async () => {
    const email = newEmail();
    await createCustomer(api.database.db, { storeId: api.seeded.store.id, email });
    const response = await send("POST", "/auth/signup-request", { email, firstName: "Ada", lastName: "Lovelace" });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: true } });
    const mail = await mailbox.receive(email);
    expect(mail.subject).toBe("You already have a Quire Test Books account");
    expect(mail.links).toEqual([`${STOREFRONT}/auth/login`, `${STOREFRONT}/auth/forgot-password`]);
    expect(await api.database.db.select().from(signupRequests).where(eq(signupRequests.email, email))).toHaveLength(0);
  });

  it(`sends at most ${MAIL_PER_ADDRESS_PER_HOUR} emails an hour to one address, answering the same`, async () => {
    const email = newEmail();
    for (let index = 0; index < MAIL_PER_ADDRESS_PER_HOUR + 2; index++) {
      expect((await send("POST", "/auth/signup-request", { email, firstName: "Ada", lastName: "Lovelace" })).statusCode).toBe(202);
    }
    await mailbox.deliver();
    expect(mailbox.to(email)).toHaveLength(MAIL_PER_ADDRESS_PER_HOUR);
  });

  it("refuses bad input with a 400 listing the problems", async () => {
    const cases: [unknown, string[]][] = [
      [{}, ["body.email", "body.firstName", "body.lastName"]],
      [{ email: "nope", firstName: "Ada", lastName: "Lovelace" }, ["body.email"]],
      [{ email: "a@example.com", firstName: "   ", lastName: "x".repeat(101) }, ["body.firstName", "body.lastName"]],
      [{ email: "a@example.com", firstName: 1, lastName: ["L"] }, ["body.firstName", "body.lastName"]],
      [{ email: "a@example.com", firstName: "Ada", lastName: "Lovelace", password: "x" }, ["body"]],
    ];
    for (const [body, fields] of cases) {
      const response = await send("POST", "/auth/signup-request", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusedFields(response)).toEqual(fields);
    }
  });
});

describe("PUT /auth/signup-request/complete", () => {
  it("creates the customer from the emailed token and signs them in", async () => {
    const email = newEmail();
    const token = await register(email);
    const response = await send("PUT", "/auth/signup-request/complete", { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ needsAcceptPrivacyPolicy: true, passwordChangeRequired: false });

    const me = await api.app.inject({ url: "/customers/current", headers: { ...TEST_HEADERS, authorization: `Bearer ${data.token}` } });
    expect(me.json().data).toMatchObject({ email, firstName: "Ada", lastName: "Lovelace", isTrade: false, needsAcceptPrivacyPolicy: true });
    const signIn = await send("POST", "/auth/sign-in", { email, password: NEW_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it("accepts the current privacy policy at the same time when asked, and only the current one", async () => {
    const stale = await createPrivacyPolicy(api.database.db, {
      storeId: api.seeded.store.id,
      version: "2025-old",
      publishedAt: new Date("2025-01-01T00:00:00Z"),
    });
    const email = newEmail();
    const token = await register(email);
    const refused = await send("PUT", "/auth/signup-request/complete", { token, password: NEW_PASSWORD, privacyPolicyId: stale.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: "privacy_policy_not_current", field: "privacyPolicyId" });

    const response = await send("PUT", "/auth/signup-request/complete", {
      token,
      password: NEW_PASSWORD,
      privacyPolicyId: api.seeded.policy.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.needsAcceptPrivacyPolicy).toBe(false);
  });

  it("works once", async () => {
    const token = await register(newEmail());
    expect((await send("PUT", "/auth/signup-request/complete", { token, password: NEW_PASSWORD })).statusCode).toBe(201);
    const again = await send("PUT", "/auth/signup-request/complete", { token, password: NEW_PASSWORD });
    expect(again.statusCode).toBe(410);
    expect(again.json().errors[0]).toMatchObject({ code: "signup_token_used", field: "token" });
  });

  it("gives one account when the same link is completed twice at once", async () => {
    const email = newEmail();
    const token = await register(email);
    const responses = await Promise.all(
      [0, 1, 2].map(() => send("PUT", "/auth/signup-request/complete", { token, password: NEW_PASSWORD })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 410, 410]);
    expect(await api.database.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(1);
  });

  it("answers 410 signup_token_expired after 24 hours", async () => {
    const email = newEmail();
    const token = await register(email);
    await api.database.db
      .update(signupRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signupRequests.email, email));
    const response = await send("PUT", "/auth/signup-request/complete", { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(410);
    expect(response.json().errors[0].code).toBe("signup_token_expired");
  });

  it("answers 409 when another request for the email was completed first", async () => {
    const email = newEmail();
    const first = await register(email);
    const second = await register(email);
    expect((await send("PUT", "/auth/signup-request/complete", { token: first, password: NEW_PASSWORD })).statusCode).toBe(201);
    const response = await send("PUT", "/auth/signup-request/complete", { token: second, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].code).toBe("email_already_registered");
  });

  it("refuses a password that is the email, a short or common one, an unknown token and unknown keys", async () => {
    const email = newEmail();
    const token = await register(email);
    const matches = await send("PUT", "/auth/signup-request/complete", { token, password: email });
    expect(matches.statusCode).toBe(400);
    expect(matches.json().errors[0]).toMatchObject({ code: "password_matches_email", field: "password" });

    const unknown = await send("PUT", "/auth/signup-request/complete", { token: "A".repeat(43), password: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ code: "signup_token_invalid", field: "token" });

    const cases: [unknown, string[]][] = [
      [{ token, password: "short-pass" }, ["body.password"]],
      [{ token, password: "P@ssw0rd-2026!" }, ["body.password"]],
      [{ token, password: "x".repeat(257) }, ["body.password"]],
      [{ token: "bad token!", password: NEW_PASSWORD }, ["body.token"]],
      [{ token, password: 12345678901234 }, ["body.password"]],
      [{ token, password: NEW_PASSWORD, isTrade: true }, ["body"]],
      [{ token, password: NEW_PASSWORD, privacyPolicyId: "one" }, ["body.privacyPolicyId"]],
    ];
    for (const [body, fields] of cases) {
      const response = await send("PUT", "/auth/signup-request/complete", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusedFields(response)).toEqual(fields);
    }
    const short = await send("PUT", "/auth/signup-request/complete", { token, password: "short-pass" });
    expect(short.json().errors[0].message).toBe("Use at least 12 characters");
    // None of the refusals used the link up.
    expect((await send("PUT", "/auth/signup-request/complete", { token, password: NEW_PASSWORD })).statusCode).toBe(201);
  });
});

describe("trade invites", () => {
  async function invite(email: string, expiresInDays?: number) {
    const result = await createInvite(api.database.db, {
      store: api.seeded.store,
      storefrontUrl: STOREFRONT,
      email,
      firstName: "Grace",
      lastName: "Hopper",
      companyName: "Hopper & Daughters Ltd",
      expiresInDays,
    });
    return { ...result, token: tokenOf(result.url) };
  }

  it("are emailed with their link, which creates a trade customer and signs them in", async () => {
    const email = newEmail("buyer");
    const { url, token } = await invite(email);
    expect(url).toMatch(new RegExp(`^${STOREFRONT}/auth/invite/complete/[A-Za-z0-9_-]{43}$`));
    const mail = await mailbox.receive(email);
    expect(mail.subject).toBe("Your trade account invitation from Quire Test Books");
    expect(mail.text).toContain("trade account for Hopper & Daughters Ltd");
    expect(mail.links).toEqual([url]);

    const response = await send("PUT", "/auth/invites/complete", { token, password: NEW_PASSWORD, firstName: "Amazing Grace" });
    expect(response.statusCode).toBe(201);
    const me = await api.app.inject({
      url: "/customers/current",
      headers: { ...TEST_HEADERS, authorization: `Bearer ${response.json().data.token}` },
    });
    expect(me.json().data).toMatchObject({
      email,
      isTrade: true,
      firstName: "Amazing Grace",
      lastName: "Hopper",
      companyName: "Hopper & Daughters Ltd",
    });
  });

  it("work once, expire, and refuse unknown tokens", async () => {
    const used = await invite(newEmail("buyer"));
    expect((await send("PUT", "/auth/invites/complete", { token: used.token, password: NEW_PASSWORD })).statusCode).toBe(201);
    const again = await send("PUT", "/auth/invites/complete", { token: used.token, password: NEW_PASSWORD });
    expect(again.statusCode).toBe(410);
    expect(again.json().errors[0].code).toBe("invite_token_used");

    const expired = await invite(newEmail("buyer"), 1);
    await api.database.db
      .update(customerInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerInvites.id, expired.inviteId));
    const late = await send("PUT", "/auth/invites/complete", { token: expired.token, password: NEW_PASSWORD });
    expect(late.statusCode).toBe(410);
    expect(late.json().errors[0].code).toBe("invite_token_expired");

    const unknown = await send("PUT", "/auth/invites/complete", { token: "B".repeat(43), password: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].code).toBe("invite_token_invalid");
  });

  it("answer 409 when the email already has an account", async () => {
    const email = newEmail("buyer");
    await createCustomer(api.database.db, { storeId: api.seeded.store.id, email });
    const { token } = await invite(email);
    const response = await send("PUT", "/auth/invites/complete", { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].code).toBe("email_already_registered");
  });

  it("are not valid in another store", async () => {
    await createStore(api.database.db, { key: "elsewhere", name: "Elsewhere" });
    const { token } = await invite(newEmail("buyer"));
    const response = await send("PUT", "/auth/invites/complete", { token, password: NEW_PASSWORD }, { storekey: "elsewhere" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe("invite_token_invalid");
  });

  it("refuse bad input", async () => {
    const { token } = await invite(newEmail("buyer"));
    const cases: [unknown, string[]][] = [
      [{ token }, ["body.password"]],
      [{ token, password: "too-short" }, ["body.password"]],
      [{ token, password: NEW_PASSWORD, firstName: "" }, ["body.firstName"]],
      [{ token, password: NEW_PASSWORD, companyName: "Mine now" }, ["body"]],
    ];
    for (const [body, fields] of cases) {
      const response = await send("PUT", "/auth/invites/complete", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusedFields(response)).toEqual(fields);
    }
  });

  it("store nothing and send nothing when their transaction rolls back", async () => {
    const email = newEmail("rollback");
    const failingDb = new Proxy(api.database.db, {
      get(target, property, receiver) {
        if (property !== "transaction") return Reflect.get(target, property, receiver);
        return (work: (tx: unknown) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            await work(tx);
            throw new Error("the change failed after the mail was queued");
          });
      },
    });
    await expect(
      createInvite(failingDb, { store: api.seeded.store, storefrontUrl: STOREFRONT, email, firstName: "", lastName: "", companyName: "" }),
    ).rejects.toThrow("the change failed");
    expect(await api.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).toHaveLength(0);
    await mailbox.deliver();
    expect(mailbox.to(email)).toHaveLength(0);
  });
});
