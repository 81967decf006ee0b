import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { sqlRows } from "../../db/sql-rows";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { JOB_QUEUES } from "./job-catalogue";
import { enqueue, installJobQueue, publishEvent } from "./job-queue";
import { runJobsUntilIdle, startJobWorker, type JobFailure, type JobHandlers } from "./job-worker";
import { listDeadJobs } from "./jobs.repository";
import { runJobsCommand } from "./jobs-command";

// The job queue on both drivers: the test database (PostgreSQL when TEST_DATABASE_URL is set, as in CI), and
// an embedded PGlite of its own when the test database is a server, so CI covers the embedded mode too.
let testDatabase: TestDatabase;
let embedded: Awaited<ReturnType<typeof openDatabase>> | undefined;
const drivers: { name: string; db: () => Db }[] = [{ name: "the test database", db: () => testDatabase.db }];
if (process.env.TEST_DATABASE_URL) drivers.push({ name: "an embedded PGlite", db: () => embedded!.db });

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  if (process.env.TEST_DATABASE_URL) {
    embedded = await openDatabase({});
    await runMigrations(embedded);
  }
});
afterAll(async () => {
  await embedded?.close();
  await testDatabase?.close();
});

interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  start_after: Date | string;
  data: unknown;
  output: { message?: string } | null;
}
const jobRows = (db: Db, messageId: number) =>
  sqlRows<JobRow>(
    db,
    sql`select id, name, state::text as state, retry_count, start_after, data, output from pgboss.job where data ->> 'messageId' = ${String(messageId)}`,
  );

let nextMessageId = 1_000_000;
/** A mail-delivery payload no other test uses; the handlers below never read the outbox. */
const newPayload = () => ({ messageId: nextMessageId++ });

/** Every job's handler: the given ones, and for the others one that does nothing. */
function withOthersIdle(handlers: Partial<JobHandlers>): JobHandlers {
  const idle = Object.fromEntries(Object.keys(JOB_QUEUES).map((name) => [name, async () => {}]));
  return { ...idle, ...handlers } as JobHandlers;
}

/** Mail-delivery handlers that record what they ran, failing when told to. */
function recordingHandlers(fail: (messageId: number) => boolean = () => false) {
  const ran: number[] = [];
  const handlers: Partial<JobHandlers> = {
    "mail-delivery": async ({ messageId }) => {
      ran.push(messageId);
      if (fail(messageId)) throw new Error(`451 Mailbox busy for message ${messageId}`);
    },
  };
  return { ran, handlers };
}

