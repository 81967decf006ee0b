import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { createStore } from "../../testing/factories";
import { startSmtpCapture, type SmtpCapture } from "../../testing/smtp-capture";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { createMailTransport, createSmtpTransport } from "./mail-transports";
import { outboxMessages } from "./mail.tables";
import { deliverDueMail, startOutboxWorker } from "./outbox-worker";
import { claimDueMail, enqueueMail, type OutgoingMail } from "./outbox.repository";

const FROM = "Quire Books <shop@quire.example>";
let database: TestDatabase;
let db: Db;
let smtp: SmtpCapture;
let storeId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  storeId = (await createStore(db)).id;
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

let sequence = 0;
function mail(values: Partial<OutgoingMail> = {}): OutgoingMail {
  const n = ++sequence;
  return {
    storeId,
    kind: "signup_request",
    recipient: `reader-${n}@example.com`,
    subject: `Message ${n}`,
    textBody: `Hello,\n\nFinish here:\n\nhttps://shop.example/auth/sign-up/complete/token-${n}\n\nThanks — Quire`,
    actionUrl: `https://shop.example/auth/sign-up/complete/token-${n}`,
    ...values,
  };
}
const rowsFor = (recipients: string[]) => db.select().from(outboxMessages).where(inArray(outboxMessages.recipient, recipients));
/** Delivers everything due over SMTP with a transport of its own. */
async function deliver() {
  const transport = createSmtpTransport({ url: smtp.url, from: FROM });
  try {
    return await deliverDueMail(db, transport);
  } finally {
    transport.close();
  }
}

describe("the outbox", () => {
  it("delivers a queued message over SMTP and marks it sent", async () => {
    const message = mail({ subject: "Complete your account", textBody: "Héllo — choose a password:\n\nhttps://shop.example/x/abc" });
    await db.transaction((tx) => enqueueMail(tx, message));
    const after = smtp.messages.length;

    expect(await deliver()).toEqual({ claimed: 1, sent: 1, failed: 0 });
    const received = await smtp.waitForMail(message.recipient, { after });
    expect(received.subject).toBe("Complete your account");
    expect(received.text).toBe("Héllo — choose a password:\n\nhttps://shop.example/x/abc");
    expect(received.links).toEqual(["https://shop.example/x/abc"]);
    expect(received.from).toBe("shop@quire.example");
    const [row] = await rowsFor([message.recipient]);
    expect(received.headers.get("message-id")).toBe(`<outbox-${row!.id}@quire.example>`);
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    // Sent once: nothing is due any more.
    expect(await deliver()).toEqual({ claimed: 0, sent: 0, failed: 0 });
  });

  it("sends nothing for a change that rolled back", async () => {
    const message = mail();
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, message);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rowsFor([message.recipient])).toHaveLength(0);
    await deliver();
    expect(smtp.messages.filter((received) => received.to.includes(message.recipient))).toHaveLength(0);
  });

  it("records a refused delivery and tries again after a backoff", async () => {
    const message = mail();
    await enqueueMail(db, message);
    smtp.failNext(1);
    expect(await deliver()).toEqual({ claimed: 1, sent: 0, failed: 1 });

    const [failed] = await rowsFor([message.recipient]);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed!.lastError).toMatch(/451|Mailbox busy/);
    const waitSeconds = (failed!.availableAt.getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(50);
    expect(waitSeconds).toBeLessThanOrEqual(60);
    // Not due yet.
    expect((await deliver()).claimed).toBe(0);

    await db.update(outboxMessages).set({ availableAt: new Date(Date.now() - 1000) }).where(eq(outboxMessages.id, failed!.id));
    const after = smtp.messages.length;
    expect(await deliver()).toEqual({ claimed: 1, sent: 1, failed: 0 });
    await smtp.waitForMail(message.recipient, { after });
    const [sent] = await rowsFor([message.recipient]);
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it("records an unreachable SMTP server as a failed attempt", async () => {
    const message = mail();
    await enqueueMail(db, message);
    const closed = await startSmtpCapture();
    await closed.close();
    const transport = createSmtpTransport({ url: closed.url, from: FROM });
    try {
      expect(await deliverDueMail(db, transport)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    } finally {
      transport.close();
    }
    const [row] = await rowsFor([message.recipient]);
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    await db.update(outboxMessages).set({ sentAt: new Date() }).where(eq(outboxMessages.id, row!.id));
  });

  it("never gives one message to two workers claiming at once, and re-offers a claim whose lease ran out", async () => {
    const batch = Array.from({ length: 12 }, () => mail());
    await enqueueMail(db, batch);
    const claims = await Promise.all([claimDueMail(db, 12, 120), claimDueMail(db, 12, 120), claimDueMail(db, 5, 120)]);
    const ids = claims.flat().map((claimed) => claimed.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    // Claimed messages are leased: nobody else gets them now...
    expect(await claimDueMail(db, 50, 120)).toHaveLength(0);
    // ...but a worker that died mid-send leaves them to be claimed again once the lease runs out.
    await db.update(outboxMessages).set({ availableAt: new Date(Date.now() - 1000) }).where(inArray(outboxMessages.id, ids));
    const reclaimed = await claimDueMail(db, 50, 120);
    expect(reclaimed.map((claimed) => claimed.id).sort()).toEqual([...ids].sort());
    expect(reclaimed.every((claimed) => claimed.attempts === 2)).toBe(true);
    await db.update(outboxMessages).set({ sentAt: new Date() }).where(inArray(outboxMessages.id, ids));
  });
});

describe("the outbox worker", () => {
  it("delivers while running and stops cleanly", async () => {
    const worker = startOutboxWorker({ db, transport: createSmtpTransport({ url: smtp.url, from: FROM }), pollIntervalMs: 20 });
    const first = mail();
    await enqueueMail(db, first);
    await smtp.waitForMail(first.recipient, { timeoutMs: 5_000 });
    await worker.stop();

    const late = mail();
    await enqueueMail(db, late);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.filter((received) => received.to.includes(late.recipient))).toHaveLength(0);
    await db.update(outboxMessages).set({ sentAt: new Date() }).where(eq(outboxMessages.recipient, late.recipient));
  });

  it("prints each message and its link to the console when no SMTP server is set", async () => {
    const lines: string[] = [];
    const transport = createMailTransport({ from: FROM, print: (line) => lines.push(line) });
    const message = mail({ recipient: "console@example.com", subject: "Reset your password", actionUrl: "http://localhost:3000/auth/reset-password/abc" });
    await enqueueMail(db, message);
    expect(await deliverDueMail(db, transport)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(lines.join("\n")).toBe(
      ["[mail] To: console@example.com", "[mail] Subject: Reset your password", "[mail] Link: http://localhost:3000/auth/reset-password/abc"].join("\n"),
    );
    expect((await rowsFor(["console@example.com"]))[0]!.sentAt).toBeInstanceOf(Date);
  });

  it("uses SMTP when SMTP_URL is set", async () => {
    const transport = createMailTransport({ smtpUrl: smtp.url, from: FROM, print: () => expect.unreachable("printed instead of sent") });
    const message = mail();
    await enqueueMail(db, message);
    const after = smtp.messages.length;
    expect((await deliverDueMail(db, transport)).sent).toBe(1);
    transport.close();
    await smtp.waitForMail(message.recipient, { after });
  });
});
