import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { stores } from "../stores/stores.tables";
import { contactMessages } from "./contact.tables";

/** The store's contact address, where its contact form's messages go; null when none is set. */
export async function findContactEmail(db: Db, storeId: number): Promise<string | null> {
  const [row] = await db.select({ contactEmail: stores.contactEmail }).from(stores).where(eq(stores.id, storeId));
  return row?.contactEmail ?? null;
}

export async function insertContactMessage(
  db: Db,
  message: { storeId: number; reference: string; name: string; email: string; subject: string; message: string; customerId: number | null },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}

/** Sets where a store's contact form mail goes (the seed; a merchant's settings). */
export async function setContactEmail(db: Db, storeId: number, contactEmail: string | null): Promise<void> {
  await db.update(stores).set({ contactEmail }).where(eq(stores.id, storeId));
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
