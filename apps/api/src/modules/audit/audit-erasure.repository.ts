import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "./audit.tables";

/**
 * Takes an address out of the audit log: an entry whose resource is the address (an export's) loses it, an entry whose
 * changes name it or are about the customer loses its changes. Who did what, and when, stays.
 */
export async function anonymiseAuditEntriesOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  const inStore = eq(auditLog.storeId, input.storeId);
  await db
    .update(auditLog)
    .set({ resourceId: null })
    .where(and(inStore, sql`lower(${auditLog.resourceId}) = ${input.email}`));
  const aboutCustomer =
    input.customerId === null ? undefined : and(eq(auditLog.resourceType, "customer"), eq(auditLog.resourceId, String(input.customerId)));
  const namesEmail = sql`strpos(lower(${auditLog.changes}::text), ${input.email}) > 0`;
  await db
    .update(auditLog)
    .set({ changes: null })
    .where(and(inStore, aboutCustomer ? or(namesEmail, aboutCustomer) : namesEmail));
}
