import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likeEscaped } from "../../db/like-pattern";
import type { ProductSafety } from "@quire/contracts";
import type { StoredPicture } from "../media/pictures";
import {
  attributes,
  attributeValues,
  categories,
  productAddons,
  productAttributeValues,
  productCategories,
  productImages,
  productPriceIndex,
  productLinks,
  products,
  productVariants,
  variantPrices,
  variantPriceHistory,
  variantTierPrices,
} from "./catalog.tables";

/*
 * The statements of the catalogue's writer (catalog-writes.ts), which alone calls them. Rows of a batch
 * travel as one JSON parameter unpacked by json_to_recordset, so a batch of thousands of products costs a
 * handful of round trips and stays far below the protocol's limit of 65,535 bind parameters.
 */

/** Rows of a raw statement; both drivers (node-postgres, PGlite) answer `{ rows }`. */
async function rows<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;

/** `json_to_recordset(...) as r(...)` over `records`, whose keys are the column names of `columns`. */
function recordset(columns: Record<string, string>, records: Record<string, unknown>[]): SQL {
  const definition = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(", ");
  return sql`json_to_recordset(${JSON.stringify(records)}::json) as r(${sql.raw(definition)})`;
}

/** Inserts `records` into `table`, every column of `columns` copied as it is. */
function insertRecords(db: Db, table: SQL, columns: Record<string, string>, records: Record<string, unknown>[], tail: SQL = sql``) {
  const names = Object.keys(columns);
  return db.execute(sql`
    insert into ${table} (${sql.raw(names.join(", "))})
    select ${sql.raw(names.map((name) => `r.${name}`).join(", "))} from ${recordset(columns, records)}
    ${tail}`);
}

// ---------------------------------------------------------------- products

export interface ProductRow {
  storeId: number;
  productTypeId: number;
  slug: string;
  name: string;
  subtitle: string;
  description: string;
  series: string;
  popularity: number;
  isPublished: boolean;
  /** For search results and shared links; "" for none. */
  seoTitle: string;
  seoDescription: string;
  /** Its product safety information (decision 059); null when not given. */
  safety: ProductSafety | null;
  /** Now when null. */
  createdAt: Date | null;
}

/**
 * Inserts products; answers their ids in input order.
 */
export async function insertProducts(db: Db, input: ProductRow[]): Promise<number[]> {
  const records = input.map((row) => ({
    store_id: row.storeId,
    product_type_id: row.productTypeId,
    slug: row.slug,
    name: row.name,
    subtitle: row.subtitle,
    description: row.description,
    series: row.series,
    popularity: row.popularity,
    is_published: row.isPublished,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    safety: row.safety,
    created_at: row.createdAt?.toISOString() ?? null,
  }));
  const columns = {
    store_id: "int",
    product_type_id: "int",
    slug: "text",
    name: "text",
    subtitle: "text",
    description: "text",
    series: "text",
    popularity: "int",
    is_published: "boolean",
    seo_title: "text",
    seo_description: "text",
    safety: "jsonb",
    created_at: "timestamptz",
  };
  const created = await rows<{ id: number; store_id: number; slug: string }>(
    db.execute(sql`
      insert into ${products} (store_id, product_type_id, slug, name, subtitle, description, series, popularity,
        is_published, seo_title, seo_description, safety, created_at)
      select r.store_id, r.product_type_id, r.slug, r.name, r.subtitle, r.description, r.series, r.popularity,
        r.is_published, r.seo_title, r.seo_description, r.safety, coalesce(r.created_at, now())
      from ${recordset(columns, records)}
      returning id, store_id, slug`),
  );
  const idOf = new Map(created.map((row) => [`${row.store_id}:${row.slug}`, row.id]));
  return input.map((row) => idOf.get(`${row.storeId}:${row.slug}`)!);
}

export type ProductFields = Partial<
  Pick<
    ProductRow,
    "slug" | "name" | "subtitle" | "description" | "series" | "popularity" | "isPublished" | "seoTitle" | "seoDescription" | "safety"
  > & {
    taxClass: (typeof products.$inferSelect)["taxClass"];
    /** Why buyers cannot withdraw from it; null when they can. */
    withdrawalExemption: (typeof products.$inferSelect)["withdrawalExemption"];
    /** Set by archiving, null again by unarchiving. */
    archivedAt: Date | null;
  }
>;

/**
 * Changes a product's own columns and holds its row lock to the end of the transaction, so writes to one
 * product recompute its derived rows one after another. Answers its store, or null when there is no such product.
 */
