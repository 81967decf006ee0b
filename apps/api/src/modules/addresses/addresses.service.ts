import {
  MAX_COMPANY_ADDRESSES,
  MAX_CUSTOMER_ADDRESSES,
  type Address,
  type AddressDefaultKind,
  type CompanyAddress,
  type CompanyAddresses,
  type SaveAddressBody,
  type SavedAddress,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { toAddressAnswer } from "./address-format";
import { findTradeCompany, lockCompany, lockCustomer } from "../identity/customers.service";
import * as repository from "./addresses.repository";

// The address book (list, add, edit, delete, set default; company addresses). A customer with
// any address has exactly one default delivery and one default billing address: the first address takes both,
// a default moves when another address is given it, and a deleted default passes to the newest address left.

const addressNotFound = () => new AppError("address_not_found");

/** Who changes an address book: the signed-in customer, and the countries their store delivers to. */
export interface AddressContext {
  customerId: number;
  countryCodes: readonly string[];
}

/** An address in a country the shop does not serve could never be used at checkout: refused when saved. */
function assertCountryListed(ctx: AddressContext, address: Address) {
  if (!ctx.countryCodes.includes(address.countryCode)) {
    throw new AppError("country_not_supported", `We do not deliver to ${address.countryCode}`, { field: "body.address.countryCode" });
  }
}
const companyRequired = () => new AppError("company_account_required");

const toSavedAddress = (row: repository.SavedAddressRow): SavedAddress => ({
  ...toAddressAnswer(row.address),
  id: row.id,
  isDefaultDelivery: row.isDefaultDelivery,
  isDefaultBilling: row.isDefaultBilling,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listAddresses(db: Db, customerId: number): Promise<{ addresses: SavedAddress[] }> {
  const rows = await repository.listCustomerAddresses(db, customerId);
  return { addresses: rows.map(toSavedAddress) };
}

/** Adds an address; 409 past MAX_CUSTOMER_ADDRESSES. The customer's first address is both defaults. */
export function createAddress(db: Db, ctx: AddressContext, body: SaveAddressBody): Promise<SavedAddress> {
  assertCountryListed(ctx, body.address);
  const { customerId } = ctx;
  return db.transaction(async (tx) => {
    const existing = await lockAddressBook(tx, customerId);
    if (existing >= MAX_CUSTOMER_ADDRESSES) {
      throw new AppError("address_limit_reached", `You can keep at most ${MAX_CUSTOMER_ADDRESSES} addresses`);
    }
    const flags = {
      isDefaultDelivery: existing === 0 || body.isDefaultDelivery === true,
      isDefaultBilling: existing === 0 || body.isDefaultBilling === true,
    };
    await repository.clearOtherDefaults(tx, customerId, null, flags);
    return toSavedAddress(await repository.insertCustomerAddress(tx, { customerId, address: body.address, ...flags }));
  });
}

/** Replaces one of the customer's addresses and adds the defaults asked for; 404 for anyone else's. */
export function updateAddress(db: Db, ctx: AddressContext, addressId: number, body: SaveAddressBody): Promise<SavedAddress> {
  assertCountryListed(ctx, body.address);
  const { customerId } = ctx;
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, customerId);
    if (!(await repository.findCustomerAddress(tx, customerId, addressId))) throw addressNotFound();
    const flags = { isDefaultDelivery: body.isDefaultDelivery === true, isDefaultBilling: body.isDefaultBilling === true };
    await repository.clearOtherDefaults(tx, customerId, addressId, flags);
    const row = await repository.updateCustomerAddress(tx, { customerId, addressId, address: body.address, ...flags });
    if (!row) throw addressNotFound();
    return toSavedAddress(row);
  });
}

