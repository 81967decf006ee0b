import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
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
}

/**
 * Queues mail in the outbox. Call it with the same transaction as the change that causes the message, so
 * the mail exists exactly when the change does; the outbox worker delivers it afterwards.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
  const rows = Array.isArray(mail) ? mail : [mail];
  if (rows.length === 0) return;
  await db.insert(outboxMessages).values(
    rows.map((message) => ({
      storeId: message.storeId,
      kind: message.kind,
      recipient: message.recipient,
      subject: message.subject,
      textBody: message.textBody,
      actionUrl: message.actionUrl ?? null,
    })),
  );
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

/** A message claimed for delivery. */
export interface ClaimedMail {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  actionUrl: string | null;
  /** Delivery attempts so far, this one included. */
  attempts: number;
}

/**
 * Claims up to `limit` due messages for one delivery attempt. `FOR UPDATE SKIP LOCKED` lets several
 * workers claim at once without taking the same row; pushing `availableAt` ahead by `leaseSeconds` keeps
 * the claim after the statement commits, so no transaction stays open while SMTP talks. A worker that dies
 * mid-send leaves its messages to be claimed again when the lease runs out.
 */
export async function claimDueMail(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(isNull(outboxMessages.sentAt), lte(outboxMessages.availableAt, sql`now()`)))
    .orderBy(asc(outboxMessages.availableAt), asc(outboxMessages.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({ attempts: sql`${outboxMessages.attempts} + 1`, availableAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(outboxMessages.id, due))
    .returning({
      id: outboxMessages.id,
      kind: outboxMessages.kind,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      textBody: outboxMessages.textBody,
      actionUrl: outboxMessages.actionUrl,
      attempts: outboxMessages.attempts,
    });
}

export async function markMailSent(db: Db, id: number): Promise<void> {
  await db.update(outboxMessages).set({ sentAt: sql`now()`, lastError: null }).where(eq(outboxMessages.id, id));
}

/** Records a failed attempt; the message is tried again after `retryInSeconds`. */
export async function markMailFailed(db: Db, id: number, error: string, retryInSeconds: number): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ lastError: error.slice(0, 2000), availableAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where(eq(outboxMessages.id, id));
}
