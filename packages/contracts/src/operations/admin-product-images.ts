import type { Operation } from "./operation";
import { NoContentSchema } from "./operation";
import { AdminProductParamsSchema } from "../admin-catalog";
import {
  AdminProductImageListResponseSchema,
  AdminProductImageResponseSchema,
  MediaFileParamsSchema,
  MediaFileSchema,
  ProductImageParamsSchema,
  SetProductImageOrderBodySchema,
  UpdateProductImageBodySchema,
  UploadProductImageBodySchema,
} from "../admin-product-images";

/** A product's images (admin API, permission `catalogue`), and the stored files the storefront passes on. */
export const adminProductImageOperations = {
  listProductImages: {
    method: "GET",
    path: "/admin/products/:id/images",
    params: AdminProductParamsSchema,
    response: AdminProductImageListResponseSchema,
  },
  uploadProductImage: {
    method: "POST",
    path: "/admin/products/:id/images",
    params: AdminProductParamsSchema,
    body: UploadProductImageBodySchema,
    consumes: "multipart/form-data",
    response: AdminProductImageResponseSchema,
    status: 201,
  },
  updateProductImage: {
    method: "PUT",
    path: "/admin/product-images/:id",
    params: ProductImageParamsSchema,
    body: UpdateProductImageBodySchema,
    response: AdminProductImageResponseSchema,
  },
  deleteProductImage: {
    method: "DELETE",
    path: "/admin/product-images/:id",
    params: ProductImageParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
  setProductImageOrder: {
    method: "PUT",
    path: "/admin/products/:id/images/order",
    params: AdminProductParamsSchema,
    body: SetProductImageOrderBodySchema,
    response: AdminProductImageListResponseSchema,
  },
  getMediaFile: {
    method: "GET",
    path: "/media/images/:file",
    params: MediaFileParamsSchema,
    response: MediaFileSchema,
    produces: "image/*",
  },
} as const satisfies Record<string, Operation>;
