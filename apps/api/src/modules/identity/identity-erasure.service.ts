import type { Db } from "../../db/client";
import { anonymiseCustomerRow, deleteIdentityRowsOfPerson, lockCustomerForErasure } from "./identity-erasure.repository";

/*
 * What the identity module does when a person's data is erased (decision 063): sessions, emailed links and throttles
 * deleted, the account's row emptied and blocked (returns and store credit kept for the tax law point at it).
 */

/** The customer to erase, locked for the erasure's transaction: by id, or by email; null when there is none. */
export function lockCustomerForErasureById(db: Db, input: { storeId: number; customerId?: number; email: string }) {
  return lockCustomerForErasure(db, input);
}

/** The address an erased account's row is given: unique, and one nobody can sign up with (.invalid is reserved). */
export const erasedCustomerEmail = (customerId: number) => `erased-${customerId}@erased.invalid`;

/** Deletes a person's sessions, sign-ups, invitations, reset links and throttles, and empties their account. */
export async function eraseIdentityOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string; now: Date }) {
  const counts = await deleteIdentityRowsOfPerson(db, input);
  if (input.customerId !== null) {
    await anonymiseCustomerRow(db, { customerId: input.customerId, erasedEmail: erasedCustomerEmail(input.customerId), now: input.now });
  }
  return { ...counts, account: input.customerId === null ? 0 : 1 };
}
