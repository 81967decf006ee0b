import { asc, and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { AppError } from "../../http/errors";
import { canTransition, type StateMachine } from "./state-machine";
import { stateTransitions, type TransitionActorType } from "./state-transitions.tables";

export type { TransitionActor } from "./state-machine";
import type { TransitionActor } from "./state-machine";

/** A table whose rows a machine moves: an integer `id` and a text `status` column. */
export type StatefulTable = PgTable & { id: PgColumn; status: PgColumn };

export interface TransitionRequest<S extends string> {
  entityId: number;
  from: S;
  to: S;
  actor: TransitionActor;
  reason: string;
  /** Other columns the same update sets, e.g. sql`merged_into_cart_id = ${id}` (never `status`). */
  alsoSet?: SQL;
}

/**
 * Moves one row from `from` to `to` along an edge of `machine`, and records it, in the caller's transaction.
 * The update is a compare-and-set (`where status = from`): when another transaction moved the row first, it
 * answers 409 `state_conflict` instead of overwriting what that one decided. An edge the machine does not
 * have answers 409 `invalid_state_transition` and changes nothing. Lock the row first where a decision
 * before the move depends on its state (the cart merge does).
 */
export async function transition<S extends string>(
  tx: Db,
  machine: StateMachine<S>,
  table: StatefulTable,
  change: TransitionRequest<S>,
): Promise<void> {
  if (!canTransition(machine, change.from, change.to)) {
    throw new AppError("invalid_state_transition", `A ${machine.name} cannot go from ${change.from} to ${change.to}`);
  }
  const extra = change.alsoSet ? sql`, ${change.alsoSet}` : sql``;
  const moved = await sqlRows<{ id: number }>(
    tx,
    sql`update ${table} set ${sql.identifier(table.status.name)} = ${change.to}${extra}
        where ${sql.identifier(table.id.name)} = ${change.entityId} and ${sql.identifier(table.status.name)} = ${change.from}
        returning ${sql.identifier(table.id.name)} as id`,
  );
  if (moved.length === 0) {
    throw new AppError("state_conflict", `This ${machine.name} is no longer ${change.from}; reload it and try again`);
  }
  await tx.insert(stateTransitions).values({
    machine: machine.name,
    entityId: change.entityId,
    fromState: change.from,
    toState: change.to,
    actorType: change.actor.type satisfies TransitionActorType,
    actorId: change.actor.id ?? null,
    actorLabel: change.actor.type === "merchant" ? (change.actor.label ?? null) : null,
    reason: change.reason,
  });
}

/** An entity's history, oldest first (an order's status timeline, a support question about a cart). */
/** The transitions of several entities of one machine, oldest first, in one statement (an order's refunds). */
export function listTransitionsOf(db: Db, machine: string, entityIds: readonly number[]) {
  return db
    .select({
      entityId: stateTransitions.entityId,
      fromState: stateTransitions.fromState,
      toState: stateTransitions.toState,
      actorType: stateTransitions.actorType,
      actorId: stateTransitions.actorId,
      actorLabel: stateTransitions.actorLabel,
      reason: stateTransitions.reason,
      createdAt: stateTransitions.createdAt,
    })
    .from(stateTransitions)
    .where(and(eq(stateTransitions.machine, machine), inArray(stateTransitions.entityId, [...entityIds])))
    .orderBy(asc(stateTransitions.id));
}

export function listTransitions(db: Db, machine: string, entityId: number) {
  return db
    .select({
      fromState: stateTransitions.fromState,
      toState: stateTransitions.toState,
      actorType: stateTransitions.actorType,
      actorId: stateTransitions.actorId,
      actorLabel: stateTransitions.actorLabel,
      reason: stateTransitions.reason,
      createdAt: stateTransitions.createdAt,
    })
    .from(stateTransitions)
    .where(and(eq(stateTransitions.machine, machine), eq(stateTransitions.entityId, entityId)))
    .orderBy(asc(stateTransitions.id));
}