export async function updateProductFields(db: Db, productId: number, fields: ProductFields): Promise<{ storeId: number } | null> {
  const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as ProductFields;
  const [changed] =
    Object.keys(set).length > 0
      ? await db.update(products).set(set).where(eq(products.id, productId)).returning({ storeId: products.storeId })
      : await db.select({ storeId: products.storeId }).from(products).where(eq(products.id, productId)).for("no key update");
  return changed ?? null;
}

/** Locks a product row for the rest of the transaction; its store, or null when there is no such product. */
export async function lockProduct(db: Db, productId: number): Promise<{ storeId: number } | null> {
  const [row] = await db.select({ storeId: products.storeId }).from(products).where(eq(products.id, productId)).for("no key update");
  return row ?? null;
}

/** Locks the product of a variant for the rest of the transaction; its id and store, or null when there is no such variant. */
export async function lockProductOfVariant(db: Db, variantId: number): Promise<{ productId: number; storeId: number } | null> {
  const [row] = await db
    .select({ productId: products.id, storeId: products.storeId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId))
    .for("no key update", { of: products });
  return row ?? null;
}

/**
 * Locks a product and its variants for the rest of the transaction, the variants in id order as stock changes lock
 * them: an order being placed for one of them finishes first, or waits and then finds it gone. Null when there is
 * no such product.
 */
export async function lockProductAndVariants(db: Db, productId: number): Promise<{ storeId: number; variantIds: number[] } | null> {
  const [product] = await db.select({ storeId: products.storeId }).from(products).where(eq(products.id, productId)).for("update");
  if (!product) return null;
  const variants = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id))
    .for("update");
  return { storeId: product.storeId, variantIds: variants.map((variant) => variant.id) };
}

/**
 * Deletes a product. Its variants, prices, categories, attribute values, images, links, price index, search document
 * and queue entry go with it (foreign keys on delete cascade), and so do rows of other modules that name its variants
 * (wishlists, back-in-stock requests, recently viewed, stock movements) or the product (blog posts' books); a basket's
 * line is left without its variant (on delete set null), which the basket reports as no longer sold.
 */
export async function deleteProductRow(db: Db, productId: number): Promise<boolean> {
  const deleted = await db.delete(products).where(eq(products.id, productId)).returning({ id: products.id });
  return deleted.length > 0;
}

/** A product row and its variants in position order, as the writer answers a single new product. */
export async function getProductWithVariants(db: Db, productId: number) {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) return null;
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return { ...product, variants };
}

// ---------------------------------------------------------------- variants and prices

export interface VariantRow {
  productId: number;
  storeId: number;
  sku: string;
  isbn: string | null;
  name: string;
  options: { code: string; name: string; value: string }[];
  isMaster: boolean;
  position: number;
  stockQuantity: number;
}

/** Inserts variants; answers their ids in input order. */
export async function insertVariants(db: Db, input: VariantRow[]): Promise<number[]> {
  if (input.length === 0) return [];
  const created = await rows<{ id: number; store_id: number; sku: string }>(
    insertRecords(
      db,
      sql`${productVariants}`,
      {
        product_id: "int",
        store_id: "int",
        sku: "text",
        isbn: "text",
        name: "text",
        options: "jsonb",
        is_master: "boolean",
        position: "int",
        stock_quantity: "int",
      },
      input.map((row) => ({
        product_id: row.productId,
        store_id: row.storeId,
        sku: row.sku,
        isbn: row.isbn,
        name: row.name,
        options: row.options,
        is_master: row.isMaster,
        position: row.position,
        stock_quantity: row.stockQuantity,
      })),
      sql`returning id, store_id, sku`,
    ),
  );
  const idOf = new Map(created.map((row) => [`${row.store_id}:${row.sku}`, row.id]));
  return input.map((row) => idOf.get(`${row.storeId}:${row.sku}`)!);
}

