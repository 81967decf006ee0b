import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { idempotencyKeys } from "./idempotency.tables";

/** Deletes the remembered answers of a customer's requests, and any that hold an address (kept 24 hours at most). */
export async function deleteIdempotencyRecordsOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  const holdsEmail = sql`strpos(lower(${idempotencyKeys.responseBody}), ${input.email}) > 0`;
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.storeId, input.storeId),
        input.customerId === null ? holdsEmail : or(holdsEmail, eq(idempotencyKeys.scope, `customer:${input.customerId}`)),
      ),
    );
}
