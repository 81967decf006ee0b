import type {
  AdminDeliveryOption,
  AdminDeliveryZone,
  AdminTaxSettings,
  CreateAdminDeliveryOptionBody,
  CreateAdminDeliveryZoneBody,
  SetAdminCountryTaxRatesBody,
  SetAdminCurrencyTaxModeBody,
  TaxClass,
  UpdateAdminDeliveryOptionBody,
  UpdateAdminDeliveryZoneBody,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { changedFields, recordAdminWrite, type AdminWrite } from "../audit/audit.service";
import * as repository from "./checkout-settings-admin.repository";

/*
 * The merchant's delivery zones, delivery options and tax rates (decision 052): the checkout's own tables, written
 * here, each write one transaction with its audit entry. The checkout reads these rows on every call, so the next
 * summary, delivery choice and order use what was written; an order keeps its own copy of the option's name and
 * kind and of its tax lines, so changing or deleting a zone, an option or a rate never changes an order placed.
 */

type StoreSelling = { currencyCodes: readonly string[] };

function assertCurrenciesSold(store: StoreSelling, prices: readonly { currencyCode: string }[] | undefined) {
  for (const price of prices ?? []) {
    if (!store.currencyCodes.includes(price.currencyCode)) {
      throw new AppError("currency_not_supported", `This store does not sell in ${price.currencyCode}`, { field: "body.prices" });
    }
  }
}

function audit(tx: Db, write: AdminWrite, type: string, id: number | string, before: object | null, after: object | null) {
  const changes = changedFields(before as Record<string, unknown> | null, after as Record<string, unknown> | null);
  if (!changes) return;
  return recordAdminWrite(tx, write, { type, id, changes });
}

// ---------------------------------------------------------------- delivery zones

/** The store's delivery zones with their options and prices per currency. */
export async function listAdminDeliveryZones(db: Db, storeId: number) {
  return { deliveryZones: await repository.listAdminDeliveryZones(db, storeId) };
}

async function requireZone(tx: Db, storeId: number, id: number): Promise<AdminDeliveryZone> {
  const [zone] = await repository.listAdminDeliveryZones(tx, storeId, id);
  if (!zone) throw new AppError("delivery_zone_not_found");
  return zone;
}

/** Refuses (409 `delivery_country_taken`) countries another zone of the store serves; the caller holds the zones' lock. */
async function assertCountriesFree(tx: Db, storeId: number, countryCodes: readonly string[], exceptZoneId: number | null) {
  const taken = await repository.countriesServedElsewhere(tx, { storeId, countryCodes, exceptZoneId });
  if (taken.length > 0) {
    throw new AppError("delivery_country_taken", `Another delivery zone already serves ${taken.join(", ")}`, {
      field: "body.countryCodes",
    });
  }
}

const zoneFields = (zone: AdminDeliveryZone) => ({ name: zone.name, countryCodes: zone.countryCodes });

/** Creates a zone; its countries must not be served by another zone of the store. */
export async function createAdminDeliveryZone(db: Db, write: AdminWrite, body: CreateAdminDeliveryZoneBody): Promise<AdminDeliveryZone> {
  return db.transaction(async (tx) => {
    await repository.lockDeliveryZones(tx, write.storeId);
    await assertCountriesFree(tx, write.storeId, body.countryCodes, null);
    const id = await repository.insertDeliveryZone(tx, { storeId: write.storeId, name: body.name, countryCodes: body.countryCodes });
    const created = await requireZone(tx, write.storeId, id);
    await audit(tx, write, "delivery_zone", id, null, zoneFields(created));
    return created;
  });
}

/** Renames a zone or replaces its countries; a basket whose country leaves the zone loses the zone's options at once. */
export async function updateAdminDeliveryZone(
  db: Db,
  write: AdminWrite,
  id: number,
  body: UpdateAdminDeliveryZoneBody,
): Promise<AdminDeliveryZone> {
  return db.transaction(async (tx) => {
    await repository.lockDeliveryZones(tx, write.storeId);
    const before = await requireZone(tx, write.storeId, id);
    if (body.countryCodes) await assertCountriesFree(tx, write.storeId, body.countryCodes, id);
    await repository.updateDeliveryZone(tx, id, body);
    const after = await requireZone(tx, write.storeId, id);
    await audit(tx, write, "delivery_zone", id, zoneFields(before), zoneFields(after));
    return after;
  });
}

/** Deletes a zone with its options: its countries are no longer delivered to until another zone serves them. */
export async function deleteAdminDeliveryZone(db: Db, write: AdminWrite, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await repository.lockDeliveryZones(tx, write.storeId);
    const before = await requireZone(tx, write.storeId, id);
    await repository.deleteDeliveryZone(tx, id);
    await audit(tx, write, "delivery_zone", id, before, null);
  });
}

