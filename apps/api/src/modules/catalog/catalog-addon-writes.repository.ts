import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { addonOptionPrices, addonOptions, addons, productAddons } from "./catalog.tables";

/*
 * The statements of the catalogue's writer (catalog-writes.ts) for add-ons and which products offer them (decision
 * 055); only the writer calls them, so every change to what a product page shows publishes product.changed.
 */

export interface AddonFields {
  name?: string;
  description?: string;
  position?: number;
  taxClass?: (typeof addons.$inferSelect)["taxClass"];
}

export async function insertAddon(db: Db, input: AddonFields & { storeId: number; code: string; name: string }): Promise<number> {
  const [row] = await db.insert(addons).values(input).returning({ id: addons.id });
  return row!.id;
}

/**
 * Locks one of the store's add-ons and its options for the rest of the transaction: a basket choosing an option being
 * removed waits for the removal, then finds it gone. False when it is not the store's.
 */
export async function lockAddon(db: Db, input: { storeId: number; addonId: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: addons.id })
    .from(addons)
    .where(and(eq(addons.id, input.addonId), eq(addons.storeId, input.storeId)))
    .for("update");
  if (!row) return false;
  await db.select({ id: addonOptions.id }).from(addonOptions).where(eq(addonOptions.addonId, input.addonId)).for("update");
  return true;
}

export async function updateAddonFields(db: Db, addonId: number, fields: AddonFields): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.update(addons).set(fields).where(eq(addons.id, addonId));
}

/** The ids of an add-on's options. */
export async function findAddonOptionIds(db: Db, addonId: number): Promise<number[]> {
  const rows = await db.select({ id: addonOptions.id }).from(addonOptions).where(eq(addonOptions.addonId, addonId));
  return rows.map((row) => row.id);
}

/** Adds options to an add-on; their ids in input order. */
export async function insertAddonOptions(db: Db, addonId: number, options: { name: string; position: number }[]): Promise<number[]> {
  if (options.length === 0) return [];
  const rows = await db
    .insert(addonOptions)
    .values(options.map((option) => ({ addonId, name: option.name, position: option.position })))
    .returning({ id: addonOptions.id });
  return rows.map((row) => row.id);
}

export async function updateAddonOption(db: Db, optionId: number, fields: { name: string; position: number }): Promise<void> {
  await db.update(addonOptions).set(fields).where(eq(addonOptions.id, optionId));
}

/** Deletes options; the baskets' choices of them go too (on delete cascade), orders keep their copy. */
export async function deleteAddonOptions(db: Db, optionIds: number[]): Promise<void> {
  if (optionIds.length === 0) return;
  await db.delete(addonOptions).where(inArray(addonOptions.id, optionIds));
}

/** Replaces the prices of these options with the ones given (a currency left out is no longer sold in). */
export async function replaceAddonOptionPrices(
  db: Db,
  prices: { optionId: number; currencyCode: string; amount: number }[],
  optionIds: number[],
): Promise<void> {
  if (optionIds.length > 0) await db.delete(addonOptionPrices).where(inArray(addonOptionPrices.addonOptionId, optionIds));
  if (prices.length === 0) return;
  await db
    .insert(addonOptionPrices)
    .values(prices.map((price) => ({ addonOptionId: price.optionId, currencyCode: price.currencyCode, amount: price.amount })));
}

/** The products that offer the add-on. */
export async function findProductsOfferingAddon(db: Db, addonId: number): Promise<number[]> {
  const rows = await db.select({ id: productAddons.productId }).from(productAddons).where(eq(productAddons.addonId, addonId));
  return rows.map((row) => row.id);
}

/** Replaces the add-ons a product offers. */
export async function replaceProductAddons(db: Db, productId: number, addonIds: number[]): Promise<void> {
  await db.delete(productAddons).where(eq(productAddons.productId, productId));
  if (addonIds.length > 0) await db.insert(productAddons).values(addonIds.map((addonId) => ({ productId, addonId })));
}
