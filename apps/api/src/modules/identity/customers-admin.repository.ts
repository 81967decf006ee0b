import type { AdminListCompaniesQuery, AdminListCustomersQuery } from "@quire/contracts";
import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likeEscaped } from "../../db/like-pattern";
import { companies, customers } from "./identity.tables";
import { sortedKeysetClauses, sortedKeysetPage } from "../../db/keyset-page";

const listColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  companyName: customers.companyName,
  isTrade: customers.isTrade,
  blockedAt: customers.blockedAt,
  createdAt: customers.createdAt,
  phone: customers.phone,
  marketingOptIn: customers.marketingOptIn,
  companyId: customers.companyId,
};

/** The store's customers the filters find, newest first, in keyset pages by id. */
export async function listAdminCustomerRows(db: Db, storeId: number, query: AdminListCustomersQuery) {
  // By email: unique in a store, so the store's email index (customers_store_email_unique) is walked from the key.
  const { start, orderBy } = sortedKeysetClauses(query, { id: customers.id, textSort: "email", text: customers.email });
  const conditions: SQL[] = [eq(customers.storeId, storeId)];
  if (start) conditions.push(start);
  if (query.trade !== undefined) conditions.push(eq(customers.isTrade, query.trade === "true"));
  if (query.blocked !== undefined) conditions.push(query.blocked === "true" ? isNotNull(customers.blockedAt) : isNull(customers.blockedAt));
  if (query.search !== undefined) {
    const pattern = `%${likeEscaped(query.search)}%`;
    conditions.push(
      or(
        ilike(customers.email, pattern),
        ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
        ilike(customers.companyName, pattern),
      )!,
    );
  }
  const rows = await db
    .select(listColumns)
    .from(customers)
    .where(and(...conditions))
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const { page, nextBefore, nextAfter } = sortedKeysetPage(
    rows,
    query.limit,
    query.sort,
    query.sort === "email" ? (row) => row.email : null,
  );
  return { rows: page, nextBefore, nextAfter };
}

export async function findAdminCustomerRow(db: Db, storeId: number, customerId: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select(listColumns)
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function setCustomerBlockedAt(db: Db, customerId: number, blocked: boolean): Promise<void> {
  await db
    .update(customers)
    .set({ blockedAt: blocked ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId));
}

// ---------------------------------------------------------------- companies

/**
 * How many trade buyers buy for the company: a correlated count, one probe of customers_company_idx per company
 * listed (qualified by hand: drizzle writes a column of the outer query without its table inside a subquery).
 */
const buyerCount = sql<number>`(select count(*)::int from ${customers} buyer where buyer.company_id = ${companies}.id)`;
const companyColumns = { id: companies.id, name: companies.name, createdAt: companies.createdAt, buyerCount };

/** The store's companies the search finds (part of the name), newest first, in keyset pages by id. */
export async function listAdminCompanyRows(db: Db, storeId: number, query: AdminListCompaniesQuery) {
  // By name: unique in a store whatever its capitals, so the store's index on lower(name) is walked from the key.
  const { start, orderBy } = sortedKeysetClauses(query, {
    id: companies.id,
    textSort: "name",
    text: sql`lower(${companies.name})`,
    keyText: (name) => sql`lower(${name})`,
  });
  const conditions: SQL[] = [eq(companies.storeId, storeId)];
  if (start) conditions.push(start);
  if (query.search !== undefined) conditions.push(ilike(companies.name, `%${likeEscaped(query.search)}%`));
  const rows = await db
    .select(companyColumns)
    .from(companies)
    .where(and(...conditions))
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const { page, nextBefore, nextAfter } = sortedKeysetPage(rows, query.limit, query.sort, query.sort === "name" ? (row) => row.name : null);
  return { rows: page, nextBefore, nextAfter };
}

export async function findAdminCompanyRow(db: Db, storeId: number, companyId: number) {
  const [row] = await db
    .select(companyColumns)
    .from(companies)
    .where(and(eq(companies.storeId, storeId), eq(companies.id, companyId)));
  return row ?? null;
}

/** The company's buyers, newest first, at most `limit`. */
export function listCompanyBuyerRows(db: Db, companyId: number, limit: number) {
  return db.select(listColumns).from(customers).where(eq(customers.companyId, companyId)).orderBy(desc(customers.id)).limit(limit);
}

/** The name of the company `companyId` of the store, or null. */
export async function findCompanyName(db: Db, storeId: number, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(and(eq(companies.storeId, storeId), eq(companies.id, companyId)));
  return row?.name ?? null;
}
