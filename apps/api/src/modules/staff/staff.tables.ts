import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables";

/** The roles a member or token may hold, as the contracts name them (decision 046). */
const ROLE_CHECK = sql.raw(`('owner', 'manager', 'fulfilment', 'content')`);

/**
 * A person who works in the shop's back office. Never a customer: their own table, sessions and tokens. The
 * email is stored trimmed and lower-cased, unique per store.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text().notNull(),
    name: text().notNull(),
    role: text().notNull(),
    passwordHash: text().notNull(),
    /** Base32 secret of the authenticator app; set once two-factor sign-in is confirmed. */
    totpSecret: text(),
    /** A secret being set up, not yet confirmed with a code. */
    totpPendingSecret: text(),
    /** The last TOTP time step a code was accepted for: a code is good once. */
    totpLastStep: bigint({ mode: "number" }),
    active: boolean().notNull().default(true),
    lastSignInAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("staff_members_store_email_unique").on(t.storeId, t.email),
    check("staff_members_role_check", sql`${t.role} in ${ROLE_CHECK}`),
  ],
);

/** An owner's invitation: the emailed link's token is kept as its SHA-256 only. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text().notNull(),
    name: text().notNull(),
    role: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    /** The member the invitation became. */
    staffId: integer().references(() => staffMembers.id, { onDelete: "set null" }),
  },
  (t) => [
    unique("staff_invitations_token_hash_unique").on(t.tokenHash),
    index("staff_invitations_store_email_idx").on(t.storeId, t.email),
    check("staff_invitations_role_check", sql`${t.role} in ${ROLE_CHECK}`),
  ],
);

/**
 * The link that makes a shop's first owner (decision 046's amendment): asked for with a bootstrap key while the
 * shop has no active owner, used once, valid 72 hours, its token kept as a SHA-256 only. A newer link voids the
 * older unused ones of the store (`voidedAt`).
 */
export const staffSetUpLinks = pgTable(
  "staff_set_up_links",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    /** The owner the link made. */
    staffId: integer().references(() => staffMembers.id, { onDelete: "set null" }),
  },
  (t) => [unique("staff_set_up_links_token_hash_unique").on(t.tokenHash), index("staff_set_up_links_store_idx").on(t.storeId, t.id)],
);

/**
 * A staff member's session, or the challenge between password and second factor (`secondFactorPending`): the
 * bearer token is kept as its SHA-256 only, so a copy of the table signs no one in.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    secondFactorPending: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text().notNull().default(""),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId), index("staff_sessions_expires_idx").on(t.expiresAt)],
);

/** A machine's credential (an integration, the CLI): a role and an expiry, kept as its SHA-256 only. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text().notNull(),
    role: text().notNull(),
    /** The token's first characters, shown in lists to tell tokens apart. */
    prefix: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique("api_tokens_token_hash_unique").on(t.tokenHash),
    index("api_tokens_store_idx").on(t.storeId),
    check("api_tokens_role_check", sql`${t.role} in ${ROLE_CHECK}`),
  ],
);
