import type { AdminListProductsQuery, AdminProduct } from "@quire/contracts";
import { and, asc, desc, eq, exists, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likeEscaped } from "../../db/like-pattern";
import {
  attributes,
  attributeValues,
  categories,
  productAttributeValues,
  productCategories,
  products,
  productTypes,
  productVariants,
  variantPrices,
  variantTierPrices,
} from "./catalog.tables";

/** A product of the store as the merchant sees it, published or not, with every variant's prices; null when not the store's. */
export async function findAdminProduct(db: Db, storeId: number, productId: number): Promise<AdminProduct | null> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  if (!product) return null;
  // One after another: `db` may be a transaction, whose one connection runs one statement at a time.
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const categoryRows = await db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, productId))
    .orderBy(asc(productCategories.position));
  const valueRows = await db
    .select({ id: productAttributeValues.attributeValueId })
    .from(productAttributeValues)
    .where(eq(productAttributeValues.productId, productId))
    .orderBy(asc(productAttributeValues.attributeValueId));
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
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    subtitle: product.subtitle,
    description: product.description,
    series: product.series,
    isPublished: product.isPublished,
    taxClass: product.taxClass,
    productTypeId: product.productTypeId,
    categoryIds: categoryRows.map((row) => row.id),
    attributeValueIds: valueRows.map((row) => row.id),
    createdAt: product.createdAt.toISOString(),
    variants: variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      isbn: variant.isbn,
      name: variant.name,
      options: variant.options,
      isMaster: variant.isMaster,
      stockQuantity: variant.stockQuantity,
      prices: Object.fromEntries(
        prices
          .filter((price) => price.variantId === variant.id)
          .map((price) => [price.currencyCode, { amount: price.amount, original: price.originalAmount }]),
      ),
      tierPrices: tiers
        .filter((tier) => tier.variantId === variant.id)
        .reduce<Record<string, { minQuantity: number; amount: number }[]>>((byCurrency, tier) => {
          (byCurrency[tier.currencyCode] ??= []).push({ minQuantity: tier.minQuantity, amount: tier.amount });
          return byCurrency;
        }, {}),
    })),
  };
}

/** The store's products, newest first, in keyset pages: one statement, however deep the page. */
export async function listAdminProducts(db: Db, storeId: number, query: AdminListProductsQuery) {
  const conditions: SQL[] = [eq(products.storeId, storeId)];
  if (query.before !== undefined) conditions.push(lt(products.id, query.before));
  if (query.published !== undefined) conditions.push(eq(products.isPublished, query.published === "true"));
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
      createdAt: products.createdAt,
      // Qualified by hand: inside a subquery Drizzle would name the outer column without its table.
      variantCount: sql<number>`(select count(*)::int from product_variants v where v.product_id = products.id)`,
      stockQuantity: sql<number>`(select coalesce(sum(v.stock_quantity), 0)::int from product_variants v where v.product_id = products.id)`,
    })
    .from(products)
    .where(and(...conditions))
    .orderBy(desc(products.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    products: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
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
