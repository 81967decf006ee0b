import type { Db } from "../db/client";
import { createJobHandlers, type JobHandlerDeps } from "../job-handlers";
import type { JobName } from "../modules/jobs/job-catalogue";
import { runJobsUntilIdle, type JobFailure, type JobHandlers } from "../modules/jobs/job-worker";
import type { MailTransport } from "../modules/mail/mail-transports";

export const TEST_JOBS_STOREFRONT_URL = "https://shop.example";

/**
 * Runs every due job with the real handlers until none is left, as the worker in main.ts would on its next
 * polls, and answers how many ran: what a test awaits instead of sleeping. Without `mailTransport`, mail
 * is left queued in the outbox, where a test reads it. A failed attempt fails the call, with its error,
 * unless `allowFailures` says the test expects it.
 */
export async function drainJobs(
  db: Db,
  options: {
    mailTransport?: MailTransport;
    storefrontUrl?: string;
    only?: JobName[];
    includeWaiting?: boolean;
    allowFailures?: boolean;
    /** Where a catalogue import keeps the pictures it fetches, and whether it may fetch from this machine. */
    images?: JobHandlerDeps["images"];
  } = {},
): Promise<{ completed: number; failed: number; failures: JobFailure[] }> {
  const all = createJobHandlers({
    db,
    mailTransport: options.mailTransport ?? {
      send: () => Promise.reject(new Error("drainJobs was given no mail transport")),
      close: () => {},
    },
    storefrontUrl: options.storefrontUrl ?? TEST_JOBS_STOREFRONT_URL,
    ...(options.images ? { images: options.images } : {}),
  });
  const names = (options.only ?? (Object.keys(all) as JobName[])).filter((name) => name !== "mail-delivery" || options.mailTransport);
  const handlers: Partial<JobHandlers> = Object.fromEntries(names.map((name) => [name, all[name]]));
  const failures: JobFailure[] = [];
  const report = await runJobsUntilIdle(db, handlers, {
    includeWaiting: options.includeWaiting,
    onJobFailed: (failure) => void failures.push(failure),
  });
  if (failures.length > 0 && !options.allowFailures) {
    throw new AggregateError(
      failures.map((failure) => failure.error),
      `${failures.length} job(s) failed: ${failures.map((failure) => `${failure.name} ${failure.id}`).join(", ")}`,
    );
  }
  return { ...report, failures };
}
