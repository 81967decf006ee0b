import { sql } from "drizzle-orm";
import { foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { productVariants } from "../catalog/catalog.tables";
import { customers } from "../identity/identity.tables";
import { stores } from "../stores/stores.tables";

/**
 * A request to be emailed once when an out-of-stock variant is back. Only a confirmed request is ever
 * notified: the address's owner confirmed it by an emailed link, or it is the signed-in customer's own
 * (already verified) account email.
 */
export const backInStockSubscriptions = pgTable(
  "back_in_stock_subscriptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("back_in_stock_pending_unique")
      .on(t.variantId, t.email)
      .where(sql`notified_at is null`),
    index("back_in_stock_variant_idx").on(t.variantId),
    // Housekeeping finds old requests nobody confirmed; only those are indexed.
    index("back_in_stock_unconfirmed_created_idx")
      .on(t.createdAt)
      .where(sql`confirmed_at is null and notified_at is null`),
    // It also finds requests notified long ago, by when they were notified; only those are indexed.
    index("back_in_stock_notified_idx")
      .on(t.notifiedAt)
      .where(sql`notified_at is not null`),
  ],
);

/**
 * The emailed confirmation links of a subscription, one per confirmation email, so an earlier email's link
 * keeps working after a later one. Only the token's SHA-256 is stored (identity's emailed tokens).
 */
export const backInStockConfirmationTokens = pgTable(
  "back_in_stock_confirmation_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer().notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // Named here: the generated names pass PostgreSQL's 63-character limit.
    foreignKey({
      name: "back_in_stock_confirmation_tokens_subscription_fk",
      columns: [t.subscriptionId],
      foreignColumns: [backInStockSubscriptions.id],
    }).onDelete("cascade"),
    unique("back_in_stock_confirmation_tokens_hash_unique").on(t.tokenHash),
    index("back_in_stock_confirmation_tokens_subscription_idx").on(t.subscriptionId),
    // Housekeeping finds expired links by their expiry.
    index("back_in_stock_confirmation_tokens_expires_idx").on(t.expiresAt),
  ],
);
