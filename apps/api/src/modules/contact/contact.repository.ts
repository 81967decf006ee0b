import { eq } from "drizzle-orm";
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
