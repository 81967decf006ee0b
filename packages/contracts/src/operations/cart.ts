import type { Operation } from "./operation";
import {
  AcknowledgeCartNotificationsBodySchema,
  AddToCartBodySchema,
  AddToCartBulkBodySchema,
  AddToCartBulkResponseSchema,
  CartResponseSchema,
  ChangeCartQuantityBodySchema,
  GetCartQuerySchema,
  MergeCartParamsSchema,
  RemoveCartLinesBodySchema,
  ReorderParamsSchema,
  ReorderResponseSchema,
  SetCartAddonsBulkBodySchema,
  SetCartLineAddonsBodySchema,
} from "../cart";
import { IdempotentCallHeadersSchema } from "../common";

/** The cart. */
export const cartOperations = {
  // Cart. Every answer is the whole cart.
  addToCart: {
    method: "PUT",
    path: "/baskets",
    headers: IdempotentCallHeadersSchema,
    body: AddToCartBodySchema,
    response: CartResponseSchema,
  },
  addToCartBulk: {
    method: "PUT",
    path: "/baskets/bulk",
    headers: IdempotentCallHeadersSchema,
    body: AddToCartBulkBodySchema,
    response: AddToCartBulkResponseSchema,
  },
  getCart: { method: "GET", path: "/baskets", query: GetCartQuerySchema, response: CartResponseSchema },
  setCartLineQuantity: {
    method: "PUT",
    path: "/baskets/products/quantity",
    body: ChangeCartQuantityBodySchema,
    response: CartResponseSchema,
  },
  removeCartLines: { method: "DELETE", path: "/baskets/products", body: RemoveCartLinesBodySchema, response: CartResponseSchema },
  setCartLineAddons: { method: "PUT", path: "/baskets/addons", body: SetCartLineAddonsBodySchema, response: CartResponseSchema },
  setCartAddonsBulk: {
    method: "PUT",
    path: "/baskets/addons/bulk",
    body: SetCartAddonsBulkBodySchema,
    response: CartResponseSchema,
  },
  acknowledgeCartNotifications: {
    method: "PUT",
    path: "/baskets/notifications/acknowledge",
    body: AcknowledgeCartNotificationsBodySchema,
    response: CartResponseSchema,
  },
  mergeGuestCart: { method: "PUT", path: "/baskets/:id/merge", params: MergeCartParamsSchema, response: CartResponseSchema },
  reorderIntoCart: {
    method: "PUT",
    path: "/baskets/orders/:orderId/merge",
    params: ReorderParamsSchema,
    headers: IdempotentCallHeadersSchema,
    response: ReorderResponseSchema,
  },
} as const satisfies Record<string, Operation>;
