import { z } from "zod";
import { dataSchema, IdParamSchema, IdSchema, textSchema } from "./common";
import { ImageSchema } from "./catalog";
import { MAX_IMAGE_UPLOAD_BYTES, MAX_IMAGES_PER_PRODUCT } from "./constants";

// Contracts of a product's images (admin API, permission `catalogue`, decision 054): uploaded as a form with the
// file, checked and re-encoded by the API into the widths and formats the storefront shows, kept in the shop's
// image storage under names made from their content.

/** A stored image file's name: its content's hash, its width, its format. */
export const MEDIA_FILE_PATTERN = /^[0-9a-f]{32}-[0-9]{1,4}\.(?:avif|webp|jpg)$/;

const altSchema = textSchema({ trim: true, min: 1, max: 300 });

/**
 * POST /admin/products/:id/images, as multipart/form-data: the image file and its alternative text (what the
 * picture shows, for people who cannot see it; required). The image's type is read from its bytes, never from
 * its name; its location and camera data are dropped. 415 `image_type_not_supported`, 400 `image_unreadable`,
 * 413 `image_too_large`, 422 `image_too_many_pixels`, 409 `product_image_limit`.
 */
export const UploadProductImageBodySchema = z
  .object({
    file: z.file().max(MAX_IMAGE_UPLOAD_BYTES).describe("The image: JPEG, PNG, WebP, AVIF or GIF"),
    alt: altSchema.describe("What the picture shows, in words"),
  })
  .strict()
  .meta({ id: "ProductImageUpload" });
export type UploadProductImageBody = z.infer<typeof UploadProductImageBodySchema>;

/** PUT /admin/product-images/:id: a corrected alternative text. */
export const UpdateProductImageBodySchema = z.object({ alt: altSchema }).strict();

/** PUT /admin/products/:id/images/order: every image of the product, in its new order (the first is the one cards show). */
export const SetProductImageOrderBodySchema = z
  .object({
    imageIds: z
      .array(IdSchema)
      .min(1)
      .max(MAX_IMAGES_PER_PRODUCT)
      .refine((ids) => new Set(ids).size === ids.length, "Name each image once"),
  })
  .strict();

export const ProductImageParamsSchema = z.object({ id: IdParamSchema }).strict();

export const AdminProductImageSchema = z
  .object({
    id: IdSchema,
    productId: IdSchema,
    position: z.number().int(),
    /** Where the picture came from when an import fetched it; null for an upload. */
    sourceUrl: z.string().nullable(),
    image: ImageSchema,
  })
  .meta({ id: "AdminProductImage" });
export type AdminProductImage = z.infer<typeof AdminProductImageSchema>;
export const AdminProductImageResponseSchema = dataSchema(AdminProductImageSchema);
export const AdminProductImageListResponseSchema = dataSchema(z.object({ images: z.array(AdminProductImageSchema) }));

/** GET /media/images/:file: a stored image file, for the storefront to pass on (immutable: its name is its content). */
export const MediaFileParamsSchema = z.object({ file: z.string().regex(MEDIA_FILE_PATTERN, "Not an image file name") }).strict();
export const MediaFileSchema = z.string().meta({ id: "MediaFile", description: "The image's bytes" });
