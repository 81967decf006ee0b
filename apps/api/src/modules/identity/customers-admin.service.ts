import { MAX_LISTED_COMPANY_BUYERS, type AdminListCompaniesQuery, type AdminListCustomersQuery } from "@quire/contracts";
import type { Db } from "../../db/client";
import { refuseForeignPageKey } from "../../db/keyset-page";
import { AppError } from "../../http/errors";
import { changedFields, recordAdminWrite, type AdminWrite } from "../audit/audit.service";
import {
  findAdminCompanyRow,
  findAdminCustomerRow,
  findCompanyName,
  listAdminCompanyRows,
  listAdminCustomerRows,
  listCompanyBuyerRows,
  setCustomerBlockedAt,
} from "./customers-admin.repository";
import { customerEmailExists } from "./identity.repository";
import { createInvite } from "./registration.service";
import { revokeCustomerSessions } from "./sessions.repository";

type CustomerRow = NonNullable<Awaited<ReturnType<typeof findAdminCustomerRow>>>;

export function toAdminCustomerListItem(row: CustomerRow) {
  return {
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    companyName: row.companyName,
    isTrade: row.isTrade,
    blocked: row.blockedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The store's customers in the order `query.sort` asks, in keyset pages; a page key of another order is a 400. */
export async function listAdminCustomers(db: Db, storeId: number, query: AdminListCustomersQuery) {
  refuseForeignPageKey(query, ["email"]);
  const { rows, nextBefore, nextAfter } = await listAdminCustomerRows(db, storeId, query);
  return { customers: rows.map(toAdminCustomerListItem), nextBefore, nextAfter };
}

/** The store's customer as the merchant sees them; 404 `customer_not_found` for another store's or none. */
export async function requireAdminCustomer(db: Db, storeId: number, customerId: number) {
  const row = await findAdminCustomerRow(db, storeId, customerId);
  if (!row) throw new AppError("customer_not_found", "No customer of this store has this id");
  const companyName = row.companyId === null ? null : await findCompanyName(db, storeId, row.companyId);
  return {
    ...toAdminCustomerListItem(row),
    phone: row.phone,
    marketingOptIn: row.marketingOptIn,
    blockedAt: row.blockedAt?.toISOString() ?? null,
    company: row.companyId === null || companyName === null ? null : { id: row.companyId, name: companyName },
  };
}

type CompanyRow = NonNullable<Awaited<ReturnType<typeof findAdminCompanyRow>>>;
const toAdminCompany = (row: CompanyRow) => ({
  id: row.id,
  name: row.name,
  buyerCount: row.buyerCount,
  createdAt: row.createdAt.toISOString(),
});

/** The store's trade companies, newest first, each with how many buyers buy for it. */
export async function listAdminCompanies(db: Db, storeId: number, query: AdminListCompaniesQuery) {
  refuseForeignPageKey(query, ["name"]);
  const { rows, nextBefore, nextAfter } = await listAdminCompanyRows(db, storeId, query);
  return { companies: rows.map(toAdminCompany), nextBefore, nextAfter };
}

/** A company of the store with its newest buyers (MAX_LISTED_COMPANY_BUYERS); 404 `company_not_found` for another store's or none. */
export async function requireAdminCompany(db: Db, storeId: number, companyId: number) {
  const row = await findAdminCompanyRow(db, storeId, companyId);
  if (!row) throw new AppError("company_not_found");
  const buyers = await listCompanyBuyerRows(db, companyId, MAX_LISTED_COMPANY_BUYERS);
  return { ...toAdminCompany(row), buyers: buyers.map(toAdminCustomerListItem) };
}

/**
 * Blocks a customer's sign-in (every session ends in the same transaction; signing in then answers 403
 * `account_blocked`) or unblocks it. Blocking a blocked customer changes nothing.
 */
export async function setCustomerSignIn(db: Db, write: AdminWrite, customerId: number, blocked: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findAdminCustomerRow(tx, write.storeId, customerId, { forUpdate: true });
    if (!before) throw new AppError("customer_not_found", "No customer of this store has this id");
    if ((before.blockedAt !== null) === blocked) return;
    await setCustomerBlockedAt(tx, customerId, blocked);
    if (blocked) await revokeCustomerSessions(tx, customerId);
    await recordAdminWrite(tx, write, { type: "customer", id: customerId, changes: changedFields({ blocked: !blocked }, { blocked }) });
  });
}

/** Invites a trade buyer by mail, as `npm run invite` does, and audits it. */
export async function inviteTradeBuyer(
  db: Db,
  write: AdminWrite,
  store: { id: number; name: string },
  storefrontUrl: string,
  body: { email: string; firstName: string; lastName: string; companyName: string; expiresInDays?: number | undefined },
) {
  if (await customerEmailExists(db, store.id, body.email)) throw new AppError("email_already_registered", { field: "body.email" });
  return db.transaction(async (tx) => {
    const invite = await createInvite(tx, {
      store,
      storefrontUrl,
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      companyName: body.companyName,
      ...(body.expiresInDays === undefined ? {} : { expiresInDays: body.expiresInDays }),
    });
    await recordAdminWrite(tx, write, {
      type: "trade_invitation",
      id: invite.inviteId,
      changes: changedFields(null, { email: body.email, companyName: body.companyName }),
    });
    return { id: invite.inviteId, email: body.email, expiresAt: invite.expiresAt.toISOString() };
  });
}
