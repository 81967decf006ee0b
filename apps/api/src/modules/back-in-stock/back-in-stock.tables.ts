import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { productVariants } from "../catalog/catalog.tables";
import { customers } from "../identity/identity.tables";
import { stores } from "../stores/stores.tables";

/** A request to be emailed once when an out-of-stock variant is back. */
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
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("back_in_stock_pending_unique").on(t.variantId, t.email).where(sql`notified_at is null`),
    index("back_in_stock_variant_idx").on(t.variantId),
  ],
);
