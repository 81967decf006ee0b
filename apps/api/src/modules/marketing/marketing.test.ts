import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NEWSLETTER_TOPICS } from "@quire/contracts";
import { createStore } from "../../testing/factories";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { newClientIp } from "../back-in-stock/back-in-stock-testing";
import { customers } from "../identity/identity.tables";
import { outboxMessages } from "../mail/mail.tables";
import { NEWSLETTER_LIMITS } from "./marketing.service";
import { marketingSubscriptionLinks, marketingSubscriptions } from "./marketing.tables";

// Marketing subscriptions (decision 034): double opt-in for any address but a signed-in customer's own,
// emailed links that work once, and the same caps as back-in-stock requests (decision 013).

const STOREFRONT_URL = "https://shop.example/";
const PATH = "/marketing-customers/subscriptions";

const api = useTestApi(
  async (db) => {
    const store = await createStore(db);
    const customer = await createCustomer(db, { storeId: store.id, email: "member@example.com" });
    const registered = await createCustomer(db, { storeId: store.id, email: "registered@example.com" });
    return { store, customer, registered };
  },
  { storefrontUrl: STOREFRONT_URL },
);

interface Call {
  auth?: string;
  ip?: string;
}

function call(method: "GET" | "PUT" | "POST", url: string, body?: unknown, options: Call = {}) {
  const headers: Record<string, string> = { ...TEST_HEADERS };
  if (options.auth) headers.authorization = options.auth;
  return api.app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
    remoteAddress: options.ip ?? newClientIp(),
  });
}
const subscribe = (body: unknown, options?: Call) => call("PUT", PATH, body, options);
const confirm = (token: string) => call("POST", `${PATH}/confirm`, { token });
const preview = (token: string) => call("POST", `${PATH}/confirm/preview`, { token });
const unsubscribe = (token: string) => call("POST", `${PATH}/unsubscribe`, { token });

const signedIn = async (customerId: number) => (await createSession(api.database.db, customerId)).authorization;

function mailsTo(email: string) {
  return api.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, "newsletter_confirmation"), eq(outboxMessages.recipient, email)))
    .orderBy(asc(outboxMessages.id));
}

/** The confirmation and unsubscribe tokens of an email's two links. */
function linksOf(mail: { actionUrl: string | null; textBody: string }) {
  const confirmUrl = new URL(mail.actionUrl!);
  expect(confirmUrl.origin + "/").toBe(STOREFRONT_URL);
  const unsubscribeUrl = mail.textBody.match(/https:\/\/shop\.example\/newsletter\/unsubscribe\/([A-Za-z0-9_-]{43})/);
  expect(unsubscribeUrl, "a one-click unsubscribe link in the email").not.toBeNull();
  const confirmToken = confirmUrl.pathname.match(/^\/newsletter\/confirm\/([A-Za-z0-9_-]{43})$/)?.[1];
  expect(confirmToken).toBeDefined();
  return { confirm: confirmToken!, unsubscribe: unsubscribeUrl![1]! };
}

async function topicsOf(email: string) {
  const [row] = await api.database.db
    .select({ topics: marketingSubscriptions.topics })
    .from(marketingSubscriptions)
    .where(and(eq(marketingSubscriptions.storeId, api.seeded.store.id), eq(marketingSubscriptions.email, email)));
  return row?.topics ?? null;
}

async function optInOf(customerId: number) {
  const [row] = await api.database.db.select({ optIn: customers.marketingOptIn }).from(customers).where(eq(customers.id, customerId));
  return row!.optIn;
}

describe("PUT /marketing-customers/subscriptions: what it refuses", () => {
  it.each([
    ["no body fields", {}],
    ["no topics", { email: "a@example.com" }],
    ["no email", { topics: ["offers"] }],
    ["a malformed email", { email: "not-an-email", topics: [] }],
    ["an email too long", { email: `${"a".repeat(250)}@example.com`, topics: [] }],
    ["an email that is not text", { email: 42, topics: [] }],
    ["a topic the shop does not offer", { email: "a@example.com", topics: ["gossip"] }],
    ["a topic twice", { email: "a@example.com", topics: ["offers", "offers"] }],
    ["more topics than there are", { email: "a@example.com", topics: [...NEWSLETTER_TOPICS, "offers"] }],
    ["topics that are not a list", { email: "a@example.com", topics: "offers" }],
    ["an unknown field", { email: "a@example.com", topics: [], frequency: "daily" }],
  ])("answers 400 with errors for %s, and mails nothing", async (_, body) => {
    const response = await subscribe(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: expect.any(String), message: expect.any(String) })]),
    );
    expect(await mailsTo("a@example.com")).toEqual([]);
  });

  it.each([
    ["no token", {}],
    ["a short token", { token: "abc" }],
    ["a token with other characters", { token: `${"a".repeat(40)}$%^` }],
    ["an unknown field", { token: "a".repeat(43), extra: true }],
  ])("answers 400 with errors to links with %s", async (_, body) => {
    for (const path of ["/confirm", "/confirm/preview", "/unsubscribe"]) {
      const response = await call("POST", `${PATH}${path}`, body);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
  });

  it("answers 401 to an anonymous request for the customer's own subscription", async () => {
    const response = await call("GET", PATH);
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe("authentication_required");
  });
});

