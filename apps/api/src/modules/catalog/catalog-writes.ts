import type { Db } from "../../db/client";
import { CATEGORY_IDS_PER_EVENT, PRODUCT_IDS_PER_EVENT } from "../jobs/domain-events";
import { publishEvent } from "../jobs/job-queue";
import * as writes from "./catalog-writes.repository";
import * as addonWrites from "./catalog-addon-writes.repository";
import { queueForIndexing } from "./search/search-index.repository";
import type { ProductSafety } from "@quire/contracts";
import type { StoredPicture } from "../media/pictures";

/*
 * The catalogue's write path: the only code that creates, changes or deletes products, variants, prices and
 * categories. Each function is one transaction that also keeps what is derived from what it wrote:
 *   - product_price_index, a product's lowest variant price per currency (price sorts, price bands, the
 *     price range of the filters);
 *   - the product's place in the search index's queue (search_index_pending): the search-index job writes its
 *     document from these rows within seconds (decision 035);
 *   - categories.path and depth, a category's place in the tree.
 * The demo seed, the large seed, the test factories and a later admin API all write through here, so the
 * rules live once. Stock is the inventory module's; nothing derived depends on it.
 *
 * Every write to a product (created, its fields or publication changed, a variant added, a price set)
 * publishes `product.changed` in the same transaction, so whoever keeps a copy of products (the search
 * index's job, every process's catalogue index: decision 044) hears of it exactly when the change commits, and
 * `category.products_changed` for the categories that list it, before and after (the storefronts' page caches:
 * decision 064). Stock moves publish inventory's `stock.changed` instead. A category's own write publishes
 * `category.changed`: it says nothing about a product.
 */

export interface NewVariant {
  sku: string;
  /** The edition's ISBN-13, digits only. */
  isbn?: string;
  name: string;
  options?: { code: string; name: string; value: string }[];
  /** 0 when not given. */
  stockQuantity?: number;
  /** The first variant of a new product is its master unless said otherwise. */
  isMaster?: boolean;
  /** currency -> price in minor units; `original` marks a sale. */
  prices: Record<string, { amount: number; original?: number }>;
  /** currency -> quantity breaks. */
  tierPrices?: Record<string, { minQuantity: number; amount: number }[]>;
}

export interface NewProduct {
  storeId: number;
  productTypeId: number;
  slug: string;
  name: string;
  subtitle?: string;
  description?: string;
  series?: string;
  popularity?: number;
  isPublished?: boolean;
  /** For search results and shared links; "" when not given. */
  seoTitle?: string;
  seoDescription?: string;
  /** Its product safety information (decision 059); none when not given. */
  safety?: ProductSafety | null;
  createdAt?: Date;
  categoryIds?: number[];
  /** Its authors are the values of the "author" attribute among these: the byline, and searchable. */
  attributeValueIds?: number[];
  addonIds?: number[];
  images?: { url: string; alt: string }[];
  variants: NewVariant[];
}

/**
 * Creates many products at once with every row they need, in a few set-based statements per table, in
 * one transaction (so a batch appears whole or not at all). Answers their ids in input order.
 */
export async function createProducts(db: Db, products: NewProduct[]): Promise<number[]> {
  if (products.length === 0) return [];
  return db.transaction((tx) => writeNewProducts(tx, products));
}

/** Creates one product; answers its row with its variants in position order. */
export async function createProduct(db: Db, product: NewProduct) {
  return db.transaction(async (tx) => {
    const [productId] = await writeNewProducts(tx, [product]);
    const created = await writes.getProductWithVariants(tx, productId!);
    if (!created) throw new Error("a product created in this transaction is there");
    return created;
  });
}

