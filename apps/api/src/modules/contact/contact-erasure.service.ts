import type { Db } from "../../db/client";
import { deleteContactMessagesOfPerson } from "./contact-erasure.repository";

/** Erasure (decision 063): deletes the contact messages of an account or an email address; counts them. */
export function eraseContactMessagesOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  return deleteContactMessagesOfPerson(db, input);
}
