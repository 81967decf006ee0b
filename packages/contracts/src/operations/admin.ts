import type { Operation } from "./operation";
import {
  AdminExportOrdersQuerySchema,
  CsvDocumentSchema,
  AdminCancelOrderBodySchema,
  AdminListOrdersQuerySchema,
  AdminListOrdersResponseSchema,
  BulkAdminOrdersBodySchema,
  BulkAdminOrdersResponseSchema,
  AdminOrderResponseSchema,
  OrderParamsSchema,
  PdfDocumentSchema,
  ShipOrderBodySchema,
} from "../orders";
import {
  AdminListRefundsQuerySchema,
  AdminListRefundsResponseSchema,
  AdminRefundResponseSchema,
  CustomerCreditsResponseSchema,
  CreateOrderRefundBodySchema,
  CustomerParamsSchema,
  RefundParamsSchema,
  RetryRefundBodySchema,
  RequiredIdempotencyKeyHeadersSchema,
  SetCreditLimitBodySchema,
} from "../payments";
import {
  AdminListReturnsQuerySchema,
  AdminListReturnsResponseSchema,
  AdminReturnResponseSchema,
  RejectReturnBodySchema,
  ReturnParamsSchema,
} from "../returns";

/** The merchant's admin API (Admin-Key): orders, refunds and returns. */
export const adminOperations = {
  // The merchant's admin API (Admin-Key): orders.
  listAdminOrders: { method: "GET", path: "/admin/orders", query: AdminListOrdersQuerySchema, response: AdminListOrdersResponseSchema },
  exportAdminOrders: {
    method: "GET",
    path: "/admin/orders/export",
    query: AdminExportOrdersQuerySchema,
    response: CsvDocumentSchema,
    produces: "text/csv",
  },
  getAdminOrder: { method: "GET", path: "/admin/orders/:id", params: OrderParamsSchema, response: AdminOrderResponseSchema },
  getPackingSlip: {
    method: "GET",
    path: "/admin/orders/:id/packing-slip",
    params: OrderParamsSchema,
    response: PdfDocumentSchema,
    produces: "application/pdf",
  },
  shipOrder: {
    method: "PUT",
    path: "/admin/orders/:id/ship",
    params: OrderParamsSchema,
    body: ShipOrderBodySchema,
    response: AdminOrderResponseSchema,
  },
  deliverOrder: { method: "PUT", path: "/admin/orders/:id/deliver", params: OrderParamsSchema, response: AdminOrderResponseSchema },
  bulkAdminOrders: { method: "POST", path: "/admin/orders/bulk", body: BulkAdminOrdersBodySchema, response: BulkAdminOrdersResponseSchema },
  confirmBankTransfer: {
    method: "PUT",
    path: "/admin/orders/:id/confirm-transfer",
    params: OrderParamsSchema,
    response: AdminOrderResponseSchema,
  },
  setCustomerCreditLimit: {
    method: "PUT",
    path: "/admin/customers/:id/credit",
    params: CustomerParamsSchema,
    body: SetCreditLimitBodySchema,
    response: CustomerCreditsResponseSchema,
  },
  adminCancelOrder: {
    method: "PUT",
    path: "/admin/orders/:id/cancel",
    params: OrderParamsSchema,
    body: AdminCancelOrderBodySchema,
    response: AdminOrderResponseSchema,
  },

  // The merchant's admin API: refunds.
  createOrderRefund: {
    method: "POST",
    path: "/admin/orders/:id/refunds",
    params: OrderParamsSchema,
    headers: RequiredIdempotencyKeyHeadersSchema,
    body: CreateOrderRefundBodySchema,
    response: AdminOrderResponseSchema,
    status: 201,
  },
  listAdminRefunds: {
    method: "GET",
    path: "/admin/refunds",
    query: AdminListRefundsQuerySchema,
    response: AdminListRefundsResponseSchema,
  },
  retryAdminRefund: {
    method: "POST",
    path: "/admin/refunds/:id/retry",
    params: RefundParamsSchema,
    body: RetryRefundBodySchema,
    response: AdminRefundResponseSchema,
  },
  markRefundPaidBack: {
    method: "PUT",
    path: "/admin/refunds/:id/paid-back",
    params: RefundParamsSchema,
    response: AdminRefundResponseSchema,
  },

  // The merchant's admin API: returns.
  listAdminReturns: {
    method: "GET",
    path: "/admin/order-returns",
    query: AdminListReturnsQuerySchema,
    response: AdminListReturnsResponseSchema,
  },
  getAdminReturn: { method: "GET", path: "/admin/order-returns/:id", params: ReturnParamsSchema, response: AdminReturnResponseSchema },
  receiveReturn: {
    method: "PUT",
    path: "/admin/order-returns/:id/receive",
    params: ReturnParamsSchema,
    response: AdminReturnResponseSchema,
  },
  approveReturn: {
    method: "PUT",
    path: "/admin/order-returns/:id/approve",
    params: ReturnParamsSchema,
    response: AdminReturnResponseSchema,
  },
  rejectReturn: {
    method: "PUT",
    path: "/admin/order-returns/:id/reject",
    params: ReturnParamsSchema,
    body: RejectReturnBodySchema,
    response: AdminReturnResponseSchema,
  },
} as const satisfies Record<string, Operation>;
