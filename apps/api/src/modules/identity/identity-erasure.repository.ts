import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  customerInvites,
  customers,
  erasureRequests,
  passwordResetTokens,
  sessions,
  signInThrottles,
  signupRequests,
} from "./identity.tables";

/** The store's customer with this id or email, locked until the transaction ends; null when there is none. */
export async function lockCustomerForErasure(db: Db, input: { storeId: number; customerId?: number; email: string }) {
  const [row] = await db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(
      and(
        eq(customers.storeId, input.storeId),
        input.customerId === undefined ? eq(customers.email, input.email) : eq(customers.id, input.customerId),
      ),
    )
    .for("update");
  return row ?? null;
}

/** Deletes the sign-ins, emailed links and throttles of a person; counts what went. */
export async function deleteIdentityRowsOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  const signUps = await db
    .delete(signupRequests)
    .where(and(eq(signupRequests.storeId, input.storeId), sql`lower(${signupRequests.email}) = ${input.email}`))
    .returning({ id: signupRequests.id });
  const invites = await db
    .delete(customerInvites)
    .where(and(eq(customerInvites.storeId, input.storeId), sql`lower(${customerInvites.email}) = ${input.email}`))
    .returning({ id: customerInvites.id });
  // A throttle's key names the address it counts failures for; it lives minutes, and goes now.
  await db.delete(signInThrottles).where(sql`strpos(lower(${signInThrottles.key}), ${input.email}) > 0`);
  if (input.customerId === null) return { sessions: 0, signUps: signUps.length + invites.length };
  const ended = await db.delete(sessions).where(eq(sessions.customerId, input.customerId)).returning({ id: sessions.id });
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.customerId, input.customerId));
  await db.delete(erasureRequests).where(eq(erasureRequests.customerId, input.customerId));
  return { sessions: ended.length, signUps: signUps.length + invites.length };
}

/**
 * Empties a customer's row of everything personal and blocks it: the row stays because returns and store credit,
 * kept for the tax law, point at it (their foreign keys delete with it). Its email becomes one nobody can hold.
 */
export async function anonymiseCustomerRow(db: Db, input: { customerId: number; erasedEmail: string; now: Date }) {
  await db
    .update(customers)
    .set({
      email: input.erasedEmail,
      passwordHash: "erased",
      firstName: "Erased",
      lastName: "Erased",
      phone: "",
      companyName: "",
      companyId: null,
      marketingOptIn: false,
      passwordChangeRequired: false,
      blockedAt: input.now,
      updatedAt: input.now,
    })
    .where(eq(customers.id, input.customerId));
}

/** Records a customer's erasure request, its token hashed. */
export async function insertErasureRequest(db: Db, input: { customerId: number; tokenHash: string; expiresAt: Date }) {
  await db.insert(erasureRequests).values(input);
}

/** The erasure request with this token's hash in the store, locked: its customer and whether it has expired. */
export async function lockErasureRequest(db: Db, input: { storeId: number; tokenHash: string; now: Date }) {
  const [row] = await db
    .select({ customerId: erasureRequests.customerId, expired: sql<boolean>`${erasureRequests.expiresAt} <= ${input.now}` })
    .from(erasureRequests)
    .innerJoin(customers, eq(customers.id, erasureRequests.customerId))
    .where(and(eq(erasureRequests.tokenHash, input.tokenHash), eq(customers.storeId, input.storeId)))
    .for("update", { of: erasureRequests });
  return row ?? null;
}
