import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  addonOptionPrices,
  addonOptions,
  addons,
  attributes,
  attributeValues,
  categories,
  productAddons,
  productAttributeValues,
  productCategories,
  productImages,
  productPriceIndex,
  products,
  productTypeAttributes,
  productTypes,
  productVariants,
  variantPrices,
  variantTierPrices,
} from "../modules/catalog/catalog.tables";
import { storeMinimumOrderPrices, stores } from "../modules/stores/stores.tables";

/**
 * Builders for catalogue rows. Tests use them to set up exactly what they assert on; the demo seed uses
 * the same builders, so seeded data always satisfies the same invariants (price index, category paths).
 */

export type StoreInput = Partial<typeof stores.$inferInsert> & { minimumOrderPrices?: Record<string, number> };

export async function createStore(db: Db, input: StoreInput = {}) {
  const { minimumOrderPrices, ...overrides } = input;
  const [store] = await db
    .insert(stores)
    .values({
      key: "test-store",
      name: "Test Store",
      defaultCurrencyCode: "GBP",
      defaultCountryCode: "GB",
      currencyCodes: ["GBP", "EUR", "USD"],
      countryCodes: ["GB", "IE", "FR", "DE", "US"],
      ...overrides,
    })
    .returning();
  if (!store) throw new Error("store not created");
  const minimums = Object.entries(minimumOrderPrices ?? {});
  if (minimums.length > 0) {
    await db
      .insert(storeMinimumOrderPrices)
      .values(minimums.map(([currencyCode, amount]) => ({ storeId: store.id, currencyCode, amount })));
  }
  return store;
}

export async function createCategory(
  db: Db,
  input: { storeId: number; slug: string; name: string; parentId?: number | null; position?: number; description?: string },
) {
  const parent = input.parentId
    ? (await db.select({ path: categories.path, depth: categories.depth }).from(categories).where(eq(categories.id, input.parentId)))[0]
    : undefined;
  if (input.parentId && !parent) throw new Error(`parent category ${input.parentId} does not exist`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({
        storeId: input.storeId,
        parentId: input.parentId ?? null,
        slug: input.slug,
        name: input.name,
        description: input.description ?? "",
        position: input.position ?? 0,
        depth: parent ? parent.depth + 1 : 0,
        path: "pending",
      })
      .returning();
    if (!row) throw new Error("category not created");
    const path = `${parent?.path ?? "/"}${row.id}/`;
    await tx.update(categories).set({ path }).where(eq(categories.id, row.id));
    return { ...row, path };
  });
}

export async function createProductType(db: Db, input: { storeId: number; code: string; name: string; attributeIds?: number[] }) {
  const [row] = await db.insert(productTypes).values({ storeId: input.storeId, code: input.code, name: input.name }).returning();
  if (!row) throw new Error("product type not created");
  if (input.attributeIds?.length) {
    await db
      .insert(productTypeAttributes)
      .values(input.attributeIds.map((attributeId, position) => ({ productTypeId: row.id, attributeId, position })));
  }
  return row;
}

/** An attribute with its values; returns the attribute and a map from value code to value id. */
export async function createAttribute(
  db: Db,
  input: { storeId: number; code: string; name: string; values: { code: string; label: string }[]; position?: number; isFilterable?: boolean },
) {
  const [attribute] = await db
    .insert(attributes)
    .values({
      storeId: input.storeId,
      code: input.code,
      name: input.name,
      position: input.position ?? 0,
      isFilterable: input.isFilterable ?? true,
    })
    .returning();
  if (!attribute) throw new Error("attribute not created");
  const values = input.values.length
    ? await db
        .insert(attributeValues)
        .values(input.values.map((value, position) => ({ attributeId: attribute.id, code: value.code, label: value.label, position })))
        .returning()
    : [];
  return { ...attribute, valueIds: new Map(values.map((value) => [value.code, value.id])) };
}

export interface VariantInput {
  sku: string;
  name: string;
  options?: { code: string; name: string; value: string }[];
  stockQuantity?: number;
  isMaster?: boolean;
  /** currency -> price in minor units; `original` marks a sale. */
  prices: Record<string, { amount: number; original?: number }>;
  /** currency -> quantity breaks. */
  tierPrices?: Record<string, { minQuantity: number; amount: number }[]>;
}

