import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { createStore } from "../../testing/factories";
import { startSmtpCapture, type SmtpCapture } from "../../testing/smtp-capture";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { drainJobs } from "../../testing/test-jobs";
import { deliverMail } from "./mail-delivery";
import { createMailTransport, createSmtpTransport, type MailTransport } from "./mail-transports";
import { outboxMessages } from "./mail.tables";
import { enqueueMail, type OutgoingMail } from "./outbox.repository";

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
/** The delivery job of an outbox message, as the queue holds it. */
const deliveryJob = async (messageId: number) =>
  (
    await sqlRows<{ id: string; state: string; retry_count: number; start_after: Date | string; output: { message?: string } | null }>(
      db,
      sql`select id, state::text as state, retry_count, start_after, output from pgboss.job
          where name = 'mail-delivery' and data ->> 'messageId' = ${String(messageId)}`,
    )
  )[0];
/** Runs the due jobs with mail going over `transport` (the capture server's by default). */
async function deliver(options: { transport?: MailTransport; includeWaiting?: boolean; allowFailures?: boolean } = {}) {
  const transport = options.transport ?? createSmtpTransport({ url: smtp.url, from: FROM });
  try {
    return await drainJobs(db, { mailTransport: transport, only: ["mail-delivery"], ...options });
  } finally {
    if (!options.transport) transport.close();
  }
}

