import type { AdminListProductsQuery, AdminProduct } from "@quire/contracts";
import { and, asc, desc, eq, exists, gt, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likeEscaped } from "../../db/like-pattern";
import { isLowStock } from "./low-stock";
import {
  attributes,
  attributeValues,
  categories,
  productAddons,
  productAttributeValues,
  productCategories,
  productLinks,
  products,
  productTypes,
  productVariants,
  variantPrices,
  variantTierPrices,
} from "./catalog.tables";
import { keysetPage, sortedKeysetPage } from "../../db/keyset-page";

/** A product of the store as the merchant sees it, published or not, with every variant's prices; null when not the store's. */
export async function findAdminProduct(db: Db, storeId: number, productId: number): Promise<AdminProduct | null> {
  const [product] = await findAdminProducts(db, storeId, { ids: [productId] });
  return product ?? null;
}

/**
 * The store's products chosen by id, by slug, or as a page in id order (`afterId`, `limit`: the export's walk), as
 * findAdminProduct sees each: eight statements however many products, in the order of their ids.
 */
export async function findAdminProducts(
  db: Db,
  storeId: number,
  which: { ids: number[] } | { slugs: string[] } | { afterId: number; limit: number },
): Promise<AdminProduct[]> {
  const chosen =
    "ids" in which
      ? inArray(products.id, which.ids)
      : "slugs" in which
        ? inArray(products.slug, which.slugs)
        : gt(products.id, which.afterId);
  if (("ids" in which && which.ids.length === 0) || ("slugs" in which && which.slugs.length === 0)) return [];
  const productRows = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), chosen))
    .orderBy(asc(products.id))
    .limit("limit" in which ? which.limit : MAX_BATCH);
  if (productRows.length === 0) return [];
  const productIds = productRows.map((product) => product.id);
  // One after another: `db` may be a transaction, whose one connection runs one statement at a time.
  const variants = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const categoryRows = await db
    .select({ productId: productCategories.productId, id: productCategories.categoryId })
    .from(productCategories)
    .where(inArray(productCategories.productId, productIds))
    .orderBy(asc(productCategories.position));
  const valueRows = await db
    .select({ productId: productAttributeValues.productId, id: productAttributeValues.attributeValueId })
    .from(productAttributeValues)
    .where(inArray(productAttributeValues.productId, productIds))
    .orderBy(asc(productAttributeValues.attributeValueId));
  const addonRows = await db
    .select({ productId: productAddons.productId, id: productAddons.addonId })
    .from(productAddons)
    .where(inArray(productAddons.productId, productIds))
    .orderBy(asc(productAddons.addonId));
  const linkRows = await db
    .select({ productId: productLinks.productId, id: productLinks.linkedProductId })
    .from(productLinks)
    .where(inArray(productLinks.productId, productIds))
    .orderBy(asc(productLinks.position), asc(productLinks.linkedProductId));
  const variantIds = variants.map((variant) => variant.id);
  const prices =
    variantIds.length === 0
      ? []
      : await db.select().from(variantPrices).where(inArray(variantPrices.variantId, variantIds)).orderBy(asc(variantPrices.currencyCode));
  const tiers =
    variantIds.length === 0
      ? []
      : await db
          .select()
          .from(variantTierPrices)
          .where(inArray(variantTierPrices.variantId, variantIds))
          .orderBy(asc(variantTierPrices.currencyCode), asc(variantTierPrices.minQuantity));
  const byKey = <T, K>(rows: T[], key: (row: T) => K) => {
    const grouped = new Map<K, T[]>();
    for (const row of rows) {
      const list = grouped.get(key(row)) ?? [];
      list.push(row);
      grouped.set(key(row), list);
    }
    return grouped;
  };
  const variantsOf = byKey(variants, (variant) => variant.productId);
  const categoriesOf = byKey(categoryRows, (row) => row.productId);
  const valuesOf = byKey(valueRows, (row) => row.productId);
  const addonsOf = byKey(addonRows, (row) => row.productId);
  const linksOf = byKey(linkRows, (row) => row.productId);
  const pricesOf = byKey(prices, (price) => price.variantId);
  const tiersOf = byKey(tiers, (tier) => tier.variantId);
  return productRows.map((product) => ({
    id: product.id,
    slug: product.slug,
    name: product.name,
    subtitle: product.subtitle,
    description: product.description,
    series: product.series,
    isPublished: product.isPublished,
    taxClass: product.taxClass,
    productTypeId: product.productTypeId,
    categoryIds: (categoriesOf.get(product.id) ?? []).map((row) => row.id),
    attributeValueIds: (valuesOf.get(product.id) ?? []).map((row) => row.id),
    addonIds: (addonsOf.get(product.id) ?? []).map((row) => row.id),
    relatedProductIds: (linksOf.get(product.id) ?? []).map((row) => row.id),
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    safety: product.safety,
    withdrawalExemption: product.withdrawalExemption,
    archivedAt: product.archivedAt?.toISOString() ?? null,
    createdAt: product.createdAt.toISOString(),
    variants: (variantsOf.get(product.id) ?? []).map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      isbn: variant.isbn,
      name: variant.name,
      options: variant.options,
      isMaster: variant.isMaster,
      stockQuantity: variant.stockQuantity,
      prices: Object.fromEntries(
        (pricesOf.get(variant.id) ?? []).map((price) => [price.currencyCode, { amount: price.amount, original: price.originalAmount }]),
      ),
      tierPrices: (tiersOf.get(variant.id) ?? []).reduce<Record<string, { minQuantity: number; amount: number }[]>>((byCurrency, tier) => {
        (byCurrency[tier.currencyCode] ??= []).push({ minQuantity: tier.minQuantity, amount: tier.amount });
        return byCurrency;
      }, {}),
    })),
  }));
}

