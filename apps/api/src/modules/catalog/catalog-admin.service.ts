import type {
  AdminListProductsQuery,
  AdminProduct,
  CreateAdminProductBody,
  UpdateAdminProductBody,
  UpdateAdminVariantBody,
} from "@quire/contracts";
import type { z } from "zod";
import type { AdminCategorySchema, CreateAdminCategoryBodySchema, UpdateAdminCategoryBodySchema } from "@quire/contracts";
import type { Db } from "../../db/client";
import { isCheckViolation, isUniqueViolation } from "../../db/unique-violation";
import { refuseForeignPageKey } from "../../db/keyset-page";
import { AppError } from "../../http/errors";
import { findAddonIdsNotOfStore } from "./catalog-addons.repository";
import { findProductIdsNotOfStore } from "./published-products.service";
import {
  addVariant,
  createAttribute,
  createAttributeValue,
  createCategory,
  createProduct,
  createProducts,
  deleteProduct,
  lockProductForDeletion,
  setProductLinks,
  setVariantPrices,
  setVariantTierPrices,
  updateAttribute,
  updateAttributeValue,
  updateCategory,
  updateProduct,
  updateVariant,
  type NewProduct,
  type NewVariant,
} from "./catalog-writes";
import {
  categorySlugTaken,
  findAdminCategory,
  findAdminProduct,
  findForeignIds,
  findProductOfVariant,
  findTakenIsbn,
  findTakenNames,
  insertAttributeValues,
  attributeCodeTaken,
  attributeValueCodeTaken,
  findAdminAttribute,
  findAdminAttributeValue,
  insertProductType,
} from "./catalog-admin.repository";
import * as repository from "./catalog-admin.repository";

export {
  findAdminProduct,
  findAdminProducts,
  findCatalogueNames,
  findIsbnOwners,
  findSkuOwners,
  listAdminAttributes,
  listAdminAttributeValues,
  listAdminCategories,
  listAdminProductTypes,
} from "./catalog-admin.repository";
export type { NewProduct, NewVariant } from "./catalog-writes";

/**
 * The store's products as GET /admin/products lists them. Newest first pages with `before`, every other order with
 * `after`, whose key says where the last page of that order ended: a key of another order (`before` in another order,
 * `after` newest first, a name in the oldest-first list or none in a list by name) is refused with 400
 * `conflicting_parameters`, as it would start the list somewhere odd.
 */
export function listAdminProducts(db: Db, storeId: number, query: AdminListProductsQuery, storeThreshold: number) {
  refuseForeignPageKey(query, ["name", "name_desc"]);
  return repository.listAdminProducts(db, storeId, query, storeThreshold);
}

/** The address of a product's page in the shop: a changed slug moves it, and the old one answers 301. */
export const productPath = (slug: string) => `/store/product/${slug}`;
/** The address of a category's page in the shop. */
export const categoryPath = (slug: string) => `/store/${slug}`;

/** The store's product, or 404 `product_not_found` (another store's product is not found either). */
export async function requireAdminProduct(db: Db, storeId: number, productId: number): Promise<AdminProduct> {
  const product = await findAdminProduct(db, storeId, productId);
  if (!product) throw new AppError("product_not_found", "No product of this store has this id");
  return product;
}

async function checkReferences(db: Db, storeId: number, ids: Parameters<typeof findForeignIds>[2] & { addonIds?: number[] | undefined }) {
  const missing = await findForeignIds(db, storeId, ids);
  if (missing.productType)
    throw new AppError("product_type_not_found", "The product type is not one of this store's", { field: "body.productTypeId" });
  if (missing.categories) throw new AppError("category_not_found", "A category is not one of this store's", { field: "body.categoryIds" });
  if (missing.attributeValues) throw new AppError("attribute_value_not_found", { field: "body.attributeValueIds" });
  if (ids.addonIds && (await findAddonIdsNotOfStore(db, storeId, ids.addonIds)).length > 0) {
    throw new AppError("addon_not_found", { field: "body.addonIds" });
  }
}

function checkCurrencies(storeCurrencies: readonly string[], priceLists: Record<string, unknown>[]) {
  for (const prices of priceLists) {
    for (const currency of Object.keys(prices)) {
      if (!storeCurrencies.includes(currency)) {
        throw new AppError("currency_not_supported", `This store does not sell in ${currency}`, { field: "body.prices" });
      }
    }
  }
}