/** Where a new variant of a locked product goes: after its last one. */
export async function findNextVariantPosition(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${productVariants.position}) + 1, 0)::int` })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return row?.next ?? 0;
}

export interface VariantPriceRow {
  variantId: number;
  currencyCode: string;
  amount: number;
  originalAmount: number | null;
  /** When the price took effect, for the price history: a new product's creation time; now when absent. */
  validFrom?: Date | null;
}

/** How far back the lowest price before a reduction is looked for (decision 058). */
export const PRIOR_PRICE_DAYS = 30;

interface StoredPriceRow {
  variant_id: number;
  currency_code: string;
  amount: number;
  original_amount: number | null;
  lowest_prior_amount: number | null;
}

/**
 * Writes variant prices; a currency the variant already has a price in gets the new one. A price that changes is
 * added to the variant's price history, and a sale price gets the lowest price the variant sold at in the
 * PRIOR_PRICE_DAYS before it (decision 058): read from the history when the sale starts or its price changes, kept
 * while the sale goes on unchanged. Callers hold the products' row locks (or created them in this transaction).
 */
export async function writeVariantPrices(db: Db, input: VariantPriceRow[]) {
  if (input.length === 0) return;
  const keyOf = (row: { variantId: number; currencyCode: string }) => `${row.variantId}:${row.currencyCode}`;
  const keys = sql`unnest(${intArray(input.map((row) => row.variantId))}, ${sql.param(input.map((row) => row.currencyCode))}::text[])
    as k(variant_id, currency_code)`;
  const stored = new Map(
    (
      await rows<StoredPriceRow>(
        db.execute(sql`select p.variant_id, p.currency_code, p.amount, p.original_amount, p.lowest_prior_amount
          from ${keys} join ${variantPrices} p using (variant_id, currency_code)`),
      )
    ).map((row) => [keyOf({ variantId: row.variant_id, currencyCode: row.currency_code }), row]),
  );
  // A sale whose price is unchanged keeps its lowest prior price: its reduction happened when that price was set.
  const saleGoesOn = (row: VariantPriceRow, before: StoredPriceRow | undefined) =>
    before !== undefined && before.amount === row.amount && before.lowest_prior_amount !== null;
  const reductions = input.filter((row) => row.originalAmount !== null && !saleGoesOn(row, stored.get(keyOf(row))));
  const lowestBefore = new Map<string, number | null>();
  if (reductions.some((row) => stored.has(keyOf(row)))) {
    // The prices in effect at some moment of the window: those that started in it, and the one in effect at its start.
    const found = await rows<{ variant_id: number; currency_code: string; lowest: number | null }>(
      db.execute(sql`select k.variant_id, k.currency_code,
          (select min(h.amount) from ${variantPriceHistory} h
            where h.variant_id = k.variant_id and h.currency_code = k.currency_code and h.valid_from < now()
              and h.valid_from >= coalesce((select max(w.valid_from) from ${variantPriceHistory} w
                where w.variant_id = k.variant_id and w.currency_code = k.currency_code
                  and w.valid_from <= now() - make_interval(days => ${PRIOR_PRICE_DAYS})), '-infinity')) as lowest
        from ${keys}`),
    );
    for (const row of found) lowestBefore.set(keyOf({ variantId: row.variant_id, currencyCode: row.currency_code }), row.lowest);
  }
  const lowestPriorAmount = (row: VariantPriceRow): number | null => {
    if (row.originalAmount === null) return null;
    const before = stored.get(keyOf(row));
    if (saleGoesOn(row, before)) return before!.lowest_prior_amount;
    // No price on record before now (a variant first offered on sale): the price it sells at is the lowest it has had.
    return lowestBefore.get(keyOf(row)) ?? row.amount;
  };
  await insertRecords(
    db,
    sql`${variantPrices}`,
    { variant_id: "int", currency_code: "text", amount: "int", original_amount: "int", lowest_prior_amount: "int" },
    input.map((row) => ({
      variant_id: row.variantId,
      currency_code: row.currencyCode,
      amount: row.amount,
      original_amount: row.originalAmount,
      lowest_prior_amount: lowestPriorAmount(row),
    })),
    sql`on conflict (variant_id, currency_code) do update set amount = excluded.amount, original_amount = excluded.original_amount,
      lowest_prior_amount = excluded.lowest_prior_amount`,
  );
  const changed = input.filter((row) => stored.get(keyOf(row))?.amount !== row.amount);
  if (changed.length === 0) return;
  await db.execute(sql`
    insert into ${variantPriceHistory} (variant_id, currency_code, valid_from, amount)
    select r.variant_id, r.currency_code, coalesce(r.valid_from, now()), r.amount
    from ${recordset(
      { variant_id: "int", currency_code: "text", valid_from: "timestamptz", amount: "int" },
      changed.map((row) => ({
        variant_id: row.variantId,
        currency_code: row.currencyCode,
        valid_from: row.validFrom?.toISOString() ?? null,
        amount: row.amount,
      })),
    )}
    on conflict (variant_id, currency_code, valid_from) do update set amount = excluded.amount`);
}

export interface VariantTierPriceRow {
  variantId: number;
  currencyCode: string;
  minQuantity: number;
  amount: number;
}

export async function insertVariantTierPrices(db: Db, input: VariantTierPriceRow[]) {
  if (input.length === 0) return;
  await insertRecords(
    db,
    sql`${variantTierPrices}`,
    { variant_id: "int", currency_code: "text", min_quantity: "int", amount: "int" },
    input.map((row) => ({ variant_id: row.variantId, currency_code: row.currencyCode, min_quantity: row.minQuantity, amount: row.amount })),
  );
}

/**
 * Recomputes the lowest price per currency of these products from their variants' prices, in two
 * set-based statements. Callers hold the products' row locks (or created them in this transaction), so
 * two writers of one product cannot interleave their recomputes.
 */
export async function refreshPriceIndex(db: Db, productIds: number[]) {
  if (productIds.length === 0) return;
  await db.execute(sql`delete from ${productPriceIndex} where product_id = any(${intArray(productIds)})`);
  await db.execute(sql`
    insert into ${productPriceIndex} (product_id, currency_code, min_amount)
    select v.product_id, p.currency_code, min(p.amount)
    from ${productVariants} v join ${variantPrices} p on p.variant_id = v.id
    where v.product_id = any(${intArray(productIds)})
    group by v.product_id, p.currency_code`);
}

// ---------------------------------------------------------------- what a product is linked to

export async function insertProductCategories(db: Db, input: { productId: number; categoryId: number; position: number }[]) {
  if (input.length === 0) return;
  await insertRecords(
    db,
    sql`${productCategories}`,
    { product_id: "int", category_id: "int", position: "int" },
    input.map((row) => ({ product_id: row.productId, category_id: row.categoryId, position: row.position })),
  );
}

export async function insertProductAttributeValues(db: Db, input: { productId: number; attributeValueId: number }[]) {
  if (input.length === 0) return;
  await insertRecords(
    db,
    sql`${productAttributeValues}`,
    { product_id: "int", attribute_value_id: "int" },
    input.map((row) => ({ product_id: row.productId, attribute_value_id: row.attributeValueId })),
  );
}

export async function insertProductAddons(db: Db, input: { productId: number; addonId: number }[]) {
  if (input.length === 0) return;
  await insertRecords(
    db,
    sql`${productAddons}`,
    { product_id: "int", addon_id: "int" },
    input.map((row) => ({ product_id: row.productId, addon_id: row.addonId })),
  );
}

export async function insertProductImages(db: Db, input: { productId: number; url: string; alt: string; position: number }[]) {
  if (input.length === 0) return;
  await insertRecords(
    db,
    sql`${productImages}`,
    { product_id: "int", url: "text", alt: "text", position: "int" },
    input.map((row) => ({ product_id: row.productId, url: row.url, alt: row.alt, position: row.position })),
  );
}

/**
 * The categories these products are in and every category above those (a category's page lists the products of the
 * categories under it too), in id order: the categories whose pages list them.
 */
export async function findListingCategoryIds(db: Db, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const found = await rows<{ id: number }>(
    db.execute(sql`
      select distinct ancestor.id::int as id
      from ${productCategories} pc join ${categories} c on c.id = pc.category_id
      cross join unnest(string_to_array(trim(both '/' from c.path), '/')::int[]) as ancestor(id)
      where pc.product_id = any(${intArray(productIds)})
      order by 1`),
  );
  return found.map((row) => row.id);
}

export async function deleteProductCategories(db: Db, productId: number) {
  await db.delete(productCategories).where(eq(productCategories.productId, productId));
}

export async function deleteProductAttributeValues(db: Db, productId: number) {
  await db.delete(productAttributeValues).where(eq(productAttributeValues.productId, productId));
}

// ---------------------------------------------------------------- categories

/** Where a new category sits: its parent's path and depth (null when the store has no such category). */
export async function findCategoryPlacement(db: Db, input: { storeId: number; categoryId: number }) {
  const [row] = await db
    .select({ path: categories.path, depth: categories.depth })
    .from(categories)
    .where(and(eq(categories.id, input.categoryId), eq(categories.storeId, input.storeId)));
  return row ?? null;
}

/**
 * Inserts a category under a parent of the given path (a root's is "/") and gives it its path, which ends
 * with its own id and so is known only once the row exists.
 */
export async function insertCategory(db: Db, input: Omit<typeof categories.$inferInsert, "id" | "path"> & { parentPath: string }) {
  const { parentPath, ...row } = input;
  const [created] = await db
    .insert(categories)
    .values({ ...row, path: "pending" })
    .returning();
  if (!created) throw new Error("the category insert returns its row");
  const path = `${parentPath}${created.id}/`;
  await db.update(categories).set({ path }).where(eq(categories.id, created.id));
  return { ...created, path };
}

/** The product's links become these products of its store, in this order (others left out). */
export async function replaceProductLinks(db: Db, input: { productId: number; storeId: number; linkedProductIds: number[] }) {
  await db.execute(sql`delete from ${productLinks} where product_id = ${input.productId}`);
  if (input.linkedProductIds.length === 0) return;
  await db.execute(sql`
    insert into ${productLinks} (product_id, linked_product_id, position)
    select ${input.productId}, p.id, l.position::int - 1
    from unnest(${sql.param(input.linkedProductIds)}::int[]) with ordinality as l(id, position)
    join ${products} p on p.id = l.id and p.store_id = ${input.storeId} and p.id <> ${input.productId}`);
}

/** Serialises the writes to one store's category tree for the rest of the transaction (a move must see the tree it changes). */
export async function lockCategoryTree(db: Db, storeId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('category-tree'), ${storeId})`);
}

