import { parseArgs } from "node:util";
import type { Db } from "../../db/client";
import { retryDeadJob } from "./job-queue";
import { countJobs, listDeadJobs } from "./jobs.repository";

export const JOBS_USAGE = `Usage: npm run jobs --workspace @quire/api -- <command>

What the background job queue holds (mail delivery, back-in-stock notices...):

  failed [--limit N]   dead jobs (every retry failed), newest first, with their last error (default 20)
  retry <id>           gives a dead job one more attempt, at the worker's next poll
  status               how many jobs each queue holds in each state

Uses DATABASE_URL, or the embedded database under .data/ (stop the API first: it holds that database).`;

export type JobsOptions =
  { command: "help" } | { command: "failed"; limit: number } | { command: "retry"; id: string } | { command: "status" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the command's arguments; throws with a readable message when they are wrong. */
export function parseJobsArgs(argv: string[]): JobsOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { limit: { type: "string" }, help: { type: "boolean", short: "h", default: false } },
    strict: true,
    allowPositionals: true,
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === "help") return { command: "help" };
  if (command === "failed" && rest.length === 0) {
    const limit = values.limit === undefined ? 20 : /^\d{1,4}$/.test(values.limit) ? Number(values.limit) : 0;
    if (limit < 1) throw new Error("--limit must be a whole number from 1 to 9999");
    return { command: "failed", limit };
  }
  if (values.limit !== undefined) throw new Error("--limit goes with failed only");
  if (command === "retry") {
    if (rest.length !== 1 || !UUID.test(rest[0]!)) throw new Error("retry takes one job id, as `failed` lists it");
    return { command: "retry", id: rest[0]!.toLowerCase() };
  }
  if (command === "status" && rest.length === 0) return { command: "status" };
  throw new Error(`Unknown command: ${positionals.join(" ")}`);
}

/** Runs the command and answers what to print; throws when a retry names no dead job. */
export async function runJobsCommand(db: Db, options: JobsOptions): Promise<string> {
  switch (options.command) {
    case "help":
      return JOBS_USAGE;
    case "failed": {
      const dead = await listDeadJobs(db, options.limit);
      if (dead.length === 0) return "No dead jobs.";
      return dead
        .map((job) =>
          [
            `${job.id}  ${job.name}  failed ${job.failedAt.toISOString()} after ${job.attempts} attempt(s)`,
            `  last error: ${job.lastError ?? "(none recorded)"}`,
            `  payload: ${JSON.stringify(job.data)}`,
          ].join("\n"),
        )
        .join("\n");
    }
    case "retry": {
      if (!(await retryDeadJob(db, options.id))) throw new Error(`No dead job has the id ${options.id}`);
      return `Job ${options.id} will be tried again at the worker's next poll.`;
    }
    case "status": {
      const counts = await countJobs(db);
      if (counts.length === 0) return "The queue holds no jobs.";
      return counts.map((row) => `${row.name.padEnd(24)} ${row.state.padEnd(10)} ${row.count}`).join("\n");
    }
  }
}
