import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { outboxMessages } from "../mail/mail.tables";
import { hashEmailedToken } from "../../security/emailed-tokens";
import { customerInvites, passwordResetTokens, signupRequests } from "./identity.tables";
import { createInvite } from "./registration.service";
import { refusedFields } from "../../testing/error-answers";

const STOREFRONT = "https://shop.example.test";
const api = useTestApi(
  async (db) => {
    const store = await createStore(db, { name: "Quire Test Books" });
    await createStore(db, { key: "elsewhere", name: "Elsewhere" });
    return { store };
  },
  { storefrontUrl: STOREFRONT },
);

const PASSWORD = "Lantern-Harbour-Marmalade-7";
let sequence = 0;
const newEmail = (name: string) => `${name}-${++sequence}@example.com`;
// Each request from a client address of its own: the per-client limit on identity mail has its own tests.
let clientSequence = 0;
const send = (method: "POST" | "PUT", url: string, payload: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({
    method,
    url,
    headers: { ...TEST_HEADERS, ...headers },
    payload: payload as object,
    remoteAddress: `10.12.${Math.floor(++clientSequence / 250) % 250}.${clientSequence % 250}`,
  });
const statusOf = (kind: string, token: string, headers: Record<string, string> = {}) =>
  send("POST", "/auth/links/status", { kind, token }, headers);

/** The token of the newest link mailed to `email`, read from the outbox. */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await api.database.db
    .select({ actionUrl: outboxMessages.actionUrl })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return mail!.actionUrl!.split("/").pop()!;
}

/** One emailed link of each kind: how to get one, use it up, and make it expire. */
const KINDS = {
  signup: {
    async create() {
      const email = newEmail("signup");
      expect((await send("POST", "/auth/signup-request", { email, firstName: "Ada", lastName: "Lovelace" })).statusCode).toBe(202);
      return mailedToken(email);
    },
    use: (token: string) => send("PUT", "/auth/signup-request/complete", { token, password: PASSWORD }),
    expire: (token: string) =>
      api.database.db
        .update(signupRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(signupRequests.tokenHash, hashEmailedToken(token))),
  },
  invite: {
    async create() {
      const { url } = await createInvite(api.database.db, {
        store: api.seeded.store,
        storefrontUrl: STOREFRONT,
        email: newEmail("buyer"),
        firstName: "Grace",
        lastName: "Hopper",
        companyName: "Hopper Books Ltd",
      });
      return url.split("/").pop()!;
    },
    use: (token: string) => send("PUT", "/auth/invites/complete", { token, password: PASSWORD }),
    expire: (token: string) =>
      api.database.db
        .update(customerInvites)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(customerInvites.tokenHash, hashEmailedToken(token))),
  },
  reset: {
    async create() {
      const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: newEmail("forgetful") });
      expect((await send("POST", "/passwords/reset", { email: customer.email })).statusCode).toBe(202);
      return mailedToken(customer.email);
    },
    use: (token: string) => send("POST", "/passwords/reset/complete", { token, password: PASSWORD }),
    expire: (token: string) =>
      api.database.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.tokenHash, hashEmailedToken(token))),
  },
};

describe("POST /auth/links/status", () => {
  for (const [kind, link] of Object.entries(KINDS)) {
    describe(`for a ${kind} link`, () => {
      it("answers valid, and asking does not use the link up", async () => {
        const token = await link.create();
        for (let ask = 0; ask < 2; ask++) {
          const response = await statusOf(kind, token);
          expect(response.statusCode).toBe(200);
          expect(response.json()).toEqual({ data: { status: "valid" } });
        }
        expect((await link.use(token)).statusCode).toBeLessThan(300);
      });

      it("answers used once the link was completed, even after it has expired too", async () => {
        const token = await link.create();
        expect((await link.use(token)).statusCode).toBeLessThan(300);
        expect((await statusOf(kind, token)).json()).toEqual({ data: { status: "used" } });
        await link.expire(token);
        expect((await statusOf(kind, token)).json()).toEqual({ data: { status: "used" } });
      });

      it("answers expired once its time has run out, as completing it would", async () => {
        const token = await link.create();
        await link.expire(token);
        expect((await statusOf(kind, token)).json()).toEqual({ data: { status: "expired" } });
        const completion = await link.use(token);
        expect(completion.statusCode).toBe(410);
        expect(completion.json().errors[0].code).toMatch(/_token_expired$/);
      });

      it("answers invalid for an unknown token, another kind's token and another store's token", async () => {
        expect((await statusOf(kind, "D".repeat(43))).json()).toEqual({ data: { status: "invalid" } });
        const token = await link.create();
        const otherKind = Object.keys(KINDS).find((candidate) => candidate !== kind)!;
        expect((await statusOf(otherKind, token)).json()).toEqual({ data: { status: "invalid" } });
        const elsewhere = await statusOf(kind, token, { storekey: "elsewhere" });
        expect(elsewhere.statusCode).toBe(200);
        expect(elsewhere.json()).toEqual({ data: { status: "invalid" } });
      });
    });
  }

  it("says only what became of the link, never whose it is", async () => {
    const token = await KINDS.reset.create();
    const response = await statusOf("reset", token);
    expect(Object.keys(response.json().data)).toEqual(["status"]);
    expect(response.body).not.toContain("@");
  });

  it("answers a used reset link for every link sent before a completed reset", async () => {
    const email = newEmail("twice");
    await createCustomer(api.database.db, { storeId: api.seeded.store.id, email });
    await send("POST", "/passwords/reset", { email });
    const first = await mailedToken(email);
    await send("POST", "/passwords/reset", { email });
    const second = await mailedToken(email);
    expect((await KINDS.reset.use(second)).statusCode).toBe(200);
    expect((await statusOf("reset", first)).json()).toEqual({ data: { status: "used" } });
  });

  it("refuses a malformed token, an unknown kind and unknown keys with a 400 naming the field", async () => {
    const cases: [unknown, string[]][] = [
      [{}, ["body.kind", "body.token"]],
      [{ kind: "signup", token: "short" }, ["body.token"]],
      [{ kind: "signup", token: "not a token at all, with spaces!!" }, ["body.token"]],
      [{ kind: "signup", token: `${"E".repeat(40)}\u0000` }, ["body.token"]],
      [{ kind: "order", token: "F".repeat(43) }, ["body.kind"]],
      [{ kind: "signup", token: "F".repeat(43), email: "a@example.com" }, ["body"]],
      [{ kind: ["signup"], token: 43 }, ["body.kind", "body.token"]],
    ];
    for (const [body, fields] of cases) {
      const response = await send("POST", "/auth/links/status", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusedFields(response)).toEqual(fields);
    }
  });

  it("is in the OpenAPI document with its contract", async () => {
    const { paths, components } = (await api.app.inject({ url: "/openapi.json" })).json();
    const operation = paths["/auth/links/status"]?.post;
    expect(operation?.tags).toEqual(["Auth"]);
    expect(operation?.requestBody?.content?.["application/json"]?.schema?.properties?.kind?.enum).toEqual(["signup", "invite", "reset"]);
    expect(components.schemas.EmailedLinkStatus.enum).toEqual(["valid", "used", "expired", "invalid"]);
  });
});