/** A slug or SKU taken by a write that raced this one: the unique constraint's refusal, answered as the check's would be. */
function takenName(error: unknown): never {
  if (isUniqueViolation(error, "products_store_slug_unique")) throw new AppError("product_slug_taken", { field: "body.slug" });
  if (isUniqueViolation(error, "product_variants_store_sku_unique")) throw new AppError("sku_taken", { field: "body.variants" });
  if (isUniqueViolation(error, "product_variants_store_isbn_unique")) throw new AppError("isbn_taken", { field: "body.variants" });
  throw error;
}

function newVariant(variant: CreateAdminProductBody["variants"][number]): NewVariant {
  return {
    sku: variant.sku,
    ...(variant.isbn ? { isbn: variant.isbn } : {}),
    name: variant.name,
    options: variant.options ?? [],
    stockQuantity: variant.stockQuantity ?? 0,
    prices: variant.prices,
    ...(variant.tierPrices ? { tierPrices: variant.tierPrices } : {}),
  };
}

/**
 * Creates a product through the catalogue's write path (price index, search queue, product.changed), after checking
 * every id is the store's, every currency one it sells in, and the slug and SKUs free. `db` may be a transaction.
 */
export async function createAdminProduct(
  db: Db,
  store: { id: number; currencyCodes: readonly string[] },
  body: CreateAdminProductBody,
): Promise<AdminProduct> {
  checkCurrencies(
    store.currencyCodes,
    body.variants.flatMap((variant) => [variant.prices, variant.tierPrices ?? {}]),
  );
  await checkReferences(db, store.id, body);
  const taken = await findTakenNames(db, store.id, { slug: body.slug, skus: body.variants.map((variant) => variant.sku) });
  if (taken.slugTaken) throw new AppError("product_slug_taken", { field: "body.slug" });
  if (taken.skuTaken) throw new AppError("sku_taken", { field: "body.variants" });
  const isbns = body.variants.flatMap((variant) => (variant.isbn ? [variant.isbn] : []));
  if (new Set(isbns).size !== isbns.length || (await findTakenIsbn(db, store.id, isbns))) {
    throw new AppError("isbn_taken", { field: "body.variants" });
  }
  const created = await createProduct(db, {
    storeId: store.id,
    productTypeId: body.productTypeId,
    slug: body.slug,
    name: body.name,
    subtitle: body.subtitle ?? "",
    description: body.description ?? "",
    series: body.series ?? "",
    isPublished: body.isPublished ?? false,
    categoryIds: body.categoryIds ?? [],
    attributeValueIds: body.attributeValueIds ?? [],
    addonIds: body.addonIds ?? [],
    seoTitle: body.seoTitle ?? "",
    seoDescription: body.seoDescription ?? "",
    safety: body.safety ?? null,
    variants: body.variants.map(newVariant),
  }).catch(takenName);
  if ((body.taxClass && body.taxClass !== "books") || body.withdrawalExemption) {
    await updateProduct(db, created.id, {
      ...(body.taxClass ? { taxClass: body.taxClass } : {}),
      ...(body.withdrawalExemption ? { withdrawalExemption: body.withdrawalExemption } : {}),
    });
  }
  return requireAdminProduct(db, store.id, created.id);
}

/** An archived product published by a write that raced its archiving: the CHECK constraint's refusal, answered as the check's. */
function archivedRefusal(error: unknown): never {
  if (isCheckViolation(error, "products_archived_unpublished_check")) throw new AppError("product_archived", { field: "body.isPublished" });
  throw error;
}

/**
 * Changes the fields sent, through the catalogue's write path; answers the product before and after. 409
 * `product_archived` for publishing an archived product.
 */
export async function updateAdminProduct(db: Db, storeId: number, productId: number, body: UpdateAdminProductBody) {
  const before = await requireAdminProduct(db, storeId, productId);
  if (body.isPublished === true && before.archivedAt !== null) throw new AppError("product_archived", { field: "body.isPublished" });
  await checkReferences(db, storeId, body);
  if (body.slug !== undefined && body.slug !== before.slug) {
    const taken = await findTakenNames(db, storeId, { slug: body.slug, exceptProductId: productId });
    if (taken.slugTaken) throw new AppError("product_slug_taken", { field: "body.slug" });
  }
  await updateProduct(db, productId, body).catch(takenName).catch(archivedRefusal);
  return { before, after: await requireAdminProduct(db, storeId, productId) };
}

