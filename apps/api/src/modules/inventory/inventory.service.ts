import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { PRODUCT_IDS_PER_EVENT } from "../jobs/domain-events";
import { publishEvent } from "../jobs/job-queue";
import type { StockMovementReason } from "@quire/contracts";
import { changesShownStock } from "../catalog/catalog-policy";
import { findStockPolicy } from "../stores/stores.service";
import {
  findStoreVariant,
  findVariantIdBySku,
  findVariantStockView,
  lockVariantStock,
  takeStock,
  writeLowStockThreshold,
  writeVariantStock,
  type VariantStockView,
} from "../catalog/variant-stock.service";
import { insertStockMovements, type StockActor } from "./inventory.repository";

export { listStockMovements, type StockActor } from "./inventory.repository";
export { countLowStockVariants, listLowStockVariants, type VariantStockView } from "../catalog/variant-stock.service";

/** Stock is an int4 column that never goes below zero. */
/** A variant of the store with its stock, for modules that follow one (back-in-stock, wishlists). */
export { findStoreVariant, type StoreVariantRow } from "../catalog/variant-stock.service";

export const MAX_STOCK_QUANTITY = 2_147_483_647;

export interface StockChange {
  variantId: number;
  previousQuantity: number;
  quantity: number;
}

/** Why stock moves and who moved it, for the variant's stock history. */
export interface StockMovementCause {
  reason: StockMovementReason;
  note?: string;
  actor?: StockActor | null;
}

/**
 * Sets a variant's stock (a merchant's count, a restock). A change publishes "stock.changed" in the same
 * transaction; its subscribers run afterwards as jobs (a restock from none mails the back-in-stock
 * subscribers). A change shoppers would see publishes "stock.state_changed" too. Pass a transaction to make it
 * part of a larger change.
 */
export async function setVariantStock(
  db: Db,
  input: { storeId: number; variantId: number; quantity: number; cause?: StockMovementCause },
): Promise<StockChange> {
  if (!Number.isInteger(input.quantity) || input.quantity < 0 || input.quantity > MAX_STOCK_QUANTITY) {
    throw new AppError("invalid_stock_quantity", `Stock must be a whole number from 0 to ${MAX_STOCK_QUANTITY}`, { field: "quantity" });
  }
  return changeVariantStock(db, input, input.cause ?? { reason: "count" }, () => input.quantity);
}

/**
 * Moves a variant's stock by `delta` (an order takes units, a return or a delivery adds them); refuses
 * with 409 `insufficient_stock` to go below zero. Publishes "stock.changed" like setVariantStock.
 */
export async function adjustVariantStock(
  db: Db,
  input: { storeId: number; variantId: number; delta: number; cause: StockMovementCause },
): Promise<StockChange> {
  if (!Number.isInteger(input.delta) || Math.abs(input.delta) > MAX_STOCK_QUANTITY) {
    throw new AppError("invalid_stock_delta", "A stock change must be a whole number", { field: "delta" });
  }
  return changeVariantStock(db, input, input.cause, (current) => {
    const next = current + input.delta;
    if (next < 0) throw new AppError("insufficient_stock", `Only ${current} left in stock`);
    if (next > MAX_STOCK_QUANTITY) throw new AppError("invalid_stock_delta", "Stock would exceed its largest value", { field: "delta" });
    return next;
  });
}

/**
 * The one way stock changes: the variant row is locked first, so concurrent changes apply one after the
 * other and exactly one of them sees the stock leave zero. The event is published in the same transaction,
 * so it exists exactly when the change does.
 */
async function changeVariantStock(
  db: Db,
  input: { storeId: number; variantId: number },
  cause: StockMovementCause,
  next: (current: number) => number,
): Promise<StockChange> {
  return db.transaction(async (tx) => {
    const variant = await findStoreVariant(tx, { ...input, lock: "update" });
    if (!variant) throw new AppError("variant_not_found", "Product variant was not found");
    const quantity = next(variant.stockQuantity);
    const change = { variantId: variant.variantId, previousQuantity: variant.stockQuantity, quantity };
    if (quantity !== variant.stockQuantity) {
      await writeVariantStock(tx, { variantId: variant.variantId, quantity });
      await insertStockMovements(tx, [
        {
          storeId: input.storeId,
          variantId: variant.variantId,
          delta: quantity - variant.stockQuantity,
          quantityAfter: quantity,
          ...cause,
        },
      ]);
      await publishEvent(tx, { type: "stock.changed", storeId: input.storeId, ...change });
      await publishShownStockChanges(tx, input.storeId, [{ productId: variant.productId, ...change }]);
    }
    return change;
  });
}

/** A variant's stock before and after a change, and its product. */
interface StockMove {
  productId: number;
  previousQuantity: number;
  quantity: number;
}

/**
 * Publishes "stock.state_changed" for the products whose stock, as the store shows it to shoppers, these moves
 * changed (in or out of stock, low, the count where the store shows it: catalog-policy.ts), in the moves'
 * transaction, so the storefronts' page caches forget their pages (decision 064); a move no shopper would see
 * publishes nothing. The store's setting is read in the same transaction.
 */