/** The most products findAdminProducts answers for a list of ids or slugs. */
const MAX_BATCH = 1000;

/**
 * The names an import or export writes instead of ids: the store's product types, categories (by slug), and
 * attributes with their values (label and code), and the most options a variant has. Four statements.
 */
export async function findCatalogueNames(db: Db, storeId: number) {
  const types = await db
    .select({ id: productTypes.id, code: productTypes.code, name: productTypes.name })
    .from(productTypes)
    .where(eq(productTypes.storeId, storeId))
    .orderBy(asc(productTypes.id));
  const categoryRows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(asc(categories.id));
  const values = await db
    .select({
      attributeId: attributes.id,
      attributeCode: attributes.code,
      position: attributes.position,
      id: attributeValues.id,
      code: attributeValues.code,
      label: attributeValues.label,
    })
    .from(attributes)
    .leftJoin(attributeValues, eq(attributeValues.attributeId, attributes.id))
    .where(eq(attributes.storeId, storeId))
    .orderBy(asc(attributes.position), asc(attributes.id), asc(attributeValues.id));
  const attributeList: { id: number; code: string; values: { id: number; code: string; label: string }[] }[] = [];
  for (const row of values) {
    let attribute = attributeList.at(-1);
    if (attribute?.id !== row.attributeId) {
      attribute = { id: row.attributeId, code: row.attributeCode, values: [] };
      attributeList.push(attribute);
    }
    if (row.id !== null && row.code !== null && row.label !== null) attribute.values.push({ id: row.id, code: row.code, label: row.label });
  }
  const [options] = await db
    .select({ most: sql<number>`coalesce(max(jsonb_array_length(${productVariants.options})), 0)::int` })
    .from(productVariants)
    .where(eq(productVariants.storeId, storeId));
  return { productTypes: types, categories: categoryRows, attributes: attributeList, maxOptions: options?.most ?? 0 };
}

/**
 * Adds the values an attribute lacks (an import's new author, the seed's values); a code already there is kept as
 * it is. Answers code -> id for every value asked for.
 */
