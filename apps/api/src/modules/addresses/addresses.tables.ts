import type { Address } from "@quire/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies, customers } from "../identity/identity.tables";

/**
 * A saved address: in one customer's book, or in one company's shared list, never both. The address is
 * stored as checkout stores it (validated by AddressSchema first), so either can be copied into a checkout.
 * A customer has at most one default delivery and one default billing address; company addresses have no
 * defaults (each buyer picks).
 */
export const savedAddresses = pgTable(
  "saved_addresses",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
    companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
    /** For a company address, the buyer who added it (kept for the merchant; not shown to other buyers). */
    addedByCustomerId: integer().references(() => customers.id, { onDelete: "set null" }),
    address: jsonb().$type<Address>().notNull(),
    isDefaultDelivery: boolean().notNull().default(false),
    isDefaultBilling: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("saved_addresses_one_owner_check", sql`(${t.customerId} is null) <> (${t.companyId} is null)`),
    check("saved_addresses_company_defaults_check", sql`${t.companyId} is null or not (${t.isDefaultDelivery} or ${t.isDefaultBilling})`),
    index("saved_addresses_customer_idx").on(t.customerId, t.id),
    index("saved_addresses_company_idx").on(t.companyId, t.id),
    uniqueIndex("saved_addresses_default_delivery_unique")
      .on(t.customerId)
      .where(sql`${t.isDefaultDelivery}`),
    uniqueIndex("saved_addresses_default_billing_unique")
      .on(t.customerId)
      .where(sql`${t.isDefaultBilling}`),
  ],
);