/**
 * Archives a product: unpublished (out of the shop at once) and marked archived, so the admin list leaves it out and
 * it cannot be published until unarchived; its rows stay for its orders. Answers it before and after (the same when
 * it was archived already).
 */
export async function archiveAdminProduct(db: Db, storeId: number, productId: number) {
  const before = await requireAdminProduct(db, storeId, productId);
  if (before.archivedAt !== null) return { before, after: before };
  await updateProduct(db, productId, { isPublished: false, archivedAt: new Date() });
  return { before, after: await requireAdminProduct(db, storeId, productId) };
}

/** Brings an archived product back, unpublished; answers it before and after (the same when it was not archived). */
export async function unarchiveAdminProduct(db: Db, storeId: number, productId: number) {
  const before = await requireAdminProduct(db, storeId, productId);
  if (before.archivedAt === null) return { before, after: before };
  await updateProduct(db, productId, { archivedAt: null });
  return { before, after: await requireAdminProduct(db, storeId, productId) };
}

/**
 * The store's product and its variants' ids, locked until the transaction ends so no order can be placed for them
 * before deleteAdminProduct; 404 `product_not_found` when it is not the store's. `db` is the deleting transaction.
 */
export async function lockAdminProductForDeletion(db: Db, storeId: number, productId: number) {
  const locked = await lockProductForDeletion(db, productId);
  if (locked?.storeId !== storeId) throw new AppError("product_not_found", "No product of this store has this id");
  // Read under the lock: what the audit entry records is what is deleted.
  return { product: await requireAdminProduct(db, storeId, productId), variantIds: locked.variantIds };
}

/** Deletes a product through the catalogue's write path, after lockAdminProductForDeletion in the same transaction. */
export async function deleteAdminProduct(db: Db, productId: number): Promise<void> {
  if (!(await deleteProduct(db, productId))) throw new AppError("product_not_found", "No product of this store has this id");
}

/**
 * Sets the products recommended with a product ("related"), in this order, through the catalogue's write path; answers
 * it before and after. 404 `product_not_found` for a product (or a listed one) that is not the store's; 400 for itself.
 */
export async function setAdminRelatedProducts(db: Db, storeId: number, productId: number, productIds: number[]) {
  const before = await requireAdminProduct(db, storeId, productId);
  if (productIds.includes(productId)) {
    throw new AppError("invalid_input", "A product is not related to itself", { field: "body.productIds" });
  }
  if ((await findProductIdsNotOfStore(db, storeId, productIds)).length > 0) {
    throw new AppError("product_not_found", "A product is not one of this store's", { field: "body.productIds" });
  }
  await setProductLinks(db, productId, productIds);
  return { before, after: await requireAdminProduct(db, storeId, productId) };
}

/** Sets a variant's prices in the currencies sent; answers its product before and after. */
export async function setAdminVariantPrices(
  db: Db,
  store: { id: number; currencyCodes: readonly string[] },
  variantId: number,
  prices: NewVariant["prices"],
) {
  const productId = await findProductOfVariant(db, store.id, variantId);
  if (productId === null) throw new AppError("variant_not_found", "No variant of this store has this id");
  checkCurrencies(store.currencyCodes, [prices]);
  const before = await requireAdminProduct(db, store.id, productId);
  await setVariantPrices(db, variantId, prices);
  return { before, after: await requireAdminProduct(db, store.id, productId) };
}

/** Adds a variant to the store's product; answers the product before and after. 409 `sku_taken` or `isbn_taken`. */
export async function addAdminVariant(
  db: Db,
  store: { id: number; currencyCodes: readonly string[] },
  productId: number,
  body: CreateAdminProductBody["variants"][number],
) {
  const before = await requireAdminProduct(db, store.id, productId);
  checkCurrencies(store.currencyCodes, [body.prices, ...(body.tierPrices ? [body.tierPrices] : [])]);
  await addCheckedVariant(db, productId, newVariant(body));
  return { before, after: await requireAdminProduct(db, store.id, productId) };
}