export async function insertAttributeValues(
  db: Db,
  attributeId: number,
  values: { code: string; label: string; position?: number }[],
): Promise<Map<string, number>> {
  if (values.length === 0) return new Map();
  await db
    .insert(attributeValues)
    .values(values.map((value) => ({ attributeId, ...value })))
    .onConflictDoNothing({ target: [attributeValues.attributeId, attributeValues.code] });
  const rows = await db
    .select({ id: attributeValues.id, code: attributeValues.code })
    .from(attributeValues)
    .where(
      and(
        eq(attributeValues.attributeId, attributeId),
        inArray(
          attributeValues.code,
          values.map((value) => value.code),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** Which product (id and slug) holds each of these SKUs in the store, by lower-cased SKU. */
export async function findSkuOwners(db: Db, storeId: number, skus: string[]) {
  if (skus.length === 0) return new Map<string, { productId: number; slug: string }>();
  const rows = await db
    .select({ sku: productVariants.sku, productId: productVariants.productId, slug: products.slug })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.storeId, storeId),
        inArray(
          sql`lower(${productVariants.sku})`,
          skus.map((sku) => sku.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.sku.toLowerCase(), { productId: row.productId, slug: row.slug }]));
}

/** Which product holds each of these ISBNs in the store. */
export async function findIsbnOwners(db: Db, storeId: number, isbns: string[]) {
  if (isbns.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ isbn: productVariants.isbn, productId: productVariants.productId })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.isbn, isbns)));
  return new Map(rows.map((row) => [row.isbn!, row.productId]));
}

/**
 * The store's products in the order `query.sort` asks, in keyset pages: one statement, however deep the page (by
 * name, a walk of `products_store_any_name_idx`). `storeThreshold` is the store's low-stock setting, for the variants
 * without their own (the `low` stock filter). The service has checked that the page key suits the order.
 */
export async function listAdminProducts(db: Db, storeId: number, query: AdminListProductsQuery, storeThreshold: number) {
  const conditions: SQL[] = [eq(products.storeId, storeId)];
  // Qualified by hand, as below: inside a subquery Drizzle would name the outer column without its table.
  const aVariant = (condition: SQL) => sql`exists (select 1 from product_variants v where v.product_id = products.id and ${condition})`;
  if (query.categoryId !== undefined) {
    conditions.push(
      sql`exists (select 1 from product_categories pc where pc.product_id = products.id and pc.category_id = ${query.categoryId})`,
    );
  }
  if (query.stock === "in_stock") conditions.push(aVariant(sql`v.stock_quantity > 0`));
  if (query.stock === "out") conditions.push(sql`not ${aVariant(sql`v.stock_quantity > 0`)}`);
  if (query.stock === "low") {
    conditions.push(
      aVariant(isLowStock({ stockQuantity: sql`v.stock_quantity`, lowStockThreshold: sql`v.low_stock_threshold` }, storeThreshold)),
    );
  }
  if (query.onSale !== undefined) {
    const onSale = sql`exists (select 1 from product_variants v join variant_prices vp on vp.variant_id = v.id
      where v.product_id = products.id and vp.original_amount is not null)`;
    conditions.push(query.onSale === "true" ? onSale : sql`not ${onSale}`);
  }
  const byName = query.sort === "name" || query.sort === "name_desc";
  if (query.before !== undefined) conditions.push(lt(products.id, query.before));
  if (query.after !== undefined) {
    const { id, text: name } = query.after;
    if (query.sort === "oldest") conditions.push(gt(products.id, id));
    else if (query.sort === "name") conditions.push(sql`(${products.name}, ${products.id}) > (${name ?? ""}, ${id})`);
    else conditions.push(sql`(${products.name}, ${products.id}) < (${name ?? ""}, ${id})`);
  }
  if (query.published !== undefined) conditions.push(eq(products.isPublished, query.published === "true"));
  const archived = query.archived ?? "false";
  if (archived !== "all") conditions.push(archived === "true" ? isNotNull(products.archivedAt) : isNull(products.archivedAt));
  if (query.search !== undefined) {
    const pattern = `%${likeEscaped(query.search)}%`;
    const matchesVariant = exists(
      db
        .select({ one: sql`1` })
        .from(productVariants)
        .where(and(eq(productVariants.productId, products.id), ilike(productVariants.sku, pattern))),
    );
    conditions.push(or(ilike(products.name, pattern), ilike(products.slug, pattern), matchesVariant)!);
  }
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      isPublished: products.isPublished,
      archivedAt: products.archivedAt,
      createdAt: products.createdAt,
      // Qualified by hand: inside a subquery Drizzle would name the outer column without its table.
      variantCount: sql<number>`(select count(*)::int from product_variants v where v.product_id = products.id)`,
      stockQuantity: sql<number>`(select coalesce(sum(v.stock_quantity), 0)::int from product_variants v where v.product_id = products.id)`,
    })
    .from(products)
    .where(and(...conditions))
    .orderBy(
      ...(query.sort === "newest"
        ? [desc(products.id)]
        : query.sort === "oldest"
          ? [asc(products.id)]
          : query.sort === "name"
            ? [asc(products.name), asc(products.id)]
            : [desc(products.name), desc(products.id)]),
    )
    .limit(query.limit + 1);
  const { page, nextBefore, nextAfter } = sortedKeysetPage(rows, query.limit, query.sort, byName ? (row) => row.name : null);
  return {
    products: page.map(({ id, slug, name, isPublished, archivedAt, createdAt, variantCount, stockQuantity }) => ({
      id,
      slug,
      name,
      isPublished,
      archivedAt: archivedAt?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
      variantCount,
      stockQuantity,
    })),
    nextBefore,
    nextAfter,
  };
}

