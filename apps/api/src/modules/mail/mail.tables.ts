import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables";

/**
 * The transactional outbox: a message is written in the same transaction as the change that causes it,
 * and a worker delivers it afterwards. Nothing is sent for a change that rolled back, and nothing is lost
 * when delivery fails: the row stays until it is sent.
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("outbox_messages_pending_idx").on(t.availableAt, t.id).where(sql`sent_at is null`),
    // The per-address mail caps count an address's recent messages on every request that may send one.
    index("outbox_messages_recipient_idx").on(t.recipient, t.createdAt),
  ],
);
