import type { Db } from "../../db/client";
import { isDatabaseUnavailable } from "../../http/database-unavailable";
import type { MailTransport } from "./mail-transports";
import { claimDueMail, markMailFailed, markMailSent } from "./outbox.repository";

const BATCH_SIZE = 20;
/** How long a claim lasts: longer than any one SMTP conversation (the transport times out at 30 s). */
const LEASE_SECONDS = 120;
const MAX_RETRY_SECONDS = 3600;
/** Longest wait between polls while the database is away (unless the poll interval itself is longer). */
const MAX_OUTAGE_POLL_MS = 5_000;

/** Backoff after the n-th failed attempt: 1, 2, 4, 8... minutes, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_SECONDS, 60 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Wait before the next poll after `failedPolls` polls in a row found the database away: the poll interval
 * doubled after each, at most 5 s, so an outage costs a few connection attempts rather than one per interval,
 * and delivery resumes within seconds of the database's return.
 */
export function outagePollDelayMs(pollIntervalMs: number, failedPolls: number): number {
  return Math.min(Math.max(pollIntervalMs, MAX_OUTAGE_POLL_MS), pollIntervalMs * 2 ** Math.max(0, failedPolls));
}

export interface DeliveryReport {
  claimed: number;
  sent: number;
  failed: number;
}

/** Claims one batch of due messages and tries to deliver each; failures are recorded for a later retry. */
export async function deliverDueMail(db: Db, transport: MailTransport, options: { batchSize?: number } = {}): Promise<DeliveryReport> {
  const claimed = await claimDueMail(db, options.batchSize ?? BATCH_SIZE, LEASE_SECONDS);
  let sent = 0;
  for (const message of claimed) {
    try {
      await transport.send(message);
    } catch (error) {
      await markMailFailed(db, message.id, error instanceof Error ? error.message : String(error), retryDelaySeconds(message.attempts));
      continue;
    }
    await markMailSent(db, message.id);
    sent++;
  }
  return { claimed: claimed.length, sent, failed: claimed.length - sent };
}

export interface OutboxWorker {
  /** Stops polling, waits for the batch in hand and closes the transport. */
  stop(): Promise<void>;
}

/**
 * Drains the outbox in this process: every `pollIntervalMs` it delivers due messages, batch after batch
 * until none is left. Several processes may run it at once; their claims never overlap. It keeps running
 * while the database is away: it says so once per outage, polls less often, and resumes when it is back.
 */
export function startOutboxWorker(options: {
  db: Db;
  transport: MailTransport;
  pollIntervalMs: number;
  /** A round failed for another reason than the database being away (told every time). */
  onError?: (error: unknown) => void;
  onFailedDelivery?: (report: DeliveryReport) => void;
  /** The database went away: told once per outage, with the first error. */
  onDatabaseUnavailable?: (error: unknown) => void;
  /** The first round that reached the database after an outage. */
  onDatabaseRestored?: () => void;
}): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** Polls in a row that found the database away; 0 when it is there. */
  let failedPolls = 0;

  async function drain() {
    let failure: { error: unknown } | undefined;
    try {
      while (!stopped) {
        const report = await deliverDueMail(options.db, options.transport);
        if (report.failed > 0) options.onFailedDelivery?.(report);
        if (report.claimed < BATCH_SIZE) break;
      }
    } catch (error) {
      failure = { error };
    }
    if (failure && isDatabaseUnavailable(failure.error)) {
      if (failedPolls === 0) options.onDatabaseUnavailable?.(failure.error);
      failedPolls++;
      return;
    }
    // Any other outcome means the database answered.
    if (failedPolls > 0) {
      failedPolls = 0;
      options.onDatabaseRestored?.();
    }
    if (failure) options.onError?.(failure.error);
  }
  function schedule() {
    if (stopped) return;
    const delay = failedPolls > 0 ? outagePollDelayMs(options.pollIntervalMs, failedPolls) : options.pollIntervalMs;
    timer = setTimeout(() => {
      running = drain().finally(schedule);
    }, delay);
  }

  running = drain().finally(schedule);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      options.transport.close();
    },
  };
}
