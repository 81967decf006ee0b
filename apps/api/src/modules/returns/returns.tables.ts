import { RETURN_REASONS, RETURN_RESOLUTIONS, RETURN_STATUSES, WITHDRAWAL_STATUSES } from "@quire/contracts/constants";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "../identity/identity.tables";
import { orderLines, orders } from "../orders/orders.tables";
import { payments } from "../payments/payments.tables";
import { stores } from "../stores/stores.tables";

/** The numbers returns carry for people ("RMA-500001"), apart from order numbers so neither is mistaken. */
export const returnNumbers = pgSequence("return_number_seq", { startWith: 500_001 });

/**
 * A customer's request to send back items of a delivered order. Its status changes only through transition()
 * with the return machine (return-status.ts). Lines and quantities are checked against what was delivered and
 * not already returned, with the order's row locked, so concurrent requests never return more than arrived.
 */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    publicId: text().notNull().unique(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    status: text({ enum: RETURN_STATUSES }).notNull().default("requested"),
    reason: text({ enum: RETURN_REASONS }).notNull(),
    resolution: text({ enum: RETURN_RESOLUTIONS }).notNull(),
    comment: text().notNull().default(""),
    currencyCode: text().notNull(),
    /** What the returned lines cost the customer (their share of the order's discounts taken off), in minor units. */
    amount: integer().notNull(),
    /** The merchant's note to the customer when rejecting. */
    merchantNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_returns_customer_idx").on(t.customerId, t.createdAt, t.id),
    index("order_returns_order_idx").on(t.orderId),
    index("order_returns_store_status_idx").on(t.storeId, t.status, t.createdAt),
    check("order_returns_amount_check", sql`${t.amount} >= 0`),
  ],
);

/** The order lines a return sends back, and how many of each. */
export const orderReturnLines = pgTable(
  "order_return_lines",
  {
    returnId: integer()
      .notNull()
      .references(() => orderReturns.id, { onDelete: "cascade" }),
    orderLineId: integer()
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
    /** The line's price for this quantity, as the customer paid it, in minor units. */
    amount: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderLineId] }),
    index("order_return_lines_line_idx").on(t.orderLineId),
    check("order_return_lines_quantity_check", sql`${t.quantity} > 0`),
  ],
);

/**
 * Money given back for a return: through the order's payment (its gateway refunds part of it) or as store
 * credit. One row per return, written before the gateway is asked, with the idempotency key the gateway
 * receives, so a retried approval finds the row and never pays twice.
 */
export const returnRefunds = pgTable(
  "return_refunds",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer()
      .notNull()
      .references(() => orderReturns.id, { onDelete: "cascade" }),
    paymentId: integer().references(() => payments.id, { onDelete: "set null" }),
    kind: text({ enum: ["payment", "store_credit"] }).notNull(),
    amount: integer().notNull(),
    currencyCode: text().notNull(),
    idempotencyKey: text().notNull(),
    /** The gateway's id of the refund, once it has answered. */
    providerReference: text(),
    status: text({ enum: ["pending", "succeeded"] })
      .notNull()
      .default("pending"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("return_refunds_return_unique").on(t.returnId), check("return_refunds_amount_check", sql`${t.amount} > 0`)],
);

/**
 * A customer's store credit, as a ledger: each return settled as credit adds an entry (later, spending it at
 * checkout takes one away). The balance is the sum per currency.
 */
export const storeCreditEntries = pgTable(
  "store_credit_entries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    amount: integer().notNull(),
    returnId: integer().references(() => orderReturns.id, { onDelete: "set null" }),
    note: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("store_credit_entries_customer_idx").on(t.customerId, t.currencyCode),
    uniqueIndex("store_credit_entries_return_unique").on(t.returnId),
  ],
);

/** The numbers withdrawals carry for people ("WDL-700001"). */
export const withdrawalNumbers = pgSequence("withdrawal_number_seq", { startWith: 700_001 });

/**
 * A buyer's withdrawal from an order (decision 061): no reason, acknowledged at once; the shop refunds it through the
 * order's payment by `refundDueBy`. Its lines are checked, with the order's row locked, against what was bought and
 * is not already withdrawn or returned (returns count withdrawals too). Status only through transition() with the
 * withdrawal machine (withdrawal-status.ts).
 */
export const orderWithdrawals = pgTable(
  "order_withdrawals",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    publicId: text().notNull().unique(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text({ enum: WITHDRAWAL_STATUSES }).notNull().default("declared"),
    /** With it every item of the order is withdrawn from: the delivery charge is refunded too. */
    wholeOrder: boolean().notNull(),
    currencyCode: text().notNull(),
    /** The lines' amounts and the delivery refunded, in minor units. */
    amount: integer().notNull(),
    /** The delivery charge (and, where tax is added on top, its tax) refunded with it; 0 for a partial withdrawal. */
    deliveryAmount: integer().notNull(),
    declaredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refundDueBy: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_withdrawals_order_idx").on(t.orderId),
    index("order_withdrawals_store_due_idx").on(t.storeId, t.refundDueBy, t.id),
    index("order_withdrawals_store_declared_idx").on(t.storeId, t.declaredAt, t.id),
    check("order_withdrawals_amount_check", sql`${t.amount} >= 0 and ${t.deliveryAmount} >= 0 and ${t.deliveryAmount} <= ${t.amount}`),
    check("order_withdrawals_status_check", sql`${t.status} in ('declared','received','refunding','refunded')`),
  ],
);

/** The order lines a withdrawal takes back, and how many of each. */
export const orderWithdrawalLines = pgTable(
  "order_withdrawal_lines",
  {
    withdrawalId: integer()
      .notNull()
      .references(() => orderWithdrawals.id, { onDelete: "cascade" }),
    orderLineId: integer()
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
    /** The line's share of what was paid for the goods, for this quantity, in minor units. */
    amount: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.withdrawalId, t.orderLineId] }),
    index("order_withdrawal_lines_line_idx").on(t.orderLineId),
    check("order_withdrawal_lines_quantity_check", sql`${t.quantity} > 0`),
  ],
);