async function writeNewProducts(tx: Db, products: NewProduct[]): Promise<number[]> {
  const productIds = await writes.insertProducts(
    tx,
    products.map((product) => ({
      storeId: product.storeId,
      productTypeId: product.productTypeId,
      slug: product.slug,
      name: product.name,
      subtitle: product.subtitle ?? "",
      description: product.description ?? "",
      series: product.series ?? "",
      popularity: product.popularity ?? 0,
      isPublished: product.isPublished ?? true,
      seoTitle: product.seoTitle ?? "",
      seoDescription: product.seoDescription ?? "",
      safety: product.safety ?? null,
      createdAt: product.createdAt ?? null,
    })),
  );
  const variants = products.flatMap((product, index) =>
    product.variants.map((variant, position) => ({
      productId: productIds[index]!,
      storeId: product.storeId,
      position,
      variant,
      createdAt: product.createdAt ?? null,
    })),
  );
  const variantIds = await writes.insertVariants(
    tx,
    variants.map(({ productId, storeId, position, variant }) => variantRow({ productId, storeId, position }, variant)),
  );
  await writeVariantPriceLists(
    tx,
    variants.map(({ variant, createdAt }, index) => ({ variantId: variantIds[index]!, variant, validFrom: createdAt })),
  );
  await writes.refreshPriceIndex(tx, productIds);
  await queueForIndexing(tx, productIds);

  const each = <T>(list: (product: NewProduct) => T[] | undefined) =>
    products.flatMap((product, index) =>
      (list(product) ?? []).map((item, position) => ({ productId: productIds[index]!, item, position })),
    );
  await writes.insertProductCategories(
    tx,
    each((product) => product.categoryIds).map(({ productId, item, position }) => ({ productId, categoryId: item, position })),
  );
  await writes.insertProductAttributeValues(
    tx,
    each((product) => product.attributeValueIds).map(({ productId, item }) => ({ productId, attributeValueId: item })),
  );
  await writes.insertProductAddons(
    tx,
    each((product) => product.addonIds).map(({ productId, item }) => ({ productId, addonId: item })),
  );
  await writes.insertProductImages(
    tx,
    each((product) => product.images).map(({ productId, item, position }) => ({ productId, url: item.url, alt: item.alt, position })),
  );
  // Once their categories are written: the categories that list them are told too.
  const byStore = new Map<number, number[]>();
  for (const [index, productId] of productIds.entries()) {
    const storeId = products[index]!.storeId;
    const ids = byStore.get(storeId) ?? [];
    ids.push(productId);
    byStore.set(storeId, ids);
  }
  for (const [storeId, ids] of byStore) await publishProductsChanged(tx, storeId, ids);
  return productIds;
}

function variantRow(place: { productId: number; storeId: number; position: number }, variant: NewVariant): writes.VariantRow {
  return {
    ...place,
    sku: variant.sku,
    isbn: variant.isbn ?? null,
    name: variant.name,
    options: variant.options ?? [],
    isMaster: variant.isMaster ?? place.position === 0,
    stockQuantity: variant.stockQuantity ?? 0,
  };
}

/** Writes variants' prices and quantity breaks; `validFrom` is when the prices took effect (now when absent). */
async function writeVariantPriceLists(
  tx: Db,
  variants: { variantId: number; variant: Pick<NewVariant, "prices" | "tierPrices">; validFrom?: Date | null }[],
) {
  await writes.writeVariantPrices(
    tx,
    variants.flatMap(({ variantId, variant, validFrom }) =>
      Object.entries(variant.prices).map(([currencyCode, price]) => ({
        variantId,
        currencyCode,
        amount: price.amount,
        originalAmount: price.original ?? null,
        validFrom: validFrom ?? null,
      })),
    ),
  );
  await writes.insertVariantTierPrices(
    tx,
    variants.flatMap(({ variantId, variant }) =>
      Object.entries(variant.tierPrices ?? {}).flatMap(([currencyCode, tiers]) =>
        tiers.map((tier) => ({ variantId, currencyCode, minQuantity: tier.minQuantity, amount: tier.amount })),
      ),
    ),
  );
}

