import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { newClientIp } from "../back-in-stock/back-in-stock-testing";
import { outboxMessages } from "../mail/mail.tables";
import { setContactEmail } from "../stores/stores.service";
import { CONTACT_LIMITS } from "./contact.service";
import { contactMessages } from "./contact.tables";

// POST /contact-messages (issue 12): stored, mailed to the shop through the outbox, checked per field, throttled.

const ADMIN_KEY = "contact-admin-key-0000";
const api = useTestApi(
  async (db) => {
    const store = await createStore(db);
    await setContactEmail(db, store.id, "help@shop.example");
    const quiet = await createStore(db, { key: "quiet-store", name: "Quiet" });
    const customer = await createCustomer(db, { storeId: store.id, email: "reader@example.com" });
    return { store, quiet, customer };
  },
  { adminApiKeys: [ADMIN_KEY] },
);

const MESSAGE = {
  name: "Ada Lovelace",
  email: "Ada@Example.com",
  subject: "gift_help",
  message: "I'm looking for a book for my nephew, who loves trains and maps.\nAny ideas?",
};

function send(body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return api.app.inject({
    method: "POST",
    url: "/contact-messages",
    headers: { ...TEST_HEADERS, ...options.headers },
    payload: body as object,
    remoteAddress: options.ip ?? newClientIp(),
  });
}

const storedWith = (reference: string) => api.database.db.select().from(contactMessages).where(eq(contactMessages.reference, reference));
const shopMail = (reference: string) =>
  api.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, "contact_message"))
    .orderBy(asc(outboxMessages.id))
    .then((mails) => mails.filter((mail) => mail.subject.includes(reference)));

describe("POST /contact-messages", () => {
  it("stores the message and queues one mail to the shop's contact address, never to the sender", async () => {
    const response = await send(MESSAGE);
    expect(response.statusCode, response.body).toBe(202);
    const { reference } = response.json().data;
    expect(reference).toMatch(/^C-[2-9A-HJKMNP-Z]{8}$/);

    const [stored] = await storedWith(reference);
    expect(stored).toMatchObject({ storeId: api.seeded.store.id, name: "Ada Lovelace", email: "ada@example.com", subject: "gift_help" });
    expect(stored!.message).toBe(MESSAGE.message);
    expect(stored!.customerId).toBeNull();

    const mails = await shopMail(reference);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: "help@shop.example",
      subject: `[${reference}] Help choosing a gift: a message from Ada Lovelace`,
    });
    expect(mails[0]!.textBody).toContain("From: Ada Lovelace <ada@example.com>");
    expect(mails[0]!.textBody).toContain(MESSAGE.message);
    const toSender = await api.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "ada@example.com"));
    expect(toSender).toEqual([]);
  });

  it("takes an accessibility problem (the accessibility statement's subject), and the shop's mail names it", async () => {
    const response = await send({ ...MESSAGE, subject: "accessibility", message: "The basket's quantity box has no label for my reader." });
    expect(response.statusCode, response.body).toBe(202);
    const { reference } = response.json().data;
    expect((await storedWith(reference))[0]).toMatchObject({ subject: "accessibility" });
    const [mail] = await shopMail(reference);
    expect(mail!.subject).toBe(`[${reference}] Accessibility problem: a message from Ada Lovelace`);
    expect(mail!.textBody).toContain("About: Accessibility problem");
  });

  it("records the signed-in customer who sent it", async () => {
    const { authorization } = await createSession(api.database.db, api.seeded.customer.id);
    const response = await send(MESSAGE, { headers: { authorization } });
    const [stored] = await storedWith(response.json().data.reference);
    expect(stored!.customerId).toBe(api.seeded.customer.id);
  });

  it("keeps the message of a store with no contact address, and mails nothing", async () => {
    const response = await send(MESSAGE, { headers: { storekey: "quiet-store" } });
    expect(response.statusCode).toBe(202);
    const { reference } = response.json().data;
    expect(await storedWith(reference)).toHaveLength(1);
    expect(await shopMail(reference)).toEqual([]);
  });

  it.each([
    ["no name", { ...MESSAGE, name: "  " }, "name", "Enter your name"],
    ["a bad email", { ...MESSAGE, email: "ada@" }, "email", "Enter a valid email address"],
    ["an unknown subject", { ...MESSAGE, subject: "complaint" }, "subject", "Choose what your message is about"],
    ["a message too short", { ...MESSAGE, message: "Hi" }, "message", "Tell us a little more: at least 10 characters"],
    ["a message too long", { ...MESSAGE, message: "a".repeat(4001) }, "message", "Use at most 4000 characters"],
    ["a control character in the name", { ...MESSAGE, name: "Ada\u0000" }, "name", undefined],
  ])("answers 400 naming the field for %s, and stores nothing", async (_name, body, field, message) => {
    const before = await api.database.db.select().from(contactMessages);
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    const [error] = response.json().errors;
    expect(error.field).toBe(`body.${field}`);
    if (message) expect(error.message).toBe(message);
    expect(await api.database.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it("answers 400 for a field it does not know", async () => {
    expect((await send({ ...MESSAGE, cc: "someone@example.com" })).statusCode).toBe(400);
  });

  it(`lets one client send ${CONTACT_LIMITS.perClient.max} an hour, counted exactly under concurrent requests`, async () => {
    const ip = newClientIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(MESSAGE, { ip })));
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(CONTACT_LIMITS.perClient.max);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(12 - CONTACT_LIMITS.perClient.max);
    expect(Number(refused[0]!.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused[0]!.json().errors[0].code).toBe("too_many_requests");
    expect((await send(MESSAGE)).statusCode, "another client is not held up").toBe(202);
  });
});

