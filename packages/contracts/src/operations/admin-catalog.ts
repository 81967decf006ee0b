import type { Operation } from "./operation";
import {
  AdminListProductsQuerySchema,
  AdminListProductsResponseSchema,
  AdminProductParamsSchema,
  AdminProductResponseSchema,
  AdminVariantParamsSchema,
  CreateAdminProductBodySchema,
  SetAdminVariantPricesBodySchema,
  UpdateAdminProductBodySchema,
} from "../admin-catalog";

/** The merchant's catalogue (admin API, permission `catalogue`): products, their variants and prices. */
export const adminCatalogOperations = {
  listAdminProducts: {
    method: "GET",
    path: "/admin/products",
    query: AdminListProductsQuerySchema,
    response: AdminListProductsResponseSchema,
  },
  createAdminProduct: {
    method: "POST",
    path: "/admin/products",
    body: CreateAdminProductBodySchema,
    response: AdminProductResponseSchema,
    status: 201,
  },
  getAdminProduct: { method: "GET", path: "/admin/products/:id", params: AdminProductParamsSchema, response: AdminProductResponseSchema },
  updateAdminProduct: {
    method: "PUT",
    path: "/admin/products/:id",
    params: AdminProductParamsSchema,
    body: UpdateAdminProductBodySchema,
    response: AdminProductResponseSchema,
  },
  setAdminVariantPrices: {
    method: "PUT",
    path: "/admin/variants/:id/prices",
    params: AdminVariantParamsSchema,
    body: SetAdminVariantPricesBodySchema,
    response: AdminProductResponseSchema,
  },
} as const satisfies Record<string, Operation>;