/** Makes the address the default for the kinds given; 404 for anyone else's. */
export function setDefaultAddress(db: Db, customerId: number, addressId: number, kinds: AddressDefaultKind[]): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, customerId);
    if (!(await repository.findCustomerAddress(tx, customerId, addressId))) throw addressNotFound();
    const flags = { isDefaultDelivery: kinds.includes("delivery"), isDefaultBilling: kinds.includes("billing") };
    await repository.clearOtherDefaults(tx, customerId, addressId, flags);
    const row = await repository.updateCustomerAddress(tx, { customerId, addressId, ...flags });
    if (!row) throw addressNotFound();
    return toSavedAddress(row);
  });
}

/** Deletes one of the customer's addresses; a default it held passes to the newest address left. */
export function deleteAddress(db: Db, customerId: number, addressId: number): Promise<void> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, customerId);
    const deleted = await repository.deleteCustomerAddress(tx, customerId, addressId);
    if (!deleted) throw addressNotFound();
    if (deleted.isDefaultDelivery) await repository.handDefaultToNewest(tx, customerId, "delivery");
    if (deleted.isDefaultBilling) await repository.handDefaultToNewest(tx, customerId, "billing");
  });
}

// ---------------------------------------------------------------- company addresses

const toCompanyAddress = (row: { id: number; address: Address; createdAt: Date }): CompanyAddress => ({
  ...toAddressAnswer(row.address),
  id: row.id,
  createdAt: row.createdAt.toISOString(),
});

/** The addresses of the company the customer buys for; 403 for a customer without one. */
export async function listCompanyAddresses(db: Db, customerId: number): Promise<CompanyAddresses> {
  const company = await findTradeCompany(db, customerId);
  if (!company) throw companyRequired();
  const rows = await repository.listCompanyAddresses(db, company.id);
  return { companyName: company.name, addresses: rows.map(toCompanyAddress) };
}

/** Adds an address to the customer's company's list; 403 without a company, 409 past MAX_COMPANY_ADDRESSES. */
export function addCompanyAddress(db: Db, ctx: AddressContext, address: Address): Promise<CompanyAddress> {
  assertCountryListed(ctx, address);
  const { customerId } = ctx;
  return db.transaction(async (tx) => {
    const company = await findTradeCompany(tx, customerId);
    if (!company) throw companyRequired();
    // The company's row is locked first, so its buyers' additions are counted one after the other.
    await lockCompany(tx, company.id);
    const existing = await repository.countCompanyAddresses(tx, company.id);
    if (existing >= MAX_COMPANY_ADDRESSES) {
      throw new AppError("address_limit_reached", `A company can keep at most ${MAX_COMPANY_ADDRESSES} addresses`);
    }
    return toCompanyAddress(await repository.insertCompanyAddress(tx, { companyId: company.id, addedByCustomerId: customerId, address }));
  });
}

/**
 * Locks the customer (their account's row: changes to their book then run one at a time) and says how many
 * addresses the book holds.
 */
async function lockAddressBook(tx: Db, customerId: number): Promise<number> {
  await lockCustomer(tx, { customerId });
  return repository.countCustomerAddresses(tx, customerId);
}

/** The addresses a company's buyers share, oldest first (the merchant's view of a company). */
export async function companyAddressesOf(db: Db, companyId: number): Promise<CompanyAddress[]> {
  return (await repository.listCompanyAddresses(db, companyId)).map(toCompanyAddress);
}

/** How many addresses each of `companyIds` keeps (none: 0), in one query. */
export function countCompanyAddressesOf(db: Db, companyIds: readonly number[]): Promise<Map<number, number>> {
  return repository.countAddressesPerCompany(db, companyIds);
}

/**
 * A customer's addresses for their data export (decision 062): their own book and the addresses they added to their
 * company's shared list, oldest first, at most `limit`.
 */
export async function listAddressesForExport(db: Db, input: { customerId: number; limit: number }) {
  const rows = await repository.listAddressesOfPerson(db, input);
  return rows.map((row) => ({
    ...toAddressAnswer(row.address),
    book: row.customerId === null ? ("company" as const) : ("customer" as const),
    isDefaultDelivery: row.isDefaultDelivery,
    isDefaultBilling: row.isDefaultBilling,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
