import { index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables";

/**
 * A message sent through the contact form: kept so that none is lost when mail fails, and mailed to the shop's
 * contact address through the outbox. `reference` is what the sender is told and the shop's mail names.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    reference: text().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    /** The signed-in customer who sent it, if any. */
    customerId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("contact_messages_reference_unique").on(t.reference),
    index("contact_messages_store_created_idx").on(t.storeId, t.createdAt),
  ],
);