describe("GET /admin/contact-messages", () => {
  const asAdmin = (url: string, key = ADMIN_KEY) =>
    api.app.inject({ method: "GET", url, headers: { storekey: TEST_HEADERS.storekey, "admin-key": key } });

  it("lists the store's messages to an admin key, newest first, a page at a time", async () => {
    const first = (await send({ ...MESSAGE, message: "The first of two messages, about a lost parcel." })).json().data.reference;
    const second = (await send({ ...MESSAGE, subject: "other", message: "The second of two messages, about gift wrap." })).json().data
      .reference;
    const response = await asAdmin("/admin/contact-messages?PageSize=1");
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ pageNumber: 1, pageSize: 1, total: expect.any(Number) });
    expect(data.total).toBeGreaterThanOrEqual(2);
    expect(data.results).toEqual([
      {
        id: expect.any(Number),
        reference: second,
        name: "Ada Lovelace",
        email: "ada@example.com",
        subject: "other",
        message: "The second of two messages, about gift wrap.",
        customerId: null,
        sentAt: expect.any(String),
      },
    ]);
    const next = (await asAdmin("/admin/contact-messages?PageSize=1&PageNumber=2")).json().data.results;
    expect(next.map((message: { reference: string }) => message.reference)).toEqual([first]);
  });

  it("takes only an admin key, and shows no other store's messages", async () => {
    expect((await api.app.inject({ method: "GET", url: "/admin/contact-messages", headers: TEST_HEADERS })).json().errors[0].code).toBe(
      "admin_key_missing",
    );
    expect((await asAdmin("/admin/contact-messages", "not-an-admin-key-000")).json().errors[0].code).toBe("admin_key_invalid");
    const mine = (await send({ ...MESSAGE, message: "A message for this store's eyes only." })).json().data.reference;
    const quiet = await api.app.inject({
      method: "GET",
      url: "/admin/contact-messages",
      headers: { storekey: api.seeded.quiet.key, "admin-key": ADMIN_KEY },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    const references = quiet.json().data.results.map((message: { reference: string }) => message.reference);
    expect(references).not.toContain(mine);
    expect(
      (await asAdmin("/admin/contact-messages?PageSize=100"))
        .json()
        .data.results.map((message: { reference: string }) => message.reference),
    ).toContain(mine);
  });

  it("answers 400 with an errors list for a bad page", async () => {
    const response = await asAdmin("/admin/contact-messages?PageNumber=0");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
  });
});