// ---------------------------------------------------------------- delivery options

async function requireOption(tx: Db, storeId: number, id: number): Promise<AdminDeliveryOption> {
  const option = await repository.findAdminDeliveryOption(tx, storeId, id);
  if (!option) throw new AppError("delivery_option_not_found", "No delivery option of this store has this id");
  return option;
}

/** Adds an option to a zone, priced in one or more of the store's currencies (offered only in those). */
export async function createAdminDeliveryOption(
  db: Db,
  write: AdminWrite,
  store: StoreSelling,
  zoneId: number,
  body: CreateAdminDeliveryOptionBody,
): Promise<AdminDeliveryOption> {
  assertCurrenciesSold(store, body.prices);
  return db.transaction(async (tx) => {
    await repository.lockDeliveryZones(tx, write.storeId);
    await requireZone(tx, write.storeId, zoneId);
    const { prices, ...fields } = body;
    const id = await repository.insertDeliveryOption(tx, { zoneId, ...fields });
    await repository.replaceDeliveryOptionPrices(tx, id, prices);
    const created = await requireOption(tx, write.storeId, id);
    await audit(tx, write, "delivery_option", id, null, created);
    return created;
  });
}

/** Changes an option; `prices` replaces its prices whole. The next checkout that chooses it is charged the new price. */
export async function updateAdminDeliveryOption(
  db: Db,
  write: AdminWrite,
  store: StoreSelling,
  id: number,
  body: UpdateAdminDeliveryOptionBody,
): Promise<AdminDeliveryOption> {
  assertCurrenciesSold(store, body.prices);
  return db.transaction(async (tx) => {
    await repository.lockDeliveryZones(tx, write.storeId);
    const before = await requireOption(tx, write.storeId, id);
    const minDays = body.minDays ?? before.minDays;
    const maxDays = body.maxDays ?? before.maxDays;
    if (maxDays < minDays) throw new AppError("invalid_input", "maxDays must not be below minDays", { field: "body.maxDays" });
    const { prices, ...fields } = body;
    await repository.updateDeliveryOption(tx, id, fields);
    if (prices) await repository.replaceDeliveryOptionPrices(tx, id, prices);
    const after = await requireOption(tx, write.storeId, id);
    await audit(tx, write, "delivery_option", id, before, after);
    return after;
  });
}

/** Deletes an option; a basket that had chosen it must choose again (orders keep their copy of it). */
export async function deleteAdminDeliveryOption(db: Db, write: AdminWrite, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await repository.lockDeliveryZones(tx, write.storeId);
    const before = await requireOption(tx, write.storeId, id);
    await repository.deleteDeliveryOption(tx, id);
    await audit(tx, write, "delivery_option", id, before, null);
  });
}

// ---------------------------------------------------------------- tax

const percentOf = (basisPoints: number) => basisPoints / 100;
const basisPointsOf = (percent: number) => Math.round(percent * 100);

