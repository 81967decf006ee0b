import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { outboxMessages } from "../mail/mail.tables";
import { MAIL_PER_ADDRESS_PER_HOUR } from "./identity-mail-cap";
import { passwordResetTokens, signupRequests } from "./identity.tables";

// The hourly identity-mail cap under concurrency: many requests for one address at the same moment, each
// in its own transaction on its own connection (the test database's pool has 20), must still queue exactly
// MAIL_PER_ADDRESS_PER_HOUR mails. Without the address lock each request counted before any had inserted.
const api = useTestApi(async (db) => ({ store: await createStore(db, { name: "Quire Test Books" }) }));

const CONCURRENT = 50;
let sequence = 0;
const newEmail = (name: string) => `${name}-${++sequence}@example.com`;

const post = (url: string, payload: object) => api.app.inject({ method: "POST", url, headers: TEST_HEADERS, payload });
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
