import type PgBoss from "pg-boss";
import type { Db } from "../../db/client";
import { isDatabaseUnavailable } from "../../http/database-unavailable";
import { JOBS_CHANNEL, listenOnChannel } from "./event-feed.repository";
import { JOB_QUEUES, type JobName, type JobPayloads } from "./job-catalogue";
import { queuesWithDueJobs } from "./jobs.repository";
import {
  assertJobQueueInstalled,
  createBoss,
  databaseExecutor,
  registerSchedules,
  SCHEDULED_JOBS_QUEUE,
  type JobSchedules,
} from "./job-queue";

/** Runs one job. Throwing fails the attempt: the job is retried after a backoff, or dies past its limit. */
export type JobHandler<N extends JobName> = (payload: JobPayloads[N], job: { id: string; name: N; attempt: number }) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** A failed attempt, for the log. */
export interface JobFailure {
  id: string;
  name: JobName;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry is left: the job is dead until someone retries it (`npm run jobs -- retry <id>`). */
  dead: boolean;
  error: unknown;
}

export interface PassReport {
  completed: number;
  failed: number;
  /** The database was away: the pass stopped at the first sign of it. */
  databaseUnavailable?: unknown;
}

/** Longest wait between polls while the database is away (unless the poll interval itself is longer). */
const MAX_OUTAGE_POLL_MS = 5_000;

/**
 * Wait before the next poll after `failedPolls` polls in a row found the database away: the poll interval
 * doubled after each, at most 5 s, so an outage costs a few connection attempts rather than one per interval,
 * and jobs run again within seconds of the database's return (decision 010).
 */
export function outagePollDelayMs(pollIntervalMs: number, failedPolls: number): number {
  return Math.min(Math.max(pollIntervalMs, MAX_OUTAGE_POLL_MS), pollIntervalMs * 2 ** Math.max(0, failedPolls));
}

/**
 * Takes due jobs one at a time and runs their handlers: fetch (pg-boss's SKIP LOCKED claim), run, then
 * complete or fail, each awaited. pg-boss's own work() loop leaves complete and fail unawaited and swallows
 * fetch errors, so a database outage in the middle of a job would end the process; this loop sees the
 * outage instead (decision 019).
 */
