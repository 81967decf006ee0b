import type { Db } from "../../db/client";
import { deleteMarketingOfPerson } from "./marketing-erasure.repository";

/**
 * Erasure (decision 063): deletes the newsletter subscriptions and their links of an account or an email address.
 * Their consent records (decision 060) stay: they name the subscription's id only, which no longer resolves.
 */
export function eraseMarketingOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  return deleteMarketingOfPerson(db, input);
}
