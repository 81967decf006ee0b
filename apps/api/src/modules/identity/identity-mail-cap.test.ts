import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { outboxMessages } from "../mail/mail.tables";
import { IDENTITY_MAIL_CLIENT_LIMIT, MAIL_PER_ADDRESS_PER_HOUR } from "./identity-mail-cap";
import { passwordResetTokens, signupRequests } from "./identity.tables";

// The hourly identity-mail cap under concurrency: many requests for one address at the same moment, each
// in its own transaction on its own connection (the test database's pool has 20), must still queue exactly
// MAIL_PER_ADDRESS_PER_HOUR mails. Without the address lock each request counted before any had inserted.
const api = useTestApi(async (db) => ({ store: await createStore(db, { name: "Quire Test Books" }) }));

const CONCURRENT = 50;
let sequence = 0;
const newEmail = (name: string) => `${name}-${++sequence}@example.com`;

// Each request from a client address of its own, so that only the per-address cap decides (the per-client
// limit is tested below).
let clientSequence = 0;
const post = (url: string, payload: object, remoteAddress = `10.13.${Math.floor(++clientSequence / 250) % 250}.${clientSequence % 250}`) =>
  api.app.inject({ method: "POST", url, headers: TEST_HEADERS, payload, remoteAddress });
const queuedTo = (email: string) =>
  api.database.db.select({ kind: outboxMessages.kind }).from(outboxMessages).where(eq(outboxMessages.recipient, email));

/** Sends all the requests at once and checks every one got the same 202. */
async function sendAtOnce(requests: (() => ReturnType<typeof post>)[]) {
  const responses = await Promise.all(requests.map((send) => send()));
  expect(responses.map((response) => response.statusCode)).toEqual(requests.map(() => 202));
}

describe(`the identity-mail cap (${MAIL_PER_ADDRESS_PER_HOUR} an hour per address) under ${CONCURRENT} concurrent requests`, () => {
  it("queues exactly the cap of sign-up links for a new address", async () => {
    const email = newEmail("signup");
    await sendAtOnce(
      Array.from({ length: CONCURRENT }, () => () => post("/auth/signup-request", { email, firstName: "Ada", lastName: "Lovelace" })),
    );
    const queued = await queuedTo(email);
    expect(queued).toHaveLength(MAIL_PER_ADDRESS_PER_HOUR);
    expect(new Set(queued.map((mail) => mail.kind))).toEqual(new Set(["signup_request"]));
    // No link exists without its mail.
    expect(await api.database.db.select().from(signupRequests).where(eq(signupRequests.email, email))).toHaveLength(
      MAIL_PER_ADDRESS_PER_HOUR,
    );
  });

  it("queues exactly the cap of account notes for a registered address", async () => {
    const email = newEmail("registered");
    await createCustomer(api.database.db, { storeId: api.seeded.store.id, email });
    await sendAtOnce(
      Array.from({ length: CONCURRENT }, () => () => post("/auth/signup-request", { email, firstName: "Ada", lastName: "Lovelace" })),
    );
    const queued = await queuedTo(email);
    expect(queued).toHaveLength(MAIL_PER_ADDRESS_PER_HOUR);
    expect(new Set(queued.map((mail) => mail.kind))).toEqual(new Set(["account_exists"]));
  });

  it("queues exactly the cap of password reset links", async () => {
    const email = newEmail("reset");
    const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email });
    await sendAtOnce(Array.from({ length: CONCURRENT }, () => () => post("/passwords/reset", { email })));
    const queued = await queuedTo(email);
    expect(queued).toHaveLength(MAIL_PER_ADDRESS_PER_HOUR);
    expect(new Set(queued.map((mail) => mail.kind))).toEqual(new Set(["password_reset"]));
    expect(await api.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.customerId, customer.id))).toHaveLength(
      MAIL_PER_ADDRESS_PER_HOUR,
    );
  });

  it("shares one cap between sign-up requests and resets sent together", async () => {
    const email = newEmail("mixed");
    await createCustomer(api.database.db, { storeId: api.seeded.store.id, email });
    await sendAtOnce(
      Array.from({ length: CONCURRENT }, (_, index) =>
        index % 2 === 0
          ? () => post("/passwords/reset", { email })
          : () => post("/auth/signup-request", { email, firstName: "Ada", lastName: "Lovelace" }),
      ),
    );
    expect(await queuedTo(email)).toHaveLength(MAIL_PER_ADDRESS_PER_HOUR);
  });

  it("holds each address to its own cap when several are asked for at once", async () => {
    const emails = [newEmail("first"), newEmail("second"), newEmail("third")];
    await sendAtOnce(
      Array.from({ length: CONCURRENT }, (_, index) => {
        const email = emails[index % emails.length]!;
        return () => post("/auth/signup-request", { email, firstName: "Ada", lastName: "Lovelace" });
      }),
    );
    for (const email of emails) expect(await queuedTo(email), email).toHaveLength(MAIL_PER_ADDRESS_PER_HOUR);
  });
});

