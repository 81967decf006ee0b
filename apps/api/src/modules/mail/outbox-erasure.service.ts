import type { Db } from "../../db/client";
import { anonymiseOutboxMessages } from "./outbox-erasure.repository";

/**
 * Erasure (decision 063): the mails to an address or about the person's orders keep their kind and times (a sent
 * or unsent mail is the shop's record) but lose their recipient, subject, text and link; an unsent one to
 * `erased@erased.invalid` can never be delivered.
 */
export function eraseOutboxMessagesOfPerson(db: Db, input: { storeId: number; email: string; orderIds: readonly number[] }) {
  return anonymiseOutboxMessages(db, input);
}