export async function findStoreCategory(db: Db, input: { storeId: number; categoryId: number }) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, input.categoryId), eq(categories.storeId, input.storeId)));
  return row ?? null;
}

export async function updateCategoryFields(
  db: Db,
  categoryId: number,
  fields: Partial<
    Pick<
      typeof categories.$inferInsert,
      "slug" | "name" | "description" | "position" | "isVisible" | "parentId" | "seoTitle" | "seoDescription"
    >
  >,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.update(categories).set(fields).where(eq(categories.id, categoryId));
}

/**
 * Moves a subtree: every category whose path starts with `oldPath` (the moved one and everything under it) takes
 * `newPath` in its place and shifts its depth by `depthShift`, in one statement.
 */
export async function moveCategorySubtree(db: Db, input: { storeId: number; oldPath: string; newPath: string; depthShift: number }) {
  await db.execute(sql`update ${categories}
    set path = ${input.newPath} || substr(path, ${input.oldPath.length + 1}), depth = depth + ${input.depthShift}
    where store_id = ${input.storeId} and path like ${likeEscaped(input.oldPath) + "%"}`);
}

// ---------------------------------------------------------------- attributes

export async function insertAttribute(db: Db, input: typeof attributes.$inferInsert): Promise<number> {
  const [row] = await db.insert(attributes).values(input).returning({ id: attributes.id });
  return row!.id;
}

