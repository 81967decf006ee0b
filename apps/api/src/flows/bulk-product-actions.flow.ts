import type { AdminProductBulkAction, BulkProductResult } from "@quire/contracts";
import type { Db } from "../db/client";
import type { AdminWrite } from "../modules/audit/audit.service";
import { setProductArchivedFlow, updateProductFlow } from "./catalogue-admin.flow";
import { applyRowByRow } from "./row-by-row";

/*
 * POST /admin/products/bulk: the back office's "with the selected products" (publish, unpublish, archive, bring back).
 * Each product is changed on its own, through the single call's flow (the catalogue's one write path, so the shop's
 * indexes follow, and the audit entry when something changed): a product refused (another store's, gone, archived when
 * asked to publish) is answered with its reasons, and the others stand. Asking for what already is so changes nothing
 * and is answered done, so the call may be sent again.
 */

interface Store {
  id: number;
  currencyCodes: readonly string[];
}

function applyTo(db: Db, write: AdminWrite, store: Store, action: AdminProductBulkAction, productId: number) {
  switch (action) {
    case "publish":
    case "unpublish":
      return updateProductFlow(db, write, store, productId, { isPublished: action === "publish" });
    case "archive":
    case "unarchive":
      return setProductArchivedFlow(db, write, store.id, productId, action === "archive");
  }
}

/** `action` applied to each product on its own, in the order sent; answers what became of each, in that order. */
export async function bulkProductActionFlow(
  db: Db,
  write: AdminWrite,
  store: Store,
  action: AdminProductBulkAction,
  productIds: readonly number[],
): Promise<BulkProductResult[]> {
  const outcomes = await applyRowByRow(productIds, async (productId) => {
    await applyTo(db, write, store, action, productId);
  });
  return outcomes.map(({ row, errors }) => (errors ? { productId: row, ok: false, errors } : { productId: row, ok: true }));
}
