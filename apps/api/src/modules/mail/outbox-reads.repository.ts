import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outboxMessages } from "./mail.tables";

/** A message as the outbox keeps it: what was queued, for whom, and whether it has been sent. */
export interface OutboxMessage {
  id: number;
  storeId: number | null;
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  actionUrl: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The messages of one kind queued for an address, oldest first (the recipient index finds them). */
export function listMailTo(db: Db, input: { recipient: string; kind: string }): Promise<OutboxMessage[]> {
  return db
    .select({
      id: outboxMessages.id,
      storeId: outboxMessages.storeId,
      kind: outboxMessages.kind,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      textBody: outboxMessages.textBody,
      actionUrl: outboxMessages.actionUrl,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, input.recipient), eq(outboxMessages.kind, input.kind)))
    .orderBy(asc(outboxMessages.id));
}

/**
 * The store's messages to an address or about these orders, newest first, at most `limit` (decision 062): what they
 * were about and when, never their text or link, which may hold a sign-in or reset token.
 */
export function listMailOfRecipient(db: Db, input: { storeId: number; recipient: string; orderIds: readonly number[]; limit: number }) {
  return db
    .select({
      kind: outboxMessages.kind,
      subject: outboxMessages.subject,
      queuedAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.storeId, input.storeId),
        or(eq(outboxMessages.recipient, input.recipient), sql`${outboxMessages.orderId} = any(${sql.param([...input.orderIds])}::int[])`),
      ),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(input.limit);
}
