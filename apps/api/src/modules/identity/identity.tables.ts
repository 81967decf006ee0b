import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables";

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** A version of the store's privacy policy. The current one is the latest published. */
export const privacyPolicies = pgTable(
  "privacy_policies",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    version: text().notNull(),
    body: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("privacy_policies_store_version_unique").on(t.storeId, t.version),
    index("privacy_policies_current_idx").on(t.storeId, t.publishedAt),
  ],
);

/**
 * A trade customer's company: its buyers share its addresses. The merchant names it when inviting a buyer
 * (`npm run invite -- --company`); the same name in one store, ignoring case, is the same company.
 */
export const companies = pgTable(
  "companies",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("companies_store_name_unique").on(t.storeId, sql`lower(${t.name})`)],
);

/** A shopper with an account. Emails are stored lower-cased and unique per store. */
export const customers = pgTable(
  "customers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text().notNull(),
    /** argon2id PHC string. */
    passwordHash: text().notNull(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    phone: text().notNull().default(""),
    companyName: text().notNull().default(""),
    /** The company a trade buyer buys for; its name is companyName. */
    companyId: integer().references(() => companies.id, { onDelete: "set null" }),
    /** Trade buyers are invited by the shop (PUT /auth/invites/complete). */
    isTrade: boolean().notNull().default(false),
    marketingOptIn: boolean().notNull().default(false),
    /** Set by the shop to force a new password at next sign-in (answered as password_change_required). */
    passwordChangeRequired: boolean().notNull().default(false),
    /** Set by the shop to stop the customer signing in; their sessions ended when it was set (decision 049). */
    blockedAt: timestamp({ withTimezone: true }),
    acceptedPrivacyPolicyId: integer().references(() => privacyPolicies.id, { onDelete: "set null" }),
    ...timestamps,
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("customers_store_email_unique").on(t.storeId, t.email),
    check("customers_email_lower_check", sql`${t.email} = lower(${t.email})`),
    index("customers_company_idx").on(t.companyId),
  ],
);

/**
 * A signed-in session. The access token (a JWT) names the session; revoking the row (sign-out, password
 * change) makes the token useless even before it expires.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    ...timestamps,
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text().notNull().default(""),
  },
  (t) => [
    index("sessions_customer_idx").on(t.customerId),
    // When a session ended: revoked or expired, whichever came first (least() skips a null revoked_at).
    // Housekeeping finds sessions long ended by it (identity-retention.ts); the query repeats the expression.
    index("sessions_ended_idx").on(sql`least(expires_at, revoked_at)`),
  ],
);

/** A registration waiting for its emailed completion link. Only the token's hash is stored. */
export const signupRequests = pgTable(
  "signup_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text().notNull(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    tokenHash: text().notNull().unique(),
    ...timestamps,
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("signup_requests_store_email_idx").on(t.storeId, t.email),
    // Housekeeping finds expired links by their expiry (identity-retention.ts), as for the two tables below.
    index("signup_requests_expires_idx").on(t.expiresAt),
  ],
);

/** A trade customer invited by the shop; completing the invite creates the account. */
export const customerInvites = pgTable(
  "customer_invites",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text().notNull(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    companyName: text().notNull().default(""),
    tokenHash: text().notNull().unique(),
    ...timestamps,
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("customer_invites_store_email_idx").on(t.storeId, t.email), index("customer_invites_expires_idx").on(t.expiresAt)],
);

/** Single-use password reset tokens (hashed), valid for 60 minutes. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    ...timestamps,
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_customer_idx").on(t.customerId), index("password_reset_tokens_expires_idx").on(t.expiresAt)],
);

/**
 * A customer's request to erase their account (decision 063), waiting for its emailed confirmation: single-use, valid
 * 24 hours, the token kept as its SHA-256 only. Deleted with the erasure it confirms.
 */
export const erasureRequests = pgTable(
  "erasure_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    ...timestamps,
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("erasure_requests_customer_idx").on(t.customerId), index("erasure_requests_expires_idx").on(t.expiresAt)],
);

/**
 * Failed sign-in counters, per account and per client, in PostgreSQL so every API process sees the same
 * count: API processes run side by side, so nothing correct may depend on one process's memory.
 */
export const signInThrottles = pgTable(
  "sign_in_throttles",
  {
    key: text().primaryKey(),
    failures: integer().notNull().default(0),
    windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("sign_in_throttles_failures_check", sql`${t.failures} >= 0`),
    // Housekeeping finds lapsed throttles by when their window started.
    index("sign_in_throttles_window_started_idx").on(t.windowStartedAt),
  ],
);
