import type { Operation } from "./operation";
import { IdempotentCallHeadersSchema } from "../common";
import {
  AdminDiscountCodeParamsSchema,
  AdminDiscountCodeResponseSchema,
  AdminListDiscountCodesQuerySchema,
  AdminListDiscountCodesResponseSchema,
  CreateAdminDiscountCodeBodySchema,
  DiscountCodeUsesQuerySchema,
  DiscountCodeUsesResponseSchema,
  UpdateAdminDiscountCodeBodySchema,
} from "../admin-discounts";

/** The merchant's discount codes (admin API, permission `discounts`). */
export const adminDiscountOperations = {
  listAdminDiscountCodes: {
    method: "GET",
    path: "/admin/discount-codes",
    query: AdminListDiscountCodesQuerySchema,
    response: AdminListDiscountCodesResponseSchema,
  },
  createAdminDiscountCode: {
    method: "POST",
    path: "/admin/discount-codes",
    headers: IdempotentCallHeadersSchema,
    body: CreateAdminDiscountCodeBodySchema,
    response: AdminDiscountCodeResponseSchema,
    status: 201,
  },
  getAdminDiscountCode: {
    method: "GET",
    path: "/admin/discount-codes/:id",
    params: AdminDiscountCodeParamsSchema,
    response: AdminDiscountCodeResponseSchema,
  },
  updateAdminDiscountCode: {
    method: "PUT",
    path: "/admin/discount-codes/:id",
    params: AdminDiscountCodeParamsSchema,
    body: UpdateAdminDiscountCodeBodySchema,
    response: AdminDiscountCodeResponseSchema,
  },
  listDiscountCodeUses: {
    method: "GET",
    path: "/admin/discount-codes/:id/uses",
    params: AdminDiscountCodeParamsSchema,
    query: DiscountCodeUsesQuerySchema,
    response: DiscountCodeUsesResponseSchema,
  },
} as const satisfies Record<string, Operation>;
