import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { addonOptions, productVariants } from "../catalog/catalog.tables";
import { customers } from "../identity/identity.tables";
import { stores } from "../stores/stores.tables";
import { CART_STATUSES } from "./cart-status";

/**
 * A basket. An anonymous cart is found by its anonymousId (128+ random bits); a customer has at most one
 * open cart per store. Merged and ordered carts are kept, closed, for history and idempotency.
 */
export const carts = pgTable(
  "carts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
    anonymousId: text(),
    /** Changed only through transition() with cartMachine (cart-status.ts). */
    status: text({ enum: CART_STATUSES }).notNull().default("open"),
    mergedIntoCartId: integer().references((): AnyPgColumn => carts.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carts_anonymous_id_unique").on(t.anonymousId),
    uniqueIndex("carts_open_customer_unique")
      .on(t.storeId, t.customerId)
      .where(sql`status = 'open' and customer_id is not null`),
    check("carts_status_check", sql`${t.status} in ('open','merged','ordered')`),
    check("carts_owner_check", sql`${t.customerId} is not null or ${t.anonymousId} is not null`),
  ],
);

/** One variant in a cart. Quantity is a whole number of at least 1; 0 removes the line. */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /**
     * Null once the shop deletes the variant: the line survives so the next cart answer can say the item
     * was withdrawn (and then removes it), instead of the item silently vanishing.
     */
    variantId: integer().references(() => productVariants.id, { onDelete: "set null" }),
    /** Product and variant name when added, for the notice about a withdrawn variant (which has no name left). */
    itemName: text().notNull().default(""),
    quantity: integer().notNull(),
    /** The unit price the shopper last saw, so a change can be reported as a "price changed" notice. */
    lastSeenUnitAmount: integer(),
    lastSeenCurrencyCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("cart_lines_cart_variant_unique").on(t.cartId, t.variantId), check("cart_lines_quantity_check", sql`${t.quantity} >= 1`)],
);

/** Add-on options chosen for a cart line (gift wrap, message card...). */
export const cartLineAddons = pgTable(
  "cart_line_addons",
  {
    cartLineId: integer()
      .notNull()
      .references(() => cartLines.id, { onDelete: "cascade" }),
    addonOptionId: integer()
      .notNull()
      .references(() => addonOptions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.cartLineId, t.addonOptionId] })],
);

/**
 * What changed in a cart since the shopper last looked (price changed, quantity reduced to stock, item no
 * longer available). Shown once with the next cart answer, then cleared.
 */
export const cartNotifications = pgTable(
  "cart_notifications",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /** The line concerned; null for 'generic' notices. Not a foreign key: the line may be gone. */
    lineItemId: integer(),
    code: text().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cart_notifications_cart_idx").on(t.cartId)],
);
