import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discountCodeUses, orders } from "./orders.tables";

/** The orders of an account or an address, locked until the transaction ends: id and status. */
export async function lockOrdersOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  const byEmail = sql`lower(${orders.email}) = ${input.email}`;
  return db
    .select({ id: orders.id, publicId: orders.publicId, status: orders.status })
    .from(orders)
    .where(
      and(eq(orders.storeId, input.storeId), input.customerId === null ? byEmail : or(byEmail, eq(orders.customerId, input.customerId))),
    )
    .orderBy(orders.id)
    .for("update");
}

/** An address with nothing but its country: what the tax law needs of it. */
const countryOnly = (column: typeof orders.deliveryAddress | typeof orders.billingAddress) =>
  sql`jsonb_build_object('firstName', 'Erased', 'lastName', 'Erased', 'line1', 'Erased', 'city', 'Erased', 'countryCode', ${column}->>'countryCode')`;

/**
 * Empties the given orders of their buyer: email `erased-<order id>@erased.invalid`, names "Erased", no phone, both
 * addresses down to their country, no comment, reference or basket id, no customer; lines, amounts and taxes stay.
 */
export async function anonymiseOrders(db: Db, orderIds: readonly number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = [...orderIds];
  await db
    .update(orders)
    .set({
      email: sql`'erased-' || ${orders.id} || '@erased.invalid'`,
      firstName: "Erased",
      lastName: "Erased",
      phone: null,
      deliveryAddress: countryOnly(orders.deliveryAddress),
      billingAddress: countryOnly(orders.billingAddress),
      customerComment: null,
      referenceNumber: null,
      anonymousId: null,
      customerId: null,
      updatedAt: now,
    })
    .where(inArray(orders.id, ids));
  await db
    .update(discountCodeUses)
    .set({ email: sql`'erased-' || ${discountCodeUses.orderId} || '@erased.invalid'`, customerId: null })
    .where(inArray(discountCodeUses.orderId, ids));
}
