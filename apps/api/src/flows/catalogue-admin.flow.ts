import type { AdminProduct, CreateAdminProductBody, UpdateAdminProductBody } from "@quire/contracts";
import type { Db } from "../db/client";
import { changedFields, recordAdminWrite } from "../modules/audit/audit.service";
import {
  archiveAdminProduct,
  categoryPath,
  createAdminAttribute,
  createAdminAttributeValue,
  createAdminCategory,
  createAdminProduct,
  createAdminProductType,
  deleteAdminProduct,
  lockAdminProductForDeletion,
  productPath,
  requireAdminProduct,
  setAdminRelatedProducts,
  addAdminVariant,
  setAdminVariantPrices,
  setAdminVariantTierPrices,
  updateAdminVariant,
  unarchiveAdminProduct,
  updateAdminAttribute,
  updateAdminAttributeValue,
  updateAdminCategory,
  updateAdminProduct,
} from "../modules/catalog/catalog-admin.service";
import { forgetRedirectsTo, recordMovedUrl } from "../modules/content/content.service";
import { isAnyVariantOrdered } from "../modules/orders/orders.service";
import { AppError } from "../http/errors";
import { createPreviewToken } from "../security/preview-links";
import type { AdminWrite } from "../modules/audit/audit.service";

/*
 * The merchant's catalogue writes (decision 047): each one transaction that holds the catalogue's change (through its
 * one write path, so the price index, the search index and every process's catalogue index follow), what other
 * modules keep because of it (a moved product's redirect), and its audit entry with the changed fields.
 */

interface Store {
  id: number;
  currencyCodes: readonly string[];
}

/** The product's own fields and each variant's prices, as the audit log compares them. */
function auditedProduct(product: AdminProduct | null): Record<string, unknown> | null {
  if (!product) return null;
  const { variants, createdAt: _createdAt, id: _id, ...fields } = product;
  return {
    ...fields,
    ...Object.fromEntries(
      variants.flatMap((variant) => [
        [`variant ${variant.sku} prices`, variant.prices],
        [`variant ${variant.sku} tier prices`, variant.tierPrices],
        [`variant ${variant.sku}`, { name: variant.name, isbn: variant.isbn, options: variant.options }],
      ]),
    ),
  };
}

/**
 * A change of one product (or one of its variants) in one transaction with its audit entry: the catalogue's write,
 * which answers the product before and after, then the changed fields recorded under `resource` when there are any.
 */
async function auditedProductChange(
  db: Db,
  write: AdminWrite,
  resource: { type: "product" | "variant"; id: number },
  change: (tx: Db) => Promise<{ before: AdminProduct; after: AdminProduct }>,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const { before, after } = await change(tx);
    const changes = changedFields(auditedProduct(before), auditedProduct(after));
    if (changes) await recordAdminWrite(tx, write, { ...resource, changes });
    return after;
  });
}

export async function createProductFlow(db: Db, write: AdminWrite, store: Store, body: CreateAdminProductBody): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const product = await createAdminProduct(tx, store, body);
    await recordAdminWrite(tx, write, { type: "product", id: product.id, changes: changedFields(null, auditedProduct(product)) });
    return product;
  });
}

/**
 * A link that shows the product's page as it stands, published or a draft, to whoever has it, for
 * BLOG_PREVIEW_LINK_DAYS: its address in the shop with `?preview=` ("view in shop" for a product not in the shop yet).
 * Nothing is stored: the link is signed (security/preview-links.ts); the audit log says who made one.
 */
export async function createProductPreviewLinkFlow(
  db: Db,
  write: AdminWrite,
  options: { secret: string; storefrontUrl: string },
  productId: number,
) {
  return db.transaction(async (tx) => {
    const product = await requireAdminProduct(tx, write.storeId, productId);
    const { token, expiresAt } = createPreviewToken(options.secret, { storeId: write.storeId, kind: "product", id: product.id });
    await recordAdminWrite(tx, write, { type: "product", id: product.id, changes: null });
    const url = new URL(productPath(product.slug), options.storefrontUrl);
    url.searchParams.set("preview", token);
    return { token, url: url.toString(), expiresAt: expiresAt.toISOString() };
  });
}

