import type { Db } from "../../db/client";
import * as repository from "./discount-code-uses.repository";
import { keysetPage } from "../../db/keyset-page";

/*
 * The discount code uses the store's orders made, for the module whose codes they are (checkout): a code's limit
 * per customer is checked against them when the code is applied and again, under the code's row lock, when an
 * order is placed. The uses are written and forgotten with their order (orders.repository).
 */

/**
 * How many orders used the code by this customer or by this email (a guest is counted by email; a customer by
 * either); 0 when neither is known. One statement, in the caller's transaction.
 */
export function countDiscountUses(
  db: Db,
  input: { discountCodeId: number; customerId: number | null; email: string | null },
): Promise<number> {
  return repository.countDiscountUses(db, input);
}

/**
 * The orders that used a code, newest first, in keyset pages (`nextBefore`: the next page's `before`); `code` is the
 * code as written, which each order's discount lines name.
 */
export async function listDiscountCodeUses(db: Db, input: { discountCodeId: number; code: string; before?: number; limit: number }) {
  // One more than the page: whether there is a next page is known without a second statement.
  const found = await repository.listDiscountCodeUses(db, { ...input, limit: input.limit + 1 });
  const { page, next } = keysetPage(found, input.limit, (use) => use.orderId);
  return { uses: page, nextBefore: next };
}