/** The store's variant's product, or 404 `variant_not_found`. */
export async function requireProductOfVariant(db: Db, storeId: number, variantId: number): Promise<number> {
  const productId = await findProductOfVariant(db, storeId, variantId);
  if (productId === null) throw new AppError("variant_not_found", "No variant of this store has this id");
  return productId;
}

/** Changes a variant's SKU, ISBN, name or options; answers its product before and after. */
export async function updateAdminVariant(db: Db, storeId: number, variantId: number, body: UpdateAdminVariantBody) {
  const productId = await requireProductOfVariant(db, storeId, variantId);
  const before = await requireAdminProduct(db, storeId, productId);
  await updateVariant(db, variantId, body).catch(takenName);
  return { before, after: await requireAdminProduct(db, storeId, productId) };
}

/** Sets a variant's quantity breaks per currency (each one the store sells in); answers its product before and after. */
export async function setAdminVariantTierPrices(
  db: Db,
  store: { id: number; currencyCodes: readonly string[] },
  variantId: number,
  tierPrices: NonNullable<NewVariant["tierPrices"]>,
) {
  const productId = await requireProductOfVariant(db, store.id, variantId);
  checkCurrencies(store.currencyCodes, [tierPrices]);
  const before = await requireAdminProduct(db, store.id, productId);
  await setVariantTierPrices(db, variantId, tierPrices);
  return { before, after: await requireAdminProduct(db, store.id, productId) };
}

// ---------------------------------------------------------------- imports (decision 053)

/**
 * Creates products an import checked already (names resolved to the store's ids, slugs and SKUs free), many at once
 * through the catalogue's write path; a tax class other than books is set after. Answers their ids in order.
 */
export async function createCheckedProducts(db: Db, list: (NewProduct & { taxClass?: "books" | "standard" })[]): Promise<number[]> {
  const ids = await createProducts(db, list);
  for (const [index, product] of list.entries()) {
    if (product.taxClass && product.taxClass !== "books") await updateProduct(db, ids[index]!, { taxClass: product.taxClass });
  }
  return ids;
}

/** Adds a variant an import checked already (its SKU and ISBN free) to the store's product. */
export async function addCheckedVariant(db: Db, productId: number, variant: NewVariant): Promise<void> {
  const id = await addVariant(db, productId, variant).catch(takenName);
  if (id === null) throw new AppError("product_not_found", "No product of this store has this id");
}

/** The ids of an attribute's values by code, the missing ones added (an import's new author, the seed's values). */
export const ensureAttributeValues = insertAttributeValues;

// ---------------------------------------------------------------- categories

type AdminCategory = z.infer<typeof AdminCategorySchema>;

export async function requireAdminCategory(db: Db, storeId: number, categoryId: number): Promise<AdminCategory> {
  const category = await findAdminCategory(db, storeId, categoryId);
  if (!category) throw new AppError("category_not_found", "No category of this store has this id");
  return category;
}

function takenCategorySlug(error: unknown): never {
  if (isUniqueViolation(error, "categories_store_slug_unique")) throw new AppError("category_slug_taken", { field: "body.slug" });
  throw error;
}

/** Makes a product type; 409 `product_type_code_taken` for a code the store has. */
export async function createAdminProductType(db: Db, storeId: number, body: { code: string; name: string }) {
  return insertProductType(db, { storeId, ...body }).catch((error: unknown) => {
    if (isUniqueViolation(error, "product_types_store_code_unique")) throw new AppError("product_type_code_taken", { field: "body.code" });
    throw error;
  });
}

/** Creates a category under its parent (the store's) through the catalogue's writer. */
export async function createAdminCategory(
  db: Db,
  storeId: number,
  body: z.infer<typeof CreateAdminCategoryBodySchema>,
): Promise<AdminCategory> {
  if (body.parentId != null && !(await findAdminCategory(db, storeId, body.parentId))) {
    throw new AppError("category_not_found", "The parent is not one of this store's categories", { field: "body.parentId" });
  }
  if (await categorySlugTaken(db, storeId, body.slug)) throw new AppError("category_slug_taken", { field: "body.slug" });
  const created = await createCategory(db, { storeId, ...body }).catch(takenCategorySlug);
  return requireAdminCategory(db, storeId, created.id);
}

