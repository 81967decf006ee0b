import type { Database } from "./db/client";
import { resolveDataDir, resolveOrderLinkSecret, type Env } from "./env";
import { summariseDatabaseError } from "./http/database-unavailable";
import { createJobHandlers } from "./job-handlers";
import { startJobWorker, type JobWorker } from "./modules/jobs/job-worker";
import { createMailTransport } from "./modules/mail/mail-transports";
import { createImageStorage } from "./modules/media/image-storage-from-env";
import { gatewaysFromEnv } from "./modules/payments/gateways/gateways";

/** The logger calls used here, which the API's logger and the worker's pino logger both have. */
type LogFn = { (message: string): void; (context: object, message: string): void };
export interface JobLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/**
 * Runs the background jobs (mail delivery, back-in-stock notices...) with what the environment says, logging
 * each failed attempt and each database outage once. In the API's process for `npm start` (main.ts), or in
 * a process of its own (worker.ts). Without SMTP_URL, mail is printed to this process's output.
 */
export async function startBackgroundJobs(options: { env: Env; database: Database; log: JobLog }): Promise<JobWorker> {
  const { env, database, log } = options;
  if (!env.SMTP_URL) log.info("SMTP_URL is not set: emails are printed to this console, not sent");
  const mailTransport = createMailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const worker = await startJobWorker({
    db: database.db,
    handlers: createJobHandlers({
      db: database.db,
      mailTransport,
      storefrontUrl: env.STOREFRONT_URL,
      orderLinkSecret: resolveOrderLinkSecret(env),
      paymentGateways: gatewaysFromEnv(env),
      log,
      images: {
        storage: createImageStorage(env, resolveDataDir(env)),
        allowPrivateAddresses: env.IMAGE_FETCH_PRIVATE_ADDRESSES === "allow",
      },
    }),
    pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
    onJobFailed: ({ id, name, attempt, dead, error }) => {
      // The error's message stays in the job (npm run jobs -- failed): it may name a recipient, and logs
      // carry no personal data (decision 009). Its code says enough to tell an SMTP refusal from a bug.
      const context = { job: { id, name, attempt }, cause: errorKind(error) };
      if (dead) log.error(context, "job worker: a job failed its last attempt and is dead (npm run jobs -- failed)");
      else log.warn(context, "job worker: a job failed and will be retried");
    },
    onError: (error) => log.error({ err: error }, "job worker: a round failed"),
    onDatabaseUnavailable: (error) =>
      log.warn({ cause: summariseDatabaseError(error) }, "job worker: the database is unavailable; retrying less often until it is back"),
    onDatabaseRestored: () => log.info("job worker: the database is back; running jobs again"),
  });
  return {
    async stop(stopOptions) {
      await worker.stop(stopOptions);
      mailTransport.close();
    },
  };
}

/**
 * The API's own share of the background jobs: all of them when JOBS_WORKER is on (`npm start`, one process),
 * none when it is off because workers of their own run them (worker.ts); answers null then.
 */
export async function startInProcessJobs(options: { env: Env; database: Database; log: JobLog }): Promise<JobWorker | null> {
  if (options.env.JOBS_WORKER === "off") {
    options.log.info("JOBS_WORKER=off: this process runs no background jobs; run them with npm run worker --workspace @quire/api");
    return null;
  }
  return startBackgroundJobs(options);
}

/** What kind of error, without its message: a Node or SMTP code (ECONNREFUSED, EAUTH, 451...) or its class. */
function errorKind(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  return [error.name, code, responseCode].filter((part) => typeof part === "string" || typeof part === "number").join(" ");
}