describe("a visitor's address (double opt-in)", () => {
  it("is pending until the emailed link confirms it, once; the answer never says whether the address is known", async () => {
    const email = "Reader.One@Example.com";
    const normalised = "reader.one@example.com";
    const first = await subscribe({ email, topics: ["new_releases", "childrens_books"] });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().data).toEqual({ email: normalised, status: "confirmation_sent", topics: null });
    expect(await topicsOf(normalised), "nothing applied before the owner confirms").toBeNull();

    const [mail] = await mailsTo(normalised);
    expect(mail!.subject).toBe("Confirm your Test Store newsletters");
    expect(mail!.textBody).toContain("- New releases");
    expect(mail!.textBody).toContain("- Children's books");
    const tokens = linksOf(mail!);
    // Only the hashes are stored.
    const stored = await api.database.db.select({ tokenHash: marketingSubscriptionLinks.tokenHash }).from(marketingSubscriptionLinks);
    expect(stored.map((row) => row.tokenHash)).not.toContain(tokens.confirm);

    // The page's preview changes nothing.
    const looked = await preview(tokens.confirm);
    expect(looked.json().data).toEqual({
      kind: "confirm",
      email: normalised,
      topics: ["new_releases", "childrens_books"],
      state: "pending",
    });
    expect(await topicsOf(normalised)).toBeNull();

    const confirmed = await confirm(tokens.confirm);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({
      kind: "confirm",
      email: normalised,
      topics: ["new_releases", "childrens_books"],
      state: "applied",
    });
    expect(await topicsOf(normalised)).toEqual(["new_releases", "childrens_books"]);

    // Used: the link says so, and changes nothing more.
    const again = await confirm(tokens.confirm);
    expect(again.statusCode).toBe(410);
    expect(again.json().errors[0].code).toBe("newsletter_token_used");
    expect((await preview(tokens.confirm)).json().errors[0].code).toBe("newsletter_token_used");

    // Asking again for a subscribed address answers exactly as for a new one.
    const known = await subscribe({ email: normalised, topics: ["offers"] });
    expect(known.statusCode).toBe(202);
    expect(known.json().data).toEqual({ email: normalised, status: "confirmation_sent", topics: null });
    expect(await topicsOf(normalised), "still what was confirmed").toEqual(["new_releases", "childrens_books"]);
  });

  it("refuses an expired link and an unknown one, and keeps a link to its own call", async () => {
    await subscribe({ email: "late@example.com", topics: ["events"] });
    const tokens = linksOf((await mailsTo("late@example.com"))[0]!);
    await api.database.db
      .update(marketingSubscriptionLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(marketingSubscriptionLinks.email, "late@example.com"), eq(marketingSubscriptionLinks.kind, "confirm")));
    const expired = await confirm(tokens.confirm);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errors[0]).toMatchObject({ code: "newsletter_token_expired", field: "token" });
    expect((await preview(tokens.confirm)).json().errors[0].code).toBe("newsletter_token_expired");
    expect(await topicsOf("late@example.com")).toBeNull();

    const unknown = await confirm("x".repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].code).toBe("newsletter_token_invalid");
    // An unsubscribe link does not confirm, nor a confirmation link unsubscribe.
    expect((await confirm(tokens.unsubscribe)).json().errors[0].code).toBe("newsletter_token_invalid");
    expect((await unsubscribe(tokens.confirm)).json().errors[0].code).toBe("newsletter_token_invalid");
  });

  it("unsubscribes in one click from the email's second link, as often as it is used", async () => {
    const email = "leaving@example.com";
    await subscribe({ email, topics: ["offers", "events"] });
    const tokens = linksOf((await mailsTo(email))[0]!);
    expect((await confirm(tokens.confirm)).statusCode).toBe(200);
    expect(await topicsOf(email)).toEqual(["offers", "events"]);
    const first = await unsubscribe(tokens.unsubscribe);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ kind: "unsubscribe", email, topics: [], state: "applied" });
    expect(await topicsOf(email)).toEqual([]);
    expect((await unsubscribe(tokens.unsubscribe)).statusCode).toBe(200);
  });

  it("confirms a link once when many confirm it at the same moment", async () => {
    const email = "eager@example.com";
    await subscribe({ email, topics: ["offers"] });
    const tokens = linksOf((await mailsTo(email))[0]!);
    const answers = await Promise.all(Array.from({ length: 12 }, () => confirm(tokens.confirm)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(11);
    expect(await topicsOf(email)).toEqual(["offers"]);
  });

  it("keeps the account's marketing consent in step when a registered customer's address is confirmed", async () => {
    const { registered } = api.seeded;
    await subscribe({ email: registered.email, topics: ["events"] });
    expect(await optInOf(registered.id)).toBe(false);
    expect((await confirm(linksOf((await mailsTo(registered.email))[0]!).confirm)).statusCode).toBe(200);
    expect(await optInOf(registered.id)).toBe(true);
  });
});

