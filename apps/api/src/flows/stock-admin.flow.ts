import type { StockMovementReason } from "@quire/contracts";
import type { Db } from "../db/client";
import { changedFields, recordAdminWrite } from "../modules/audit/audit.service";
import {
  adjustVariantStock,
  getVariantStock,
  setLowStockThreshold,
  setVariantStock,
  type VariantStockView,
} from "../modules/inventory/inventory.service";
import type { AdminWrite } from "../modules/audit/audit.service";

/*
 * The merchant's stock writes (decision 047): each one transaction holding the change, its line in the variant's
 * stock history (who, why, by how much), its stock.changed event (a restock from none mails the back-in-stock
 * subscribers) and its audit entry.
 */

/** Which variant, why, and the store's low-stock setting (what "low" means where the variant has no threshold). */
type StockWrite = { variantId: number; storeThreshold: number; reason: StockMovementReason; note?: string | undefined };

function actorOf(write: AdminWrite) {
  const { type, id, label } = write.principal;
  return { type, id, label };
}

async function audited(tx: Db, write: AdminWrite, variantId: number, before: VariantStockView, after: VariantStockView) {
  const pick = (view: VariantStockView) => ({ stockQuantity: view.stockQuantity, lowStockThreshold: view.lowStockThreshold });
  const changes = changedFields(pick(before), pick(after));
  if (!changes) return;
  await recordAdminWrite(tx, write, { type: "variant", id: variantId, changes });
}

/** The count is now `quantity`. */
export async function setStockFlow(db: Db, write: AdminWrite, input: StockWrite & { quantity: number }): Promise<VariantStockView> {
  return db.transaction(async (tx) => {
    const where = { storeId: write.storeId, variantId: input.variantId, storeThreshold: input.storeThreshold };
    const before = await getVariantStock(tx, where);
    const cause = { reason: input.reason, note: input.note ?? "", actor: actorOf(write) };
    await setVariantStock(tx, { ...where, quantity: input.quantity, cause });
    const after = await getVariantStock(tx, where);
    await audited(tx, write, input.variantId, before, after);
    return after;
  });
}

/** The count moves by `delta`, never below zero. */
export async function adjustStockFlow(db: Db, write: AdminWrite, input: StockWrite & { delta: number }): Promise<VariantStockView> {
  return db.transaction(async (tx) => {
    const where = { storeId: write.storeId, variantId: input.variantId, storeThreshold: input.storeThreshold };
    const before = await getVariantStock(tx, where);
    const cause = { reason: input.reason, note: input.note ?? "", actor: actorOf(write) };
    await adjustVariantStock(tx, { ...where, delta: input.delta, cause });
    const after = await getVariantStock(tx, where);
    await audited(tx, write, input.variantId, before, after);
    return after;
  });
}

export async function setLowStockThresholdFlow(
  db: Db,
  write: AdminWrite,
  input: { variantId: number; storeThreshold: number; threshold: number | null },
) {
  return db.transaction(async (tx) => {
    const { before, after } = await setLowStockThreshold(tx, { storeId: write.storeId, ...input });
    await audited(tx, write, input.variantId, before, after);
    return after;
  });
}
