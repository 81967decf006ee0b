import { eq, sql, type SQL } from "drizzle-orm";
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
import { menuItems, menus, pages, redirects, type PageBlock } from "../modules/content/content.tables";
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

/** What full-text search indexes for a product: name, subtitle, byline (author) and description. */
export function productSearchText(input: Pick<ProductInput, "name" | "subtitle" | "byline" | "description">) {
  return [input.name, input.subtitle, input.byline, input.description].filter(Boolean).join(" ");
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
        searchText: productSearchText(input),
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
  await refreshProductPriceIndexes(db, [productId]);
}

/** Recomputes the lowest price per currency of many products in one set-based statement. */
export async function refreshProductPriceIndexes(db: Db, productIds: number[]) {
  if (productIds.length === 0) return;
  const ids = sql`(select value::int from json_array_elements_text(${JSON.stringify(productIds)}::json))`;
  await db.execute(sql`delete from ${productPriceIndex} where product_id in ${ids}`);
  await db.execute(sql`
    insert into ${productPriceIndex} (product_id, currency_code, min_amount)
    select v.product_id, p.currency_code, min(p.amount)
    from ${productVariants} v join ${variantPrices} p on p.variant_id = v.id
    where v.product_id in ${ids}
    group by v.product_id, p.currency_code`);
}

/** Rows of a raw statement; both drivers (node-postgres, PGlite) answer `{ rows }`. */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/**
 * Inserts `columns` of `rows` into `table` in one statement. Rows travel as one JSON parameter and are
 * unpacked by json_to_recordset, so a batch of thousands costs one round trip and stays far below the
 * protocol's limit of 65,535 bind parameters.
 */
function insertRecordset(db: Db, table: SQL, columns: Record<string, string>, rows: Record<string, unknown>[], returning?: SQL) {
  const names = Object.keys(columns);
  const definition = names.map((name) => `${name} ${columns[name]}`).join(", ");
  return db.execute(sql`
    insert into ${table} (${sql.raw(names.join(", "))})
    select ${sql.raw(names.map((name) => `r.${name}`).join(", "))}
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(${sql.raw(definition)})
    ${returning ?? sql``}`);
}

/**
 * Many products at once, for large seeds: the same rows and invariants as createProduct (search text,
 * master variant, price index, positions), written with a handful of multi-row statements in one
 * transaction instead of a dozen statements per product. Returns the new product ids in input order.
 */