describe.each(drivers)("the job queue on $name", ({ db }) => {
  it("runs nothing for a job queued in a transaction that rolled back", async () => {
    const payload = newPayload();
    const failure = new Error("the change failed");
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, "mail-delivery", payload);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await jobRows(db(), payload.messageId)).toEqual([]);
    const { ran, handlers } = recordingHandlers();
    await runJobsUntilIdle(db(), handlers);
    expect(ran).not.toContain(payload.messageId);
  });

  it("runs a committed job once, with its payload", async () => {
    const payload = newPayload();
    const id = (await db().transaction((tx) => enqueue(tx, "mail-delivery", payload)))!;
    const { ran, handlers } = recordingHandlers();
    expect(await runJobsUntilIdle(db(), handlers)).toMatchObject({ failed: 0 });
    expect(ran.filter((messageId) => messageId === payload.messageId)).toEqual([payload.messageId]);
    expect(await jobRows(db(), payload.messageId)).toEqual([
      expect.objectContaining({ id, name: "mail-delivery", state: "completed", data: payload }),
    ]);
    await runJobsUntilIdle(db(), handlers);
    expect(ran.filter((messageId) => messageId === payload.messageId)).toHaveLength(1);
  });

  it("retries a failing job with a growing backoff, then leaves it dead and listed, and runs it again when retried", async () => {
    const payload = newPayload();
    const id = (await db().transaction((tx) => enqueue(tx, "mail-delivery", payload)))!;
    let failing = true;
    const failures: JobFailure[] = [];
    const { ran, handlers } = recordingHandlers((messageId) => failing && messageId === payload.messageId);
    const { retryLimit, retryDelaySeconds } = JOB_QUEUES["mail-delivery"];

    const onJobFailed = (failure: JobFailure) => void failures.push(failure);
    const makeDue = () => db().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${id}::uuid`);

    // The first attempt fails; the retry waits about the retry delay (jittered up to twice it).
    await runJobsUntilIdle(db(), handlers, { onJobFailed });
    let [row] = await jobRows(db(), payload.messageId);
    expect(row).toMatchObject({ state: "retry", retry_count: 0, output: { message: `451 Mailbox busy for message ${payload.messageId}` } });
    // Not due yet: a round leaves it waiting.
    await runJobsUntilIdle(db(), handlers);
    expect(ran.filter((messageId) => messageId === payload.messageId)).toHaveLength(1);

    // Each retry waits about twice as long as the one before, until the last has failed.
    for (let retry = 1; retry <= retryLimit; retry++) {
      const wait = (new Date(row!.start_after).getTime() - Date.now()) / 1000;
      expect(wait, `wait before retry ${retry}`).toBeGreaterThan(retryDelaySeconds * 2 ** (retry - 1) - 5);
      expect(wait, `wait before retry ${retry}`).toBeLessThanOrEqual(retryDelaySeconds * 2 ** retry);
      await makeDue();
      await runJobsUntilIdle(db(), handlers, { onJobFailed });
      [row] = await jobRows(db(), payload.messageId);
      expect(row).toMatchObject({ state: retry < retryLimit ? "retry" : "failed", retry_count: retry });
    }
    expect(ran.filter((messageId) => messageId === payload.messageId)).toHaveLength(retryLimit + 1);
    expect(failures.map((failure) => [failure.attempt, failure.dead])).toEqual(
      Array.from({ length: retryLimit + 1 }, (_, index) => [index + 1, index === retryLimit]),
    );
    [row] = await jobRows(db(), payload.messageId);
    expect(row).toMatchObject({ state: "failed" });
    // Dead jobs run no more, even when waiting ones are asked for.
    await runJobsUntilIdle(db(), handlers, { includeWaiting: true });
    expect(ran.filter((messageId) => messageId === payload.messageId)).toHaveLength(retryLimit + 1);

    // Visible: listed with the last error, by the repository and the command.
    const dead = await listDeadJobs(db(), 100);
    expect(dead.find((job) => job.id === id)).toEqual({
      id,
      name: "mail-delivery",
      attempts: retryLimit + 1,
      failedAt: expect.any(Date),
      lastError: `451 Mailbox busy for message ${payload.messageId}`,
      data: payload,
    });
    const listing = await runJobsCommand(db(), { command: "failed", limit: 100 });
    expect(listing).toContain(`${id}  mail-delivery  failed `);
    expect(listing).toContain(`after ${retryLimit + 1} attempt(s)\n  last error: 451 Mailbox busy for message ${payload.messageId}`);

    // Retried by hand, it runs at the next round, without waiting.
    failing = false;
    expect(await runJobsCommand(db(), { command: "retry", id })).toBe(`Job ${id} will be tried again at the worker's next poll.`);
    await runJobsUntilIdle(db(), handlers);
    expect(ran.filter((messageId) => messageId === payload.messageId)).toHaveLength(retryLimit + 2);
    expect((await jobRows(db(), payload.messageId))[0]).toMatchObject({ state: "completed" });
    expect((await listDeadJobs(db(), 100)).map((job) => job.id)).not.toContain(id);
    await expect(runJobsCommand(db(), { command: "retry", id })).rejects.toThrow(`No dead job has the id ${id}`);
  });

  it("queues one job per subscriber of an event, carrying the event", async () => {
    const event = { type: "stock.changed", storeId: 1, variantId: 2_000_000 + nextMessageId++, previousQuantity: 0, quantity: 4 } as const;
    await db().transaction((tx) => publishEvent(tx, event));
    const rows = await sqlRows<{ name: string; data: unknown }>(
      db(),
      sql`select name, data from pgboss.job where data ->> 'variantId' = ${String(event.variantId)} order by name`,
    );
    expect(rows).toEqual([
      { name: "back-in-stock-notify", data: event },
      { name: "search-index-stock", data: event },
    ]);
  });

  it("asks the database one question on an idle poll, not one per queue", async () => {
    const handlers = withOthersIdle({});
    await runJobsUntilIdle(db(), handlers);
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const statements = vi.spyOn(client, "query");
    try {
      expect(await runJobsUntilIdle(db(), handlers)).toEqual({ completed: 0, failed: 0 });
      expect(statements).toHaveBeenCalledTimes(1);

      // With work in one queue: the question, that queue's job taken and completed, and the question again.
      await db().transaction((tx) => enqueue(tx, "mail-delivery", newPayload()));
      statements.mockClear();
      expect(await runJobsUntilIdle(db(), handlers)).toEqual({ completed: 1, failed: 0 });
      expect(statements).toHaveBeenCalledTimes(4);
    } finally {
      statements.mockRestore();
    }
  });

  it("runs jobs in the background, and lets the job in hand finish when stopped", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const payload = newPayload();
    const handlers = {
      "mail-delivery": async ({ messageId }: { messageId: number }) => {
        if (messageId !== payload.messageId) return;
        started();
        await released;
      },
    } satisfies Partial<JobHandlers>;
    const worker = await startJobWorker({ db: db(), handlers: withOthersIdle(handlers), pollIntervalMs: 20 });
    await db().transaction((tx) => enqueue(tx, "mail-delivery", payload));
    await running;
    const stopped = worker.stop({ graceMs: 30_000 });
    expect((await jobRows(db(), payload.messageId))[0]).toMatchObject({ state: "active" });
    release();
    await stopped;
    expect((await jobRows(db(), payload.messageId))[0]).toMatchObject({ state: "completed" });
  });

  it("runs a job queued to run now at once, woken at its commit rather than by its next poll", async () => {
    const payload = newPayload();
    let ran!: () => void;
    const done = new Promise<void>((resolve) => (ran = resolve));
    let idle!: () => void;
    const asleep = new Promise<void>((resolve) => (idle = resolve));
    const handlers = {
      "mail-delivery": async ({ messageId }: { messageId: number }) => {
        if (messageId === payload.messageId) ran();
      },
    } satisfies Partial<JobHandlers>;
    // Its next poll is ten minutes away, far beyond the test's time-out.
    const worker = await startJobWorker({ db: db(), handlers: withOthersIdle(handlers), pollIntervalMs: 600_000, onIdle: () => idle() });
    try {
      await asleep;
      await db().transaction((tx) => enqueue(tx, "mail-delivery", payload));
      await done;
    } finally {
      await worker.stop();
    }
  });

  it("hands a job that outlives the grace period back to the queue when stopped", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const payload = newPayload();
    const handlers = {
      "mail-delivery": async ({ messageId }: { messageId: number }) => {
        if (messageId !== payload.messageId) return;
        started();
        await new Promise(() => {}); // never finishes
      },
    } satisfies Partial<JobHandlers>;
    const worker = await startJobWorker({ db: db(), handlers: withOthersIdle(handlers), pollIntervalMs: 20 });
    await db().transaction((tx) => enqueue(tx, "mail-delivery", payload));
    await running;
    await worker.stop({ graceMs: 50 });
    expect((await jobRows(db(), payload.messageId))[0]).toMatchObject({
      state: "retry",
      output: { message: "the worker stopped before the job finished" },
    });
  });
});

