import { and, asc, eq } from "drizzle-orm";
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
