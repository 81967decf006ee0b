import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { productVariants } from "../catalog/catalog.tables";
import { stores } from "../stores/stores.tables";

/**
 * Every change of a variant's stock, in the transaction that made it: by how much, what it left, why, and who
 * (a merchant's member, token or key; null for a shopper's order). A variant's history is read newest first.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    delta: integer().notNull(),
    quantityAfter: integer().notNull(),
    reason: text().notNull(),
    note: text().notNull().default(""),
    actorType: text(),
    actorId: integer(),
    actorLabel: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_variant_idx").on(t.variantId, t.id),
    check(
      "stock_movements_reason_check",
      sql`${t.reason} in ('count', 'received', 'returned', 'damaged', 'lost', 'correction', 'order', 'cancellation', 'bulk_edit')`,
    ),
  ],
);
