import type { Db } from "../../db/client";
import { deleteOpenCartsOfCustomer } from "./cart-erasure.repository";

/** Erasure (decision 063): deletes a customer's open baskets; answers how many, and the ids of the baskets kept. */
export function eraseOpenCartsOfCustomer(db: Db, input: { storeId: number; customerId: number }) {
  return deleteOpenCartsOfCustomer(db, input);
}