/** Changes a product; a new slug leaves a 301 from the old address to the new one in the same transaction. */
export async function updateProductFlow(
  db: Db,
  write: AdminWrite,
  store: Store,
  productId: number,
  body: UpdateAdminProductBody,
): Promise<AdminProduct> {
  return auditedProductChange(db, write, { type: "product", id: productId }, async (tx) => {
    const change = await updateAdminProduct(tx, store.id, productId, body);
    if (change.before.slug !== change.after.slug) {
      await recordMovedUrl(tx, { storeId: store.id, oldUrl: productPath(change.before.slug), newUrl: productPath(change.after.slug) });
    }
    return change;
  });
}

/** Archives a product (out of the shop, kept for its orders) or brings it back unpublished; audited when it changed. */
export async function setProductArchivedFlow(db: Db, write: AdminWrite, storeId: number, productId: number, archived: boolean) {
  return auditedProductChange(db, write, { type: "product", id: productId }, (tx) =>
    archived ? archiveAdminProduct(tx, storeId, productId) : unarchiveAdminProduct(tx, storeId, productId),
  );
}

/**
 * Deletes a product no order names (409 `product_ordered` otherwise: archive it instead). Its variants are locked
 * first, so an order placed meanwhile either committed before the check sees it or waits and finds them gone. The
 * redirects that led to its page go with it: its old addresses answer 404, and a product given its slug later does
 * not inherit them.
 */
export async function deleteProductFlow(db: Db, write: AdminWrite, storeId: number, productId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { product, variantIds } = await lockAdminProductForDeletion(tx, storeId, productId);
    if (await isAnyVariantOrdered(tx, variantIds)) {
      throw new AppError("product_ordered", "The product has been ordered, so it is kept for its orders: archive it instead");
    }
    await deleteAdminProduct(tx, productId);
    await forgetRedirectsTo(tx, { storeId, url: productPath(product.slug) });
    await recordAdminWrite(tx, write, { type: "product", id: productId, changes: changedFields(auditedProduct(product), null) });
  });
}

/** Sets the products recommended with a product, in order; audited as the product's `relatedProductIds`. */
export async function setRelatedProductsFlow(db: Db, write: AdminWrite, productId: number, productIds: number[]): Promise<AdminProduct> {
  return auditedProductChange(db, write, { type: "product", id: productId }, (tx) =>
    setAdminRelatedProducts(tx, write.storeId, productId, productIds),
  );
}

/** Adds a variant to a product, with its prices and stock, and the audit entry. */
export async function addVariantFlow(
  db: Db,
  write: AdminWrite,
  store: Store,
  productId: number,
  body: Parameters<typeof addAdminVariant>[3],
): Promise<AdminProduct> {
  return auditedProductChange(db, write, { type: "product", id: productId }, (tx) => addAdminVariant(tx, store, productId, body));
}

/** Changes a variant's SKU, ISBN, name or options, with the audit entry. */
export async function updateVariantFlow(
  db: Db,
  write: AdminWrite,
  variantId: number,
  body: Parameters<typeof updateAdminVariant>[3],
): Promise<AdminProduct> {
  return auditedProductChange(db, write, { type: "variant", id: variantId }, (tx) =>
    updateAdminVariant(tx, write.storeId, variantId, body),
  );
}

/** Sets a variant's quantity breaks per currency, with the audit entry. */
export async function setVariantTierPricesFlow(
  db: Db,
  write: AdminWrite,
  store: Store,
  variantId: number,
  tierPrices: Parameters<typeof setAdminVariantTierPrices>[3],
): Promise<AdminProduct> {
  return auditedProductChange(db, write, { type: "variant", id: variantId }, (tx) =>
    setAdminVariantTierPrices(tx, store, variantId, tierPrices),
  );
}

