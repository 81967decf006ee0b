import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { sqlRows } from "../db/sql-rows";
import { enqueueMail } from "../modules/mail/outbox.repository";
import { startWorkerProcess, type WorkerProcess } from "../testing/api-process";
import { createMigratedDatabase } from "../testing/cluster-database";
import { eventually } from "../testing/eventually";
import { startPostgresCluster, type PostgresCluster } from "../testing/postgres-cluster";
import { startSmtpCapture, type SmtpCapture } from "../testing/smtp-capture";

/*
 * The job worker (src/worker.ts, a process of its own) killed or stopped with a mail delivery in hand: the job
 * runs again in another worker, and the shop's mail goes out once. The SMTP capture holds back its answer to
 * the message, so the test knows the job is in hand without waiting for a length of time.
 *
 * A job whose worker died stays active until its time limit passes; the queue's maintenance, or a worker
 * starting, then fails it, and it is retried after its backoff. The mail queue's limit is 2 minutes and its first
 * retry waits a minute or two; this file's databases set them to 1 second each, the scale of a test.
 */
let cluster: PostgresCluster;
let smtp: SmtpCapture;
beforeAll(async () => {
  cluster = await startPostgresCluster();
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.close();
  await cluster?.destroy();
});

const MAIL_DOMAIN = "quire.example";

/** A migrated database whose mail jobs expire and retry within a second, and a way to start workers on it. */
async function workerDatabase(name: string) {
  const { direct, url } = await createMigratedDatabase(cluster, name);
  await direct.db.execute(sql`update pgboss.queue set expire_seconds = 1, retry_delay = 1 where name = 'mail-delivery'`);
  const workers: WorkerProcess[] = [];
  const startWorker = async () => {
    const worker = await startWorkerProcess({
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      DATABASE_URL: url,
      SMTP_URL: smtp.url,
      MAIL_FROM: `Quire Books <shop@${MAIL_DOMAIN}>`,
      JOB_POLL_INTERVAL_MS: "50",
      // On SIGTERM the job in hand gets the grace less a second (shutdown.ts) before it is handed back.
      SHUTDOWN_GRACE_SECONDS: "3",
    });
    workers.push(worker);
    return worker;
  };
  const close = async () => {
    for (const worker of workers) await worker.kill();
    await direct.close();
  };
  return { direct, url, startWorker, close };
}

/** Queues one message to `recipient`; answers its outbox id. */
async function queueMail(database: Database, recipient: string): Promise<number> {
  await enqueueMail(database.db, { storeId: null, kind: "signup_request", recipient, subject: "Welcome", textBody: "Hello" });
  const [row] = await sqlRows<{ id: number }>(database.db, sql`select id from outbox_messages where recipient = ${recipient}`);
  return row!.id;
}

interface DeliveryState {
  sentAt: Date | null;
  jobs: { state: string; retryCount: number; output: { message?: string } | null }[];
}
async function deliveryOf(database: Database, messageId: number): Promise<DeliveryState> {
  const [message] = await sqlRows<{ sentAt: Date | null }>(
    database.db,
    sql`select sent_at as "sentAt" from outbox_messages where id = ${messageId}`,
  );
  const jobs = await sqlRows<DeliveryState["jobs"][number]>(
    database.db,
    sql`select state, retry_count as "retryCount", output from pgboss.job
        where name = 'mail-delivery' and (data->>'messageId')::int = ${messageId}`,
  );
  return { sentAt: message!.sentAt, jobs };
}

/** Waits until the job's time limit has passed by the database's clock, so a worker starting now hands it back. */
async function untilExpired(database: Database, messageId: number) {
  await eventually(
    "the dead worker's job is past its time limit",
    async () =>
      (
        await sqlRows<{ expired: boolean }>(
          database.db,
          sql`select started_on + expire_in < now() as expired from pgboss.job
              where name = 'mail-delivery' and (data->>'messageId')::int = ${messageId}`,
        )
      )[0]!.expired,
  );
}

const deliveredTo = (recipient: string) => smtp.messages.filter((mail) => mail.to.includes(recipient));