export async function createProductsBulk(db: Db, inputs: ProductInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  return db.transaction(async (tx) => {
    const created = await rowsOf<{ id: number; store_id: number; slug: string }>(
      insertRecordset(
        tx,
        sql`${products}`,
        {
          store_id: "int",
          product_type_id: "int",
          slug: "text",
          name: "text",
          subtitle: "text",
          description: "text",
          search_text: "text",
          popularity: "int",
          is_published: "boolean",
          created_at: "timestamptz",
        },
        inputs.map((input) => ({
          store_id: input.storeId,
          product_type_id: input.productTypeId,
          slug: input.slug,
          name: input.name,
          subtitle: input.subtitle ?? "",
          description: input.description ?? "",
          search_text: productSearchText(input),
          popularity: input.popularity ?? 0,
          is_published: input.isPublished ?? true,
          created_at: (input.createdAt ?? new Date()).toISOString(),
        })),
        sql`returning id, store_id, slug`,
      ),
    );
    const productIdOf = new Map(created.map((row) => [`${row.store_id}:${row.slug}`, row.id]));
    const productIds = inputs.map((input) => productIdOf.get(`${input.storeId}:${input.slug}`)!);

    const variantRows = inputs.flatMap((input, index) =>
      input.variants.map((variant, position) => ({
        product_id: productIds[index]!,
        store_id: input.storeId,
        sku: variant.sku,
        name: variant.name,
        options: variant.options ?? [],
        is_master: variant.isMaster ?? position === 0,
        position,
        stock_quantity: variant.stockQuantity ?? 10,
      })),
    );
    const variants = await rowsOf<{ id: number; store_id: number; sku: string }>(
      insertRecordset(
        tx,
        sql`${productVariants}`,
        { product_id: "int", store_id: "int", sku: "text", name: "text", options: "jsonb", is_master: "boolean", position: "int", stock_quantity: "int" },
        variantRows,
        sql`returning id, store_id, sku`,
      ),
    );
    const variantIdOf = new Map(variants.map((row) => [`${row.store_id}:${row.sku}`, row.id]));
    const variantInputs = inputs.flatMap((input) =>
      input.variants.map((variant) => ({ id: variantIdOf.get(`${input.storeId}:${variant.sku}`)!, variant })),
    );

    const priceRows = variantInputs.flatMap(({ id, variant }) =>
      Object.entries(variant.prices).map(([currencyCode, price]) => ({
        variant_id: id,
        currency_code: currencyCode,
        amount: price.amount,
        original_amount: price.original ?? null,
      })),
    );
    if (priceRows.length) {
      await insertRecordset(tx, sql`${variantPrices}`, { variant_id: "int", currency_code: "text", amount: "int", original_amount: "int" }, priceRows);
    }
    const tierRows = variantInputs.flatMap(({ id, variant }) =>
      Object.entries(variant.tierPrices ?? {}).flatMap(([currencyCode, tiers]) =>
        tiers.map((tier) => ({ variant_id: id, currency_code: currencyCode, min_quantity: tier.minQuantity, amount: tier.amount })),
      ),
    );
    if (tierRows.length) {
      await insertRecordset(tx, sql`${variantTierPrices}`, { variant_id: "int", currency_code: "text", min_quantity: "int", amount: "int" }, tierRows);
    }

    await refreshProductPriceIndexes(tx, productIds);

    const categoryRows = inputs.flatMap((input, index) =>
      (input.categoryIds ?? []).map((categoryId, position) => ({ product_id: productIds[index]!, category_id: categoryId, position })),
    );
    if (categoryRows.length) {
      await insertRecordset(tx, sql`${productCategories}`, { product_id: "int", category_id: "int", position: "int" }, categoryRows);
    }
    const attributeRows = inputs.flatMap((input, index) =>
      (input.attributeValueIds ?? []).map((attributeValueId) => ({ product_id: productIds[index]!, attribute_value_id: attributeValueId })),
    );
    if (attributeRows.length) {
      await insertRecordset(tx, sql`${productAttributeValues}`, { product_id: "int", attribute_value_id: "int" }, attributeRows);
    }
    const addonRows = inputs.flatMap((input, index) =>
      (input.addonIds ?? []).map((addonId) => ({ product_id: productIds[index]!, addon_id: addonId })),
    );
    if (addonRows.length) {
      await insertRecordset(tx, sql`${productAddons}`, { product_id: "int", addon_id: "int" }, addonRows);
    }
    const imageRows = inputs.flatMap((input, index) =>
      (input.images ?? []).map((image, position) => ({ product_id: productIds[index]!, url: image.url, alt: image.alt, position })),
    );
    if (imageRows.length) {
      await insertRecordset(tx, sql`${productImages}`, { product_id: "int", url: "text", alt: "text", position: "int" }, imageRows);
    }
    return productIds;
  });
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

export interface MenuItemInput {
  label: string;
  url: string;
  /** Defaults to the item's index among its siblings. */
  position?: number;
  subMenuItems?: MenuItemInput[];
}

/** A menu with its items; nested `subMenuItems` become child items, positioned in the given order. */
export async function createMenu(db: Db, input: { storeId: number; code: string; name: string; items: MenuItemInput[] }) {
  return db.transaction(async (tx) => {
    const [menu] = await tx.insert(menus).values({ storeId: input.storeId, code: input.code, name: input.name }).returning();
    if (!menu) throw new Error("menu not created");
    // One row at a time: each child needs its parent's id, and menus are a few dozen items.
    const insertLevel = async (items: MenuItemInput[], parentId: number | null) => {
      for (const [position, item] of items.entries()) {
        const [row] = await tx
          .insert(menuItems)
          .values({ menuId: menu.id, parentId, label: item.label, url: item.url, position: item.position ?? position })
          .returning({ id: menuItems.id });
        await insertLevel(item.subMenuItems ?? [], row!.id);
      }
    };
    await insertLevel(input.items, null);
    return menu;
  });
}

export async function createPage(
  db: Db,
  input: { storeId: number; url: string; title: string; metaDescription?: string; blocks: PageBlock[]; updatedAt?: Date },
) {
  const [page] = await db
    .insert(pages)
    .values({
      storeId: input.storeId,
      url: input.url,
      title: input.title,
      metaDescription: input.metaDescription ?? "",
      blocks: input.blocks,
      ...(input.updatedAt ? { updatedAt: input.updatedAt } : {}),
    })
    .returning();
  if (!page) throw new Error("page not created");
  return page;
}

export async function createRedirects(db: Db, input: { storeId: number; redirects: { oldUrl: string; newUrl: string }[] }) {
  if (input.redirects.length === 0) return [];
  return db
    .insert(redirects)
    .values(input.redirects.map((redirect) => ({ storeId: input.storeId, ...redirect })))
    .returning();
}