/** Which of these ids are not the store's: product types, categories, attribute values. */
export async function findForeignIds(
  db: Db,
  storeId: number,
  ids: { productTypeId?: number; categoryIds?: number[]; attributeValueIds?: number[] },
) {
  const missing: { productType: boolean; categories: boolean; attributeValues: boolean } = {
    productType: false,
    categories: false,
    attributeValues: false,
  };
  if (ids.productTypeId !== undefined) {
    const [row] = await db
      .select({ id: productTypes.id })
      .from(productTypes)
      .where(and(eq(productTypes.storeId, storeId), eq(productTypes.id, ids.productTypeId)));
    missing.productType = !row;
  }
  const categoryIds = [...new Set(ids.categoryIds ?? [])];
  if (categoryIds.length > 0) {
    const found = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.storeId, storeId), inArray(categories.id, categoryIds)));
    missing.categories = found.length !== categoryIds.length;
  }
  const valueIds = [...new Set(ids.attributeValueIds ?? [])];
  if (valueIds.length > 0) {
    const found = await db
      .select({ id: attributeValues.id })
      .from(attributeValues)
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(and(eq(attributes.storeId, storeId), inArray(attributeValues.id, valueIds)));
    missing.attributeValues = found.length !== valueIds.length;
  }
  return missing;
}

/** Whether another product of the store has the slug, or another variant of the store one of the SKUs. */
export async function findTakenNames(db: Db, storeId: number, input: { slug?: string; exceptProductId?: number; skus?: string[] }) {
  let slugTaken = false;
  if (input.slug !== undefined) {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.slug, input.slug)));
    slugTaken = row !== undefined && row.id !== input.exceptProductId;
  }
  let skuTaken = false;
  if (input.skus && input.skus.length > 0) {
    const [row] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.storeId, storeId),
          inArray(
            sql`lower(${productVariants.sku})`,
            input.skus.map((sku) => sku.toLowerCase()),
          ),
        ),
      )
      .limit(1);
    skuTaken = row !== undefined;
  }
  return { slugTaken, skuTaken };
}

/** The product a variant belongs to, when the variant is the store's. */
export async function findProductOfVariant(db: Db, storeId: number, variantId: number): Promise<number | null> {
  const [row] = await db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, storeId), eq(productVariants.id, variantId)));
  return row?.productId ?? null;
}

/** Whether a variant of the store already has one of these ISBNs. */
export async function findTakenIsbn(db: Db, storeId: number, isbns: string[]): Promise<boolean> {
  if (isbns.length === 0) return false;
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.isbn, isbns)))
    .limit(1);
  return row !== undefined;
}

/** The store's product types by name, each with how many products it has: one statement. */
export async function listAdminProductTypes(db: Db, storeId: number) {
  return db
    .select({
      id: productTypes.id,
      code: productTypes.code,
      name: productTypes.name,
      // Qualified by hand: inside a subquery Drizzle would name the outer column without its table.
      productCount: sql<number>`(select count(*)::int from products p where p.product_type_id = product_types.id)`,
    })
    .from(productTypes)
    .where(eq(productTypes.storeId, storeId))
    .orderBy(asc(productTypes.name), asc(productTypes.id));
}