// Each test starts two or three workers (built, or under tsx): seconds alone, up to a minute each with a load average of
// 12-16 (the bounds below only say when to give up; each step waits on the worker's log or the mail).
describe("the job worker killed with a mail delivery in hand", () => {
  it("runs the job again in a new worker, and the message is accepted once", async () => {
    const database = await workerDatabase("quire_worker_killed");
    try {
      const recipient = "killed-before-the-answer@example.com";
      const first = await database.startWorker();
      const held = smtp.holdNextAnswer();
      const messageId = await queueMail(database.direct, recipient);
      const inHand = await held;
      expect(inHand.mail.to).toEqual([recipient]);
      expect((await deliveryOf(database.direct, messageId)).jobs).toMatchObject([{ state: "active", retryCount: 0 }]);

      await first.kill();
      // The mail server had the whole message but never said it accepted it: the message was not delivered.
      await inHand.hungUp;
      expect(smtp.abandoned.map((mail) => mail.to)).toContainEqual([recipient]);
      expect(deliveredTo(recipient)).toEqual([]);
      expect(await deliveryOf(database.direct, messageId)).toMatchObject({ sentAt: null, jobs: [{ state: "active" }] });

      await untilExpired(database.direct, messageId);
      const second = await database.startWorker();
      const mail = await smtp.waitForMail(recipient, { timeoutMs: 90_000 });
      expect(mail.headers.get("message-id")).toBe(`<outbox-${messageId}@${MAIL_DOMAIN}>`);
      await eventually("the job completes", async () => (await deliveryOf(database.direct, messageId)).jobs[0]?.state === "completed");
      const delivery = await deliveryOf(database.direct, messageId);
      expect(delivery.sentAt).not.toBeNull();
      // One job, run twice: the first attempt failed by its time limit, the second delivered.
      expect(delivery.jobs).toMatchObject([{ state: "completed", retryCount: 1 }]);
      expect(deliveredTo(recipient)).toHaveLength(1);
      expect(second.lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);

  it("sends a message accepted just before the kill again under the same Message-ID, and records it sent once", async () => {
    // Killed after the mail server accepted the message and before the outbox recorded it sent: nothing the
    // worker can do makes SMTP and PostgreSQL agree in that instant, so the message goes again. "Once" is then
    // the shop's record (one outbox message, marked sent once) and the Message-ID both copies carry, by which
    // mail systems and clients show the copies as one message.
    const database = await workerDatabase("quire_worker_killed_after_send");
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      const recipient = "killed-after-the-answer@example.com";
      const messageId = await queueMail(database.direct, recipient);
      // The outbox row is locked, so the worker, having sent the message, waits to record it sent.
      await locker.query("begin");
      await locker.query("select id from outbox_messages where id = $1 for update", [messageId]);
      const first = await database.startWorker();
      await smtp.waitForMail(recipient, { timeoutMs: 90_000 });
      await eventually("the worker waits to record the message sent", async () => {
        const { rows } = await locker.query<{ waiting: number }>(
          "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return rows[0]!.waiting > 0;
      });
      await first.kill();
      // Its statement is still queued in PostgreSQL, which notices a dead client only when it answers, and would
      // commit it once the lock is free. Ended with its process, as if the worker had died before sending it.
      await locker.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      await locker.query("rollback");
      expect(await deliveryOf(database.direct, messageId)).toMatchObject({ sentAt: null, jobs: [{ state: "active" }] });

      await untilExpired(database.direct, messageId);
      await database.startWorker();
      await eventually("the job completes", async () => (await deliveryOf(database.direct, messageId)).jobs[0]?.state === "completed");
      const delivery = await deliveryOf(database.direct, messageId);
      expect(delivery.sentAt).not.toBeNull();
      expect(delivery.jobs).toMatchObject([{ state: "completed", retryCount: 1 }]);
      const copies = deliveredTo(recipient);
      expect(copies).toHaveLength(2);
      expect(copies.map((copy) => copy.headers.get("message-id"))).toEqual([
        `<outbox-${messageId}@${MAIL_DOMAIN}>`,
        `<outbox-${messageId}@${MAIL_DOMAIN}>`,
      ]);
      expect(await sqlRows(database.direct.db, sql`select id from outbox_messages where recipient = ${recipient}`)).toHaveLength(1);
    } finally {
      await locker.end();
      await database.close();
    }
  }, 240_000);
});

describe("the job worker stopped (SIGTERM) with a mail delivery in hand", () => {
  it("hands the job back to the queue once its grace period is over, and another worker delivers the message once", async () => {
    const database = await workerDatabase("quire_worker_stopped");
    try {
      const recipient = "stopped-mid-job@example.com";
      const first = await database.startWorker();
      const held = smtp.holdNextAnswer();
      const messageId = await queueMail(database.direct, recipient);
      const inHand = await held;

      // The worker waits out its grace for the job in hand (2 s here: shutdown.ts), then hands it back and exits 0.
      await first.stop({ killAfterMs: 30_000 });
      expect(first.exitStatus()).toEqual({ code: 0, signal: null });
      expect(first.lines.map((line) => line.msg)).toContain("stopping: taking no new work, finishing what is in flight");
      await inHand.hungUp;
      expect(deliveredTo(recipient)).toEqual([]);
      expect(await deliveryOf(database.direct, messageId)).toMatchObject({
        sentAt: null,
        jobs: [{ state: "retry", output: { message: "the worker stopped before the job finished" } }],
      });

      await database.startWorker();
      await smtp.waitForMail(recipient, { timeoutMs: 90_000 });
      await eventually("the job completes", async () => (await deliveryOf(database.direct, messageId)).jobs[0]?.state === "completed");
      const delivery = await deliveryOf(database.direct, messageId);
      expect(delivery.sentAt).not.toBeNull();
      expect(delivery.jobs).toMatchObject([{ state: "completed", retryCount: 1 }]);
      expect(deliveredTo(recipient)).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 240_000);
});
