import type { Db } from "../../db/client";
import type { MailTransport } from "./mail-transports";
import { claimDueMail, markMailFailed, markMailSent } from "./outbox.repository";

const BATCH_SIZE = 20;
/** How long a claim lasts: longer than any one SMTP conversation (the transport times out at 30 s). */
const LEASE_SECONDS = 120;
const MAX_RETRY_SECONDS = 3600;

/** Backoff after the n-th failed attempt: 1, 2, 4, 8... minutes, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_SECONDS, 60 * 2 ** Math.max(0, attempts - 1));
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
 * until none is left. Several processes may run it at once; their claims never overlap.
 */
export function startOutboxWorker(options: {
  db: Db;
  transport: MailTransport;
  pollIntervalMs: number;
  onError?: (error: unknown) => void;
  onFailedDelivery?: (report: DeliveryReport) => void;
}): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function drain() {
    try {
      while (!stopped) {
        const report = await deliverDueMail(options.db, options.transport);
        if (report.failed > 0) options.onFailedDelivery?.(report);
        if (report.claimed < BATCH_SIZE) break;
      }
    } catch (error) {
      // The database may be briefly away; the next poll tries again.
      options.onError?.(error);
    }
  }
  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = drain().finally(schedule);
    }, options.pollIntervalMs);
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
