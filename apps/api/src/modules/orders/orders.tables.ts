import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Address } from "@quire/contracts";
import { ORDER_STATUSES, TAX_CLASSES } from "@quire/contracts/constants";
import { carts } from "../cart/cart.tables";
import { productVariants } from "../catalog/catalog.tables";
import { discountCodes } from "../checkout/checkout.tables";
import { customers } from "../identity/identity.tables";
import { stores } from "../stores/stores.tables";

/** Order numbers people read out on the phone: QB-100001, QB-100002... Gaps are harmless (a rolled-back order). */
export const orderNumbers = pgSequence("order_number_seq", { startWith: 100_001 });

/**
 * A placed order: a snapshot of what was bought, for how much, delivered where. Amounts were computed by the
 * API when the order was placed (checkout-totals.ts) and never change after; the status changes only through
 * transition() with orderMachine (order-status.ts). One order per cart, so placing twice finds the first.
 */
export const orders = pgTable(
  "orders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    publicId: text().notNull().unique(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    cartId: integer()
      .notNull()
      .references(() => carts.id),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    /** The guest's basket id at the time (a bearer secret: never logged), so a guest can read their own order. */
    anonymousId: text(),
    status: text({ enum: ORDER_STATUSES }).notNull(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    currencyCode: text().notNull(),
    pricesIncludeTax: boolean().notNull(),
    subTotal: integer().notNull(),
    discountTotal: integer().notNull(),
    deliveryCharge: integer().notNull(),
    taxTotal: integer().notNull(),
    /** The part of taxTotal charged on the delivery; 0 for orders placed before it was recorded. */
    deliveryTax: integer().notNull().default(0),
    grandTotal: integer().notNull(),
    /** [{ taxClass, basisPoints, amount }] */
    taxLines: jsonb().$type<{ taxClass: (typeof TAX_CLASSES)[number]; basisPoints: number; amount: number }[]>().notNull(),
    /** [{ code, kind, amount }] */
    discountLines: jsonb().$type<{ code: string; kind: string; amount: number }[]>().notNull(),
    deliveryAddress: jsonb().$type<Address>().notNull(),
    billingAddress: jsonb().$type<Address>().notNull(),
    deliveryOptionId: integer(),
    deliveryOptionName: text().notNull(),
    deliveryOptionKind: text().notNull(),
    referenceNumber: text(),
    customerComment: text(),
    privacyPolicyId: text(),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    placedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** An order awaiting payment past this is cancelled by a job, and its stock freed. */
    paymentDueBy: timestamp({ withTimezone: true }),
    /** The carrier's reference, set when the merchant ships the order. */
    trackingReference: text(),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    /** When the confirmation email was queued: set in the same transaction, so a retried job never mails twice. */
    confirmationMailedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_cart_unique").on(t.cartId),
    index("orders_customer_idx").on(t.customerId, t.placedAt),
    // The merchant's lists: a store's orders of one status, newest first.
    index("orders_store_status_idx").on(t.storeId, t.status, t.placedAt, t.id),
    // The back office's figures: a store's orders placed in the last 30 days, whatever their status.
    index("orders_store_placed_idx").on(t.storeId, t.placedAt),
    index("orders_awaiting_payment_idx")
      .on(t.paymentDueBy)
      .where(sql`status = 'awaiting_payment'`),
    check("orders_status_check", sql`${t.status} in ('awaiting_payment','confirmed','shipped','delivered','cancelled')`),
    check(
      "orders_amounts_check",
      sql`${t.subTotal} >= 0 and ${t.discountTotal} >= 0 and ${t.deliveryCharge} >= 0 and ${t.taxTotal} >= 0 and ${t.grandTotal} >= 0`,
    ),
  ],
);

/** One bought variant, as it was when ordered (names and prices kept even if the catalogue changes). */
export const orderLines = pgTable(
  "order_lines",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer().references(() => productVariants.id, { onDelete: "set null" }),
    sku: text().notNull(),
    productName: text().notNull(),
    variantName: text().notNull(),
    quantity: integer().notNull(),
    unitAmount: integer().notNull(),
    taxClass: text({ enum: TAX_CLASSES }).notNull(),
    /** [{ name, unitAmount, taxClass }] */
    addons: jsonb().$type<{ name: string; unitAmount: number; taxClass: (typeof TAX_CLASSES)[number] }[]>().notNull(),
    /** Quantity × (unit + add-ons), before discounts. */
    total: integer().notNull(),
    /** Units taken from stock when ordered (fewer than quantity only when out-of-stock purchase is on). */
    reservedQuantity: integer().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId, t.position),
    // "Bought together" finds the orders of a product's variants (modules/recommendations).
    index("order_lines_variant_idx").on(t.variantId, t.orderId),
    check("order_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

/** Which order used which code, for per-customer limits and for giving the use back when an order is cancelled. */
export const discountCodeUses = pgTable(
  "discount_code_uses",
  {
    discountCodeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: integer(),
    /** Lower case; a guest's per-customer limit is counted by email. */
    email: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.orderId] }), index("discount_code_uses_email_idx").on(t.discountCodeId, t.email)],
);
