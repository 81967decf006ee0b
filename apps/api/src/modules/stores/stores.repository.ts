import type { StoreSettings } from "@quire/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared-statements";
import { storeMinimumOrderPrices, stores } from "./stores.tables";

/** A store as the rest of the API sees it: its id, every public setting, and its own clock (`timeZone`). */
export type Store = StoreSettings & { id: number; timeZone: string };

/** A store and its minimum order prices, by key: a prepared statement (db/prepared-statements.ts), as requests read it. */
const storeByKey = preparedPerDatabase((db) =>
  db
    .select({
      id: stores.id,
      key: stores.key,
      name: stores.name,
      defaultCurrencyCode: stores.defaultCurrencyCode,
      defaultCountryCode: stores.defaultCountryCode,
      currencyCodes: stores.currencyCodes,
      countryCodes: stores.countryCodes,
      inventoryAvailability: stores.inventoryAvailability,
      lowStockThreshold: stores.lowStockThreshold,
      anonymousCustomerProductPolicy: stores.anonymousCustomerProductPolicy,
      isOutOfStockPurchaseEnabled: stores.isOutOfStockPurchaseEnabled,
      isQuickOrderEnabled: stores.isQuickOrderEnabled,
      displayProductVariantSkusEnabled: stores.displayProductVariantSkusEnabled,
      isCheckoutTermsAndConditionsEnabled: stores.isCheckoutTermsAndConditionsEnabled,
      checkoutTermsAndConditionsText: stores.checkoutTermsAndConditionsText,
      timeZone: stores.timeZone,
      minimumOrderPrices: sql<{ currencyCode: string; amount: number }[]>`coalesce((
        select json_agg(json_build_object('currencyCode', m.currency_code, 'amount', m.amount) order by m.currency_code)
        from ${storeMinimumOrderPrices} m where m.store_id = ${stores.id}), '[]'::json)`,
    })
    .from(stores)
    .where(eq(stores.key, sql.placeholder("key")))
    .limit(1)
    .prepare("stores_store_by_key"),
);

/** A store's name (what mails are signed with); null when there is none. */
export async function findStoreName(db: Db, storeId: number) {
  const [row] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
  return row?.name ?? null;
}

/** A store's name and how many days after delivery its buyers may withdraw from an order; null when there is none. */
export async function findWithdrawalTerms(db: Db, storeId: number) {
  const [row] = await db.select({ name: stores.name, periodDays: stores.withdrawalPeriodDays }).from(stores).where(eq(stores.id, storeId));
  return row ?? null;
}

/**
 * What a store shows shoppers of its stock and whether it sells what it does not have, as it stands in the caller's
 * transaction; null when there is no such store.
 */
export async function findStockPolicy(db: Db, storeId: number) {
  const [row] = await db
    .select({
      inventoryAvailability: stores.inventoryAvailability,
      lowStockThreshold: stores.lowStockThreshold,
      isOutOfStockPurchaseEnabled: stores.isOutOfStockPurchaseEnabled,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row ? { ...row, inventoryAvailability: row.inventoryAvailability as Store["inventoryAvailability"] } : null;
}

/** What a proforma invoice prints of the store: its name and the bank details a transfer goes to. */
export async function findStoreBankDetails(db: Db, storeId: number) {
  const [row] = await db.select({ name: stores.name, bank: stores.bankTransferDetails }).from(stores).where(eq(stores.id, storeId));
  return row ?? null;
}

/** The store's contact address, where its contact form's messages go; null when none is set. */
export async function findContactEmail(db: Db, storeId: number): Promise<string | null> {
  const [row] = await db.select({ contactEmail: stores.contactEmail }).from(stores).where(eq(stores.id, storeId));
  return row?.contactEmail ?? null;
}

/** Sets where a store's contact form mail goes (the seed; a merchant's settings). */
export async function setContactEmail(db: Db, storeId: number, contactEmail: string | null): Promise<void> {
  await db.update(stores).set({ contactEmail }).where(eq(stores.id, storeId));
}

/** Reads a store and its minimum order prices in one statement. */
export async function findStoreByKey(db: Db, key: string): Promise<Store | null> {
  const rows = await storeByKey(db).execute({ key });
  const row = rows[0];
  if (!row) return null;
  const { key: storeKey, ...rest } = row;
  return {
    ...rest,
    storeKey,
    inventoryAvailability: rest.inventoryAvailability as Store["inventoryAvailability"],
    anonymousCustomerProductPolicy: rest.anonymousCustomerProductPolicy as Store["anonymousCustomerProductPolicy"],
  };
}

/** Every store's id, in order: what a job that visits each store (the search vocabulary's recount) walks. */
export async function listStoreIds(db: Db): Promise<number[]> {
  const found = await db.select({ id: stores.id }).from(stores).orderBy(stores.id);
  return found.map((row) => row.id);
}

/** What a store sells in (its currencies, the default first among equals); null when there is no such store. */
export async function findStoreCurrencies(db: Db, storeId: number) {
  const [row] = await db
    .select({ id: stores.id, currencyCodes: stores.currencyCodes, defaultCurrencyCode: stores.defaultCurrencyCode })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row ?? null;
}
