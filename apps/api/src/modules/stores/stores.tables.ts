import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** The shop's bank account, as a proforma invoice prints it. */
export interface BankTransferDetails {
  accountName: string;
  bankName: string;
  sortCode?: string;
  accountNumber?: string;
  iban: string;
  bic: string;
}

/** A shop served by this API. `key` is what callers send in the StoreKey header. */
export const stores = pgTable(
  "stores",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull().unique(),
    name: text().notNull(),
    defaultCurrencyCode: text().notNull(),
    defaultCountryCode: text().notNull(),
    currencyCodes: text().array().notNull(),
    countryCodes: text().array().notNull(),
    /** How stock is shown to shoppers: None | AvailableQuantity | InStock | LowStockAlert. */
    inventoryAvailability: text().notNull().default("InStock"),
    /** At or below this stock a variant counts as "low" under LowStockAlert. */
    lowStockThreshold: integer().notNull().default(5),
    /** None | HiddenForUnauthorized | HiddenPricesForUnauthorized | AllowedUnauthorizedCheckout. */
    anonymousCustomerProductPolicy: text().notNull().default("AllowedUnauthorizedCheckout"),
    isOutOfStockPurchaseEnabled: boolean().notNull().default(false),
    isQuickOrderEnabled: boolean().notNull().default(true),
    displayProductVariantSkusEnabled: boolean().notNull().default(true),
    isCheckoutTermsAndConditionsEnabled: boolean().notNull().default(true),
    checkoutTermsAndConditionsText: text().notNull().default("TBC"),
    /** Where a proforma invoice asks the buyer to transfer the money; null: the store takes no bank transfers. */
    bankTransferDetails: jsonb().$type<BankTransferDetails>(),
    /** Where the contact form's messages are mailed; null: they are only stored (and said so in the log). */
    contactEmail: text(),
    /**
     * The shop's own clock (an IANA zone, "Europe/London"): where its days begin and end for the back office's
     * figures ("today", the last 7 and 30 days) and the times it shows. The API checks the name when it is set.
     */
    timeZone: text().notNull().default("UTC"),
    /** Days after delivery a buyer may withdraw from an order (decision 061): the law's 14, or longer. */
    withdrawalPeriodDays: integer().notNull().default(14),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("stores_inventory_availability_check", sql`${t.inventoryAvailability} in ('None','AvailableQuantity','InStock','LowStockAlert')`),
    check(
      "stores_anonymous_policy_check",
      sql`${t.anonymousCustomerProductPolicy} in ('None','HiddenForUnauthorized','HiddenPricesForUnauthorized','AllowedUnauthorizedCheckout')`,
    ),
    check("stores_low_stock_threshold_check", sql`${t.lowStockThreshold} >= 0`),
    check("stores_withdrawal_period_check", sql`${t.withdrawalPeriodDays} between 14 and 365`),
  ],
);

/** Minimum order value per currency, in minor units. */
export const storeMinimumOrderPrices = pgTable(
  "store_minimum_order_prices",
  {
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    amount: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.currencyCode] }), check("store_minimum_order_prices_amount_check", sql`${t.amount} >= 0`)],
);
