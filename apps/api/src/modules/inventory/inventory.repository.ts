import type { StockMovementReason } from "@quire/contracts";
import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { stockMovements } from "./inventory.tables";
import { keysetPage } from "../../db/keyset-page";

/** Who moved stock, as the history shows them; null for a shopper's order. */
export interface StockActor {
  type: string;
  id: number;
  label: string;
}

export interface StockMovementRow {
  storeId: number;
  variantId: number;
  delta: number;
  quantityAfter: number;
  reason: StockMovementReason;
  note?: string;
  actor?: StockActor | null;
}

/** Records movements, in the caller's transaction (the one that moved the stock). */
export async function insertStockMovements(db: Db, movements: StockMovementRow[]): Promise<void> {
  if (movements.length === 0) return;
  await db.insert(stockMovements).values(
    movements.map((movement) => ({
      storeId: movement.storeId,
      variantId: movement.variantId,
      delta: movement.delta,
      quantityAfter: movement.quantityAfter,
      reason: movement.reason,
      note: movement.note ?? "",
      actorType: movement.actor?.type ?? null,
      actorId: movement.actor?.id ?? null,
      actorLabel: movement.actor?.label.slice(0, 300) ?? null,
    })),
  );
}

/** A variant's movements, newest first, in keyset pages by id. */
export async function listStockMovements(db: Db, input: { storeId: number; variantId: number; before?: number; limit: number }) {
  const rows = await db
    .select()
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.storeId, input.storeId),
        eq(stockMovements.variantId, input.variantId),
        input.before === undefined ? undefined : lt(stockMovements.id, input.before),
      ),
    )
    .orderBy(desc(stockMovements.id))
    .limit(input.limit + 1);
  const { page, next } = keysetPage(rows, input.limit, (row) => row.id);
  return {
    movements: page.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      delta: row.delta,
      quantityAfter: row.quantityAfter,
      reason: row.reason as StockMovementReason,
      note: row.note,
      actor: row.actorType === null || row.actorId === null ? null : { type: row.actorType, id: row.actorId, label: row.actorLabel ?? "" },
    })),
    nextBefore: next,
  };
}