export async function setVariantPricesFlow(
  db: Db,
  write: AdminWrite,
  store: Store,
  variantId: number,
  prices: Parameters<typeof setAdminVariantPrices>[3],
): Promise<AdminProduct> {
  return auditedProductChange(db, write, { type: "variant", id: variantId }, (tx) => setAdminVariantPrices(tx, store, variantId, prices));
}

/** Makes a product type, audited in the same transaction. */
export async function createProductTypeFlow(db: Db, write: AdminWrite, body: Parameters<typeof createAdminProductType>[2]) {
  return db.transaction(async (tx) => {
    const productType = await createAdminProductType(tx, write.storeId, body);
    await recordAdminWrite(tx, write, {
      type: "product_type",
      id: productType.id,
      changes: changedFields(null, { code: productType.code, name: productType.name }),
    });
    return productType;
  });
}

export async function createCategoryFlow(db: Db, write: AdminWrite, body: Parameters<typeof createAdminCategory>[2]) {
  return db.transaction(async (tx) => {
    const category = await createAdminCategory(tx, write.storeId, body);
    await recordAdminWrite(tx, write, { type: "category", id: category.id, changes: changedFields(null, category) });
    return category;
  });
}

/** Changes a category; a new slug leaves a 301 from its old address to the new one in the same transaction. */
export async function updateCategoryFlow(db: Db, write: AdminWrite, categoryId: number, body: Parameters<typeof updateAdminCategory>[3]) {
  return db.transaction(async (tx) => {
    const { before, after } = await updateAdminCategory(tx, write.storeId, categoryId, body);
    if (before.slug !== after.slug) {
      await recordMovedUrl(tx, { storeId: write.storeId, oldUrl: categoryPath(before.slug), newUrl: categoryPath(after.slug) });
    }
    const changes = changedFields(before, after);
    if (changes) await recordAdminWrite(tx, write, { type: "category", id: categoryId, changes });
    return after;
  });
}

// ---------------------------------------------------------------- attributes and their values

export async function createAttributeFlow(db: Db, write: AdminWrite, body: Parameters<typeof createAdminAttribute>[2]) {
  return db.transaction(async (tx) => {
    const attribute = await createAdminAttribute(tx, write.storeId, body);
    const { valueCount: _count, ...fields } = attribute;
    await recordAdminWrite(tx, write, { type: "attribute", id: attribute.id, changes: changedFields(null, fields) });
    return attribute;
  });
}

/** Changes an attribute; the products with its values are indexed again in the same transaction. */
export async function updateAttributeFlow(
  db: Db,
  write: AdminWrite,
  attributeId: number,
  body: Parameters<typeof updateAdminAttribute>[3],
) {
  return db.transaction(async (tx) => {
    const { before, after } = await updateAdminAttribute(tx, write.storeId, attributeId, body);
    const changes = changedFields(before, after);
    if (changes) await recordAdminWrite(tx, write, { type: "attribute", id: attributeId, changes });
    return after;
  });
}

export async function createAttributeValueFlow(
  db: Db,
  write: AdminWrite,
  attributeId: number,
  body: Parameters<typeof createAdminAttributeValue>[3],
) {
  return db.transaction(async (tx) => {
    const value = await createAdminAttributeValue(tx, write.storeId, attributeId, body);
    const { productCount: _count, ...fields } = value;
    await recordAdminWrite(tx, write, { type: "attribute_value", id: value.id, changes: changedFields(null, fields) });
    return value;
  });
}

/** Relabels a value (a corrected author's name): every product with it is indexed again in the same transaction. */
export async function updateAttributeValueFlow(
  db: Db,
  write: AdminWrite,
  valueId: number,
  body: Parameters<typeof updateAdminAttributeValue>[3],
) {
  return db.transaction(async (tx) => {
    const { before, after } = await updateAdminAttributeValue(tx, write.storeId, valueId, body);
    const changes = changedFields(before, after);
    if (changes) await recordAdminWrite(tx, write, { type: "attribute_value", id: valueId, changes });
    return after;
  });
}
