import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactMessages } from "./contact.tables";

export async function insertContactMessage(
  db: Db,
  message: { storeId: number; reference: string; name: string; email: string; subject: string; message: string; customerId: number | null },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}

/** A page of the store's messages, newest first, and how many it has. */
export async function listContactMessagesPage(db: Db, input: { storeId: number; limit: number; offset: number }) {
  const where = eq(contactMessages.storeId, input.storeId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        reference: contactMessages.reference,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        customerId: contactMessages.customerId,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
