import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { carts } from "./cart.tables";

/**
 * Deletes a customer's open baskets (lines, add-ons and checkout details with them) and answers the ids of the rest:
 * ordered or merged baskets stay, an order names its basket.
 */
export async function deleteOpenCartsOfCustomer(db: Db, input: { storeId: number; customerId: number }) {
  const deleted = await db
    .delete(carts)
    .where(and(eq(carts.storeId, input.storeId), eq(carts.customerId, input.customerId), eq(carts.status, "open")))
    .returning({ id: carts.id });
  const kept = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.storeId, input.storeId), eq(carts.customerId, input.customerId)));
  return { deleted: deleted.length, keptCartIds: kept.map((row) => row.id) };
}
