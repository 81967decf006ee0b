import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { Db } from "../../db/client";
import type { DomainEvent } from "./domain-events";
import { EVENT_SUBSCRIBERS, JOB_QUEUES, JOB_SCHEDULES, type JobName, type JobPayloads } from "./job-catalogue";
import { broadcastEvents, isBroadcast } from "./event-feed";
import { JOBS_CHANNEL, notifyAll } from "./event-feed.repository";
import { findJob } from "./jobs.repository";

// The one place that knows the job queue is pg-boss (decision 019). Modules queue work with enqueue() and
// publishEvent() inside their own transaction; the worker (job-worker.ts) runs it; `npm run db:migrate`
// installs the queue's schema (installJobQueue). Nothing else imports pg-boss.

/** pg-boss's whole contract with a database: one statement (or, without values, a script) at a time. */
export type SqlExecutor = PgBoss.Db;

/**
 * Runs pg-boss's statements through Drizzle, inside the caller's transaction (or on the database when given
 * no transaction), on either driver. pg-boss writes positional parameters ($1, $2...); each becomes a
 * Drizzle parameter, so the statement goes through the transaction's own connection (node-postgres) or its
 * own PGlite transaction, and commits or rolls back with it. A parameter used twice is bound twice.
 */
export function drizzleExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let rest = 0;
      for (const placeholder of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(rest, placeholder.index)));
        // sql.param, not sql`${value}`: a template spreads an array into a list, pg-boss means one array.
        chunks.push(sql`${sql.param(values[Number(placeholder[1]) - 1] ?? null)}`);
        rest = placeholder.index + placeholder[0].length;
      }
      chunks.push(sql.raw(text.slice(rest)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * Runs pg-boss's statements on the database's own driver, outside any transaction: the worker's fetches and
 * completions, maintenance and installation, some of which are scripts of several statements (BEGIN ...
 * COMMIT under an advisory lock), which neither Drizzle nor PGlite's extended protocol runs in one call.
 * Takes the database itself (Drizzle's `$client` is its pg pool or its PGlite), never a transaction.
 */
export function databaseExecutor(db: Db): SqlExecutor {
  const client = (db as unknown as { $client?: pg.Pool | PGlite }).$client;
  if (!client) throw new Error("the job queue runs on the database itself, not inside a transaction");
  if ("exec" in client) {
    const pglite = client;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query(text, values);
        return (await pglite.exec(text)).at(-1) ?? { rows: [] };
      },
    };
  }
  const pool = client;
  return {
    async executeSql(text, values) {
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values);
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
  };
}

/**
 * pg-boss's internal queue through which its scheduler queues a scheduled job when its time comes: the
 * scheduler puts `{ name, data, options }` here, and something must copy it into the job's own queue. In
 * pg-boss that is its own work() loop; here it is the worker's loop (forwardScheduledJobs, job-worker.ts).
 */
export const SCHEDULED_JOBS_QUEUE = "__pgboss__send-it";

/**
 * pg-boss over one executor, with its timers off unless asked: the worker runs maintenance (`supervise`)
 * and the scheduler (`schedule`), nothing else does.
 */
export function createBoss(db: SqlExecutor, options: { migrate?: boolean; supervise?: boolean; schedule?: boolean } = {}): PgBoss {
  return new PgBoss({
    db,
    migrate: options.migrate ?? false,
    supervise: options.supervise ?? false,
    schedule: options.schedule ?? false,
    // Dead jobs stay where `npm run jobs -- failed` lists them and `retry` revives them, for 30 days; then
    // they are archived with finished jobs (after a day) and deleted a week later.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
    deleteAfterDays: 7,
  });
}

/** Builds job rows only: every enqueue brings the caller's transaction as its executor. */
const sender = createBoss({
  async executeSql() {
    throw new Error("a job is queued with the caller's transaction (enqueue(tx, ...)), never on its own");
  },
});

export interface EnqueueOptions {
  /** Not before this time. */
  startAfter?: Date;
}

/**
 * Queues a job in the caller's transaction: it exists exactly when the change that asked for it commits,
 * and a rolled-back change leaves nothing to run. Answers the job's id, or null for a one-per-key queue
 * (QueueSettings.onePerKey) where a job for the key was already waiting.
 */
export async function enqueue<N extends JobName>(
  tx: Db,
  name: N,
  payload: JobPayloads[N],
  options: EnqueueOptions = {},
): Promise<string | null> {
  const onePerKey = JOB_QUEUES[name].onePerKey as ((payload: JobPayloads[N]) => string) | undefined;
  const singletonKey = onePerKey?.(payload);
  const id = await sender.send(name, payload, { ...options, ...(singletonKey ? { singletonKey } : {}), db: drizzleExecutor(tx) });
  // One job per key: null says one is already waiting, which will do this one's work.
  if (id === null && singletonKey) return null;
  // pg-boss inserts only into a queue that exists, and says nothing when it does not.
  if (id === null) throw new Error(`The job queue "${name}" is not installed: run npm run db:migrate`);
  // A job due now wakes the workers when the transaction commits; a later one waits for their next poll.
  if (!options.startAfter) await notifyAll(tx, [name], JOBS_CHANNEL);
  return id;
}

/**
 * Tells the event's subscribers (job-catalogue.ts), one job each, in the transaction of the change; an event
 * that running processes keep copies by is broadcast to them too (event-feed.ts), at the same commit.
 */
export async function publishEvent(tx: Db, event: DomainEvent): Promise<void> {
  const subscribers: readonly JobName[] = EVENT_SUBSCRIBERS[event.type];
  for (const name of subscribers) await enqueue(tx, name, event as JobPayloads[typeof name]);
  if (isBroadcast(event)) await broadcastEvents(tx, [event]);
}

/**
 * Gives a dead job one more attempt, at the worker's next poll (`npm run jobs -- retry <id>`). Answers false
 * when no dead job has that id.
 */
export async function retryDeadJob(db: Db, id: string): Promise<boolean> {
  const job = await findJob(db, id);
  if (job?.state !== "failed") return false;
  await sender.retry(job.name, id, { db: drizzleExecutor(db) });
  return true;
}

/**
 * The merchant's retry of one failed job (POST /admin/jobs/:id/retry), through pg-boss's own retry: the job waits
 * for the worker's next poll with one more attempt allowed. Answers what was found: no such job, a job that is not
 * failed (retried already, or never failed), or retried. A second retry at once finds the job no longer failed.
 */
export async function retryFailedJob(db: Db, id: string): Promise<{ outcome: "not_found" | "not_failed" | "retried"; name?: string }> {
  const job = await findJob(db, id);
  if (!job) return { outcome: "not_found" };
  if (job.state !== "failed") return { outcome: "not_failed", name: job.name };
  await sender.retry(job.name, id, { db: drizzleExecutor(db) });
  // pg-boss's retry moves only a failed job; read back what it did (a retry that came first leaves it waiting too).
  const after = await findJob(db, id);
  return { outcome: after?.state === "retry" ? "retried" : "not_failed", name: job.name };
}

/** The queue's settings as pg-boss stores them. */
function queueOptions(name: JobName) {
  const settings = JOB_QUEUES[name];
  return {
    policy: settings.onePerKey ? ("stately" as const) : ("standard" as const),
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds,
  };
}

/**
 * Installs or upgrades pg-boss's schema (`pgboss`) and creates or updates one queue per job name with its
 * retry settings, and the scheduler's own queue. Run by `npm run db:migrate` (and so by every test
 * database), so the API and the worker need no DDL rights: they only check that it was done.
 */
export async function installJobQueue(db: Db): Promise<void> {
  const boss = createBoss(databaseExecutor(db), { migrate: true });
  await boss.start();
  try {
    // Created as pg-boss's scheduler creates it when it starts (a queue is a table: DDL, done here once).
    if (!(await boss.getQueue(SCHEDULED_JOBS_QUEUE))) await boss.createQueue(SCHEDULED_JOBS_QUEUE);
    for (const name of Object.keys(JOB_QUEUES) as JobName[]) {
      const wanted = queueOptions(name);
      const existing = await boss.getQueue(name);
      if (!existing) {
        await boss.createQueue(name, { name, ...wanted });
      } else if (
        existing.retryLimit !== wanted.retryLimit ||
        existing.retryDelay !== wanted.retryDelay ||
        existing.retryBackoff !== wanted.retryBackoff ||
        existing.expireInSeconds !== wanted.expireInSeconds
      ) {
        await boss.updateQueue(name, { name, ...wanted });
      }
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** Fails with what to do when the queue's schema or one of its queues is missing or out of date. */
export async function assertJobQueueInstalled(boss: PgBoss): Promise<void> {
  const advice = "run npm run db:migrate";
  if (!(await boss.isInstalled())) throw new Error(`The job queue is not installed: ${advice}`);
  for (const name of [...Object.keys(JOB_QUEUES), SCHEDULED_JOBS_QUEUE]) {
    if (!(await boss.getQueue(name))) throw new Error(`The job queue "${name}" is missing: ${advice}`);
  }
}

/** When each scheduled job runs: its cron expression (UTC), by job name. */
export type JobSchedules = { readonly [N in JobName]?: string };

/**
 * Makes pg-boss's schedules (table `pgboss.schedule`) the catalogue's: each scheduled job's cron written
 * (an upsert, so every worker that starts may do it), and a schedule the catalogue no longer has removed.
 */
export async function registerSchedules(boss: PgBoss, schedules: JobSchedules = JOB_SCHEDULES): Promise<void> {
  for (const [name, cron] of Object.entries(schedules)) {
    await boss.schedule(name, cron, {}, { tz: "UTC" });
  }
  for (const { name } of await boss.getSchedules()) {
    if (!(name in schedules)) await boss.unschedule(name);
  }
}
