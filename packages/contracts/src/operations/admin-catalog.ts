import type { Operation } from "./operation";
import { IdempotentCallHeadersSchema } from "../common";
import {
  AdminCategoryListResponseSchema,
  AdminCategoryParamsSchema,
  AdminCategoryResponseSchema,
  CreateAdminCategoryBodySchema,
  UpdateAdminCategoryBodySchema,
  AdjustAdminStockBodySchema,
  AdminVariantStockResponseSchema,
  LowStockQuerySchema,
  LowStockResponseSchema,
  SetAdminStockBodySchema,
  SetLowStockThresholdBodySchema,
  StockMovementsQuerySchema,
  StockMovementsResponseSchema,
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
    headers: IdempotentCallHeadersSchema,
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

  // Categories (permission `catalogue`).
  listAdminCategories: { method: "GET", path: "/admin/categories", response: AdminCategoryListResponseSchema },
  createAdminCategory: {
    method: "POST",
    path: "/admin/categories",
    headers: IdempotentCallHeadersSchema,
    body: CreateAdminCategoryBodySchema,
    response: AdminCategoryResponseSchema,
    status: 201,
  },
  updateAdminCategory: {
    method: "PUT",
    path: "/admin/categories/:id",
    params: AdminCategoryParamsSchema,
    body: UpdateAdminCategoryBodySchema,
    response: AdminCategoryResponseSchema,
  },

  // Stock (permission `stock`).
  getAdminVariantStock: {
    method: "GET",
    path: "/admin/variants/:id/stock",
    params: AdminVariantParamsSchema,
    response: AdminVariantStockResponseSchema,
  },
  setAdminVariantStock: {
    method: "PUT",
    path: "/admin/variants/:id/stock",
    params: AdminVariantParamsSchema,
    body: SetAdminStockBodySchema,
    response: AdminVariantStockResponseSchema,
  },
  adjustAdminVariantStock: {
    method: "POST",
    path: "/admin/variants/:id/stock-adjustments",
    params: AdminVariantParamsSchema,
    headers: IdempotentCallHeadersSchema,
    body: AdjustAdminStockBodySchema,
    response: AdminVariantStockResponseSchema,
  },
  listStockMovements: {
    method: "GET",
    path: "/admin/variants/:id/stock-movements",
    params: AdminVariantParamsSchema,
    query: StockMovementsQuerySchema,
    response: StockMovementsResponseSchema,
  },
  setLowStockThreshold: {
    method: "PUT",
    path: "/admin/variants/:id/low-stock-threshold",
    params: AdminVariantParamsSchema,
    body: SetLowStockThresholdBodySchema,
    response: AdminVariantStockResponseSchema,
  },
  listLowStock: { method: "GET", path: "/admin/stock/low", query: LowStockQuerySchema, response: LowStockResponseSchema },
} as const satisfies Record<string, Operation>;