describe(`the per-client limit on identity mail (${IDENTITY_MAIL_CLIENT_LIMIT.max} requests an hour)`, () => {
  it("lets one client ask for sign-up and reset mail to that many addresses, then answers 429 with Retry-After", async () => {
    const client = "198.51.100.7";
    const known = newEmail("known");
    await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: known });
    for (let index = 0; index < IDENTITY_MAIL_CLIENT_LIMIT.max; index++) {
      const answer =
        index % 2 === 0
          ? await post("/auth/signup-request", { email: newEmail("listed"), firstName: "Ada", lastName: "Lovelace" }, client)
          : await post("/passwords/reset", { email: index === 1 ? known : newEmail("unknown") }, client);
      expect(answer.statusCode, `request ${index + 1}`).toBe(202);
    }
    const refused = [
      await post("/auth/signup-request", { email: newEmail("one-more"), firstName: "Ada", lastName: "Lovelace" }, client),
      await post("/passwords/reset", { email: known }, client),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json().errors[0].code).toBe("too_many_requests");
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(answer.headers["retry-after"])).toBeLessThanOrEqual(IDENTITY_MAIL_CLIENT_LIMIT.windowSeconds);
    }
    // Another client is not affected.
    const other = await post("/auth/signup-request", { email: newEmail("other"), firstName: "Ada", lastName: "Lovelace" }, "198.51.100.8");
    expect(other.statusCode).toBe(202);
  });

  it("counts requests for unknown addresses too, so a refusal tells nothing about which have accounts", async () => {
    const client = "198.51.100.9";
    for (let index = 0; index < IDENTITY_MAIL_CLIENT_LIMIT.max; index++) {
      expect((await post("/passwords/reset", { email: newEmail("nobody") }, client)).statusCode).toBe(202);
    }
    expect((await post("/passwords/reset", { email: newEmail("nobody") }, client)).statusCode).toBe(429);
  });
});

describe("a sign-up mail to an address nobody has verified yet", () => {
  const bodyOfSignupMailTo = async (email: string) => {
    const [mail] = await api.database.db
      .select({ textBody: outboxMessages.textBody })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email));
    return mail!.textBody;
  };

  it("greets by first name when it is only a name", async () => {
    const email = newEmail("named");
    expect((await post("/auth/signup-request", { email, firstName: "Zoë", lastName: "Lovelace" })).statusCode).toBe(202);
    expect((await bodyOfSignupMailTo(email)).split("\n")[0]).toBe("Hello Zoë,");
  });

  it.each(["Visit https://evil.example/prize", "www.evil.example", "evil.example", "Ada\u202Eelpmaxe.live", "Ada\u200Bhidden"])(
    "greets generically instead of echoing %j",
    async (firstName) => {
      const email = newEmail("lure");
      expect((await post("/auth/signup-request", { email, firstName, lastName: "Lovelace" })).statusCode).toBe(202);
      const body = await bodyOfSignupMailTo(email);
      expect(body.split("\n")[0]).toBe("Hello,");
      expect(body).not.toContain("evil");
      expect(body).not.toContain(firstName);
    },
  );
});
