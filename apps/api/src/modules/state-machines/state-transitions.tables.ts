import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const TRANSITION_ACTOR_TYPES = ["customer", "anonymous", "merchant", "system"] as const;
export type TransitionActorType = (typeof TRANSITION_ACTOR_TYPES)[number];

/**
 * Every status change of every machine (state-machine.ts): which entity, from what to what, who did it, when
 * and why. Written in the same transaction as the change, so the history is exactly what happened. No
 * foreign key: one table serves carts, orders, payments and returns, and history outlives what it describes.
 */
export const stateTransitions = pgTable(
  "state_transitions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The machine's name: "cart", later "order", "payment", "return", "refund". */
    machine: text().notNull(),
    entityId: integer().notNull(),
    fromState: text().notNull(),
    toState: text().notNull(),
    actorType: text({ enum: TRANSITION_ACTOR_TYPES }).notNull(),
    /** The customer's or merchant's id; null for anonymous visitors and the system. */
    actorId: integer(),
    /** Who of the shop made a merchant's change, in words (a member of staff's email, a token's name); null otherwise. */
    actorLabel: text(),
    /** Why, in a few words a person reads in an order's history ("signed in", "payment captured"). */
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("state_transitions_entity_idx").on(t.machine, t.entityId, t.id),
    check("state_transitions_actor_type_check", sql`${t.actorType} in ('customer','anonymous','merchant','system')`),
  ],
);
