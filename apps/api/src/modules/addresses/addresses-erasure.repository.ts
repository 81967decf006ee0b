import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { savedAddresses } from "./addresses.tables";

/** Deletes a customer's address book; a company's addresses they added stay, no longer naming them. */
export async function deleteAddressesOfCustomer(db: Db, customerId: number): Promise<number> {
  const deleted = await db.delete(savedAddresses).where(eq(savedAddresses.customerId, customerId)).returning({ id: savedAddresses.id });
  await db.update(savedAddresses).set({ addedByCustomerId: null }).where(eq(savedAddresses.addedByCustomerId, customerId));
  return deleted.length;
}
