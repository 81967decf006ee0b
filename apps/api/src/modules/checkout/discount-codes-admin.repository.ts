import type { AdminDiscountCode, AdminListDiscountCodesQuery } from "@quire/contracts";
import { and, asc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likeEscaped } from "../../db/like-pattern";
import { discountCodeCurrencyRules, discountCodes } from "./checkout.tables";
import { sortedKeysetClauses, sortedKeysetPage } from "../../db/keyset-page";

type CodeRow = typeof discountCodes.$inferSelect;
type RuleRow = typeof discountCodeCurrencyRules.$inferSelect;

function toAdminCode(row: CodeRow, rules: RuleRow[]): AdminDiscountCode {
  const own = rules.filter((rule) => rule.discountCodeId === row.id);
  const byCurrency = (pick: (rule: RuleRow) => number | null) =>
    Object.fromEntries(own.flatMap((rule) => (pick(rule) === null ? [] : [[rule.currencyCode, pick(rule)!]])));
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    description: row.description,
    percentOff: row.basisPoints === null ? null : row.basisPoints / 100,
    amountOff: byCurrency((rule) => rule.amountOff),
    minimumSpend: byCurrency((rule) => rule.minimumSpend),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    timesUsed: row.timesUsed,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

async function withRules(db: Db, rows: CodeRow[]): Promise<AdminDiscountCode[]> {
  const ids = rows.map((row) => row.id);
  const rules =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(discountCodeCurrencyRules)
          .where(inArray(discountCodeCurrencyRules.discountCodeId, ids))
          .orderBy(asc(discountCodeCurrencyRules.currencyCode));
  return rows.map((row) => toAdminCode(row, rules));
}

export async function findAdminDiscountCode(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ? ((await withRules(db, [row]))[0] ?? null) : null;
}

export async function discountCodeTaken(db: Db, storeId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.code, code)));
  return row !== undefined;
}

export async function listAdminDiscountCodeRows(db: Db, storeId: number, query: AdminListDiscountCodesQuery) {
  // By code: unique in a store, so the store's code index (discount_codes_store_code_unique) is walked from the key.
  const { start, orderBy } = sortedKeysetClauses(query, { id: discountCodes.id, textSort: "code", text: discountCodes.code });
  const conditions: SQL[] = [eq(discountCodes.storeId, storeId)];
  if (start) conditions.push(start);
  if (query.active !== undefined) conditions.push(eq(discountCodes.isActive, query.active === "true"));
  if (query.search !== undefined) {
    conditions.push(ilike(discountCodes.code, `%${likeEscaped(query.search)}%`));
  }
  const rows = await db
    .select()
    .from(discountCodes)
    .where(and(...conditions))
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const { page, nextBefore, nextAfter } = sortedKeysetPage(rows, query.limit, query.sort, query.sort === "code" ? (row) => row.code : null);
  return { discountCodes: await withRules(db, page), nextBefore, nextAfter };
}

export interface DiscountCodeFields {
  description?: string;
  basisPoints?: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  isActive?: boolean;
}

export async function insertDiscountCode(
  db: Db,
  values: DiscountCodeFields & { storeId: number; code: string; kind: CodeRow["kind"] },
): Promise<number> {
  const [row] = await db.insert(discountCodes).values(values).returning({ id: discountCodes.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateDiscountCodeFields(db: Db, id: number, fields: DiscountCodeFields): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.update(discountCodes).set(fields).where(eq(discountCodes.id, id));
}

/** Replaces a code's per-currency amounts: money off and minimum spend, one row per currency named by either. */
export async function replaceCurrencyRules(
  db: Db,
  id: number,
  amounts: { amountOff: Record<string, number>; minimumSpend: Record<string, number> },
): Promise<void> {
  await db.delete(discountCodeCurrencyRules).where(eq(discountCodeCurrencyRules.discountCodeId, id));
  const currencies = [...new Set([...Object.keys(amounts.amountOff), ...Object.keys(amounts.minimumSpend)])];
  if (currencies.length === 0) return;
  await db.insert(discountCodeCurrencyRules).values(
    currencies.map((currencyCode) => ({
      discountCodeId: id,
      currencyCode,
      amountOff: amounts.amountOff[currencyCode] ?? null,
      minimumSpend: amounts.minimumSpend[currencyCode] ?? null,
    })),
  );
}
