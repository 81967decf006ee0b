import type { DomainEvent, DomainEventType } from "./domain-events";

/**
 * Every kind of background job: its name (a queue of its own) and what it carries. A payload is JSON and
 * holds ids, never personal data: the handler reads the rest when it runs, so a job sees the database as
 * it is then, and the queue's tables hold nothing a privacy request would have to find.
 */
export interface JobPayloads {
  /** Delivers one outbox message (modules/mail). */
  "mail-delivery": { messageId: number };
  /** Mails a variant's confirmed back-in-stock subscribers when its stock came back (modules/back-in-stock). */
  "back-in-stock-notify": DomainEvent<"stock.changed">;
  /** Mails an order's confirmation once its payment is captured (modules/orders). */
  "order-confirmation-mail": DomainEvent<"payment.captured">;
  /** Mails a bank-transfer order's details to pay it by (amount, bank, reference, deadline, invoice) once (modules/orders). */
  "bank-transfer-order-mail": DomainEvent<"payment.proforma_issued">;
  /** Mails the buyer that their order is on its way, with the tracking reference, once per reference (modules/orders). */
  "order-shipped-mail": DomainEvent<"order.shipped">;
  /** Mails the buyer that their order was delivered, with how to return it, once (modules/orders). */
  "order-delivered-mail": DomainEvent<"order.delivered">;
  /** Mails the buyer that their order was cancelled, by whom, and whether and how their money comes back, once (modules/orders). */
  "order-cancelled-mail": DomainEvent<"order.cancelled">;
  /** Mails the buyer that a refund was issued (amount, method, when to expect it), once per refund (modules/orders). */
  "refund-issued-mail": DomainEvent<"refund.succeeded">;
  /**
   * Publishes "blog.changed" when a scheduled post goes live, so the page caches forget the blog's pages then: queued
   * for the post's publishedAt when it is scheduled (modules/blog).
   */
  "blog-post-live": { storeId: number; postId: number };
  // Housekeeping, run on a schedule (JOB_SCHEDULES): each deletes what its module no longer needs.
  /** Idempotency keys past their 24 hours (modules/idempotency). */
  "purge-idempotency-keys": HousekeepingRun;
  /** Request-limit counters whose window lapsed long ago (modules/rate-limits). */
  "purge-rate-limits": HousekeepingRun;
  /** Emailed sign-up, invite and reset links a week past their expiry; lapsed sign-in throttles (modules/identity). */
  "purge-identity-links": HousekeepingRun;
  /** Sign-in sessions a month after they were signed out, revoked or expired (modules/identity). */
  "purge-ended-sessions": HousekeepingRun;
  /** Back-in-stock requests never confirmed or notified long ago, and expired confirmation links (modules/back-in-stock). */
  "purge-back-in-stock-requests": HousekeepingRun;
  /** Outbox messages, with their recipients, past their retention (modules/mail). */
  "purge-outbox": HousekeepingRun;
  /**
   * Writes the search documents of the store's queued products (modules/catalog/search): a product change queued them
   * in its transaction. One queued job per store at a time (a burst of changes is one run).
   */
  "search-index": DomainEvent<"product.changed">;
  /** Queues a product for the search index when its stock came or went (in-stock ranks first; modules/catalog/search). */
  "search-index-stock": DomainEvent<"stock.changed">;
  /** Writes a catalogue import's products, carrying on where a stopped run left off (flows/catalogue-import.flow.ts). */
  "catalogue-import": { importId: number };
  /** Writes any product still queued for the search index, e.g. after a migration or a dead run (modules/catalog/search). */
  "search-index-sweep": HousekeepingRun;
  /** Recounts each store's search vocabulary from its documents (modules/catalog/search). */
  "refresh-search-vocabulary": HousekeepingRun;
  /** Orders whose payment did not come in time: cancelled, their stock and discount uses given back (modules/orders). */
  "cancel-unpaid-orders": HousekeepingRun;
  /** Payments a gateway has had open for minutes, asked of the gateway in case its webhook never came (modules/payments). */
  "refresh-open-payments": HousekeepingRun;
  /** Refunds left pending (a crash between recording and calling, a gateway away): paid, the gateway asked first (flows). */
  "settle-pending-refunds": HousekeepingRun;
  /** Stored webhook events past the time a gateway could still deliver them again (modules/payments). */
  "purge-payment-webhook-events": HousekeepingRun;
  /** Planner statistics of the tables that changed much since they were last analysed (db/table-statistics.ts). */
  "refresh-table-statistics": HousekeepingRun;
}

/** A scheduled job carries nothing: it works on whatever is past retention when it runs. */
export type HousekeepingRun = Record<string, never>;

export type JobName = keyof JobPayloads;

/** How a queue's jobs are retried; `npm run db:migrate` writes these to the queue (job-queue.ts). */
export interface QueueSettings {
  /** Attempts after the first one; past them a failing job is dead (`npm run jobs -- failed`). */
  retryLimit: number;
  /** Wait before the first retry; each later one waits about twice as long as the one before (with jitter). */
  retryDelaySeconds: number;
  /**
   * The longest a handler may run. Past it the worker gives up on the attempt, and a job still active after
   * it (its worker died) is failed by the queue's maintenance, so it is tried again.
   */
  expireInSeconds: number;
  /**
   * At most one job of the queue waiting per key (pg-boss's "stately" policy: one queued and one running):
   * a job for a key already waiting is not queued again. The key is read from the payload.
   */
  onePerKey?: (payload: never) => string;
}

const HOUSEKEEPING: QueueSettings = { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 600 };