export interface ProductInput {
  storeId: number;
  productTypeId: number;
  slug: string;
  name: string;
  subtitle?: string;
  description?: string;
  byline?: string;
  popularity?: number;
  isPublished?: boolean;
  createdAt?: Date;
  categoryIds?: number[];
  attributeValueIds?: number[];
  addonIds?: number[];
  images?: { url: string; alt: string }[];
  variants: VariantInput[];
}

/** A product with variants, prices, categories and attributes, keeping the price index in step. */
export async function createProduct(db: Db, input: ProductInput) {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({
        storeId: input.storeId,
        productTypeId: input.productTypeId,
        slug: input.slug,
        name: input.name,
        subtitle: input.subtitle ?? "",
        description: input.description ?? "",
        searchText: [input.name, input.subtitle, input.byline, input.description].filter(Boolean).join(" "),
        popularity: input.popularity ?? 0,
        isPublished: input.isPublished ?? true,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      .returning();
    if (!product) throw new Error("product not created");

    const variants = await tx
      .insert(productVariants)
      .values(
        input.variants.map((variant, position) => ({
          productId: product.id,
          storeId: input.storeId,
          sku: variant.sku,
          name: variant.name,
          options: variant.options ?? [],
          isMaster: variant.isMaster ?? position === 0,
          position,
          stockQuantity: variant.stockQuantity ?? 10,
        })),
      )
      .returning();

    const priceRows = variants.flatMap((variant, index) =>
      Object.entries(input.variants[index]!.prices).map(([currencyCode, price]) => ({
        variantId: variant.id,
        currencyCode,
        amount: price.amount,
        originalAmount: price.original ?? null,
      })),
    );
    if (priceRows.length) await tx.insert(variantPrices).values(priceRows);

    const tierRows = variants.flatMap((variant, index) =>
      Object.entries(input.variants[index]!.tierPrices ?? {}).flatMap(([currencyCode, tiers]) =>
        tiers.map((tier) => ({ variantId: variant.id, currencyCode, minQuantity: tier.minQuantity, amount: tier.amount })),
      ),
    );
    if (tierRows.length) await tx.insert(variantTierPrices).values(tierRows);

    await refreshProductPriceIndex(tx, product.id);

    if (input.categoryIds?.length) {
      await tx
        .insert(productCategories)
        .values(input.categoryIds.map((categoryId, position) => ({ productId: product.id, categoryId, position })));
    }
    if (input.attributeValueIds?.length) {
      await tx
        .insert(productAttributeValues)
        .values(input.attributeValueIds.map((attributeValueId) => ({ productId: product.id, attributeValueId })));
    }
    if (input.addonIds?.length) {
      await tx.insert(productAddons).values(input.addonIds.map((addonId) => ({ productId: product.id, addonId })));
    }
    if (input.images?.length) {
      await tx
        .insert(productImages)
        .values(input.images.map((image, position) => ({ productId: product.id, url: image.url, alt: image.alt, position })));
    }
    return { ...product, variants };
  });
}

/** Recomputes the lowest price per currency of one product from its variants. */
export async function refreshProductPriceIndex(db: Db, productId: number) {
  await db.delete(productPriceIndex).where(eq(productPriceIndex.productId, productId));
  await db.execute(sql`
    insert into ${productPriceIndex} (product_id, currency_code, min_amount)
    select v.product_id, p.currency_code, min(p.amount)
    from ${productVariants} v join ${variantPrices} p on p.variant_id = v.id
    where v.product_id = ${productId}
    group by v.product_id, p.currency_code`);
}

export async function createAddon(
  db: Db,
  input: { storeId: number; code: string; name: string; description?: string; options: { name: string; prices: Record<string, number> }[] },
) {
  const [addon] = await db
    .insert(addons)
    .values({ storeId: input.storeId, code: input.code, name: input.name, description: input.description ?? "" })
    .returning();
  if (!addon) throw new Error("add-on not created");
  const options = await db
    .insert(addonOptions)
    .values(input.options.map((option, position) => ({ addonId: addon.id, name: option.name, position })))
    .returning();
  const priceRows = options.flatMap((option, index) =>
    Object.entries(input.options[index]!.prices).map(([currencyCode, amount]) => ({ addonOptionId: option.id, currencyCode, amount })),
  );
  if (priceRows.length) await db.insert(addonOptionPrices).values(priceRows);
  return { ...addon, options };
}
