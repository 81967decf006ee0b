import type { Db } from "../../db/client";
import { deleteBackInStockRequestsOfPerson } from "./back-in-stock-erasure.repository";

/** Erasure (decision 063): deletes the back-in-stock requests of an account or an email address; counts them. */
export function eraseBackInStockRequestsOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  return deleteBackInStockRequestsOfPerson(db, input);
}
