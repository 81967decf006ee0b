import type { DeliveryOptionKind, DiscountKind, TaxClass } from "@quire/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import {
  cartCheckouts,
  cartDiscountCodes,
  currencyTaxModes,
  deliveryOptionPrices,
  deliveryZoneOptions,
  deliveryZones,
  discountCodeCurrencyRules,
  discountCodes,
  taxRates,
} from "./checkout.tables";

/*
 * Every checkout statement. Changes expect the caller to hold the cart's row lock (cart.service's
 * requireCart), as the cart's own changes do.
 */

export type CheckoutDetails = typeof cartCheckouts.$inferSelect;

export async function findCheckoutDetails(db: Db, cartId: number): Promise<CheckoutDetails | null> {
  const [row] = await db.select().from(cartCheckouts).where(eq(cartCheckouts.cartId, cartId));
  return row ?? null;
}

/** Creates the cart's checkout details or changes the fields given; one statement. */
export async function saveCheckoutDetails(db: Db, cartId: number, fields: Partial<Omit<CheckoutDetails, "cartId" | "updatedAt">>) {
  await db
    .insert(cartCheckouts)
    .values({ cartId, ...fields })
    .onConflictDoUpdate({ target: cartCheckouts.cartId, set: { ...fields, updatedAt: sql`now()` } });
}

/** The store's tax rates for a country, by class, and whether the currency's prices include tax. Two small reads in one. */
export async function findTaxSetup(db: Db, input: { storeId: number; countryCode: string; currencyCode: string }) {
  const [row] = await sqlRows<{ rates: { taxClass: TaxClass; basisPoints: number }[] | null; pricesIncludeTax: boolean | null }>(
    db,
    sql`select
          (select json_agg(json_build_object('taxClass', r.tax_class, 'basisPoints', r.basis_points))
             from ${taxRates} r where r.store_id = ${input.storeId} and r.country_code = ${input.countryCode}) as rates,
          (select m.prices_include_tax from ${currencyTaxModes} m
             where m.store_id = ${input.storeId} and m.currency_code = ${input.currencyCode}) as "pricesIncludeTax"`,
  );
  const rates: Record<TaxClass, number> = { books: 0, standard: 0 };
  for (const rate of row?.rates ?? []) rates[rate.taxClass] = rate.basisPoints;
  // A currency without a stated mode is priced as most of the shop's are: tax included.
  return { rates, pricesIncludeTax: row?.pricesIncludeTax ?? true };
}

export interface DeliveryOptionRow {
  id: number;
  kind: DeliveryOptionKind;
  name: string;
  description: string;
  minDays: number;
  maxDays: number;
  amount: number;
  freeOverAmount: number | null;
  zoneName: string;
}

/**
 * The options of the zone that serves a country, priced in the currency, in the zone's order. Options with no
 * price in the currency are not offered in it.
 */
export function listDeliveryOptions(db: Db, input: { storeId: number; countryCode: string; currencyCode: string }) {
  return db
    .select({
      id: deliveryZoneOptions.id,
      kind: deliveryZoneOptions.kind,
      name: deliveryZoneOptions.name,
      description: deliveryZoneOptions.description,
      minDays: deliveryZoneOptions.minDays,
      maxDays: deliveryZoneOptions.maxDays,
      amount: deliveryOptionPrices.amount,
      freeOverAmount: deliveryOptionPrices.freeOverAmount,
      zoneName: deliveryZones.name,
    })
    .from(deliveryZones)
    .innerJoin(deliveryZoneOptions, eq(deliveryZoneOptions.zoneId, deliveryZones.id))
    .innerJoin(
      deliveryOptionPrices,
      and(eq(deliveryOptionPrices.optionId, deliveryZoneOptions.id), eq(deliveryOptionPrices.currencyCode, input.currencyCode)),
    )
    .where(and(eq(deliveryZones.storeId, input.storeId), sql`${input.countryCode} = any(${deliveryZones.countryCodes})`))
    .orderBy(asc(deliveryZoneOptions.position), asc(deliveryZoneOptions.id)) as Promise<DeliveryOptionRow[]>;
}

