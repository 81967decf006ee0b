import type { AdminOrderBulkAction, BulkOrderResult } from "@quire/contracts";
import type { Db } from "../db/client";
import { changedFields, recordAdminWrite, type AdminWrite } from "../modules/audit/audit.service";
import { deliverOrder, type AdminContext } from "../modules/orders/orders-admin.service";
import { applyRowByRow } from "./row-by-row";

/*
 * POST /admin/orders/bulk: the back office's "with the ticked orders" (mark delivered, for a shop whose carrier does not
 * report deliveries). Each order is changed on its own, in one transaction with its audit entry, through the single
 * call's service (the order's machine, the buyer's mail): an order refused (not shipped yet, another store's) is
 * answered with its reasons, and the others stand. An order already delivered is answered done and changes nothing.
 */

async function applyTo(db: Db, ctx: AdminContext, write: AdminWrite, action: AdminOrderBulkAction, orderId: number) {
  switch (action) {
    case "deliver":
      await db.transaction(async (tx) => {
        const changed = await deliverOrder(tx, ctx, { orderId });
        if (changed) {
          await recordAdminWrite(tx, write, {
            type: "order",
            id: orderId,
            changes: changedFields({ status: changed.from }, { status: "delivered" }),
          });
        }
      });
  }
}

/** `action` applied to each order on its own, in the order sent; answers what became of each, in that order. */
export async function bulkOrderActionFlow(
  db: Db,
  ctx: AdminContext,
  write: AdminWrite,
  action: AdminOrderBulkAction,
  orderIds: readonly number[],
): Promise<BulkOrderResult[]> {
  const outcomes = await applyRowByRow(orderIds, (orderId) => applyTo(db, ctx, write, action, orderId));
  return outcomes.map(({ row, errors }) => (errors ? { orderId: row, ok: false, errors } : { orderId: row, ok: true }));
}
