import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { adjustVariantStock } from "../inventory/inventory.service";
import { transition, type TransitionActor } from "../state-machines/state-transitions.service";
import { orderMachine } from "./order-status";
import * as repository from "./orders.repository";
import { orders } from "./orders.tables";
import type { OrderStatus } from "@quire/contracts";

/**
 * Cancels an order and gives back what it held, in the caller's transaction with the order's row locked: the
 * units it took go back to stock (through inventory, so a restock from none tells back-in-stock subscribers),
 * and its discount code uses are forgotten (they no longer count against the buyer). Answers the codes they
 * were of, once per use, for the cancellation flow (flows/cancel-order.flow.ts) to give back to the checkout's
 * counters in the same transaction. The transition table decides which statuses may be cancelled. Its payments
 * (open attempts, a refund of a paid order) are the flow's too.
 */
export async function cancelLockedOrder(
  tx: Db,
  order: { id: number; storeId: number; status: OrderStatus },
  actor: TransitionActor,
  reason: string,
): Promise<number[]> {
  await transition(tx, orderMachine, orders, {
    entityId: order.id,
    from: order.status,
    to: "cancelled",
    actor,
    reason,
    alsoSet: sql`updated_at = now(), payment_due_by = null`,
  });
  for (const line of await repository.listReservedStock(tx, order.id)) {
    await adjustVariantStock(tx, {
      storeId: order.storeId,
      variantId: line.variantId,
      delta: line.reserved,
      cause: { reason: "cancellation", note: `Order ${order.id} cancelled` },
    });
  }
  return repository.deleteDiscountUses(tx, order.id);
}