export async function updateAttributeFields(
  db: Db,
  input: {
    storeId: number;
    attributeId: number;
    fields: Partial<Pick<typeof attributes.$inferInsert, "name" | "isFilterable" | "position">>;
  },
): Promise<boolean> {
  const rows = await db
    .update(attributes)
    .set(input.fields)
    .where(and(eq(attributes.id, input.attributeId), eq(attributes.storeId, input.storeId)))
    .returning({ id: attributes.id });
  return rows.length > 0;
}

export async function insertAttributeValue(db: Db, input: typeof attributeValues.$inferInsert): Promise<number> {
  const [row] = await db.insert(attributeValues).values(input).returning({ id: attributeValues.id });
  return row!.id;
}

/** Changes a value of one of the store's attributes; answers its attribute's id, or null when it is not the store's. */
export async function updateAttributeValueFields(
  db: Db,
  input: { storeId: number; valueId: number; fields: Partial<Pick<typeof attributeValues.$inferInsert, "label" | "position">> },
): Promise<number | null> {
  const rows = await db
    .update(attributeValues)
    .set(input.fields)
    .where(
      and(
        eq(attributeValues.id, input.valueId),
        sql`${attributeValues.attributeId} in (select id from ${attributes} where store_id = ${input.storeId})`,
      ),
    )
    .returning({ attributeId: attributeValues.attributeId });
  return rows[0]?.attributeId ?? null;
}

/** The products that have this value, or any value of this attribute: what a renamed value or attribute changes. */
export async function findProductsWithValues(db: Db, which: { valueId: number } | { attributeId: number }): Promise<number[]> {
  const rows = await db
    .selectDistinct({ productId: productAttributeValues.productId })
    .from(productAttributeValues)
    .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.attributeValueId))
    .where("valueId" in which ? eq(attributeValues.id, which.valueId) : eq(attributeValues.attributeId, which.attributeId));
  return rows.map((row) => row.productId);
}

