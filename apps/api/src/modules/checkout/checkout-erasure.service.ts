import type { Db } from "../../db/client";
import { deleteCheckoutDetailsOfPerson } from "./checkout-erasure.repository";

/**
 * Erasure (decision 063): deletes the checkout details (email, names, phone, addresses, comment) kept with a person's
 * baskets, ordered ones included (the order holds its own copy), and with any basket checked out with their address.
 */
export function eraseCheckoutDetailsOfPerson(db: Db, input: { cartIds: readonly number[]; email: string }) {
  return deleteCheckoutDetailsOfPerson(db, input);
}
