import type { Db } from "../../db/client";
import { deleteIdempotencyRecordsOfPerson } from "./idempotency-erasure.repository";

/** Erasure (decision 063): forgets the replayable answers of a customer's requests and any that hold their address. */
export function eraseIdempotencyRecordsOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  return deleteIdempotencyRecordsOfPerson(db, input);
}
