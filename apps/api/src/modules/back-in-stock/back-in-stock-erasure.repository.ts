import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { backInStockSubscriptions } from "./back-in-stock.tables";

/** Deletes the requests of an account or an address (their confirmation links with them); counts them. */
export async function deleteBackInStockRequestsOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  const byEmail = sql`lower(${backInStockSubscriptions.email}) = ${input.email}`;
  const deleted = await db
    .delete(backInStockSubscriptions)
    .where(
      and(
        eq(backInStockSubscriptions.storeId, input.storeId),
        input.customerId === null ? byEmail : or(byEmail, eq(backInStockSubscriptions.customerId, input.customerId)),
      ),
    )
    .returning({ id: backInStockSubscriptions.id });
  return deleted.length;
}