export const JOB_QUEUES: { readonly [N in JobName]: QueueSettings } = {
  // 1, 2, 4 ... 128 minutes apart (each up to twice that): about 4 to 8 hours of an SMTP server's outage
  // before a message is dead. The transport gives up on one conversation after 30 s.
  "mail-delivery": { retryLimit: 8, retryDelaySeconds: 60, expireInSeconds: 120 },
  "back-in-stock-notify": { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 300 },
  "order-confirmation-mail": { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 120 },
  "bank-transfer-order-mail": { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 120 },
  "order-shipped-mail": { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 120 },
  "order-delivered-mail": { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 120 },
  "order-cancelled-mail": { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 120 },
  "refund-issued-mail": { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 120 },
  // A run that fails for good costs what it did before the job: the blog's pages show the post once their shared
  // lifetime (300 s) ends.
  "blog-post-live": { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 60 },
  // A run writes every queued product of its store; one waits while another runs, so none is missed.
  "search-index": {
    retryLimit: 10,
    retryDelaySeconds: 5,
    expireInSeconds: 600,
    onePerKey: (event: DomainEvent<"product.changed">) => `store:${event.storeId}`,
  },
  "search-index-stock": { retryLimit: 10, retryDelaySeconds: 5, expireInSeconds: 600 },
  // A run that dies (a deploy, a crash, the database away) is tried again and carries on from its first pending
  // product; an hour covers the largest file (200,000 rows).
  "catalogue-import": { retryLimit: 10, retryDelaySeconds: 30, expireInSeconds: 3600 },
  "search-index-sweep": { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 600 },
  "refresh-search-vocabulary": HOUSEKEEPING,
  // A failed clean-up is tried twice more; if it dies, the next scheduled run does the same work anyway.
  "purge-idempotency-keys": HOUSEKEEPING,
  "purge-rate-limits": HOUSEKEEPING,
  "purge-identity-links": HOUSEKEEPING,
  "purge-ended-sessions": HOUSEKEEPING,
  "purge-back-in-stock-requests": HOUSEKEEPING,
  "purge-outbox": HOUSEKEEPING,
  // Every minute: a failed run is simply the next minute's work.
  "cancel-unpaid-orders": { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 120 },
  "refresh-open-payments": { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 120 },
  "settle-pending-refunds": { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 120 },
  "purge-payment-webhook-events": HOUSEKEEPING,
  "refresh-table-statistics": HOUSEKEEPING,
};

/**
 * When each scheduled job is queued: cron expressions in UTC, read by pg-boss's scheduler in the worker
 * (job-worker.ts). Hourly, each at its own minute so they do not all run at once; a run deletes in small
 * batches, so it never holds a long lock.
 */
export const JOB_SCHEDULES: { readonly [N in JobName]?: string } = {
  "purge-idempotency-keys": "5 * * * *",
  "purge-rate-limits": "15 * * * *",
  "purge-identity-links": "25 * * * *",
  "purge-ended-sessions": "30 * * * *",
  "purge-back-in-stock-requests": "35 * * * *",
  "purge-outbox": "45 * * * *",
  // Stock held by an unpaid order goes back on sale within a minute of its payment's deadline.
  "cancel-unpaid-orders": "* * * * *",
  // A payment whose webhook was lost is settled within a few minutes, well before its order's deadline.
  "refresh-open-payments": "* * * * *",
  // A refund a crash or a gateway outage left pending is paid within minutes of its gateway answering again.
  "settle-pending-refunds": "* * * * *",
  "purge-payment-webhook-events": "50 * * * *",
  "search-index-sweep": "* * * * *",
  "refresh-search-vocabulary": "40 * * * *",
  // After the hour's clean-ups, which may have deleted many rows.
  "refresh-table-statistics": "55 * * * *",
};

/** The jobs whose payload is exactly this event: the ones that may subscribe to it. */
type SubscriberOf<T extends DomainEventType> = {
  [N in JobName]: DomainEvent<T> extends JobPayloads[N] ? (JobPayloads[N] extends DomainEvent<T> ? N : never) : never;
}[JobName];

/**
 * Who hears each event: publishEvent queues one job per subscriber, so each handler is retried (and can
 * die) on its own.
 */
export const EVENT_SUBSCRIBERS: { readonly [T in DomainEventType]: readonly SubscriberOf<T>[] } = {
  "stock.changed": ["back-in-stock-notify", "search-index-stock"],
  "product.changed": ["search-index"],
  "search.documents_written": [],
  "store.settings_changed": [],
  "stock.state_changed": [],
  "category.changed": [],
  "category.products_changed": [],
  "menu.changed": [],
  "content_page.changed": [],
  "blog.changed": [],
  "redirects.changed": [],
  "payment.captured": ["order-confirmation-mail"],
  "payment.proforma_issued": ["bank-transfer-order-mail"],
  "order.shipped": ["order-shipped-mail"],
  "order.delivered": ["order-delivered-mail"],
  "order.cancelled": ["order-cancelled-mail"],
  "refund.succeeded": ["refund-issued-mail"],
};

/**
 * The events also told to every running process as they commit (event-feed.ts): the one change feed of the
 * copies a process keeps in memory, of the catalogue and of the store's settings (decision 044), and of what the
 * storefronts' page caches must forget (decision 064: every change a public page shows).
 */
export const EVENT_BROADCASTS = [
  "product.changed",
  "search.documents_written",
  "store.settings_changed",
  "stock.state_changed",
  "category.changed",
  "category.products_changed",
  "menu.changed",
  "content_page.changed",
  "blog.changed",
  "redirects.changed",
] as const satisfies readonly DomainEventType[];
