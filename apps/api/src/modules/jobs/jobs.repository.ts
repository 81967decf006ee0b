import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";

// Reads of pg-boss's job table (schema `pgboss`, installed by `npm run db:migrate`): for people, the dead jobs
// and what the queues hold; for the worker, which queues have work. Writes go through pg-boss itself
// (job-queue.ts).

/**
 * Which of `names` hold a job a worker may take now: one that is new or waiting for a retry, and whose start
 * time has come (pg-boss's own test when it hands out a job); with `includeWaiting`, whatever its start time.
 * One statement for every queue, so an idle worker's poll asks the database once instead of once per queue
 * (24 queues, a poll a second: 24 statements a second from every idle worker).
 */
export async function queuesWithDueJobs(
  db: Db,
  names: readonly string[],
  options: { includeWaiting?: boolean } = {},
): Promise<Set<string>> {
  const started = options.includeWaiting ? sql`` : sql`and j.start_after < now()`;
  const rows = await sqlRows<{ name: string }>(
    db,
    sql`select q.name from unnest(${sql.param([...names])}::text[]) as q(name)
        where exists (select from pgboss.job j where j.name = q.name and j.state < 'active' ${started})`,
  );
  return new Set(rows.map((row) => row.name));
}

export interface DeadJob {
  id: string;
  name: string;
  attempts: number;
  failedAt: Date;
  /** The message of the last attempt's error. */
  lastError: string | null;
  /** The job's payload: ids, never personal data. */
  data: unknown;
}

/** Jobs that failed their last retry, newest first. They stay 30 days, then are archived. */
export async function listDeadJobs(db: Db, limit: number): Promise<DeadJob[]> {
  const rows = await sqlRows<{
    id: string;
    name: string;
    attempts: number;
    failed_at: Date | string;
    last_error: string | null;
    data: unknown;
  }>(
    db,
    sql`select id, name, retry_count + 1 as attempts, completed_on as failed_at, output ->> 'message' as last_error, data
        from pgboss.job
        where state = 'failed'
        order by completed_on desc, id
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    attempts: Number(row.attempts),
    failedAt: new Date(row.failed_at),
    lastError: row.last_error,
    data: row.data,
  }));
}

export interface FailedJobRow {
  id: string;
  name: string;
  createdAt: Date;
  failedAt: Date;
  retryCount: number;
  /** The last attempt's error message, cut to 500 characters. Never the payload. */
  error: string | null;
  /** `failed_at` in microseconds since 1970, exact, for the next page's cursor. */
  failedAtMicros: string;
}

/**
 * Failed jobs, newest failure first, in keyset pages: `before` is the (failure time in microseconds, id) of the
 * last job of the page before. The payload is never read: it may hold what the reader should not see.
 */
export async function listFailedJobsPage(
  db: Db,
  input: { limit: number; before?: { failedAtMicros: string; id: string } | undefined },
): Promise<FailedJobRow[]> {
  const after = input.before
    ? sql`and (completed_on, id) < (timestamptz 'epoch' + ${input.before.failedAtMicros}::bigint * interval '1 microsecond', ${input.before.id}::uuid)`
    : sql``;
  const rows = await sqlRows<{
    id: string;
    name: string;
    created_on: Date | string;
    completed_on: Date | string;
    retry_count: number;
    error: string | null;
    failed_at_micros: string;
  }>(
    db,
    sql`select id, name, created_on, completed_on, retry_count, left(output ->> 'message', 500) as error,
          (extract(epoch from completed_on) * 1000000)::bigint::text as failed_at_micros
        from pgboss.job
        where state = 'failed' ${after}
        order by completed_on desc, id desc
        limit ${input.limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_on),
    failedAt: new Date(row.completed_on),
    retryCount: Number(row.retry_count),
    error: row.error,
    failedAtMicros: row.failed_at_micros,
  }));
}

/** How many jobs failed their last retry since `since`. */
export async function countFailedJobsSince(db: Db, since: Date): Promise<number> {
  const [row] = await sqlRows<{ count: number | string }>(
    db,
    sql`select count(*)::int as count from pgboss.job where state = 'failed' and completed_on >= ${since.toISOString()}::timestamptz`,
  );
  return Number(row?.count ?? 0);
}

/** The queue of a job, and its state; null when no job has that id. */
export async function findJob(db: Db, id: string): Promise<{ name: string; state: string } | null> {
  const [row] = await sqlRows<{ name: string; state: string }>(
    db,
    sql`select name, state::text as state from pgboss.job where id = ${id}::uuid`,
  );
  return row ?? null;
}

/** How many jobs each queue holds in each state (finished ones until they are archived). */
export async function countJobs(db: Db): Promise<{ name: string; state: string; count: number }[]> {
  const rows = await sqlRows<{ name: string; state: string; count: number | string }>(
    db,
    sql`select name, state::text as state, count(*)::int as count from pgboss.job group by name, state order by name, state`,
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
