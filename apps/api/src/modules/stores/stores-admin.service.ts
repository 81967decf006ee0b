import type { AnonymousCustomerProductPolicy, InventoryAvailability, UpdateAdminStoreSettingsBody } from "@quire/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { publishEvent } from "../jobs/job-queue";
import { storeMinimumOrderPrices, stores } from "./stores.tables";

/*
 * The merchant's settings (decision 050): the store's row locked, every rule between the settings checked against
 * what they will be after the change. The request context, the storefront and every API process read settings
 * through their caches (seconds); a change tells every API process to drop its copy (`store.settings_changed`, heard
 * by followStoreSettings). flows/store-settings-admin.flow.ts adds the audit entry.
 */

/** The store's settings as the merchant sees them; plain statements, so it reads inside a transaction too. */
async function adminSettingsOf(db: Db, storeId: number) {
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId));
  if (!row) throw new AppError("store_not_found", "The store is gone");
  const minimums = await db
    .select({ currencyCode: storeMinimumOrderPrices.currencyCode, amount: storeMinimumOrderPrices.amount })
    .from(storeMinimumOrderPrices)
    .where(eq(storeMinimumOrderPrices.storeId, storeId))
    .orderBy(asc(storeMinimumOrderPrices.currencyCode));
  return {
    storeKey: row.key,
    name: row.name,
    defaultCurrencyCode: row.defaultCurrencyCode,
    defaultCountryCode: row.defaultCountryCode,
    countryCodes: row.countryCodes,
    currencyCodes: row.currencyCodes,
    minimumOrderPrices: minimums,
    inventoryAvailability: row.inventoryAvailability as InventoryAvailability,
    lowStockThreshold: row.lowStockThreshold,
    anonymousCustomerProductPolicy: row.anonymousCustomerProductPolicy as AnonymousCustomerProductPolicy,
    isOutOfStockPurchaseEnabled: row.isOutOfStockPurchaseEnabled,
    isQuickOrderEnabled: row.isQuickOrderEnabled,
    displayProductVariantSkusEnabled: row.displayProductVariantSkusEnabled,
    isCheckoutTermsAndConditionsEnabled: row.isCheckoutTermsAndConditionsEnabled,
    checkoutTermsAndConditionsText: row.checkoutTermsAndConditionsText,
    contactEmail: row.contactEmail,
    bankTransferDetails: row.bankTransferDetails,
    timeZone: row.timeZone,
    withdrawalPeriodDays: row.withdrawalPeriodDays,
  };
}

export const getAdminStoreSettings = adminSettingsOf;

function inconsistent(message: string, field: string): never {
  throw new AppError("settings_inconsistent", message, { field });
}

/** Changes the settings sent, in the caller's transaction (the store's row locked); answers them before and after. */
export async function updateStoreSettings(tx: Db, storeId: number, body: UpdateAdminStoreSettingsBody) {
  await tx.execute(sql`select 1 from ${stores} where id = ${storeId} for update`);
  const before = await adminSettingsOf(tx, storeId);
  const currencies = body.currencyCodes ?? before.currencyCodes;
  const countries = body.countryCodes ?? before.countryCodes;
  const defaultCurrency = body.defaultCurrencyCode ?? before.defaultCurrencyCode;
  const defaultCountry = body.defaultCountryCode ?? before.defaultCountryCode;
  if (!currencies.includes(defaultCurrency))
    inconsistent(`The default currency ${defaultCurrency} must be one the store sells in`, "body.defaultCurrencyCode");
  if (!countries.includes(defaultCountry))
    inconsistent(`The default country ${defaultCountry} must be one the store serves`, "body.defaultCountryCode");
  for (const minimum of body.minimumOrderPrices ?? before.minimumOrderPrices) {
    if (!currencies.includes(minimum.currencyCode)) {
      inconsistent(`A minimum order value in ${minimum.currencyCode}, which the store does not sell in`, "body.minimumOrderPrices");
    }
  }

  const { minimumOrderPrices, ...columns } = body;
  if (Object.keys(columns).length > 0) await tx.update(stores).set(columns).where(eq(stores.id, storeId));
  if (minimumOrderPrices !== undefined) {
    await tx.delete(storeMinimumOrderPrices).where(eq(storeMinimumOrderPrices.storeId, storeId));
    if (minimumOrderPrices.length > 0) {
      await tx.insert(storeMinimumOrderPrices).values(minimumOrderPrices.map((price) => ({ storeId, ...price })));
    }
  }
  const after = await adminSettingsOf(tx, storeId);
  // Every API process drops its copy of the store when this commits, instead of serving the old one for its TTL.
  if (JSON.stringify(after) !== JSON.stringify(before)) await publishEvent(tx, { type: "store.settings_changed", storeId });
  return { before, after };
}