export type ProductChanges = writes.ProductFields & {
  /** Replaces the product's categories, in this order. */
  categoryIds?: number[];
  /** Replaces the product's attribute values (its authors among them). */
  attributeValueIds?: number[];
  /** Replaces the add-ons the product offers. */
  addonIds?: number[];
};

/** Changes a product and queues it for the search index; false when there is no such product. */
export async function updateProduct(db: Db, productId: number, changes: ProductChanges): Promise<boolean> {
  const { categoryIds, attributeValueIds, addonIds, ...fields } = changes;
  return db.transaction(async (tx) => {
    const product = await writes.updateProductFields(tx, productId, fields);
    if (!product) return false;
    // The categories that listed it before its categories are replaced: their pages lose it.
    const listedBefore = categoryIds ? await writes.findListingCategoryIds(tx, [productId]) : [];
    if (categoryIds) {
      await writes.deleteProductCategories(tx, productId);
      await writes.insertProductCategories(
        tx,
        categoryIds.map((categoryId, position) => ({ productId, categoryId, position })),
      );
    }
    if (attributeValueIds) {
      await writes.deleteProductAttributeValues(tx, productId);
      await writes.insertProductAttributeValues(
        tx,
        attributeValueIds.map((attributeValueId) => ({ productId, attributeValueId })),
      );
    }
    if (addonIds) await addonWrites.replaceProductAddons(tx, productId, addonIds);
    await queueForIndexing(tx, [productId]);
    await publishProductsChanged(tx, product.storeId, [productId], listedBefore);
    return true;
  });
}

/**
 * Locks a product and its variants until the transaction ends, before deleteProduct in the same transaction, so what
 * is checked between the two (that no order names its variants) still holds when it goes. The product's store and
 * variant ids; null when there is no such product.
 */
export async function lockProductForDeletion(db: Db, productId: number) {
  return writes.lockProductAndVariants(db, productId);
}

/**
 * Deletes a product with everything that is only its (variants, prices, images, links, its search document) and
 * publishes product.changed, so the search index and every process's catalogue index drop it when it commits (they
 * treat a product that is no longer there as one no longer published). Whoever calls it has checked that no order
 * names its variants (an order's line would lose its link to the variant). False when there is no such product.
 */
export async function deleteProduct(db: Db, productId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const product = await writes.lockProductAndVariants(tx, productId);
    if (!product) return false;
    const listedBefore = await writes.findListingCategoryIds(tx, [productId]);
    await writes.deleteProductRow(tx, productId);
    await publishProductsChanged(tx, product.storeId, [productId], listedBefore);
    return true;
  });
}

/**
 * Adds a variant after the product's last one, with its prices, and recomputes the product's lowest
 * prices. Answers the new variant's id, or null when there is no such product.
 */
export async function addVariant(db: Db, productId: number, variant: NewVariant): Promise<number | null> {
  return db.transaction(async (tx) => {
    const product = await writes.lockProduct(tx, productId);
    if (!product) return null;
    const position = await writes.findNextVariantPosition(tx, productId);
    const [variantId] = await writes.insertVariants(tx, [variantRow({ productId, storeId: product.storeId, position }, variant)]);
    await writeVariantPriceLists(tx, [{ variantId: variantId!, variant }]);
    await writes.refreshPriceIndex(tx, [productId]);
    await queueForIndexing(tx, [productId]);
    await publishProductsChanged(tx, product.storeId, [productId]);
    return variantId!;
  });
}

/**
 * Sets a variant's price in each given currency (no `original`: not on sale); its other currencies keep
 * theirs. Recomputes the product's lowest prices under the product's row lock, so concurrent price
 * changes to one product's variants cannot leave a lowest price that neither of them saw. False when
 * there is no such variant.
 */
export async function setVariantPrices(db: Db, variantId: number, prices: NewVariant["prices"]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const product = await writes.lockProductOfVariant(tx, variantId);
    if (!product) return false;
    await writeVariantPriceLists(tx, [{ variantId, variant: { prices } }]);
    await writes.refreshPriceIndex(tx, [product.productId]);
    await publishProductsChanged(tx, product.storeId, [product.productId]);
    return true;
  });
}

