import { MAX_IMAGES_PER_PRODUCT, type AdminProductImage, type UploadProductImageBody } from "@quire/contracts";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { changedFields, recordAdminWrite, type AdminWrite } from "../modules/audit/audit.service";
import { requireAdminProduct } from "../modules/catalog/catalog-admin.service";
import {
  addProductImage,
  changeProductImageAlt,
  findProductImage,
  findProductImages,
  orderProductImages,
  removeProductImage,
  type ProductImageRow,
} from "../modules/catalog/product-images.service";
import { ImageRefused, storeImage, type ImageStorage } from "../modules/media/media.service";

/*
 * A product's images (decision 054): the picture is checked, re-encoded and stored by the media module, then the
 * catalogue adds it to the product through its one write path (so every copy of the product hears of it), in one
 * transaction with its audit entry.
 */

export function adminImageOf(row: ProductImageRow): AdminProductImage {
  return {
    id: row.id,
    productId: row.productId,
    position: row.position,
    sourceUrl: row.sourceUrl,
    image: { url: row.url, alt: row.alt, ...row.picture },
  };
}

const audited = (row: ProductImageRow | null) =>
  row ? { productId: row.productId, url: row.url, alt: row.alt, position: row.position } : null;

async function requireImage(db: Db, storeId: number, imageId: number): Promise<ProductImageRow> {
  const image = await findProductImage(db, { storeId, imageId });
  if (!image) throw new AppError("product_image_not_found");
  return image;
}

/** Stores an uploaded picture and adds it after the product's last image. */
export async function uploadProductImageFlow(
  db: Db,
  storage: ImageStorage,
  write: AdminWrite,
  productId: number,
  body: UploadProductImageBody,
): Promise<AdminProductImage> {
  // The product is checked first, so a wrong id costs no image processing.
  await requireAdminProduct(db, write.storeId, productId);
  const stored = await storeImage(storage, Buffer.from(await body.file.arrayBuffer())).catch((error: unknown) => {
    if (error instanceof ImageRefused) throw new AppError(error.code, error.message, { field: "body.file" });
    throw error;
  });
  return db.transaction(async (tx) => {
    const added = await addProductImage(
      tx,
      productId,
      { url: stored.url, alt: body.alt, stored: { imageKey: stored.imageKey, picture: stored.picture } },
      MAX_IMAGES_PER_PRODUCT,
    );
    if (added === null) throw new AppError("product_not_found", "No product of this store has this id");
    if (added === "full") {
      throw new AppError("product_image_limit", `A product may have at most ${MAX_IMAGES_PER_PRODUCT} images: remove one first`);
    }
    const row = await requireImage(tx, write.storeId, added);
    await recordAdminWrite(tx, write, { type: "product_image", id: row.id, changes: changedFields(null, audited(row)) });
    return adminImageOf(row);
  });
}

export async function listProductImagesFlow(db: Db, storeId: number, productId: number): Promise<AdminProductImage[]> {
  await requireAdminProduct(db, storeId, productId);
  return (await findProductImages(db, { storeId, productId })).map(adminImageOf);
}

export async function updateProductImageFlow(db: Db, write: AdminWrite, imageId: number, alt: string): Promise<AdminProductImage> {
  return db.transaction(async (tx) => {
    const before = await requireImage(tx, write.storeId, imageId);
    await changeProductImageAlt(tx, before, alt);
    const after = await requireImage(tx, write.storeId, imageId);
    const changes = changedFields(audited(before), audited(after));
    if (changes) await recordAdminWrite(tx, write, { type: "product_image", id: imageId, changes });
    return adminImageOf(after);
  });
}

export async function deleteProductImageFlow(db: Db, write: AdminWrite, imageId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await requireImage(tx, write.storeId, imageId);
    await removeProductImage(tx, before);
    await recordAdminWrite(tx, write, { type: "product_image", id: imageId, changes: changedFields(audited(before), null) });
  });
}

export async function setProductImageOrderFlow(
  db: Db,
  write: AdminWrite,
  productId: number,
  imageIds: number[],
): Promise<AdminProductImage[]> {
  return db.transaction(async (tx) => {
    await requireAdminProduct(tx, write.storeId, productId);
    const before = await findProductImages(tx, { storeId: write.storeId, productId });
    if (!(await orderProductImages(tx, { id: productId, storeId: write.storeId }, imageIds))) {
      throw new AppError("product_image_order_incomplete", { field: "body.imageIds" });
    }
    const after = await findProductImages(tx, { storeId: write.storeId, productId });
    const order = (rows: ProductImageRow[]) => ({ imageIds: rows.map((row) => row.id) });
    const changes = changedFields(order(before), order(after));
    if (changes) await recordAdminWrite(tx, write, { type: "product", id: productId, changes });
    return after.map(adminImageOf);
  });
}
