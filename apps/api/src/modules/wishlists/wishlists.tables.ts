import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { productVariants } from "../catalog/catalog.tables";
import { customers } from "../identity/identity.tables";

/**
 * A customer's named favourites list. Names are unique per customer, ignoring case, so the options of the
 * selection dialog can be told apart.
 */
export const wishlists = pgTable(
  "wishlists",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("wishlists_customer_idx").on(t.customerId, t.id),
    uniqueIndex("wishlists_customer_name_unique").on(t.customerId, sql`lower(${t.name})`),
  ],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    wishlistId: integer()
      .notNull()
      .references(() => wishlists.id, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("wishlist_items_wishlist_variant_unique").on(t.wishlistId, t.variantId),
    index("wishlist_items_variant_idx").on(t.variantId),
    check("wishlist_items_quantity_check", sql`${t.quantity} >= 1`),
  ],
);
