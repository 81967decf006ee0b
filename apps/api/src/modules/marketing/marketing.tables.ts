import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "../identity/identity.tables";
import { stores } from "../stores/stores.tables";

/**
 * The newsletters an address gets in a store (decision 034): a set of NEWSLETTER_TOPICS, empty once it has
 * unsubscribed. A row exists only once the address's owner said so: a signed-in customer for their own
 * account email, or anyone through an emailed confirmation link. `customers.marketing_opt_in` follows it.
 */
export const marketingSubscriptions = pgTable(
  "marketing_subscriptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text().notNull(),
    /** The account whose email this is, when it was set by its signed-in customer. */
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    topics: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("marketing_subscriptions_store_email_unique").on(t.storeId, t.email)],
);

/**
 * Emailed links of marketing subscriptions: a confirmation (applies its `topics` to the address once, within
 * NEWSLETTER_CONFIRMATION_DAYS) and, beside it in the same email, an unsubscribe link (empties the address's
 * topics, for a year). Until confirmed, a confirmation row is the pending request. Only the token's SHA-256
 * is stored (identity's emailed tokens).
 */
export const marketingSubscriptionLinks = pgTable(
  "marketing_subscription_links",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text().notNull(),
    kind: text({ enum: ["confirm", "unsubscribe"] }).notNull(),
    topics: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When a confirmation was applied; an unsubscribe link is never used up. */
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("marketing_subscription_links_expires_idx").on(t.expiresAt),
    check("marketing_subscription_links_kind_check", sql`${t.kind} in ('confirm', 'unsubscribe')`),
  ],
);