/**
 * Changes a variant's own fields (SKU, ISBN, name, options) under its product's lock, and queues the product for the
 * search index (a SKU and an ISBN are searched). False when there is no such variant.
 */
export async function updateVariant(db: Db, variantId: number, fields: writes.VariantFields): Promise<boolean> {
  return db.transaction(async (tx) => {
    const product = await writes.lockProductOfVariant(tx, variantId);
    if (!product) return false;
    await writes.updateVariantFields(tx, variantId, fields);
    await queueForIndexing(tx, [product.productId]);
    await publishProductsChanged(tx, product.storeId, [product.productId]);
    return true;
  });
}

/**
 * Sets a variant's quantity breaks in each given currency (an empty list: none there); its other currencies keep
 * theirs. False when there is no such variant.
 */
export async function setVariantTierPrices(db: Db, variantId: number, tierPrices: NonNullable<NewVariant["tierPrices"]>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const product = await writes.lockProductOfVariant(tx, variantId);
    if (!product) return false;
    await writes.deleteVariantTierPrices(tx, variantId, Object.keys(tierPrices));
    await writes.insertVariantTierPrices(
      tx,
      Object.entries(tierPrices).flatMap(([currencyCode, tiers]) =>
        tiers.map((tier) => ({ variantId, currencyCode, minQuantity: tier.minQuantity, amount: tier.amount })),
      ),
    );
    await publishProductsChanged(tx, product.storeId, [product.productId]);
    return true;
  });
}

/**
 * Publishes product.changed for these products of a store, in the transaction of the write: its subscribers
 * (the search index's job) and every process's catalogue index (decision 044) hear of it when it commits, and
 * never of a write rolled back. A batch goes as a few events of up to PRODUCT_IDS_PER_EVENT products each.
 *
 * With it, category.products_changed for the categories that list the products now, and `listedBefore` (those that
 * listed them before a write that moved or deleted them): a category's page shows which products it has, how many,
 * their price range and facets, in an order of price, name or novelty, so any write to one of its products may change
 * it, even one whose card is on another of its pages (decision 064).
 */
async function publishProductsChanged(tx: Db, storeId: number, productIds: number[], listedBefore: readonly number[] = []) {
  for (let start = 0; start < productIds.length; start += PRODUCT_IDS_PER_EVENT) {
    await publishEvent(tx, { type: "product.changed", storeId, productIds: productIds.slice(start, start + PRODUCT_IDS_PER_EVENT) });
  }
  const listed = new Set([...listedBefore, ...(await writes.findListingCategoryIds(tx, productIds))]);
  const categoryIds = [...listed].sort((a, b) => a - b);
  for (let start = 0; start < categoryIds.length; start += CATEGORY_IDS_PER_EVENT) {
    const chunk = categoryIds.slice(start, start + CATEGORY_IDS_PER_EVENT);
    await publishEvent(tx, { type: "category.products_changed", storeId, categoryIds: chunk });
  }
}

export interface NewCategory {
  storeId: number;
  slug: string;
  name: string;
  description?: string;
  position?: number;
  /** A category of the same store; a root when absent. */
  parentId?: number | null;
  isVisible?: boolean;
  /** For search results and shared links; "" when not given. */
  seoTitle?: string;
  seoDescription?: string;
}

/**
 * Creates a category with its path and depth, under its parent (which must be the same store's), and publishes
 * category.changed (its parent's page and the navigation show it).
 */
