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
