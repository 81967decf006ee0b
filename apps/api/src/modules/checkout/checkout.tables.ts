import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { Address } from "@quire/contracts";
import { DELIVERY_OPTION_KINDS, DISCOUNT_KINDS, TAX_CLASSES } from "@quire/contracts/constants";
import { carts } from "../cart/cart.tables";
import { stores } from "../stores/stores.tables";

/*
 * What a checkout needs beside the basket (decision 024): tax rates per destination, whether a currency's
 * prices include tax, delivery zones and their options, discount codes, and the details a shopper gives
 * at checkout, kept with their cart until the order is placed.
 */

/** Tax per destination country and tax class, in basis points (2000 = 20%). */
export const taxRates = pgTable(
  "tax_rates",
  {
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    countryCode: text().notNull(),
    taxClass: text({ enum: TAX_CLASSES }).notNull(),
    basisPoints: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.countryCode, t.taxClass] }),
    check("tax_rates_basis_points_check", sql`${t.basisPoints} between 0 and 10000`),
  ],
);

/** Whether a currency's prices include tax: GBP and EUR prices do, as UK and EU shops show them; USD prices do not. */
export const currencyTaxModes = pgTable(
  "currency_tax_modes",
  {
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    pricesIncludeTax: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.currencyCode] })],
);

/** Countries served alike; each country belongs to at most one zone of a store (checked by the seed and the admin). */
export const deliveryZones = pgTable("delivery_zones", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  storeId: integer()
    .notNull()
    .references(() => stores.id, { onDelete: "cascade" }),
  name: text().notNull(),
  countryCodes: text().array().notNull(),
});

export const deliveryZoneOptions = pgTable(
  "delivery_zone_options",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    zoneId: integer()
      .notNull()
      .references(() => deliveryZones.id, { onDelete: "cascade" }),
    kind: text({ enum: DELIVERY_OPTION_KINDS }).notNull(),
    name: text().notNull(),
    description: text().notNull().default(""),
    minDays: integer().notNull(),
    maxDays: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    index("delivery_zone_options_zone_idx").on(t.zoneId, t.position),
    check("delivery_zone_options_kind_check", sql`${t.kind} in ('standard','express','free')`),
    check("delivery_zone_options_days_check", sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
  ],
);

/** An option's price per currency, and the goods value from which it is free (null: never). */
export const deliveryOptionPrices = pgTable(
  "delivery_option_prices",
  {
    optionId: integer()
      .notNull()
      .references(() => deliveryZoneOptions.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    amount: integer().notNull(),
    freeOverAmount: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.currencyCode] }),
    check("delivery_option_prices_amount_check", sql`${t.amount} >= 0 and (${t.freeOverAmount} is null or ${t.freeOverAmount} >= 0)`),
  ],
);

/**
 * A discount code. `timesUsed` counts placed orders and is raised in the order's transaction only while it is
 * below `usageLimit`, so concurrent orders can never use a code past its limit.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** Upper case; shoppers' input is upper-cased before it is matched. */
    code: text().notNull(),
    kind: text({ enum: DISCOUNT_KINDS }).notNull(),
    description: text().notNull().default(""),
    /** percentage codes: the share off, in basis points. */
    basisPoints: integer(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Orders that may use the code in all; null: no limit. */
    usageLimit: integer(),
    /** Orders one customer (or one guest email) may use it for; null: no limit. */
    perCustomerLimit: integer(),
    timesUsed: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("discount_codes_store_code_unique").on(t.storeId, t.code),
    check("discount_codes_kind_check", sql`${t.kind} in ('percentage','fixed_amount','free_delivery')`),
    check(
      "discount_codes_percentage_check",
      sql`(${t.kind} = 'percentage') = (${t.basisPoints} is not null) and (${t.basisPoints} is null or ${t.basisPoints} between 1 and 10000)`,
    ),
    check(
      "discount_codes_usage_check",
      sql`${t.timesUsed} >= 0 and (${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit}) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1)`,
    ),
  ],
);

/** A code's amounts in one currency: a fixed code's money off, and the goods value an order must reach to use it. */
export const discountCodeCurrencyRules = pgTable(
  "discount_code_currency_rules",
  {
    discountCodeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    amountOff: integer(),
    minimumSpend: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.discountCodeId, t.currencyCode] }),
    check("discount_code_currency_rules_amounts_check", sql`coalesce(${t.amountOff}, 0) >= 0 and coalesce(${t.minimumSpend}, 0) >= 0`),
  ],
);

/** What a shopper gave at checkout, kept with their cart until it is ordered. */
export const cartCheckouts = pgTable("cart_checkouts", {
  cartId: integer()
    .primaryKey()
    .references(() => carts.id, { onDelete: "cascade" }),
  email: text(),
  firstName: text(),
  lastName: text(),
  phone: text(),
  /** Validated by AddressSchema before it is stored. */
  deliveryAddress: jsonb().$type<Address>(),
  billingAddress: jsonb().$type<Address>(),
  billingSameAsDelivery: boolean().notNull().default(true),
  /** Cleared whenever the delivery address changes (it may not offer this option). Not a foreign key: options retire. */
  deliveryZoneOptionId: integer(),
  referenceNumber: text(),
  customerComment: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Codes applied to a cart; checked again, and consumed, when the order is placed. */
export const cartDiscountCodes = pgTable(
  "cart_discount_codes",
  {
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    discountCodeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.discountCodeId] })],
);
