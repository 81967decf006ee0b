import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables";

export const IDEMPOTENCY_STATES = ["in_flight", "completed"] as const;

/**
 * One Idempotency-Key a caller sent to an unsafe call that opts in (decision 018): what it asked (route and
 * a hash of its input), whether the first request is still running, and once it finished, the answer to
 * replay. Keys belong to a store and a caller (a customer; a guest's basket; or, when a guest's call names no
 * basket, the client's address) and expire 24 hours after their first use.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** "customer:<id>", "basket:<anonymousId>" or "client:<address>" (idempotencyScopeOf). */
    scope: text().notNull(),
    key: text().notNull(),
    /** "PUT /baskets": the route pattern, not the URL. */
    route: text().notNull(),
    /** SHA-256 of the route, the query and the body as parsed, so the same key with other input is refused. */
    requestHash: text().notNull(),
    state: text({ enum: IDEMPOTENCY_STATES }).notNull(),
    /** While in flight: when the first request's claim lapses (a process that died mid-request). */
    leaseUntil: timestamp({ withTimezone: true }).notNull(),
    responseStatus: integer(),
    /** The first answer's body as it was sent, replayed byte for byte. */
    responseBody: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_key_unique").on(t.storeId, t.scope, t.key),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
    check("idempotency_keys_state_check", sql`${t.state} in ('in_flight','completed')`),
  ],
);
