import type { Db } from "../../db/client";
import { AppError, badRequest, notFound } from "../../http/errors";
import { notifyBackInStock, type BackInStockMailDeps } from "../back-in-stock/back-in-stock.service";
import { findStoreVariant, writeVariantStock } from "./inventory.repository";

/** Stock is an int4 column that never goes below zero. */
export const MAX_STOCK_QUANTITY = 2_147_483_647;

export type InventoryDeps = BackInStockMailDeps;

export interface StockChange {
  variantId: number;
  previousQuantity: number;
  quantity: number;
  /** Back-in-stock emails queued by this change. */
  notifiedSubscribers: number;
}

/**
 * Sets a variant's stock (a merchant's count, a restock). When it goes from none to some, every pending
 * back-in-stock subscriber is mailed once, in the same transaction. Pass a transaction to make it part of
 * a larger change.
 */
export async function setVariantStock(
  db: Db,
  input: { storeId: number; variantId: number; quantity: number },
  deps: InventoryDeps,
): Promise<StockChange> {
  if (!Number.isInteger(input.quantity) || input.quantity < 0 || input.quantity > MAX_STOCK_QUANTITY) {
    throw badRequest("invalid_stock_quantity", `Stock must be a whole number from 0 to ${MAX_STOCK_QUANTITY}`, "quantity");
  }
  return changeVariantStock(db, input, () => input.quantity, deps);
}

/**
 * Moves a variant's stock by `delta` (an order takes units, a return or a delivery adds them); refuses
 * with 409 `insufficient_stock` to go below zero. Mails back-in-stock subscribers like setVariantStock.
 */
export async function adjustVariantStock(
  db: Db,
  input: { storeId: number; variantId: number; delta: number },
  deps: InventoryDeps,
): Promise<StockChange> {
  if (!Number.isInteger(input.delta) || Math.abs(input.delta) > MAX_STOCK_QUANTITY) {
    throw badRequest("invalid_stock_delta", "A stock change must be a whole number", "delta");
  }
  return changeVariantStock(
    db,
    input,
    (current) => {
      const next = current + input.delta;
      if (next < 0) throw new AppError(409, "insufficient_stock", `Only ${current} left in stock`);
      if (next > MAX_STOCK_QUANTITY) throw badRequest("invalid_stock_delta", "Stock would exceed its largest value", "delta");
      return next;
    },
    deps,
  );
}

/**
 * The one way stock changes: the variant row is locked first, so concurrent changes apply one after the
 * other and exactly one of them sees the stock leave zero.
 */
async function changeVariantStock(
  db: Db,
  input: { storeId: number; variantId: number },
  next: (current: number) => number,
  deps: InventoryDeps,
): Promise<StockChange> {
  return db.transaction(async (tx) => {
    const variant = await findStoreVariant(tx, { ...input, lock: "update" });
    if (!variant) throw notFound("Product variant", "variant_not_found");
    const quantity = next(variant.stockQuantity);
    if (quantity !== variant.stockQuantity) await writeVariantStock(tx, { variantId: variant.variantId, quantity });
    const cameBack = variant.stockQuantity <= 0 && quantity > 0;
    const notifiedSubscribers = cameBack ? await notifyBackInStock(tx, input, deps) : 0;
    return { variantId: variant.variantId, previousQuantity: variant.stockQuantity, quantity, notifiedSubscribers };
  });
}
