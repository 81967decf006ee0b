import type { AdminDeliveryOption, AdminDeliveryZone, TaxClass } from "@quire/contracts";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { currencyTaxModes, deliveryOptionPrices, deliveryZoneOptions, deliveryZones, taxRates } from "./checkout.tables";

/*
 * The merchant's statements on the checkout's delivery and tax tables (decision 052). The checkout reads the same
 * rows on every call (checkout.repository.ts), so what is written here is what the next summary and order use.
 */

type OptionRow = typeof deliveryZoneOptions.$inferSelect;
type PriceRow = typeof deliveryOptionPrices.$inferSelect;

/**
 * Queues the store's delivery changes (zones, options, prices) behind one transaction-scoped lock: a country belongs
 * to one zone at most, a rule across rows that two admins changing two zones at once could otherwise both pass, and
 * an option's prices are replaced whole, which two writers must not interleave.
 */
export async function lockDeliveryZones(db: Db, storeId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('delivery-zones'), ${storeId})`);
}

function toAdminOption(row: OptionRow, prices: PriceRow[]): AdminDeliveryOption {
  return {
    id: row.id,
    zoneId: row.zoneId,
    kind: row.kind,
    name: row.name,
    description: row.description,
    minDays: row.minDays,
    maxDays: row.maxDays,
    position: row.position,
    prices: prices
      .filter((price) => price.optionId === row.id)
      .map((price) => ({ currencyCode: price.currencyCode, amount: price.amount, freeOverAmount: price.freeOverAmount })),
  };
}

async function optionsOf(db: Db, zoneIds: number[]): Promise<AdminDeliveryOption[]> {
  if (zoneIds.length === 0) return [];
  const options = await db
    .select()
    .from(deliveryZoneOptions)
    .where(inArray(deliveryZoneOptions.zoneId, zoneIds))
    .orderBy(asc(deliveryZoneOptions.position), asc(deliveryZoneOptions.id));
  const optionIds = options.map((option) => option.id);
  const prices =
    optionIds.length === 0
      ? []
      : await db
          .select()
          .from(deliveryOptionPrices)
          .where(inArray(deliveryOptionPrices.optionId, optionIds))
          .orderBy(asc(deliveryOptionPrices.currencyCode));
  return options.map((option) => toAdminOption(option, prices));
}

/** The store's zones with their options and prices, zones by id, options in the checkout's order. */
export async function listAdminDeliveryZones(db: Db, storeId: number, zoneId?: number): Promise<AdminDeliveryZone[]> {
  const zones = await db
    .select({ id: deliveryZones.id, name: deliveryZones.name, countryCodes: deliveryZones.countryCodes })
    .from(deliveryZones)
    .where(
      zoneId === undefined ? eq(deliveryZones.storeId, storeId) : and(eq(deliveryZones.storeId, storeId), eq(deliveryZones.id, zoneId)),
    )
    .orderBy(asc(deliveryZones.id));
  const options = await optionsOf(
    db,
    zones.map((zone) => zone.id),
  );
  return zones.map((zone) => ({ ...zone, options: options.filter((option) => option.zoneId === zone.id) }));
}

/** Which of `countryCodes` another zone of the store (not `exceptZoneId`) already serves. */
export async function countriesServedElsewhere(
  db: Db,
  input: { storeId: number; countryCodes: readonly string[]; exceptZoneId: number | null },
): Promise<string[]> {
  const rows = await db
    .select({ countryCodes: deliveryZones.countryCodes })
    .from(deliveryZones)
    .where(
      and(
        eq(deliveryZones.storeId, input.storeId),
        input.exceptZoneId === null ? undefined : ne(deliveryZones.id, input.exceptZoneId),
        sql`${deliveryZones.countryCodes} && ${sql.param([...input.countryCodes])}::text[]`,
      ),
    );
  const taken = new Set(rows.flatMap((row) => row.countryCodes));
  return input.countryCodes.filter((code) => taken.has(code));
}

export async function insertDeliveryZone(db: Db, values: { storeId: number; name: string; countryCodes: string[] }): Promise<number> {
  const [row] = await db.insert(deliveryZones).values(values).returning({ id: deliveryZones.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateDeliveryZone(db: Db, id: number, fields: { name?: string; countryCodes?: string[] }): Promise<void> {
  await db.update(deliveryZones).set(fields).where(eq(deliveryZones.id, id));
}

/** Deletes a zone with its options and their prices (orders keep their own copy of the option they used). */
export async function deleteDeliveryZone(db: Db, id: number): Promise<void> {
  await db.delete(deliveryZones).where(eq(deliveryZones.id, id));
}

/** An option of the store's, with its prices. */
export async function findAdminDeliveryOption(db: Db, storeId: number, id: number): Promise<AdminDeliveryOption | null> {
  const [row] = await db
    .select({ option: deliveryZoneOptions })
    .from(deliveryZoneOptions)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneOptions.zoneId))
    .where(and(eq(deliveryZones.storeId, storeId), eq(deliveryZoneOptions.id, id)));
  if (!row) return null;
  const prices = await db
    .select()
    .from(deliveryOptionPrices)
    .where(eq(deliveryOptionPrices.optionId, id))
    .orderBy(asc(deliveryOptionPrices.currencyCode));
  return toAdminOption(row.option, prices);
}

export interface DeliveryOptionFields {
  kind?: OptionRow["kind"];
  name?: string;
  description?: string;
  minDays?: number;
  maxDays?: number;
  position?: number;
}

export async function insertDeliveryOption(
  db: Db,
  values: DeliveryOptionFields & Pick<OptionRow, "zoneId" | "kind" | "name" | "minDays" | "maxDays">,
): Promise<number> {
  const [row] = await db.insert(deliveryZoneOptions).values(values).returning({ id: deliveryZoneOptions.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateDeliveryOption(db: Db, id: number, fields: DeliveryOptionFields): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.update(deliveryZoneOptions).set(fields).where(eq(deliveryZoneOptions.id, id));
}

export async function deleteDeliveryOption(db: Db, id: number): Promise<void> {
  await db.delete(deliveryZoneOptions).where(eq(deliveryZoneOptions.id, id));
}

/** Replaces an option's prices, one row per currency. */
export async function replaceDeliveryOptionPrices(
  db: Db,
  optionId: number,
  prices: readonly { currencyCode: string; amount: number; freeOverAmount?: number | null }[],
): Promise<void> {
  await db.delete(deliveryOptionPrices).where(eq(deliveryOptionPrices.optionId, optionId));
  if (prices.length === 0) return;
  await db.insert(deliveryOptionPrices).values(
    prices.map((price) => ({
      optionId,
      currencyCode: price.currencyCode,
      amount: price.amount,
      freeOverAmount: price.freeOverAmount ?? null,
    })),
  );
}

/** The store's tax rates, by country then class, and its currencies' tax modes. */
export async function listTaxSetup(db: Db, storeId: number) {
  const rates = await db
    .select({ countryCode: taxRates.countryCode, taxClass: taxRates.taxClass, basisPoints: taxRates.basisPoints })
    .from(taxRates)
    .where(eq(taxRates.storeId, storeId))
    .orderBy(asc(taxRates.countryCode), asc(taxRates.taxClass));
  const modes = await db
    .select({ currencyCode: currencyTaxModes.currencyCode, pricesIncludeTax: currencyTaxModes.pricesIncludeTax })
    .from(currencyTaxModes)
    .where(eq(currencyTaxModes.storeId, storeId))
    .orderBy(asc(currencyTaxModes.currencyCode));
  return { rates, modes };
}

/** Sets a country's rate for each class given, in one statement (a new row or the old one changed). */
export async function upsertCountryTaxRates(
  db: Db,
  input: { storeId: number; countryCode: string; basisPoints: Readonly<Record<TaxClass, number>> },
): Promise<void> {
  const rows = Object.entries(input.basisPoints).map(([taxClass, basisPoints]) => ({
    storeId: input.storeId,
    countryCode: input.countryCode,
    taxClass: taxClass as TaxClass,
    basisPoints,
  }));
  await db
    .insert(taxRates)
    .values(rows)
    .onConflictDoUpdate({
      target: [taxRates.storeId, taxRates.countryCode, taxRates.taxClass],
      set: { basisPoints: sql`excluded.basis_points` },
    });
}

/** Removes a country's rates; answers how many rows there were. */
export async function deleteCountryTaxRates(db: Db, input: { storeId: number; countryCode: string }): Promise<number> {
  const removed = await db
    .delete(taxRates)
    .where(and(eq(taxRates.storeId, input.storeId), eq(taxRates.countryCode, input.countryCode)))
    .returning({ taxClass: taxRates.taxClass });
  return removed.length;
}

export async function upsertCurrencyTaxMode(db: Db, input: { storeId: number; currencyCode: string; pricesIncludeTax: boolean }) {
  await db
    .insert(currencyTaxModes)
    .values(input)
    .onConflictDoUpdate({
      target: [currencyTaxModes.storeId, currencyTaxModes.currencyCode],
      set: { pricesIncludeTax: input.pricesIncludeTax },
    });
}

/** Queues the store's tax changes behind one transaction-scoped lock, so each audit entry's "before" is what it changed. */
export async function lockTaxSetup(db: Db, storeId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('tax-rates'), ${storeId})`);
}
