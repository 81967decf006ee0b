import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { wishlists } from "./wishlists.tables";

/** Deletes a customer's lists (their items with them); counts the lists. */
export async function deleteWishlistsOfCustomer(db: Db, customerId: number): Promise<number> {
  const deleted = await db.delete(wishlists).where(eq(wishlists.customerId, customerId)).returning({ id: wishlists.id });
  return deleted.length;
}
