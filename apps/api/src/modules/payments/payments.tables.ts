import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PAYMENT_PROVIDER_IDS, PAYMENT_STATUSES, REFUND_REASONS, REFUND_STATUSES } from "@quire/contracts/constants";
import { customers } from "../identity/identity.tables";
import { orders } from "../orders/orders.tables";
import { stores } from "../stores/stores.tables";

/**
 * One attempt to pay an order with one provider. Its status changes only through transition() with
 * paymentMachine (payment-status.ts), on the word of the gateway (a verified webhook or a refresh) or of the
 * shop's own rules (credit on account, a bank transfer the merchant confirms), never of the browser.
 */
export const payments = pgTable(
  "payments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** What the storefront and the gateway's metadata carry (as publicPaymentId); random, never the row id. */
    publicId: text().notNull().unique(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Who pays: the order's customer; null for a guest. */
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    provider: text({ enum: PAYMENT_PROVIDER_IDS }).notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull(),
    amount: integer().notNull(),
    currencyCode: text().notNull(),
    /** The gateway's id of this payment (a Checkout Session, a PayPal order...); null until it exists there. */
    providerReference: text(),
    /** The gateway's id of the money movement, where it differs and refunds need it (Adyen's pspReference). */
    providerPaymentReference: text(),
    /** Where the shopper pays (a hosted page); null when there is nowhere to go. */
    redirectUrl: text(),
    failureReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId, t.createdAt),
    // A customer's payments on account still holding their credit (GET /customers/credits).
    index("payments_customer_credit_idx")
      .on(t.customerId, t.createdAt)
      .where(sql`provider = 'on-account' and status = 'captured'`),
    uniqueIndex("payments_provider_reference_unique")
      .on(t.provider, t.providerReference)
      .where(sql`provider_reference is not null`),
    // The payments a gateway still has open, oldest news first: what the refresh job asks the gateways about.
    index("payments_open_at_gateway_idx")
      .on(t.updatedAt)
      .where(sql`status = 'pending' and provider_reference is not null`),
    // At most one payment of an order is ever captured: money moves once.
    uniqueIndex("payments_one_captured_per_order")
      .on(t.orderId)
      .where(sql`status in ('captured', 'refunded')`),
    check("payments_status_check", sql`${t.status} in ('created','pending','captured','failed','cancelled','refunded')`),
    check("payments_amount_check", sql`${t.amount} >= 0`),
  ],
);

/**
 * A trade customer's credit for paying on account, in one currency. `usedAmount` rises in the transaction
 * that accepts an order on account, only while it stays within `limitAmount`, so concurrent orders can never
 * pass the limit.
 */
export const customerCredits = pgTable(
  "customer_credits",
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    limitAmount: integer().notNull(),
    usedAmount: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.currencyCode] }),
    check("customer_credits_amounts_check", sql`${t.usedAmount} >= 0 and ${t.limitAmount} >= 0 and ${t.usedAmount} <= ${t.limitAmount}`),
  ],
);

/**
 * Each gateway event the shop has acted on, once: a webhook delivered again (a retry, a replay) finds its
 * row here and changes nothing. Only verified events are stored; the payload is the gateway's own record.
 */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    eventType: text().notNull(),
    /** The gateway's reference of the payment concerned; null for an event about something else. */
    reference: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index("payment_webhook_events_received_idx").on(t.receivedAt)],
);

/**
 * Money going back to a payer, for any reason (decision 040): recorded `pending` and committed before the
 * gateway (or the customer's credit) is asked, the outcome recorded after. The gateway's idempotency key is
 * derived from the row's id, so a refund retried after a crash between the two is never paid twice; `source`
 * names what the refund is for (an order's cancellation, a return, an unwanted capture), so recording it again
 * finds the same row. Its status changes only through refundMachine (refund-status.ts).
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    reason: text({ enum: REFUND_REASONS }).notNull(),
    /**
     * What the refund is for, once: `order:<id>`, `return:<id>`, `capture:<payment id>`, or `merchant:<order id>:<hash>`
     * for a merchant's refund, the hash of the request's Idempotency-Key and whose key it is.
     */
    source: text().notNull().unique(),
    status: text({ enum: REFUND_STATUSES }).notNull().default("pending"),
    amount: integer().notNull(),
    currencyCode: text().notNull(),
    /** The gateway's id of the refund, once it answered. */
    providerReference: text(),
    failureReason: text(),
    /** The merchant's note on a refund they made (`merchant_refund`), up to 500 characters. */
    note: text(),
    /** Calls made to the gateway for it: the retry job asks the gateway before repeating one. */
    attempts: integer().notNull().default(0),
    /**
     * Times the merchant had it tried again after it failed: each retry is a new request to the gateway, under an
     * idempotency key of its own (`refundIdempotencyKey`), as the gateway keeps answering the failed one's key with
     * its failure.
     */
    retries: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_refunds_store_idx").on(t.storeId, t.createdAt),
    index("payment_refunds_order_idx").on(t.orderId),
    // The refunds the retry job settles: those left pending by a crash between recording and calling.
    index("payment_refunds_pending_idx")
      .on(t.updatedAt)
      .where(sql`status = 'pending'`),
    check("payment_refunds_amount_check", sql`${t.amount} > 0`),
    check("payment_refunds_status_check", sql`${t.status} in ('pending','succeeded','failed','owed')`),
  ],
);

/**
 * The merchant's switch for each payment provider of a store (decision 052): a row with `isEnabled` false takes
 * the provider out of the checkout at once. No row: the provider is on wherever it can be offered (a gateway
 * whose keys are set, on account for trade customers with credit, the bank transfer).
 */
export const storePaymentProviders = pgTable(
  "store_payment_providers",
  {
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    provider: text({ enum: PAYMENT_PROVIDER_IDS }).notNull(),
    isEnabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.provider] })],
);
