import type { Db } from "../../db/client";
import { deleteWishlistsOfCustomer } from "./wishlists-erasure.repository";

/** Erasure (decision 063): deletes a customer's wishlists and their items; counts the lists. */
export function eraseWishlistsOfCustomer(db: Db, customerId: number): Promise<number> {
  return deleteWishlistsOfCustomer(db, customerId);
}