export function createJobRunner(
  db: Db,
  handlers: Partial<JobHandlers>,
  options: { onJobFailed?: (failure: JobFailure) => void; supervise?: boolean; schedule?: boolean } = {},
) {
  /** The first sign, during this pass, that the database is away (pg-boss's fetch swallows its errors). */
  let unavailable: { error: unknown } | undefined;
  const executor = databaseExecutor(db);
  const boss: PgBoss = createBoss(
    {
      async executeSql(text, values) {
        try {
          return await executor.executeSql(text, values);
        } catch (error) {
          if (isDatabaseUnavailable(error)) unavailable ??= { error };
          throw error;
        }
      },
    },
    { supervise: options.supervise, schedule: options.schedule },
  );
  const queues = (Object.keys(JOB_QUEUES) as JobName[]).filter((name) => handlers[name]);
  /** The jobs whose handler is running now, so a stop can hand them back. */
  const inFlight = new Map<string, JobName>();

  async function runJob(name: JobName, job: PgBoss.JobWithMetadata<object>): Promise<boolean> {
    const handler = handlers[name] as JobHandler<JobName>;
    const attempt = job.retryCount + 1;
    inFlight.set(job.id, name);
    let timer: NodeJS.Timeout | undefined;
    try {
      const limitMs = JOB_QUEUES[name].expireInSeconds * 1000;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the handler ran longer than ${limitMs} ms`)), limitMs);
      });
      const work = Promise.resolve().then(() => handler(job.data as JobPayloads[JobName], { id: job.id, name, attempt }));
      // A handler that outlives its time limit may still fail later, when nobody waits for it any more.
      work.catch(() => {});
      await Promise.race([work, timeout]);
    } catch (error) {
      // Not judged by isDatabaseUnavailable: a handler talks to other peers (SMTP), whose socket errors look
      // alike. Were the database away, recording the failure below fails too, and that is the sign.
      await boss.fail(name, job.id, error instanceof Error ? { message: error.message } : { message: String(error) });
      options.onJobFailed?.({ id: job.id, name, attempt, dead: attempt > job.retryLimit, error });
      return false;
    } finally {
      clearTimeout(timer);
      inFlight.delete(job.id);
    }
    await boss.complete(name, job.id);
    return true;
  }

  /**
   * Copies the scheduled jobs whose time came (pg-boss's scheduler put them in its own queue) into their
   * queues, where this loop runs them like any other. Done here, not by pg-boss's work() loop, for the same
   * reason as every other job: each step awaited, an outage seen (decision 019). Copied but not completed
   * (the database went away in between), a scheduled job is copied again later: housekeeping run twice
   * deletes nothing more.
   */
  async function forwardScheduledJobs(): Promise<void> {
    const due = await boss.fetch<PgBoss.JobInsert>(SCHEDULED_JOBS_QUEUE, { batchSize: 50 });
    if (unavailable || due.length === 0) return;
    await boss.insert(due.map((job) => job.data));
    await boss.complete(
      SCHEDULED_JOBS_QUEUE,
      due.map((job) => job.id),
    );
  }

  return {
    boss,
    /**
     * Runs every job due now in each queue that has a handler, one at a time, until none is left. With
     * `includeWaiting`, jobs waiting for a retry run too (tests: retries without waiting for the backoff).
     */
    async runPass(control: { includeWaiting?: boolean; shouldStop?: () => boolean } = {}): Promise<PassReport> {
      const report: PassReport = { completed: 0, failed: 0 };
      unavailable = undefined;
      const dueQueues = (names: readonly string[]) => queuesWithDueJobs(db, names, { includeWaiting: control.includeWaiting });
      try {
        // One statement says which queues have work; only those are asked for a job (an idle poll: one statement).
        let due = await dueQueues([SCHEDULED_JOBS_QUEUE, ...queues]);
        if (due.has(SCHEDULED_JOBS_QUEUE)) {
          await forwardScheduledJobs();
          if (!unavailable) due = await dueQueues(queues);
        }
        let ranAny = !unavailable && due.size > 0;
        while (ranAny && !control.shouldStop?.()) {
          ranAny = false;
          for (const name of queues) {
            if (!due.has(name)) continue;
            if (control.shouldStop?.()) break;
            const [job] = await boss.fetch<object>(name, {
              batchSize: 1,
              includeMetadata: true,
              ignoreStartAfter: control.includeWaiting ?? false,
            });
            if (unavailable) break;
            if (!job) continue;
            ranAny = true;
            if (await runJob(name, job)) report.completed++;
            else report.failed++;
            if (unavailable) break;
          }
          if (unavailable) break;
          if (ranAny) due = await dueQueues(queues);
        }
      } catch (error) {
        if (!isDatabaseUnavailable(error) && !unavailable) throw error;
        unavailable ??= { error };
      }
      if (unavailable) report.databaseUnavailable = unavailable.error;
      return report;
    },
    /** Hands the jobs still running back to the queue as failed attempts, so they run again later. */
    async returnInFlight(reason: string): Promise<void> {
      for (const [id, name] of inFlight) await boss.fail(name, id, { message: reason });
    },
  };
}

/**
 * Runs due jobs until none is left, then answers how many ran: for tests (the worker's loop without its
 * timers) and for a command that runs the queue once. Throws when the database is away.
 */
export async function runJobsUntilIdle(
  db: Db,
  handlers: Partial<JobHandlers>,
  options: { includeWaiting?: boolean; onJobFailed?: (failure: JobFailure) => void } = {},
): Promise<{ completed: number; failed: number }> {
  const runner = createJobRunner(db, handlers, { onJobFailed: options.onJobFailed });
  const report = await runner.runPass({ includeWaiting: options.includeWaiting });
  if (report.databaseUnavailable) throw report.databaseUnavailable;
  return { completed: report.completed, failed: report.failed };
}

export interface JobWorker {
  /**
   * Takes no new job, lets the one running finish (up to `graceMs`, 10 s by default), hands back any still
   * running after that as a failed attempt to be retried, and stops the queue's maintenance.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

export interface JobWorkerOptions {
  /** The database itself (not a transaction). */
  db: Db;
  handlers: JobHandlers;
  /** When the scheduled jobs are queued; the catalogue's JOB_SCHEDULES unless a test says otherwise. */
  schedules?: JobSchedules;
  /** How long the worker sleeps when no job is due. */
  pollIntervalMs: number;
  /** An attempt failed (told every time); `dead` when it was the last. */
  onJobFailed?: (failure: JobFailure) => void;
  /** A round failed for another reason than the database being away, or the queue's maintenance did. */
  onError?: (error: unknown) => void;
  /** The database went away: told once per outage, with the first error. */
  onDatabaseUnavailable?: (error: unknown) => void;
  /** The first round that reached the database after an outage. */
  onDatabaseRestored?: () => void;
  /** Every due job has run and the worker sleeps until its next poll, or until a job is queued. */
  onIdle?: () => void;
}

/**
 * Runs background jobs in this process until stopped: every due job, then a sleep of `pollIntervalMs`, which a
 * job queued to run now cuts short (the workers listen for it, and hear it when its transaction commits); the
 * poll finds the rest: retries after their backoff, scheduled jobs, and what was queued while nobody listened.
 * Several processes may run it at once (pg-boss claims with SKIP LOCKED). It keeps running while the
 * database is away: it says so once per outage, polls less often, and resumes when it is back. It also runs
 * the queue's maintenance: expiring jobs whose worker died, archiving and deleting old ones. And it runs
 * pg-boss's scheduler: it writes the schedules (JOB_SCHEDULES) at start, and every 30 s one worker (whichever
 * first moves the clock in `pgboss.version.cron_on`) queues the scheduled jobs whose minute came, once each
 * (a singleton per name and minute), so several workers run each scheduled job once. At start it hands back
 * the jobs of a worker that died, whose time limit has passed. Fails at once when
 * `npm run db:migrate` has not installed the queue.
 */
export async function startJobWorker(options: JobWorkerOptions): Promise<JobWorker> {
  const runner = createJobRunner(options.db, options.handlers, { onJobFailed: options.onJobFailed, supervise: true, schedule: true });
  const { boss } = runner;
  boss.on("error", (error: unknown) => {
    // Maintenance failing while the database is away is the outage the loop reports once.
    if (!isDatabaseUnavailable(error)) options.onError?.(error);
  });
  await assertJobQueueInstalled(boss);
  // Before the scheduler's first look, which comes as soon as it starts.
  await registerSchedules(boss, options.schedules);
  // Checks that the installed schema is the one this pg-boss expects, and starts the maintenance and
  // scheduler timers.
  await boss.start().catch((error: unknown) => {
    throw new Error(`The job queue cannot start (${error instanceof Error ? error.message : String(error)}): run npm run db:migrate`);
  });
  // The scheduler starts pg-boss's own work() loop on its queue; this worker's loop forwards those jobs instead.
  await boss.offWork(SCHEDULED_JOBS_QUEUE);
  // A job whose worker died (killed, out of memory) stays active until its time limit passes, and is then
  // failed, and so retried, by the queue's maintenance, which runs every two minutes. A worker starting (as
  // one restarted after such a crash does) hands back at once those whose time is already up.
  await boss.expire();

  let stopping = false;
  let failedPolls = 0;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  // A job queued while a pass runs may be missed by it (its queue was already looked at): the notice says
  // to look again at once instead of sleeping.
  let queuedDuringPass = false;
  let listening: { close(): Promise<void> | void } | null = null;
  /**
   * Listens for jobs queued to run now; answers whether it started to. Tried after a round that reached the
   * database, never during an outage, where it would only add refused connections; without it the worker polls.
   */
  async function listenForQueuedJobs(): Promise<boolean> {
    if (listening || stopping) return false;
    try {
      listening = await listenOnChannel(
        options.db,
        {
          notice() {
            queuedDuringPass = true;
            wake?.();
          },
          lost() {
            const lostConnection = listening;
            listening = null; // the next round listens again
            void Promise.resolve(lostConnection?.close()).catch(() => {});
          },
        },
        JOBS_CHANNEL,
      );
      if (stopping) await Promise.resolve(listening.close()).catch(() => {});
      return !stopping;
    } catch {
      // The database refuses a connection more: the poll finds every job, and a later round tries again.
      return false;
    }
  }

  async function loop() {
    while (!stopping) {
      queuedDuringPass = false;
      try {
        const report = await runner.runPass({ shouldStop: () => stopping });
        if (report.databaseUnavailable) {
          if (failedPolls === 0) options.onDatabaseUnavailable?.(report.databaseUnavailable);
          failedPolls++;
        } else if (failedPolls > 0) {
          failedPolls = 0;
          options.onDatabaseRestored?.();
        }
      } catch (error) {
        // The database answered (an outage is reported above), but something else failed.
        if (failedPolls > 0) {
          failedPolls = 0;
          options.onDatabaseRestored?.();
        }
        options.onError?.(error);
      }
      if (stopping) break;
      // A new listener hears only what is queued from now on: one more pass finds what came before it.
      if (failedPolls === 0 && (await listenForQueuedJobs())) continue;
      if (queuedDuringPass && failedPolls === 0) continue;
      options.onIdle?.();
      await sleep(failedPolls > 0 ? outagePollDelayMs(options.pollIntervalMs, failedPolls) : options.pollIntervalMs);
    }
  }
  const running = loop();

  return {
    async stop({ graceMs = 10_000 } = {}) {
      if (stopping) return;
      stopping = true;
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"grace over">((resolve) => {
        timer = setTimeout(() => resolve("grace over"), graceMs);
      });
      const outcome = await Promise.race([running, graceOver]);
      clearTimeout(timer);
      if (outcome === "grace over") await runner.returnInFlight("the worker stopped before the job finished").catch(options.onError);
      await Promise.resolve(listening?.close()).catch(() => {});
      listening = null;
      await boss.stop({ graceful: false });
    },
  };
}