describe("queued mail", () => {
  it("is delivered over SMTP by its job, once, and marked sent", async () => {
    const message = mail({
      subject: "Complete your account",
      textBody: "Héllo — choose a password:\n\nhttps://shop.example/x/abc",
      actionUrl: "https://shop.example/x/abc",
    });
    await db.transaction((tx) => enqueueMail(tx, message));
    const after = smtp.messages.length;

    expect(await deliver()).toMatchObject({ completed: 1, failed: 0 });
    const received = await smtp.waitForMail(message.recipient, { after });
    expect(received.subject).toBe("Complete your account");
    expect(received.text).toBe("Héllo — choose a password:\n\nhttps://shop.example/x/abc");
    expect(received.links).toEqual(["https://shop.example/x/abc"]);
    // The same words in the shop's style beside the text, the link a button named by the line above it.
    expect(received.html).toContain("Héllo — choose a password");
    expect(received.html).toMatch(
      /<a href="https:\/\/shop\.example\/x\/abc" style="display:inline-block;[^"]*">Héllo — choose a password<\/a>/,
    );
    expect(received.from).toBe("shop@quire.example");
    const [row] = await rowsFor([message.recipient]);
    expect(received.headers.get("message-id")).toBe(`<outbox-${row!.id}@quire.example>`);
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(await deliveryJob(row!.id)).toMatchObject({ state: "completed" });
    // Sent once: nothing is due any more.
    expect(await deliver()).toMatchObject({ completed: 0, failed: 0 });
    expect(smtp.messages.filter((received) => received.to.includes(message.recipient))).toHaveLength(1);
  });

  it("gets one delivery job per message, in the same transaction", async () => {
    const batch = [mail(), mail(), mail()];
    await db.transaction((tx) => enqueueMail(tx, batch));
    const rows = await rowsFor(batch.map((message) => message.recipient));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(await deliveryJob(row.id)).toMatchObject({ state: "created" });
    await deliver();
  });

  it("is never sent for a change that rolled back", async () => {
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

  it("is tried again after a backoff when the SMTP server refuses it", async () => {
    const message = mail();
    await db.transaction((tx) => enqueueMail(tx, message));
    smtp.failNext(1);
    expect(await deliver({ allowFailures: true })).toMatchObject({ completed: 0, failed: 1 });

    const [failed] = await rowsFor([message.recipient]);
    expect(failed!.sentAt).toBeNull();
    const job = await deliveryJob(failed!.id);
    expect(job).toMatchObject({ state: "retry", retry_count: 0 });
    expect(job!.output!.message).toMatch(/451|Mailbox busy/);
    expect((new Date(job!.start_after).getTime() - Date.now()) / 1000).toBeGreaterThan(50);
    // Not due yet.
    expect(await deliver()).toMatchObject({ completed: 0 });

    const after = smtp.messages.length;
    expect(await deliver({ includeWaiting: true })).toMatchObject({ completed: 1, failed: 0 });
    await smtp.waitForMail(message.recipient, { after });
    const [sent] = await rowsFor([message.recipient]);
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(await deliveryJob(sent!.id)).toMatchObject({ state: "completed", retry_count: 1 });
  });

  it("records an unreachable SMTP server as a failed attempt", async () => {
    const message = mail();
    await db.transaction((tx) => enqueueMail(tx, message));
    const closed = await startSmtpCapture();
    await closed.close();
    const transport = createSmtpTransport({ url: closed.url, from: FROM });
    try {
      expect(await deliver({ transport, allowFailures: true })).toMatchObject({ completed: 0, failed: 1 });
    } finally {
      transport.close();
    }
    const [row] = await rowsFor([message.recipient]);
    expect((await deliveryJob(row!.id))!.output!.message).toMatch(/ECONNREFUSED|connect/i);
    await deliver({ includeWaiting: true });
  });

  it("is not sent twice when its job runs again after the message went out", async () => {
    const message = mail();
    await db.transaction((tx) => enqueueMail(tx, message));
    await deliver();
    const [row] = await rowsFor([message.recipient]);
    const transport = createSmtpTransport({ url: smtp.url, from: FROM });
    try {
      expect(await deliverMail(db, transport, row!.id)).toBe("already sent");
      expect(await deliverMail(db, transport, 2_000_000_000)).toBe("gone");
    } finally {
      transport.close();
    }
    expect(smtp.messages.filter((received) => received.to.includes(message.recipient))).toHaveLength(1);
  });

  it("goes to each recipient once when several workers run at once", async () => {
    const batch = Array.from({ length: 12 }, () => mail());
    await db.transaction((tx) => enqueueMail(tx, batch));
    const reports = await Promise.all([deliver(), deliver(), deliver()]);
    expect(reports.reduce((sum, report) => sum + report.completed, 0)).toBe(12);
    for (const message of batch) {
      await smtp.waitForMail(message.recipient);
      expect(
        smtp.messages.filter((received) => received.to.includes(message.recipient)),
        message.recipient,
      ).toHaveLength(1);
    }
  });
});

describe("the mail transport", () => {
  it("prints each message and its link to the console when no SMTP server is set", async () => {
    const lines: string[] = [];
    const transport = createMailTransport({ from: FROM, print: (line) => lines.push(line) });
    const message = mail({
      recipient: "console@example.com",
      subject: "Reset your password",
      actionUrl: "http://localhost:3000/auth/reset-password/abc",
    });
    await db.transaction((tx) => enqueueMail(tx, message));
    expect(await deliver({ transport })).toMatchObject({ completed: 1, failed: 0 });
    expect(lines.join("\n")).toBe(
      [
        "[mail] To: console@example.com",
        "[mail] Subject: Reset your password",
        "[mail] Link: http://localhost:3000/auth/reset-password/abc",
      ].join("\n"),
    );
    expect((await rowsFor(["console@example.com"]))[0]!.sentAt).toBeInstanceOf(Date);
  });

  it("uses SMTP when SMTP_URL is set", async () => {
    const transport = createMailTransport({ smtpUrl: smtp.url, from: FROM, print: () => expect.unreachable("printed instead of sent") });
    const message = mail();
    await db.transaction((tx) => enqueueMail(tx, message));
    const after = smtp.messages.length;
    expect((await deliver({ transport })).completed).toBe(1);
    transport.close();
    await smtp.waitForMail(message.recipient, { after });
  });
});