describe.each(drivers)("pg-boss's scheduler on $name", ({ db }) => {
  it("queues a scheduled job when its minute comes, and the worker runs it", async () => {
    // As if no worker had looked at the schedules for 30 s: the workers started above just did, and only one
    // look per 30 s (across every worker) may queue scheduled jobs.
    await db().execute(sql`update pgboss.version set cron_on = null`);
    // pg-boss queues a scheduled job once per name and minute: if a worker above already queued this minute's
    // (it does when the minute is the job's own, :05 for this one), the scheduler would find it done.
    await db().execute(sql`delete from pgboss.job where name = '__pgboss__send-it' and singleton_key = 'purge-idempotency-keys'`);
    let ran!: () => void;
    const scheduledRun = new Promise<void>((resolve) => (ran = resolve));
    const worker = await startJobWorker({
      db: db(),
      handlers: withOthersIdle({ "purge-idempotency-keys": async () => ran() }),
      pollIntervalMs: 20,
      // Every minute: the current minute's run is due the moment the scheduler first looks.
      schedules: { "purge-idempotency-keys": "* * * * *" },
    });
    try {
      await scheduledRun;
    } finally {
      await worker.stop();
    }
    const [schedule] = await sqlRows<{ cron: string }>(db(), sql`select cron from pgboss.schedule where name = 'purge-idempotency-keys'`);
    expect(schedule).toEqual({ cron: "* * * * *" });
  });
});

describe("a database where `npm run db:migrate` has not installed the queue", () => {
  it("refuses to start the worker, and to queue a job where the job's queue is missing", async () => {
    const bare = await openDatabase({});
    try {
      const handlers = withOthersIdle({});
      await expect(startJobWorker({ db: bare.db, handlers, pollIntervalMs: 1000 })).rejects.toThrow(
        "The job queue is not installed: run npm run db:migrate",
      );
      await installJobQueue(bare.db);
      await bare.db.execute(sql`select pgboss.delete_queue('back-in-stock-notify')`);
      await expect(startJobWorker({ db: bare.db, handlers, pollIntervalMs: 1000 })).rejects.toThrow(
        'The job queue "back-in-stock-notify" is missing: run npm run db:migrate',
      );
      const event = { type: "stock.changed", storeId: 1, variantId: 1, previousQuantity: 0, quantity: 1 } as const;
      await expect(bare.db.transaction((tx) => enqueue(tx, "back-in-stock-notify", event))).rejects.toThrow(
        'The job queue "back-in-stock-notify" is not installed: run npm run db:migrate',
      );
    } finally {
      await bare.close();
    }
  });
});
