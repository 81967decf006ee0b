import type { BulkVariantResult, BulkVariantRow } from "@quire/contracts";
import type { Db } from "../db/client";
import type { AdminWrite } from "../modules/audit/audit.service";
import { requireProductOfVariant } from "../modules/catalog/catalog-admin.service";
import { setVariantPricesFlow, updateProductFlow } from "./catalogue-admin.flow";
import { applyRowByRow } from "./row-by-row";
import { setStockFlow } from "./stock-admin.flow";

/*
 * PUT /admin/variants/bulk (decision 047's amendment): the merchant's spreadsheet of variants, each row on its own.
 * A row is one transaction holding its changes through the paths the single calls take (the catalogue's write path
 * for prices and publishing, inventory's rules for stock, so `stock.changed` and the stock history follow, with the
 * reason `bulk_edit`), each with its audit entry. A refused row is rolled back whole and answered with its reasons;
 * the rows before and after it stand.
 */

interface Store {
  id: number;
  currencyCodes: readonly string[];
  lowStockThreshold: number;
}

/** Applies one row in one transaction: its prices, its stock, its product's publishing, in that order. */
async function applyRow(db: Db, write: AdminWrite, store: Store, row: BulkVariantRow): Promise<void> {
  await db.transaction(async (tx) => {
    const productId = await requireProductOfVariant(tx, store.id, row.variantId);
    if (row.prices) await setVariantPricesFlow(tx, write, store, row.variantId, row.prices);
    if (row.stockQuantity !== undefined) {
      await setStockFlow(tx, write, {
        variantId: row.variantId,
        storeThreshold: store.lowStockThreshold,
        quantity: row.stockQuantity,
        reason: "bulk_edit",
      });
    }
    if (row.published !== undefined) await updateProductFlow(tx, write, store, productId, { isPublished: row.published });
  });
}

/** Each row applied on its own, in the order sent; answers what became of each, in that order. */
export async function bulkEditVariantsFlow(
  db: Db,
  write: AdminWrite,
  store: Store,
  rows: readonly BulkVariantRow[],
): Promise<BulkVariantResult[]> {
  const outcomes = await applyRowByRow(rows, (row) => applyRow(db, write, store, row));
  return outcomes.map(({ row, errors }) =>
    errors ? { variantId: row.variantId, ok: false, errors } : { variantId: row.variantId, ok: true },
  );
}