describe("a signed-in customer", () => {
  it("gets their own address's newsletters at once, with no email, and the account's consent follows", async () => {
    const { customer } = api.seeded;
    const auth = await signedIn(customer.id);
    const chosen = await subscribe({ email: customer.email, topics: ["offers", "childrens_books"] }, { auth });
    expect(chosen.statusCode, chosen.body).toBe(202);
    expect(chosen.json().data).toEqual({ email: customer.email, status: "subscribed", topics: ["offers", "childrens_books"] });
    expect(await mailsTo(customer.email)).toEqual([]);
    expect(await optInOf(customer.id)).toBe(true);
    const read = await call("GET", PATH, undefined, { auth });
    expect(read.json().data).toEqual({ email: customer.email, topics: ["offers", "childrens_books"] });

    const none = await subscribe({ email: customer.email, topics: [] }, { auth });
    expect(none.json().data).toEqual({ email: customer.email, status: "unsubscribed", topics: [] });
    expect(await optInOf(customer.id)).toBe(false);

    // Another address of theirs still needs its owner's confirmation.
    const other = await subscribe({ email: "member.work@example.com", topics: ["events"] }, { auth });
    expect(other.json().data).toEqual({ email: "member.work@example.com", status: "confirmation_sent", topics: null });
    expect(await mailsTo("member.work@example.com")).toHaveLength(1);
  });

  it("ties the settings' marketing box to the topics: ticked gives new releases, offers and events, unticked none", async () => {
    const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: "boxes@example.com" });
    const auth = await signedIn(customer.id);
    const settings = (marketingOptIn: boolean) =>
      call("PUT", "/customers/current/settings", { firstName: "Ada", lastName: "Reader", marketingOptIn }, { auth });
    expect((await settings(true)).statusCode).toBe(200);
    expect(await topicsOf("boxes@example.com")).toEqual(["new_releases", "offers", "events"]);
    // Ticked with topics already chosen keeps them.
    await subscribe({ email: "boxes@example.com", topics: ["childrens_books"] }, { auth });
    expect((await settings(true)).json().data.marketingOptIn).toBe(true);
    expect(await topicsOf("boxes@example.com")).toEqual(["childrens_books"]);
    expect((await settings(false)).json().data.marketingOptIn).toBe(false);
    expect(await topicsOf("boxes@example.com")).toEqual([]);
  });
});

describe("the caps", () => {
  const PER_CLIENT = NEWSLETTER_LIMITS.perClient.max;
  const PER_ADDRESS = NEWSLETTER_LIMITS.perAddress.max;

  it(`answers 429 with Retry-After past ${PER_CLIENT} requests an hour from one client`, async () => {
    const ip = newClientIp();
    for (let index = 0; index < PER_CLIENT; index += 1) {
      expect((await subscribe({ email: `client-${index}@example.com`, topics: ["offers"] }, { ip })).statusCode).toBe(202);
    }
    const refused = await subscribe({ email: "one-too-many@example.com", topics: ["offers"] }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe("too_many_requests");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await mailsTo("one-too-many@example.com")).toEqual([]);
    expect((await subscribe({ email: "one-too-many@example.com", topics: ["offers"] })).statusCode, "another client").toBe(202);
  });

  it(`lets exactly ${PER_CLIENT} of 40 concurrent requests from one client through`, async () => {
    const ip = newClientIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => subscribe({ email: `burst-${index}@example.com`, topics: ["offers"] }, { ip })),
    );
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(PER_CLIENT);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(40 - PER_CLIENT);
  });

  it(`mails one address at most ${PER_ADDRESS} confirmations a day, even at once, answering the same every time`, async () => {
    const email = "popular@example.com";
    const answers = await Promise.all(Array.from({ length: PER_ADDRESS + 4 }, () => subscribe({ email, topics: ["events"] })));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json().data).toEqual({ email, status: "confirmation_sent", topics: null });
    }
    expect(await mailsTo(email)).toHaveLength(PER_ADDRESS);
  });
});
