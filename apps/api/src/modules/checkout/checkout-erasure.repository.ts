import { inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cartCheckouts } from "./checkout.tables";

/** Deletes what was typed at checkout into the given baskets or with the given address; counts the rows. */
export async function deleteCheckoutDetailsOfPerson(db: Db, input: { cartIds: readonly number[]; email: string }) {
  const byEmail = sql`lower(${cartCheckouts.email}) = ${input.email}`;
  const deleted = await db
    .delete(cartCheckouts)
    .where(input.cartIds.length === 0 ? byEmail : or(byEmail, inArray(cartCheckouts.cartId, [...input.cartIds])))
    .returning({ cartId: cartCheckouts.cartId });
  return deleted.length;
}
