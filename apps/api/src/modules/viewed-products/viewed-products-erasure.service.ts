import type { Db } from "../../db/client";
import { deleteViewedProductsOfCustomer } from "./viewed-products-erasure.repository";

/** Erasure (decision 063): deletes a customer's recently viewed products; counts them. */
export function eraseRecentlyViewedOfCustomer(db: Db, customerId: number): Promise<number> {
  return deleteViewedProductsOfCustomer(db, customerId);
}
