import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";

// Reads of pg-boss's job table (schema `pgboss`, installed by `npm run db:migrate`) for people: the dead jobs
// and what the queues hold. Writes go through pg-boss itself (job-queue.ts).

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
