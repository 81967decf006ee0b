import type { Db } from "../../db/client";
import { deleteAddressesOfCustomer } from "./addresses-erasure.repository";

/** Erasure (decision 063): deletes a customer's saved addresses; counts them. */
export function eraseAddressesOfCustomer(db: Db, customerId: number): Promise<number> {
  return deleteAddressesOfCustomer(db, customerId);
}
