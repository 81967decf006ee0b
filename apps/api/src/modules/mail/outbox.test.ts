import { mkdtemp, readdir, readFile, rm, writeFile, cp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/client";
import { migrationsFolder, runMigrations } from "../../db/migrate";
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
    const message = mail({ subject: "Complete your account", textBody: "Héllo — choose a password:\n\nhttps://shop.example/x/abc" });
    await db.transaction((tx) => enqueueMail(tx, message));
    const after = smtp.messages.length;

    expect(await deliver()).toMatchObject({ completed: 1, failed: 0 });
    const received = await smtp.waitForMail(message.recipient, { after });
    expect(received.subject).toBe("Complete your account");
    expect(received.text).toBe("Héllo — choose a password:\n\nhttps://shop.example/x/abc");
    expect(received.links).toEqual(["https://shop.example/x/abc"]);
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

describe("upgrading to mail delivery as jobs (migration 0005)", () => {
  // Runs every migration twice on an embedded database: 5 s alone, several times that beside the browser suite
  // on two cores, so it has more time than the suite's default 30 s.
  it("gives every message still unsent a delivery job, and none to those already sent", { timeout: 90_000 }, async () => {
    // The migrations up to 0004, as a database made before this change had them.
    const folder = await mkdtemp(path.join(tmpdir(), "quire-migrations-"));
    const embedded = await openDatabase({});
    try {
      await cp(migrationsFolder, folder, { recursive: true });
      const journalPath = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
      const later = journal.entries.filter((entry) => entry.idx >= 5);
      journal.entries = journal.entries.filter((entry) => entry.idx < 5);
      await writeFile(journalPath, JSON.stringify(journal));
      for (const entry of later) await rm(path.join(folder, `${entry.tag}.sql`));
      expect((await readdir(folder)).filter((name) => name.endsWith(".sql"))).toHaveLength(5);
      await runMigrations(embedded, { folder });
      await embedded.db.execute(
        sql`insert into outbox_messages (kind, recipient, subject, text_body, sent_at)
            values ('signup_request', 'waiting@example.com', 'Hello', 'Hello', null), ('signup_request', 'done@example.com', 'Hello', 'Hello', now())`,
      );

      await runMigrations(embedded);
      const jobs = await sqlRows<{ recipient: string; state: string }>(
        embedded.db,
        sql`select o.recipient, j.state::text as state from pgboss.job j join outbox_messages o on o.id = (j.data ->> 'messageId')::int
            where j.name = 'mail-delivery'`,
      );
      expect(jobs).toEqual([{ recipient: "waiting@example.com", state: "created" }]);
      const lines: string[] = [];
      const transport = createMailTransport({ from: FROM, print: (line) => lines.push(line) });
      expect(await drainJobs(embedded.db, { mailTransport: transport })).toMatchObject({ completed: 1, failed: 0 });
      expect(lines.join("\n")).toContain("[mail] To: waiting@example.com");
      const [waiting] = await embedded.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "waiting@example.com"));
      expect(waiting!.sentAt).toBeInstanceOf(Date);
    } finally {
      await embedded.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