/** Inserts a product type; a taken code fails on product_types_store_code_unique. */
export async function insertProductType(db: Db, values: { storeId: number; code: string; name: string }) {
  const [row] = await db
    .insert(productTypes)
    .values(values)
    .returning({ id: productTypes.id, code: productTypes.code, name: productTypes.name });
  if (!row) throw new Error("insert returned no row");
  return { ...row, productCount: 0 };
}

/** The store's categories, each after its parent and its earlier siblings (by the tree's paths). */
export async function listAdminCategories(db: Db, storeId: number) {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      position: categories.position,
      depth: categories.depth,
      isVisible: categories.isVisible,
      seoTitle: categories.seoTitle,
      seoDescription: categories.seoDescription,
      path: categories.path,
    })
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(asc(categories.depth), asc(categories.position), asc(categories.id));
  // Depth-first: children follow their parent, siblings by position.
  const children = new Map<number | null, typeof rows>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const ordered: typeof rows = [];
  const visit = (parentId: number | null) => {
    for (const row of children.get(parentId) ?? []) {
      ordered.push(row);
      visit(row.id);
    }
  };
  visit(null);
  return ordered.map(({ path: _path, ...category }) => category);
}

export async function findAdminCategory(db: Db, storeId: number, categoryId: number) {
  return (await listAdminCategories(db, storeId)).find((category) => category.id === categoryId) ?? null;
}

export async function categorySlugTaken(db: Db, storeId: number, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.storeId, storeId), eq(categories.slug, slug)));
  return row !== undefined && row.id !== exceptId;
}

// ---------------------------------------------------------------- attributes

const attributeColumns = {
  id: attributes.id,
  code: attributes.code,
  name: attributes.name,
  isFilterable: attributes.isFilterable,
  position: attributes.position,
  // Qualified by hand: inside a subquery Drizzle would name the outer column without its table.
  valueCount: sql<number>`(select count(*)::int from attribute_values v where v.attribute_id = attributes.id)`,
};

/** The store's attributes in the shop's order, each with how many values it has. One statement. */
export async function listAdminAttributes(db: Db, storeId: number) {
  return db
    .select(attributeColumns)
    .from(attributes)
    .where(eq(attributes.storeId, storeId))
    .orderBy(asc(attributes.position), asc(attributes.id));
}

export async function findAdminAttribute(db: Db, storeId: number, attributeId: number) {
  const [row] = await db
    .select(attributeColumns)
    .from(attributes)
    .where(and(eq(attributes.storeId, storeId), eq(attributes.id, attributeId)));
  return row ?? null;
}

export async function attributeCodeTaken(db: Db, storeId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(and(eq(attributes.storeId, storeId), eq(attributes.code, code)));
  return row !== undefined;
}

export async function attributeValueCodeTaken(db: Db, attributeId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: attributeValues.id })
    .from(attributeValues)
    .where(and(eq(attributeValues.attributeId, attributeId), eq(attributeValues.code, code)));
  return row !== undefined;
}

const valueColumns = {
  id: attributeValues.id,
  attributeId: attributeValues.attributeId,
  code: attributeValues.code,
  label: attributeValues.label,
  position: attributeValues.position,
  productCount: sql<number>`(select count(*)::int from product_attribute_values pv where pv.attribute_value_id = attribute_values.id)`,
};

/** An attribute's values in id order, in keyset pages, `search` matching part of a label: one statement. */
export async function listAdminAttributeValues(
  db: Db,
  attributeId: number,
  query: { after?: number | undefined; limit: number; search?: string | undefined },
) {
  const rows = await db
    .select(valueColumns)
    .from(attributeValues)
    .where(
      and(
        eq(attributeValues.attributeId, attributeId),
        query.after !== undefined ? gt(attributeValues.id, query.after) : undefined,
        query.search !== undefined ? ilike(attributeValues.label, `%${likeEscaped(query.search)}%`) : undefined,
      ),
    )
    .orderBy(asc(attributeValues.id))
    .limit(query.limit + 1);
  const { page, next } = keysetPage(rows, query.limit, (row) => row.id);
  return { values: page, nextAfter: next };
}

/** A value of one of the store's attributes, or null. */
export async function findAdminAttributeValue(db: Db, storeId: number, valueId: number) {
  const [row] = await db
    .select(valueColumns)
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(and(eq(attributes.storeId, storeId), eq(attributeValues.id, valueId)));
  return row ?? null;
}