export async function createCategory(db: Db, category: NewCategory) {
  return db.transaction(async (tx) => {
    // Behind any move of the same store's tree: the parent's path read here is the one the child keeps.
    await writes.lockCategoryTree(tx, category.storeId);
    const parent = category.parentId
      ? await writes.findCategoryPlacement(tx, { storeId: category.storeId, categoryId: category.parentId })
      : null;
    if (category.parentId && !parent) throw new Error(`category ${category.parentId} is not a category of store ${category.storeId}`);
    const created = await writes.insertCategory(tx, {
      storeId: category.storeId,
      parentId: category.parentId ?? null,
      slug: category.slug,
      name: category.name,
      description: category.description ?? "",
      position: category.position ?? 0,
      isVisible: category.isVisible ?? true,
      seoTitle: category.seoTitle ?? "",
      seoDescription: category.seoDescription ?? "",
      depth: parent ? parent.depth + 1 : 0,
      parentPath: parent?.path ?? "/",
    });
    await publishEvent(tx, { type: "category.changed", storeId: category.storeId, categoryId: created.id });
    return created;
  });
}

export type CategoryChanges = Partial<
  Pick<NewCategory, "slug" | "name" | "description" | "position" | "isVisible" | "parentId" | "seoTitle" | "seoDescription">
>;

/**
 * Changes a category: its own fields, and with a new `parentId` its place in the tree, moving everything under it
 * (paths and depths in one statement), and publishes category.changed. The store's tree is locked for the
 * transaction, so two moves cannot make a cycle between them. Answers "cycle" for a move under itself or its own
 * subtree, "parent_not_found" for a parent that is not the store's, "not_found" for no such category.
 */
export async function updateCategory(
  db: Db,
  input: { storeId: number; categoryId: number; changes: CategoryChanges },
): Promise<"updated" | "not_found" | "parent_not_found" | "cycle"> {
  return db.transaction(async (tx) => {
    await writes.lockCategoryTree(tx, input.storeId);
    const category = await writes.findStoreCategory(tx, input);
    if (!category) return "not_found";
    const { parentId, ...fields } = input.changes;
    if (parentId !== undefined && parentId !== category.parentId) {
      const parent = parentId === null ? null : await writes.findStoreCategory(tx, { storeId: input.storeId, categoryId: parentId });
      if (parentId !== null && !parent) return "parent_not_found";
      if (parent && parent.path.startsWith(category.path)) return "cycle";
      const newPath = `${parent?.path ?? "/"}${category.id}/`;
      await writes.moveCategorySubtree(tx, {
        storeId: input.storeId,
        oldPath: category.path,
        newPath,
        depthShift: (parent ? parent.depth + 1 : 0) - category.depth,
      });
      await writes.updateCategoryFields(tx, category.id, { parentId });
    }
    await writes.updateCategoryFields(tx, category.id, fields);
    await publishEvent(tx, { type: "category.changed", storeId: input.storeId, categoryId: category.id });
    return "updated";
  });
}

// ---------------------------------------------------------------- attributes (the facets)

export interface NewAttribute {
  storeId: number;
  code: string;
  name: string;
  isFilterable?: boolean;
  position?: number;
}

export async function createAttribute(db: Db, attribute: NewAttribute): Promise<number> {
  return writes.insertAttribute(db, {
    storeId: attribute.storeId,
    code: attribute.code,
    name: attribute.name,
    isFilterable: attribute.isFilterable ?? true,
    position: attribute.position ?? 0,
  });
}

/**
 * Products whose search document and catalogue-index entry show what changed (an attribute's name or filterability,
 * a value's label): queued for the search index and announced as changed, in the write's transaction.
 */
async function rewriteProductsWith(tx: Db, storeId: number, which: { valueId: number } | { attributeId: number }) {
  const productIds = await writes.findProductsWithValues(tx, which);
  await queueForIndexing(tx, productIds);
  await publishProductsChanged(tx, storeId, productIds);
}

/** Changes one of the store's attributes; the products with its values are indexed again. False when it is not the store's. */
export async function updateAttribute(
  db: Db,
  input: { storeId: number; attributeId: number; changes: { name?: string; isFilterable?: boolean; position?: number } },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await writes.updateAttributeFields(tx, { storeId: input.storeId, attributeId: input.attributeId, fields: input.changes })))
      return false;
    await rewriteProductsWith(tx, input.storeId, { attributeId: input.attributeId });
    return true;
  });
}

