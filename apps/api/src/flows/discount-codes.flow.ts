import type { DiscountCodeBody } from "@quire/contracts";
import type { Db } from "../db/client";
import type { CartOwner } from "../modules/cart/cart.service";
import { applyDiscountCode, type CheckoutContext } from "../modules/checkout/checkout.service";
import { requireAdminDiscountCode } from "../modules/checkout/discount-codes-admin.service";
import { countDiscountUses, listDiscountCodeUses } from "../modules/orders/discount-code-uses.service";

/**
 * A code applied to a basket: the code and its rules are the checkout module's, but a limit per customer is
 * counted over the orders the customer placed, which are the orders module's.
 */
export function applyDiscountCodeToBasket(
  db: Db,
  ctx: CheckoutContext,
  owner: CartOwner,
  body: DiscountCodeBody,
  customerId: number | null,
) {
  return applyDiscountCode(db, ctx, owner, body, { customerId, countDiscountUses });
}

/** The orders that used one of the store's codes (the code is the checkout module's; its uses are the orders'). */
export async function listDiscountCodeUsesFlow(db: Db, storeId: number, codeId: number, page: { before?: number; limit: number }) {
  const { code } = await requireAdminDiscountCode(db, storeId, codeId);
  return listDiscountCodeUses(db, { discountCodeId: codeId, code, ...page });
}
