import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { productVariants } from "../catalog/catalog.tables";
import { customers } from "../identity/identity.tables";
import { stores } from "../stores/stores.tables";

/** Recently viewed variants, per customer or per anonymous visitor; one row per variant, latest view kept. */
export const viewedProducts = pgTable(
  "viewed_products",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
    anonymousId: text(),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("viewed_products_customer_unique")
      .on(t.customerId, t.variantId)
      .where(sql`customer_id is not null`),
    uniqueIndex("viewed_products_anonymous_unique")
      .on(t.anonymousId, t.variantId)
      .where(sql`anonymous_id is not null`),
    index("viewed_products_recent_idx").on(t.storeId, t.viewedAt),
    // A view belongs to exactly one viewer: a customer or an anonymous visitor.
    check("viewed_products_viewer_check", sql`(${t.customerId} is null) <> (${t.anonymousId} is null)`),
  ],
);