// ---------------------------------------------------------------- a product's images (decision 054)

/** A product image row as the admin API shows it. */
export interface ProductImageRow {
  id: number;
  productId: number;
  position: number;
  url: string;
  alt: string;
  picture: StoredPicture | null;
  sourceUrl: string | null;
}

const productImageColumns = {
  id: productImages.id,
  productId: productImages.productId,
  position: productImages.position,
  url: productImages.url,
  alt: productImages.alt,
  picture: productImages.picture,
  sourceUrl: productImages.sourceUrl,
};

/** A store's product's images, in their order. */
export async function findProductImages(db: Db, input: { storeId: number; productId: number }): Promise<ProductImageRow[]> {
  return db
    .select(productImageColumns)
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(and(eq(productImages.productId, input.productId), eq(products.storeId, input.storeId)))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

/** One of a store's product images, or null. */
export async function findProductImage(db: Db, input: { storeId: number; imageId: number }): Promise<ProductImageRow | null> {
  const [row] = await db
    .select(productImageColumns)
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(and(eq(productImages.id, input.imageId), eq(products.storeId, input.storeId)));
  return row ?? null;
}

/** The source URLs of a product's images that an import fetched. */
export async function findProductImageSources(db: Db, productId: number): Promise<Set<string>> {
  const rows = await db
    .select({ sourceUrl: productImages.sourceUrl })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), sql`${productImages.sourceUrl} is not null`));
  return new Set(rows.map((row) => row.sourceUrl!));
}

export async function countProductImages(db: Db, productId: number): Promise<{ count: number; lastPosition: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, lastPosition: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return row ?? { count: 0, lastPosition: -1 };
}

export async function insertProductImage(db: Db, input: typeof productImages.$inferInsert): Promise<number> {
  const [row] = await db.insert(productImages).values(input).returning({ id: productImages.id });
  return row!.id;
}

export async function updateProductImageAlt(db: Db, imageId: number, alt: string): Promise<void> {
  await db.update(productImages).set({ alt }).where(eq(productImages.id, imageId));
}

export async function deleteProductImageRow(db: Db, imageId: number): Promise<void> {
  await db.delete(productImages).where(eq(productImages.id, imageId));
}

/** Puts a product's images in this order (positions 0, 1, ...). */
export async function writeProductImageOrder(db: Db, productId: number, imageIds: number[]): Promise<void> {
  await db.execute(sql`update ${productImages} i set position = o.n - 1
    from unnest(${sql.param(imageIds)}::int[]) with ordinality as o(id, n)
    where i.id = o.id and i.product_id = ${productId}`);
}

/** The images of these products, each product's in order: one statement for a page of an export. */
export async function findImagesOfProducts(
  db: Db,
  productIds: number[],
): Promise<Map<number, (ProductImageRow & { imageKey: string | null })[]>> {
  const byProduct = new Map<number, (ProductImageRow & { imageKey: string | null })[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ ...productImageColumns, imageKey: productImages.imageKey })
    .from(productImages)
    .where(sql`${productImages.productId} = any(${sql.param(productIds)}::int[])`)
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

/** The keys of a product's stored images: a picture the product has already is not fetched or added again. */
export async function findProductImageKeys(db: Db, productId: number): Promise<Set<string>> {
  const rows = await db
    .select({ imageKey: productImages.imageKey })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), sql`${productImages.imageKey} is not null`));
  return new Set(rows.map((row) => row.imageKey!));
}

/** A variant's own fields, as the merchant changes them. */
export type VariantFields = Partial<{
  sku: string;
  isbn: string | null;
  name: string;
  options: { code: string; name: string; value: string }[];
}>;

export async function updateVariantFields(db: Db, variantId: number, fields: VariantFields): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.update(productVariants).set(fields).where(eq(productVariants.id, variantId));
}

/** Removes a variant's quantity breaks in these currencies (before writing the new ones). */
export async function deleteVariantTierPrices(db: Db, variantId: number, currencyCodes: string[]): Promise<void> {
  if (currencyCodes.length === 0) return;
  await db
    .delete(variantTierPrices)
    .where(
      and(eq(variantTierPrices.variantId, variantId), sql`${variantTierPrices.currencyCode} = any(${sql.param(currencyCodes)}::text[])`),
    );
}
