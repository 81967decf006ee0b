import type { Db } from "../db/client";
import { reorderIntoCart, type CartContext, type ReorderAnswer } from "../modules/cart/cart.service";
import { requireLinesToReorder } from "../modules/orders/order-changes.service";

/**
 * Reorder (PUT /baskets/orders/:orderId/merge): the lines of one of the customer's past orders, as the order
 * keeps them, are added to their cart by the cart's own rules (today's prices, stock and limits; what could not
 * be added is said, line by line). One transaction, so the cart's lock holds from the first line to the last.
 * Another customer's order, or an unknown one, is 404.
 */
export function reorder(db: Db, ctx: CartContext, input: { customerId: number; orderId: number }): Promise<ReorderAnswer> {
  return db.transaction(async (tx) => {
    const lines = await requireLinesToReorder(tx, { storeId: ctx.store.id, ...input });
    return reorderIntoCart(tx, ctx, input.customerId, lines);
  });
}
