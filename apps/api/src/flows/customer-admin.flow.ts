import type { Db } from "../db/client";
import { companyAddressesOf, countCompanyAddressesOf, listAddresses } from "../modules/addresses/addresses.service";
import { listAdminCompanies, requireAdminCompany, requireAdminCustomer } from "../modules/identity/customers-admin.service";
import type { AdminListCompaniesQuery } from "@quire/contracts";
import { customerOrdersForAdmin } from "../modules/orders/orders-admin.service";

/** A customer as the merchant sees them (decision 049): their account, with their orders and address book from those modules. */
export async function adminCustomerView(db: Db, input: { storeId: number; customerId: number }) {
  const customer = await requireAdminCustomer(db, input.storeId, input.customerId);
  const orders = await customerOrdersForAdmin(db, input);
  const { addresses } = await listAddresses(db, input.customerId);
  return { ...customer, ...orders, addressCount: addresses.length, addresses };
}

/** The store's companies (identity), each with how many addresses its buyers share (addresses). */
export async function adminCompanyList(db: Db, storeId: number, query: AdminListCompaniesQuery) {
  const { companies, nextBefore, nextAfter } = await listAdminCompanies(db, storeId, query);
  const addressCounts = await countCompanyAddressesOf(
    db,
    companies.map((company) => company.id),
  );
  return {
    companies: companies.map((company) => ({ ...company, addressCount: addressCounts.get(company.id) ?? 0 })),
    nextBefore,
    nextAfter,
  };
}

/** A company as the merchant sees it: its buyers (identity) and the addresses they share (addresses). */
export async function adminCompanyView(db: Db, input: { storeId: number; companyId: number }) {
  const company = await requireAdminCompany(db, input.storeId, input.companyId);
  const addresses = await companyAddressesOf(db, company.id);
  return { ...company, addressCount: addresses.length, addresses };
}
