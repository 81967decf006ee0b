import type { FailedJob } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { retryFailedJob } from "./job-queue";
import { countFailedJobsSince, listFailedJobsPage } from "./jobs.repository";
import { keysetPage } from "../../db/keyset-page";

/*
 * The job queue as the back office reads it (permission `settings`): the jobs that failed their last retry, and
 * one more attempt for one of them. The queue is the installation's, shared by its stores; what a merchant sees of
 * a job is its queue, its times, its retries and its error's message, never its payload.
 */

/** The failed jobs, newest failure first, a keyset page of `limit`; `before` is a previous page's `nextBefore`. */
export async function listFailedJobs(db: Db, input: { limit: number; before?: string | undefined }) {
  const cursor = input.before?.split("_");
  const before = cursor ? { failedAtMicros: cursor[0]!, id: cursor[1]!.toLowerCase() } : undefined;
  const rows = await listFailedJobsPage(db, { limit: input.limit + 1, before });
  const { page, next } = keysetPage(rows, input.limit, (row) => `${row.failedAtMicros}_${row.id}`);
  const jobs: FailedJob[] = page.map((row) => ({
    id: row.id,
    queue: row.name,
    createdAt: row.createdAt.toISOString(),
    failedAt: row.failedAt.toISOString(),
    retryCount: row.retryCount,
    error: row.error,
  }));
  return { jobs, nextBefore: next };
}

/** Gives one failed job another attempt at the worker's next poll: 404 when no job has the id, 409 when it is not failed. */
export async function retryJob(db: Db, id: string) {
  const { outcome, name } = await retryFailedJob(db, id.toLowerCase());
  if (outcome === "not_found") throw new AppError("job_not_found");
  if (outcome === "not_failed") throw new AppError("job_not_failed");
  return { id: id.toLowerCase(), queue: name!, state: "retry" as const };
}

/** How many jobs failed their last retry since `since` (the back office's home page counts the last 7 days). */
export const countFailedJobs = countFailedJobsSince;