/** The store's tax rates per country (a class without a row is taxed at 0, as the checkout does) and currency modes. */
export async function getAdminTaxSettings(db: Db, store: { id: number; currencyCodes: readonly string[] }): Promise<AdminTaxSettings> {
  const { rates, modes } = await repository.listTaxSetup(db, store.id);
  const countries = new Map<string, Record<TaxClass, number>>();
  for (const rate of rates) {
    const country = countries.get(rate.countryCode) ?? { books: 0, standard: 0 };
    country[rate.taxClass] = percentOf(rate.basisPoints);
    countries.set(rate.countryCode, country);
  }
  return {
    countries: [...countries.entries()].map(([countryCode, ratePercent]) => ({ countryCode, ratePercent })),
    // A currency without a stated mode is priced with tax included, as the checkout reads it (findTaxSetup).
    currencies: store.currencyCodes.map((currencyCode) => ({
      currencyCode,
      pricesIncludeTax: modes.find((mode) => mode.currencyCode === currencyCode)?.pricesIncludeTax ?? true,
    })),
  };
}

const countryRates = (settings: AdminTaxSettings, countryCode: string) =>
  settings.countries.find((country) => country.countryCode === countryCode)?.ratePercent ?? null;

/** Sets a country's rate for every tax class; the next order to it is taxed at them, orders placed keep theirs. */
export async function setAdminCountryTaxRates(
  db: Db,
  write: AdminWrite,
  store: { id: number; currencyCodes: readonly string[] },
  countryCode: string,
  body: SetAdminCountryTaxRatesBody,
): Promise<AdminTaxSettings> {
  return db.transaction(async (tx) => {
    await repository.lockTaxSetup(tx, store.id);
    const before = countryRates(await getAdminTaxSettings(tx, store), countryCode);
    await repository.upsertCountryTaxRates(tx, {
      storeId: store.id,
      countryCode,
      basisPoints: { books: basisPointsOf(body.ratePercent.books), standard: basisPointsOf(body.ratePercent.standard) },
    });
    const after = await getAdminTaxSettings(tx, store);
    await audit(tx, write, "tax_rates", countryCode, before, countryRates(after, countryCode));
    return after;
  });
}

/** Removes a country's rates: goods sent there are then taxed at 0. 404 `tax_rates_not_found` when it had none. */
export async function deleteAdminCountryTaxRates(
  db: Db,
  write: AdminWrite,
  store: { id: number; currencyCodes: readonly string[] },
  countryCode: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await repository.lockTaxSetup(tx, store.id);
    const before = countryRates(await getAdminTaxSettings(tx, store), countryCode);
    if (!before) throw new AppError("tax_rates_not_found");
    await repository.deleteCountryTaxRates(tx, { storeId: store.id, countryCode });
    await audit(tx, write, "tax_rates", countryCode, before, null);
  });
}

/** Says whether a currency's prices include tax; the currency must be one the store sells in. */
export async function setAdminCurrencyTaxMode(
  db: Db,
  write: AdminWrite,
  store: { id: number; currencyCodes: readonly string[] },
  currencyCode: string,
  body: SetAdminCurrencyTaxModeBody,
): Promise<AdminTaxSettings> {
  if (!store.currencyCodes.includes(currencyCode)) {
    throw new AppError("currency_not_supported", `This store does not sell in ${currencyCode}`, { field: "params.currencyCode" });
  }
  return db.transaction(async (tx) => {
    await repository.lockTaxSetup(tx, store.id);
    const modeOf = (settings: AdminTaxSettings) => settings.currencies.find((currency) => currency.currencyCode === currencyCode) ?? null;
    const before = modeOf(await getAdminTaxSettings(tx, store));
    await repository.upsertCurrencyTaxMode(tx, { storeId: store.id, currencyCode, pricesIncludeTax: body.pricesIncludeTax });
    const after = await getAdminTaxSettings(tx, store);
    await audit(tx, write, "currency_tax_mode", currencyCode, before, modeOf(after));
    return after;
  });
}
