import type { Address } from "@quire/contracts";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { savedAddresses } from "./addresses.tables";

/*
 * Every query names the owner (the customer, or the company): an address of anyone else is simply not found.
 * Changes to one customer's book run in a transaction that first locks the customer's row, so the limit and
 * the one-default rule hold however many requests arrive at once.
 */

const columns = {
  id: savedAddresses.id,
  address: savedAddresses.address,
  isDefaultDelivery: savedAddresses.isDefaultDelivery,
  isDefaultBilling: savedAddresses.isDefaultBilling,
  createdAt: savedAddresses.createdAt,
  updatedAt: savedAddresses.updatedAt,
};
export interface SavedAddressRow {
  id: number;
  address: Address;
  isDefaultDelivery: boolean;
  isDefaultBilling: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export type DefaultFlags = { isDefaultDelivery?: boolean; isDefaultBilling?: boolean };

/** The customer's book: the default delivery address first, then the default billing one, then the newest. */
export function listCustomerAddresses(db: Db, customerId: number): Promise<SavedAddressRow[]> {
  return db
    .select(columns)
    .from(savedAddresses)
    .where(eq(savedAddresses.customerId, customerId))
    .orderBy(desc(savedAddresses.isDefaultDelivery), desc(savedAddresses.isDefaultBilling), desc(savedAddresses.id));
}

export async function findCustomerAddress(db: Db, customerId: number, addressId: number): Promise<SavedAddressRow | null> {
  const [row] = await db
    .select(columns)
    .from(savedAddresses)
    .where(and(eq(savedAddresses.id, addressId), eq(savedAddresses.customerId, customerId)));
  return row ?? null;
}

/** How many addresses a customer's book holds. */
export async function countCustomerAddresses(db: Db, customerId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(savedAddresses).where(eq(savedAddresses.customerId, customerId));
  return row?.value ?? 0;
}

/** Takes the given defaults away from the customer's other addresses (before one address is given them). */
export async function clearOtherDefaults(db: Db, customerId: number, keepAddressId: number | null, flags: DefaultFlags) {
  if (flags.isDefaultDelivery) {
    await db
      .update(savedAddresses)
      .set({ isDefaultDelivery: false })
      .where(and(eq(savedAddresses.customerId, customerId), eq(savedAddresses.isDefaultDelivery, true), otherThan(keepAddressId)));
  }
  if (flags.isDefaultBilling) {
    await db
      .update(savedAddresses)
      .set({ isDefaultBilling: false })
      .where(and(eq(savedAddresses.customerId, customerId), eq(savedAddresses.isDefaultBilling, true), otherThan(keepAddressId)));
  }
}

const otherThan = (addressId: number | null) => (addressId === null ? undefined : sql`${savedAddresses.id} <> ${addressId}`);

export async function insertCustomerAddress(
  db: Db,
  values: { customerId: number; address: Address; isDefaultDelivery: boolean; isDefaultBilling: boolean },
): Promise<SavedAddressRow> {
  const [row] = await db.insert(savedAddresses).values(values).returning(columns);
  if (!row) throw new Error("The address insert returned no row");
  return row;
}

/** Changes one of the customer's addresses; null when it is not theirs. Flags left undefined stay as they are. */
export async function updateCustomerAddress(
  db: Db,
  input: { customerId: number; addressId: number; address?: Address } & DefaultFlags,
): Promise<SavedAddressRow | null> {
  const [row] = await db
    .update(savedAddresses)
    .set({
      ...(input.address ? { address: input.address } : {}),
      ...(input.isDefaultDelivery ? { isDefaultDelivery: true } : {}),
      ...(input.isDefaultBilling ? { isDefaultBilling: true } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(savedAddresses.id, input.addressId), eq(savedAddresses.customerId, input.customerId)))
    .returning(columns);
  return row ?? null;
}

/** Deletes one of the customer's addresses; what it was (its defaults), or null when it is not theirs. */
export async function deleteCustomerAddress(db: Db, customerId: number, addressId: number): Promise<SavedAddressRow | null> {
  const [row] = await db
    .delete(savedAddresses)
    .where(and(eq(savedAddresses.id, addressId), eq(savedAddresses.customerId, customerId)))
    .returning(columns);
  return row ?? null;
}

/** Gives a default the deleted address held to the customer's newest remaining address, if any. */
export async function handDefaultToNewest(db: Db, customerId: number, kind: "delivery" | "billing") {
  const newest = db
    .select({ id: savedAddresses.id })
    .from(savedAddresses)
    .where(eq(savedAddresses.customerId, customerId))
    .orderBy(desc(savedAddresses.id))
    .limit(1);
  await db
    .update(savedAddresses)
    .set(kind === "delivery" ? { isDefaultDelivery: true } : { isDefaultBilling: true })
    .where(sql`${savedAddresses.id} = (${newest})`);
}

// ---------------------------------------------------------------- company addresses

export function listCompanyAddresses(db: Db, companyId: number) {
  return db
    .select({ id: savedAddresses.id, address: savedAddresses.address, createdAt: savedAddresses.createdAt })
    .from(savedAddresses)
    .where(eq(savedAddresses.companyId, companyId))
    .orderBy(asc(savedAddresses.id));
}

/** How many addresses a company's book holds. */
export async function countCompanyAddresses(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(savedAddresses).where(eq(savedAddresses.companyId, companyId));
  return row?.value ?? 0;
}

/** How many addresses each company's book holds, for the companies given (one grouped query). */
export async function countAddressesPerCompany(db: Db, companyIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map(companyIds.map((id) => [id, 0]));
  if (companyIds.length === 0) return counts;
  const rows = await db
    .select({ companyId: savedAddresses.companyId, value: count() })
    .from(savedAddresses)
    .where(inArray(savedAddresses.companyId, [...companyIds]))
    .groupBy(savedAddresses.companyId);
  for (const row of rows) if (row.companyId !== null) counts.set(row.companyId, row.value);
  return counts;
}

export async function insertCompanyAddress(db: Db, values: { companyId: number; addedByCustomerId: number; address: Address }) {
  const [row] = await db
    .insert(savedAddresses)
    .values(values)
    .returning({ id: savedAddresses.id, address: savedAddresses.address, createdAt: savedAddresses.createdAt });
  if (!row) throw new Error("The company address insert returned no row");
  return row;
}

/** A customer's own addresses and those they added to their company's list, oldest first, at most `limit` (decision 062). */
export function listAddressesOfPerson(db: Db, input: { customerId: number; limit: number }) {
  return db
    .select()
    .from(savedAddresses)
    .where(sql`${savedAddresses.customerId} = ${input.customerId} or ${savedAddresses.addedByCustomerId} = ${input.customerId}`)
    .orderBy(asc(savedAddresses.id))
    .limit(input.limit);
}
