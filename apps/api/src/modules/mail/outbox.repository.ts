import { and, asc, count, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enqueue } from "../jobs/job-queue";
import { outboxMessages } from "./mail.tables";

export interface OutgoingMail {
  storeId: number | null;
  /** What the message is: signup_request, password_reset, invite, back_in_stock... */
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  /** The message's main link, printed to the console when no SMTP server is configured. */
  actionUrl?: string;
  /** Makes the message once-only: a message whose key was queued before is not queued again (and gets no job). */
  dedupeKey?: string;
  /** The order the message is about, for the merchant's view of the order. */
  orderId?: number;
}

/**
 * Queues mail: each message is recorded in the outbox and gets a delivery job (mail-delivery.ts), both in
 * the caller's transaction, so the mail exists exactly when the change that causes it commits. The job
 * queue retries a failed delivery with backoff; the outbox keeps what was queued and sent, which the
 * per-address mail caps count. A message with a dedupeKey already queued is skipped, so a job that runs again
 * (a retry, a second delivery of its event) queues its mail once.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
  const rows = Array.isArray(mail) ? mail : [mail];
  if (rows.length === 0) return;
  // One transaction (a savepoint inside the caller's): never a message without its job, nor a job without it.
  await db.transaction(async (tx) => {
    const queued = await tx
      .insert(outboxMessages)
      .values(
        rows.map((message) => ({
          storeId: message.storeId,
          kind: message.kind,
          recipient: message.recipient,
          subject: message.subject,
          textBody: message.textBody,
          actionUrl: message.actionUrl ?? null,
          dedupeKey: message.dedupeKey ?? null,
          orderId: message.orderId ?? null,
        })),
      )
      .onConflictDoNothing({ target: outboxMessages.dedupeKey })
      .returning({ id: outboxMessages.id });
    for (const { id } of queued) await enqueue(tx, "mail-delivery", { messageId: id });
  });
}

/** The advisory lock namespace of lockRecipientMail ("mail" in ASCII). */
const RECIPIENT_MAIL_LOCK = 0x6d61696c;

/**
 * Holds, until the caller's transaction ends, the lock on capped mail to `recipient`: a second transaction
 * asking for it waits until the first commits or rolls back. Take it before countRecentMail, in the
 * transaction that then queues the mail, so a cap's count and insert act as one even under concurrent
 * requests (without it, 50 simultaneous sign-ups for one address each counted 0 and all queued a mail).
 * The key is the address alone, as the caps count an address's mail from every store.
 *
 * A transaction-scoped advisory lock rather than a counter row: the outbox already records what was sent
 * and when, so the cap needs no second copy of that state, no table and no window bookkeeping, and the lock
 * costs nothing when addresses differ. It works alike on PostgreSQL and PGlite, is released by commit,
 * rollback or a dropped connection, and can never be left behind. The two-key form keeps these locks apart
 * from single-key ones (the seed's); two addresses whose hashes collide merely wait for each other.
 */
export async function lockRecipientMail(tx: Db, recipient: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RECIPIENT_MAIL_LOCK}, hashtext(${recipient}))`);
}

/** How many messages of these kinds were queued for one address since `since` (to stop mail floods). */
export async function countRecentMail(db: Db, recipient: string, kinds: string[], since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), inArray(outboxMessages.kind, kinds), gt(outboxMessages.createdAt, since)));
  return row?.value ?? 0;
}

/** A message to deliver. */
export interface QueuedMail {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  actionUrl: string | null;
  sentAt: Date | null;
}

/** One outbox message; null when it is gone (its store was deleted). */
export async function findQueuedMail(db: Db, id: number): Promise<QueuedMail | null> {
  const [row] = await db
    .select({
      id: outboxMessages.id,
      kind: outboxMessages.kind,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      textBody: outboxMessages.textBody,
      actionUrl: outboxMessages.actionUrl,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id));
  return row ?? null;
}

export async function markMailSent(db: Db, id: number): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ sentAt: sql`now()` })
    .where(eq(outboxMessages.id, id));
}

/**
 * Deletes up to `limit` outbox messages written more than `olderThanSeconds` ago, sent or not (one never sent
 * by then died long before); answers how many. A delivery job that still comes for one finds it gone.
 */
export async function deleteOldMessages(db: Db, olderThanSeconds: number, limit: number): Promise<number> {
  const old = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(sql`${outboxMessages.createdAt} < now() - make_interval(secs => ${olderThanSeconds})`)
    .limit(limit);
  const deleted = await db.delete(outboxMessages).where(inArray(outboxMessages.id, old)).returning({ id: outboxMessages.id });
  return deleted.length;
}

/** The most mails an order's view lists: far more than an order's life sends (confirmation, shipping, refunds...). */
export const ORDER_MAILS_LIMIT = 100;

/** The mails queued about an order, oldest first (at most ORDER_MAILS_LIMIT), by the outbox's order index. */
export function listOrderMails(db: Db, orderId: number) {
  return db
    .select({
      kind: outboxMessages.kind,
      subject: outboxMessages.subject,
      recipient: outboxMessages.recipient,
      queuedAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.orderId, orderId), isNotNull(outboxMessages.orderId)))
    .orderBy(asc(outboxMessages.id))
    .limit(ORDER_MAILS_LIMIT);
}
