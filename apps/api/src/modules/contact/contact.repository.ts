import { and, count, desc, eq, or } from "drizzle-orm";
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

/** The store's contact messages sent by a customer or from an email address, newest first, at most `limit` (decision 062). */
export function listMessagesOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string; limit: number }) {
  const t = contactMessages;
  const person = input.customerId === null ? eq(t.email, input.email) : or(eq(t.email, input.email), eq(t.customerId, input.customerId));
  return db
    .select({ reference: t.reference, name: t.name, email: t.email, subject: t.subject, message: t.message, createdAt: t.createdAt })
    .from(t)
    .where(and(eq(t.storeId, input.storeId), person))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(input.limit);
}
