import type { OrderStatus } from "@quire/contracts";

/*
 * Where the withdrawal function is (routes.ts: /withdraw, decision 061), and which orders link to it. Every page's
 * footer imports this: it holds no texts.
 */

export const WITHDRAW_PATH = "/withdraw";
/** `/withdraw?order=<id>`: one of the signed-in customer's orders, straight at choosing its items. */
export const WITHDRAW_ORDER_PARAM = "order";

/** The withdrawal page for one of the signed-in customer's orders (its id is no secret: only its customer may use it). */
export function withdrawOrderPath(orderId: number): string {
  return `${WITHDRAW_PATH}?${new URLSearchParams({ [WITHDRAW_ORDER_PARAM]: String(orderId) })}`;
}

const WITHDRAWABLE: ReadonlySet<OrderStatus> = new Set(["confirmed", "shipped", "delivered"]);

/**
 * Whether an order's page offers "Withdraw from this order": a paid order, on its way or delivered (the API's rule;
 * it still decides, and says when the period is over). An unpaid order is cancelled instead; a cancelled one is gone.
 */
export function buyerMayWithdraw(status: OrderStatus): boolean {
  return WITHDRAWABLE.has(status);
}