/** Renames, moves, reorders, hides or shows a category; answers it before and after. */
export async function updateAdminCategory(
  db: Db,
  storeId: number,
  categoryId: number,
  body: z.infer<typeof UpdateAdminCategoryBodySchema>,
) {
  const before = await requireAdminCategory(db, storeId, categoryId);
  if (body.slug !== undefined && (await categorySlugTaken(db, storeId, body.slug, categoryId))) {
    throw new AppError("category_slug_taken", { field: "body.slug" });
  }
  const outcome = await updateCategory(db, { storeId, categoryId, changes: body }).catch(takenCategorySlug);
  if (outcome === "not_found") throw new AppError("category_not_found", "No category of this store has this id");
  if (outcome === "parent_not_found")
    throw new AppError("category_not_found", "The parent is not one of this store's categories", { field: "body.parentId" });
  if (outcome === "cycle") throw new AppError("category_cycle", { field: "body.parentId" });
  return { before, after: await requireAdminCategory(db, storeId, categoryId) };
}

// ---------------------------------------------------------------- attributes

export async function requireAdminAttribute(db: Db, storeId: number, attributeId: number) {
  const attribute = await findAdminAttribute(db, storeId, attributeId);
  if (!attribute) throw new AppError("attribute_not_found");
  return attribute;
}

export async function requireAdminAttributeValue(db: Db, storeId: number, valueId: number) {
  const value = await findAdminAttributeValue(db, storeId, valueId);
  if (!value) throw new AppError("attribute_value_not_found", "No value of this store's attributes has this id");
  return value;
}

function takenAttributeCode(error: unknown): never {
  if (isUniqueViolation(error, "attributes_store_code_unique")) throw new AppError("attribute_code_taken", { field: "body.code" });
  if (isUniqueViolation(error, "attribute_values_attribute_code_unique"))
    throw new AppError("attribute_value_code_taken", { field: "body.code" });
  throw error;
}

/** Creates an attribute of the store (a new filter once a product has one of its values). */
export async function createAdminAttribute(
  db: Db,
  storeId: number,
  body: { code: string; name: string; isFilterable?: boolean | undefined; position?: number | undefined },
) {
  if (await attributeCodeTaken(db, storeId, body.code)) throw new AppError("attribute_code_taken", { field: "body.code" });
  const id = await createAttribute(db, {
    storeId,
    code: body.code,
    name: body.name,
    ...(body.isFilterable !== undefined ? { isFilterable: body.isFilterable } : {}),
    ...(body.position !== undefined ? { position: body.position } : {}),
  }).catch(takenAttributeCode);
  return requireAdminAttribute(db, storeId, id);
}

/** Renames, reorders or hides an attribute from the filters; answers it before and after. */
export async function updateAdminAttribute(
  db: Db,
  storeId: number,
  attributeId: number,
  changes: { name?: string | undefined; isFilterable?: boolean | undefined; position?: number | undefined },
) {
  const before = await requireAdminAttribute(db, storeId, attributeId);
  await updateAttribute(db, { storeId, attributeId, changes: definedOnly(changes) });
  return { before, after: await requireAdminAttribute(db, storeId, attributeId) };
}

export async function createAdminAttributeValue(
  db: Db,
  storeId: number,
  attributeId: number,
  body: { code: string; label: string; position?: number | undefined },
) {
  await requireAdminAttribute(db, storeId, attributeId);
  if (await attributeValueCodeTaken(db, attributeId, body.code)) throw new AppError("attribute_value_code_taken", { field: "body.code" });
  const id = await createAttributeValue(db, {
    attributeId,
    code: body.code,
    label: body.label,
    ...(body.position !== undefined ? { position: body.position } : {}),
  }).catch(takenAttributeCode);
  return requireAdminAttributeValue(db, storeId, id);
}

/** Relabels or reorders a value; the products with it are indexed again. Answers it before and after. */
export async function updateAdminAttributeValue(
  db: Db,
  storeId: number,
  valueId: number,
  changes: { label?: string | undefined; position?: number | undefined },
) {
  const before = await requireAdminAttributeValue(db, storeId, valueId);
  await updateAttributeValue(db, { storeId, valueId, changes: definedOnly(changes) });
  return { before, after: await requireAdminAttributeValue(db, storeId, valueId) };
}

function definedOnly<T extends Record<string, unknown>>(changes: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
