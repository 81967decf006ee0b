import { and, eq, sql } from "drizzle-orm";
import { ensureAttributeValues } from "../modules/catalog/catalog-admin.service";
import type { Db } from "../db/client";
import { addons, attributes, attributeValues, categories, productTypes, productVariants } from "../modules/catalog/catalog.tables";
import { stores } from "../modules/stores/stores.tables";

/** The ids a generated book needs to become rows: product types, categories, attribute values, add-ons. */
export interface CatalogueRefs {
  storeId: number;
  productTypeIds: Map<string, number>;
  categoryIds: Map<string, number>;
  attributeIds: Map<string, number>;
  /** Keyed "attributeCode:valueCode". */
  attributeValueIds: Map<string, number>;
  addonIds: Map<string, number>;
}

export async function findStoreId(db: Db, key: string): Promise<number | null> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.key, key)).limit(1);
  return row?.id ?? null;
}

/** Deletes a store; every row that belongs to it goes with it (foreign keys cascade). */
export async function deleteStore(db: Db, storeId: number) {
  await db.delete(stores).where(eq(stores.id, storeId));
}

/**
 * Serialises seed runs for the rest of the transaction, so two processes started at once cannot both find
 * the database empty and seed it twice.
 */
export async function lockSeeding(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('quire-seed'))`);
}

export async function loadCatalogueRefs(db: Db, storeId: number): Promise<CatalogueRefs> {
  // One after another: this often runs inside a transaction, which is a single connection.
  const typeRows = await db
    .select({ id: productTypes.id, code: productTypes.code })
    .from(productTypes)
    .where(eq(productTypes.storeId, storeId));
  const categoryRows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(eq(categories.storeId, storeId));
  const attributeRows = await db
    .select({ id: attributes.id, code: attributes.code })
    .from(attributes)
    .where(eq(attributes.storeId, storeId));
  const valueRows = await db
    .select({ id: attributeValues.id, code: attributeValues.code, attributeCode: attributes.code })
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(eq(attributes.storeId, storeId));
  const addonRows = await db.select({ id: addons.id, code: addons.code }).from(addons).where(eq(addons.storeId, storeId));
  return {
    storeId,
    productTypeIds: new Map(typeRows.map((row) => [row.code, row.id])),
    categoryIds: new Map(categoryRows.map((row) => [row.slug, row.id])),
    attributeIds: new Map(attributeRows.map((row) => [row.code, row.id])),
    attributeValueIds: new Map(valueRows.map((row) => [`${row.attributeCode}:${row.code}`, row.id])),
    addonIds: new Map(addonRows.map((row) => [row.code, row.id])),
  };
}

/** Adds the values an attribute lacks (existing codes are kept as they are); returns code -> id for all of `values`. */
export function addAttributeValues(db: Db, attributeId: number, values: { code: string; label: string; position: number }[]) {
  return ensureAttributeValues(db, attributeId, values);
}

/**
 * The highest product number among the store's SKUs of the form QB-NNNNNNN-XX (seven digits: the large
 * catalogue's numbering; demo books have six). Batches commit whole, so numbers below it all exist.
 */
export async function findHighestProductNumber(db: Db, storeId: number, digits: number): Promise<number> {
  const pattern = `QB-${"_".repeat(digits)}-%`;
  const [row] = await db
    .select({ highest: sql<number | null>`max(substring(${productVariants.sku} from 4 for ${sql.raw(String(digits))})::int)` })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, storeId), sql`${productVariants.sku} like ${pattern}`));
  return Number(row?.highest ?? 0);
}