export async function createAttributeValue(db: Db, value: { attributeId: number; code: string; label: string; position?: number }) {
  return writes.insertAttributeValue(db, {
    attributeId: value.attributeId,
    code: value.code,
    label: value.label,
    position: value.position ?? 0,
  });
}

/**
 * Changes a value of one of the store's attributes (a corrected author's name); the products with it are indexed again,
 * so their byline and search follow within seconds. False when it is not the store's.
 */
export async function updateAttributeValue(
  db: Db,
  input: { storeId: number; valueId: number; changes: { label?: string; position?: number } },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const attributeId = await writes.updateAttributeValueFields(tx, {
      storeId: input.storeId,
      valueId: input.valueId,
      fields: input.changes,
    });
    if (attributeId === null) return false;
    await rewriteProductsWith(tx, input.storeId, { valueId: input.valueId });
    return true;
  });
}

/**
 * Replaces the products a merchant links to a product ("related" recommendations), in this order. Products of
 * another store, the product itself and repeats are left out. Publishes product.changed for the product, whose
 * copies then know its links. False when there is no such product.
 */
export async function setProductLinks(db: Db, productId: number, linkedProductIds: number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const product = await writes.lockProduct(tx, productId);
    if (!product) return false;
    await writes.replaceProductLinks(tx, { productId, storeId: product.storeId, linkedProductIds: [...new Set(linkedProductIds)] });
    await publishProductsChanged(tx, product.storeId, [productId]);
    return true;
  });
}

// ---------------------------------------------------------------- add-ons (decision 055)

export interface NewAddonOption {
  name: string;
  /** currency -> price in minor units. */
  prices: Record<string, number>;
}

export interface NewAddon {
  storeId: number;
  code: string;
  name: string;
  description?: string;
  position?: number;
  taxClass?: "books" | "standard";
  options: NewAddonOption[];
}

/** Creates an add-on with its options (in this order) and their prices; answers its id. No product offers it yet. */
export async function createAddon(db: Db, addon: NewAddon): Promise<number> {
  return db.transaction(async (tx) => {
    const { options, ...fields } = addon;
    const addonId = await addonWrites.insertAddon(tx, fields);
    const optionIds = await addonWrites.insertAddonOptions(
      tx,
      addonId,
      options.map((option, position) => ({ name: option.name, position })),
    );
    await addonWrites.replaceAddonOptionPrices(tx, optionPriceRows(options, optionIds), []);
    return addonId;
  });
}

function optionPriceRows(options: NewAddonOption[], optionIds: number[]) {
  return options.flatMap((option, index) =>
    Object.entries(option.prices).map(([currencyCode, amount]) => ({ optionId: optionIds[index]!, currencyCode, amount })),
  );
}

/** Locks one of the store's add-ons (its row) until the transaction ends; false when it is not the store's. */
export async function lockAddon(db: Db, input: { storeId: number; addonId: number }): Promise<boolean> {
  return addonWrites.lockAddon(db, input);
}

/**
 * Changes one of the store's add-ons. With `options`, they become its whole list in this order: one with an `id` of
 * its own options is kept (renamed, repriced, moved), one without is added, and those left out are deleted (a
 * basket's choice of one goes with it; whoever calls this tells the baskets first). Publishes product.changed for the
 * products that offer it, whose pages show it. "not_found" when the add-on is not the store's, "option_not_found"
 * for an id that is not one of its options; otherwise the ids of the options deleted.
 */
