import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window counters for per-client and per-key request limits, in PostgreSQL so every API process
 * shares them: processes run side by side behind a load balancer. Keys are `scope:sha256(value)` (rateLimitKey),
 * so a key has one length whatever a client sends and the table keeps no copy of an address.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("rate_limits_hits_check", sql`${t.hits} >= 0`),
    // Housekeeping finds lapsed counters by when their window started.
    index("rate_limits_window_started_idx").on(t.windowStartedAt),
  ],
);