async function publishShownStockChanges(tx: Db, storeId: number, moves: readonly StockMove[]): Promise<void> {
  const moved = moves.filter((move) => move.quantity !== move.previousQuantity);
  if (moved.length === 0) return;
  const policy = await findStockPolicy(tx, storeId);
  if (!policy) return;
  const shown = moved.filter((move) => changesShownStock(policy, move.previousQuantity, move.quantity));
  const productIds = [...new Set(shown.map((move) => move.productId))];
  for (let start = 0; start < productIds.length; start += PRODUCT_IDS_PER_EVENT) {
    await publishEvent(tx, { type: "stock.state_changed", storeId, productIds: productIds.slice(start, start + PRODUCT_IDS_PER_EVENT) });
  }
}

/** A line an order takes stock for: the variant, how many, and its name for the shopper's message. */
export interface StockToTake {
  variantId: number;
  quantity: number;
  name: string;
}

/**
 * Takes the stock an order needs, in the order's transaction: the variants are locked in id order (two orders
 * sharing variants wait for each other instead of deadlocking), each line is checked, and the units are taken,
 * never below zero. Where the store sells what it does not have (`allowShortfall`), a line takes what there is.
 * 409 `out_of_stock` / `insufficient_stock` otherwise, naming the line. Each change publishes "stock.changed",
 * as every stock movement does, and those shoppers would see "stock.state_changed" (the last copy taken). Answers
 * the units taken per line, in the lines' order.
 */
export async function reserveStock(
  tx: Db,
  input: { storeId: number; allowShortfall: boolean; lines: readonly StockToTake[] },
): Promise<number[]> {
  const locked = await lockVariantStock(
    tx,
    input.lines.map((line) => line.variantId),
  );
  const stock = new Map(locked.map((row) => [row.id, row.stockQuantity]));
  const taken = input.lines.map((line) => {
    const available = stock.get(line.variantId) ?? 0;
    if (available < line.quantity && !input.allowShortfall) {
      throw new AppError(
        available === 0 ? "out_of_stock" : "insufficient_stock",
        available === 0 ? `${line.name} is out of stock` : `Only ${available} of ${line.name} left in stock`,
      );
    }
    return Math.min(available, line.quantity);
  });
  await takeStock(
    tx,
    input.lines.map((line, index) => ({ variantId: line.variantId, quantity: taken[index] ?? 0 })),
  );
  await insertStockMovements(
    tx,
    input.lines.flatMap((line, index) => {
      const quantity = taken[index] ?? 0;
      const previousQuantity = stock.get(line.variantId) ?? 0;
      return quantity === 0
        ? []
        : [
            {
              storeId: input.storeId,
              variantId: line.variantId,
              delta: -quantity,
              quantityAfter: previousQuantity - quantity,
              reason: "order" as const,
            },
          ];
    }),
  );
  for (const [index, line] of input.lines.entries()) {
    const quantity = taken[index] ?? 0;
    const previousQuantity = stock.get(line.variantId) ?? 0;
    if (quantity === 0) continue;
    await publishEvent(tx, {
      type: "stock.changed",
      storeId: input.storeId,
      variantId: line.variantId,
      previousQuantity,
      quantity: previousQuantity - quantity,
    });
  }
  const takenOfVariant = new Map<number, number>();
  for (const [index, line] of input.lines.entries()) {
    takenOfVariant.set(line.variantId, (takenOfVariant.get(line.variantId) ?? 0) + (taken[index] ?? 0));
  }
  await publishShownStockChanges(
    tx,
    input.storeId,
    locked.map((row) => ({
      productId: row.productId,
      previousQuantity: row.stockQuantity,
      quantity: row.stockQuantity - (takenOfVariant.get(row.id) ?? 0),
    })),
  );
  return taken;
}

/** A variant's stock as the merchant sees it; 404 `variant_not_found` when it is not the store's. */
export async function getVariantStock(
  db: Db,
  input: { storeId: number; variantId: number; storeThreshold: number },
): Promise<VariantStockView> {
  const view = await findVariantStockView(db, input);
  if (!view) throw new AppError("variant_not_found", "No variant of this store has this id");
  return view;
}

/** A variant's stock found by its SKU (exactly as written); 404 `variant_not_found` when no variant of the store has it. */
export async function getVariantStockBySku(
  db: Db,
  input: { storeId: number; sku: string; storeThreshold: number },
): Promise<VariantStockView> {
  const variantId = await findVariantIdBySku(db, input);
  if (variantId === null) throw new AppError("variant_not_found", "No variant of this store has this SKU");
  return getVariantStock(db, { ...input, variantId });
}

/** Sets or clears (null: the store's setting) a variant's low-stock threshold; answers the stock before and after. */
export async function setLowStockThreshold(
  db: Db,
  input: { storeId: number; variantId: number; storeThreshold: number; threshold: number | null },
) {
  const before = await getVariantStock(db, input);
  await writeLowStockThreshold(db, input);
  return { before, after: await getVariantStock(db, input) };
}
