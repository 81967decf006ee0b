import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables";

/**
 * The transactional outbox: a message is written in the same transaction as the change that causes it,
 * with a mail-delivery job (mail-delivery.ts) that sends it afterwards. Nothing is sent for a change that
 * rolled back. The job queue holds the attempts, the backoff and the last error; this table is the record
 * of what was queued and sent, which the per-address mail caps count (decisions 012, 013, 019).
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer().references(() => stores.id, { onDelete: "cascade" }),
    /** What kind of message: signup_request, password_reset, back_in_stock... */
    kind: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    /** The main link of the message (completion, reset...), printed to the console when no SMTP is set. */
    actionUrl: text(),
    /**
     * What makes a message once-only, such as `order:41:bank_transfer_placed`: a second message with the same key is
     * never queued, however often the job that writes it runs. Null for messages with no such rule.
     */
    dedupeKey: text().unique(),
    /**
     * The order a message is about (its confirmation, shipping, refund mails), for the order's timeline; null for
     * any other. No foreign key: orders send mail, so the mail module names no order table (decision 040).
     */
    orderId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The per-address mail caps count an address's recent messages on every request that may send one.
    index("outbox_messages_recipient_idx").on(t.recipient, t.createdAt),
    // Housekeeping finds messages past their retention by their age (outbox-retention.ts).
    index("outbox_messages_created_idx").on(t.createdAt),
    // An order's mails, for the merchant's view of the order.
    index("outbox_messages_order_idx")
      .on(t.orderId, t.id)
      .where(sql`order_id is not null`),
  ],
);
