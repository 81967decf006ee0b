import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables";

/**
 * Each consent decision (decision 060): a cookie-banner choice or a marketing subscription's change, with when,
 * where (`source`), the choices, the banner's version and the privacy policy's version in force. Only ever
 * inserted: a trigger refuses any update (the migration's hand-written part). `subject` is pseudonymous: the
 * browser's random consent id, or the marketing subscription's id; never an email or a network address.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    kind: text({ enum: ["cookies", "marketing"] }).notNull(),
    subject: text().notNull(),
    source: text().notNull(),
    /** The cookie banner's choices; null on a marketing record. */
    analytics: boolean(),
    marketing: boolean(),
    /** The consent cookie's `v`; null on a marketing record. */
    bannerVersion: integer(),
    /** A marketing record's newsletters after the decision (subscribed: at least one); null on a cookie record. */
    subscribed: boolean(),
    topics: text().array(),
    /** The store's current privacy policy when recorded; null while it had published none. */
    privacyPolicyVersion: text(),
    // Milliseconds, as JavaScript's dates hold them: the export's keyset reads back exactly what it was given.
    recordedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("consent_records_store_recorded_idx").on(t.storeId, t.recordedAt, t.id),
    check(
      "consent_records_kind_check",
      sql`(${t.kind} = 'cookies' and ${t.source} in ('banner', 'settings_page') and ${t.analytics} is not null and ${t.marketing} is not null and ${t.bannerVersion} is not null and ${t.subscribed} is null and ${t.topics} is null)
        or (${t.kind} = 'marketing' and ${t.source} in ('newsletter_form', 'confirmation_link', 'unsubscribe_link', 'account') and ${t.subscribed} is not null and ${t.topics} is not null and ${t.analytics} is null and ${t.marketing} is null and ${t.bannerVersion} is null)`,
    ),
  ],
);
