import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outboxMessages } from "./mail.tables";

/** Empties the mails to an address or about the given orders: recipient, subject, text and link; counts them. */
export async function anonymiseOutboxMessages(db: Db, input: { storeId: number; email: string; orderIds: readonly number[] }) {
  const toAddress = sql`lower(${outboxMessages.recipient}) = ${input.email}`;
  const updated = await db
    .update(outboxMessages)
    .set({ recipient: "erased@erased.invalid", subject: "Erased", textBody: "Erased", actionUrl: null })
    .where(
      and(
        eq(outboxMessages.storeId, input.storeId),
        input.orderIds.length === 0 ? toAddress : or(toAddress, inArray(outboxMessages.orderId, [...input.orderIds])),
      ),
    )
    .returning({ id: outboxMessages.id });
  return updated.length;
}