export async function updateAddon(
  db: Db,
  input: {
    storeId: number;
    addonId: number;
    fields: addonWrites.AddonFields;
    options?: (NewAddonOption & { id?: number | undefined })[];
  },
): Promise<{ removedOptionIds: number[] } | "not_found" | "option_not_found"> {
  return db.transaction(async (tx) => {
    if (!(await addonWrites.lockAddon(tx, input))) return "not_found";
    await addonWrites.updateAddonFields(tx, input.addonId, input.fields);
    let removedOptionIds: number[] = [];
    if (input.options) {
      const current = await addonWrites.findAddonOptionIds(tx, input.addonId);
      const kept = new Set(input.options.flatMap((option) => (option.id === undefined ? [] : [option.id])));
      if ([...kept].some((id) => !current.includes(id))) return "option_not_found";
      removedOptionIds = current.filter((id) => !kept.has(id));
      await addonWrites.deleteAddonOptions(tx, removedOptionIds);
      const optionIds: number[] = [];
      for (const [position, option] of input.options.entries()) {
        if (option.id === undefined) {
          const [id] = await addonWrites.insertAddonOptions(tx, input.addonId, [{ name: option.name, position }]);
          optionIds.push(id!);
        } else {
          await addonWrites.updateAddonOption(tx, option.id, { name: option.name, position });
          optionIds.push(option.id);
        }
      }
      await addonWrites.replaceAddonOptionPrices(tx, optionPriceRows(input.options, optionIds), optionIds);
    }
    await publishProductsChanged(tx, input.storeId, await addonWrites.findProductsOfferingAddon(tx, input.addonId));
    return { removedOptionIds };
  });
}

// ---------------------------------------------------------------- a product's images (decision 054)

export interface NewProductImage {
  url: string;
  alt: string;
  /** For an image in the shop's storage: its files' key and what a page needs to show it. */
  stored?: { imageKey: string; picture: StoredPicture };
  /** The address an import fetched it from. */
  sourceUrl?: string;
}

/**
 * Adds an image after the product's last one, under the product's row lock so two uploads at once cannot pass the
 * limit together. The new image's id; "full" when the product has `limit` images already; null for no such product.
 */
export async function addProductImage(db: Db, productId: number, image: NewProductImage, limit: number): Promise<number | "full" | null> {
  return db.transaction(async (tx) => {
    const product = await writes.lockProduct(tx, productId);
    if (!product) return null;
    const { count, lastPosition } = await writes.countProductImages(tx, productId);
    if (count >= limit) return "full";
    const id = await writes.insertProductImage(tx, {
      productId,
      url: image.url,
      alt: image.alt,
      position: lastPosition + 1,
      imageKey: image.stored?.imageKey ?? null,
      picture: image.stored?.picture ?? null,
      sourceUrl: image.sourceUrl ?? null,
    });
    await publishProductsChanged(tx, product.storeId, [productId]);
    return id;
  });
}

/** Changes an image's alternative text. */
export async function changeProductImageAlt(db: Db, image: { id: number; productId: number }, alt: string): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await writes.lockProduct(tx, image.productId);
    if (!product) return;
    await writes.updateProductImageAlt(tx, image.id, alt);
    await publishProductsChanged(tx, product.storeId, [image.productId]);
  });
}

/** Takes an image off its product. Its files stay: another product, or an order's page, may show the same picture. */
export async function removeProductImage(db: Db, image: { id: number; productId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await writes.lockProduct(tx, image.productId);
    if (!product) return;
    await writes.deleteProductImageRow(tx, image.id);
    await publishProductsChanged(tx, product.storeId, [image.productId]);
  });
}

/**
 * Puts the product's images in this order. False, changing nothing, unless the ids are exactly the product's images
 * (checked under the product's lock, so an image added meanwhile cannot be left out of the order).
 */
export async function orderProductImages(db: Db, product: { id: number; storeId: number }, imageIds: number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await writes.lockProduct(tx, product.id))) return false;
    const current = await writes.findProductImages(tx, { storeId: product.storeId, productId: product.id });
    const given = new Set(imageIds);
    if (current.length !== imageIds.length || current.some((image) => !given.has(image.id))) return false;
    await writes.writeProductImageOrder(tx, product.id, imageIds);
    await publishProductsChanged(tx, product.storeId, [product.id]);
    return true;
  });
}
