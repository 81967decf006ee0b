import type {
  AdminDiscountCode,
  AdminListDiscountCodesQuery,
  CreateAdminDiscountCodeBody,
  UpdateAdminDiscountCodeBody,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { refuseForeignPageKey } from "../../db/keyset-page";
import { isUniqueViolation } from "../../db/unique-violation";
import { AppError } from "../../http/errors";
import { changedFields, recordAdminWrite } from "../audit/audit.service";
import type { AdminWrite } from "../audit/audit.service";
import {
  discountCodeTaken,
  findAdminDiscountCode,
  insertDiscountCode,
  listAdminDiscountCodeRows,
  replaceCurrencyRules,
  updateDiscountCodeFields,
  type DiscountCodeFields,
} from "./discount-codes-admin.repository";

/** The store's codes in the order `query.sort` asks, in keyset pages; a page key of another order is a 400. */
export async function listAdminDiscountCodes(db: Db, storeId: number, query: AdminListDiscountCodesQuery) {
  refuseForeignPageKey(query, ["code"]);
  return listAdminDiscountCodeRows(db, storeId, query);
}

/*
 * The merchant's discount codes (decision 048): the checkout's own table and rules, written here. Each write is one
 * transaction with its audit entry. The code's text and kind never change once it exists: orders name it.
 */

export async function requireAdminDiscountCode(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}) {
  const code = await findAdminDiscountCode(db, storeId, id, options);
  if (!code) throw new AppError("discount_code_not_found");
  return code;
}

function checkCurrencies(storeCurrencies: readonly string[], ...lists: (Record<string, number> | undefined)[]) {
  for (const list of lists) {
    for (const currency of Object.keys(list ?? {})) {
      if (!storeCurrencies.includes(currency)) {
        throw new AppError("currency_not_supported", `This store does not sell in ${currency}`, { field: "body" });
      }
    }
  }
}

const dateOf = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

function fieldsOf(body: UpdateAdminDiscountCodeBody): DiscountCodeFields {
  const fields: DiscountCodeFields = {
    description: body.description,
    basisPoints: body.percentOff === undefined ? undefined : Math.round(body.percentOff * 100),
    startsAt: dateOf(body.startsAt),
    endsAt: dateOf(body.endsAt),
    usageLimit: body.usageLimit,
    perCustomerLimit: body.perCustomerLimit,
    isActive: body.isActive,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as DiscountCodeFields;
}

function audit(tx: Db, write: AdminWrite, id: number, before: AdminDiscountCode | null, after: AdminDiscountCode) {
  const { timesUsed: _before, ...was } = before ?? ({} as AdminDiscountCode);
  const { timesUsed: _after, ...now } = after;
  const changes = changedFields(before ? was : null, now);
  if (!changes) return;
  return recordAdminWrite(tx, write, { type: "discount_code", id, changes });
}

export async function createAdminDiscountCode(
  db: Db,
  write: AdminWrite,
  store: { currencyCodes: readonly string[] },
  body: CreateAdminDiscountCodeBody,
): Promise<AdminDiscountCode> {
  checkCurrencies(store.currencyCodes, body.amountOff, body.minimumSpend);
  return db.transaction(async (tx) => {
    if (await discountCodeTaken(tx, write.storeId, body.code)) throw new AppError("discount_code_taken", { field: "body.code" });
    const id = await insertDiscountCode(tx, { storeId: write.storeId, code: body.code, kind: body.kind, ...fieldsOf(body) }).catch(
      (error: unknown) => {
        if (isUniqueViolation(error, "discount_codes_store_code_unique")) throw new AppError("discount_code_taken", { field: "body.code" });
        throw error;
      },
    );
    await replaceCurrencyRules(tx, id, { amountOff: body.amountOff ?? {}, minimumSpend: body.minimumSpend ?? {} });
    const created = await requireAdminDiscountCode(tx, write.storeId, id);
    await audit(tx, write, id, null, created);
    return created;
  });
}

/**
 * Changes a code's rules. The row is locked against orders using it at the same moment, so a new limit is checked
 * against the uses it will stand beside (409 `discount_limit_below_uses`).
 */
export async function updateAdminDiscountCode(
  db: Db,
  write: AdminWrite,
  store: { currencyCodes: readonly string[] },
  id: number,
  body: UpdateAdminDiscountCodeBody,
): Promise<AdminDiscountCode> {
  checkCurrencies(store.currencyCodes, body.amountOff, body.minimumSpend);
  return db.transaction(async (tx) => {
    const before = await requireAdminDiscountCode(tx, write.storeId, id, { forUpdate: true });
    if (body.percentOff !== undefined && before.kind !== "percentage")
      throw new AppError("discount_rule_not_for_kind", { field: "body.percentOff" });
    if (body.amountOff !== undefined && before.kind !== "fixed_amount")
      throw new AppError("discount_rule_not_for_kind", { field: "body.amountOff" });
    if (body.amountOff !== undefined && Object.keys(body.amountOff).length === 0) {
      throw new AppError("invalid_input", "A fixed-amount code needs amountOff in at least one currency", { field: "body.amountOff" });
    }
    if (body.usageLimit != null && body.usageLimit < before.timesUsed)
      throw new AppError("discount_limit_below_uses", { field: "body.usageLimit" });
    const startsAt = body.startsAt === undefined ? before.startsAt : body.startsAt;
    const endsAt = body.endsAt === undefined ? before.endsAt : body.endsAt;
    if (startsAt && endsAt && startsAt >= endsAt)
      throw new AppError("invalid_input", "The code must end after it starts", { field: "body.endsAt" });

    await updateDiscountCodeFields(tx, id, fieldsOf(body));
    if (body.amountOff !== undefined || body.minimumSpend !== undefined) {
      await replaceCurrencyRules(tx, id, {
        amountOff: body.amountOff ?? before.amountOff,
        minimumSpend: body.minimumSpend ?? before.minimumSpend,
      });
    }
    const after = await requireAdminDiscountCode(tx, write.storeId, id);
    await audit(tx, write, id, before, after);
    return after;
  });
}