export interface DiscountCodeRow {
  id: number;
  code: string;
  kind: DiscountKind;
  basisPoints: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  timesUsed: number;
  isActive: boolean;
  amountOff: number | null;
  minimumSpend: number | null;
}

const discountColumns = {
  id: discountCodes.id,
  code: discountCodes.code,
  kind: discountCodes.kind,
  basisPoints: discountCodes.basisPoints,
  startsAt: discountCodes.startsAt,
  endsAt: discountCodes.endsAt,
  usageLimit: discountCodes.usageLimit,
  perCustomerLimit: discountCodes.perCustomerLimit,
  timesUsed: discountCodes.timesUsed,
  isActive: discountCodes.isActive,
  amountOff: discountCodeCurrencyRules.amountOff,
  minimumSpend: discountCodeCurrencyRules.minimumSpend,
};

/** A store's code by its (upper-case) text, with its amounts in the currency. */
export async function findDiscountCode(
  db: Db,
  input: { storeId: number; code: string; currencyCode: string },
): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select(discountColumns)
    .from(discountCodes)
    .leftJoin(
      discountCodeCurrencyRules,
      and(eq(discountCodeCurrencyRules.discountCodeId, discountCodes.id), eq(discountCodeCurrencyRules.currencyCode, input.currencyCode)),
    )
    .where(and(eq(discountCodes.storeId, input.storeId), eq(discountCodes.code, input.code)));
  return (row as DiscountCodeRow | undefined) ?? null;
}

/** The codes on a cart, oldest first, with their amounts in the currency. */
export function listCartDiscountCodes(db: Db, input: { cartId: number; currencyCode: string }): Promise<DiscountCodeRow[]> {
  return db
    .select(discountColumns)
    .from(cartDiscountCodes)
    .innerJoin(discountCodes, eq(discountCodes.id, cartDiscountCodes.discountCodeId))
    .leftJoin(
      discountCodeCurrencyRules,
      and(eq(discountCodeCurrencyRules.discountCodeId, discountCodes.id), eq(discountCodeCurrencyRules.currencyCode, input.currencyCode)),
    )
    .where(eq(cartDiscountCodes.cartId, input.cartId))
    .orderBy(asc(cartDiscountCodes.createdAt), asc(discountCodes.id)) as Promise<DiscountCodeRow[]>;
}

export async function addCartDiscountCode(db: Db, cartId: number, discountCodeId: number) {
  await db.insert(cartDiscountCodes).values({ cartId, discountCodeId }).onConflictDoNothing();
}

/** Takes codes off a cart; answers how many were on it. */
export async function removeCartDiscountCodes(db: Db, cartId: number, discountCodeIds: readonly number[]) {
  if (discountCodeIds.length === 0) return 0;
  const removed = await db
    .delete(cartDiscountCodes)
    .where(and(eq(cartDiscountCodes.cartId, cartId), sql`${cartDiscountCodes.discountCodeId} = any(${sql.param(discountCodeIds)}::int[])`))
    .returning({ id: cartDiscountCodes.discountCodeId });
  return removed.length;
}

/**
 * Counts one use of a code if it has uses left, row-locking it for the rest of the transaction; false when it
 * has none left. The lock also orders concurrent orders' per-customer checks on the same code.
 */
export async function consumeDiscountUse(db: Db, discountCodeId: number) {
  const used = await sqlRows<{ id: number }>(
    db,
    sql`update ${discountCodes} set times_used = times_used + 1
        where id = ${discountCodeId} and (usage_limit is null or times_used < usage_limit)
        returning id`,
  );
  return used.length === 1;
}

/** Counts one use fewer of each code, once per id given (a code used twice by one order is named twice). */
export async function releaseDiscountUses(db: Db, discountCodeIds: readonly number[]): Promise<void> {
  if (discountCodeIds.length === 0) return;
  await db.execute(
    sql`update ${discountCodes} c set times_used = c.times_used - released.uses
        from (select id, count(*)::int as uses from unnest(${sql.param([...discountCodeIds])}::int[]) as id group by id) released
        where c.id = released.id`,
  );
}
