import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactMessages } from "./contact.tables";

/** Deletes the messages of an account or an address; counts them. */
export async function deleteContactMessagesOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  const byEmail = sql`lower(${contactMessages.email}) = ${input.email}`;
  const deleted = await db
    .delete(contactMessages)
    .where(
      and(
        eq(contactMessages.storeId, input.storeId),
        input.customerId === null ? byEmail : or(byEmail, eq(contactMessages.customerId, input.customerId)),
      ),
    )
    .returning({ id: contactMessages.id });
  return deleted.length;
}
