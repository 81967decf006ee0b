import type { Operation } from "./operation";
import { IdempotentCallHeadersSchema } from "../common";
import { OrderLinkBodySchema, OrderLinkRequestBodySchema, OrderLinkRequestResponseSchema } from "../order-links";
import {
  CreatedOrderResponseSchema,
  ListOrdersQuerySchema,
  ListOrdersResponseSchema,
  OrderParamsSchema,
  OrderQuerySchema,
  OrderResponseSchema,
  OrderSummaryResponseSchema,
  PdfDocumentSchema,
  PlaceOrderBodySchema,
} from "../orders";
import {
  CreateReturnBodySchema,
  ListReturnsQuerySchema,
  ListReturnsResponseSchema,
  ReturnDetailResponseSchema,
  ReturnParamsSchema,
  ReturnReasonsResponseSchema,
  ReturnResolutionsResponseSchema,
} from "../returns";

/** Orders, a guest's order link and order returns. */
export const orderOperations = {
  // Orders (decision 024).
  placeOrder: {
    method: "POST",
    path: "/orders",
    headers: IdempotentCallHeadersSchema,
    body: PlaceOrderBodySchema,
    response: CreatedOrderResponseSchema,
    status: 201,
  },
  getOrder: { method: "GET", path: "/orders/:id", params: OrderParamsSchema, query: OrderQuerySchema, response: OrderResponseSchema },
  getOrderSummary: {
    method: "GET",
    path: "/orders/:id/summary",
    params: OrderParamsSchema,
    query: OrderQuerySchema,
    response: OrderSummaryResponseSchema,
  },
  listOrders: { method: "GET", path: "/orders", query: ListOrdersQuerySchema, response: ListOrdersResponseSchema },
  cancelOrder: { method: "PUT", path: "/orders/:id/cancel", params: OrderParamsSchema, response: OrderResponseSchema },
  getProformaInvoice: {
    method: "GET",
    path: "/orders/:id/proforma-invoice",
    params: OrderParamsSchema,
    query: OrderQuerySchema,
    response: PdfDocumentSchema,
    produces: "application/pdf",
  },

  // A guest's order link (decision 041): the order and its proforma invoice for whoever holds the emailed token.
  getOrderByLink: { method: "POST", path: "/order-links/order", body: OrderLinkBodySchema, response: OrderResponseSchema },
  getProformaInvoiceByLink: {
    method: "POST",
    path: "/order-links/proforma-invoice",
    body: OrderLinkBodySchema,
    response: PdfDocumentSchema,
    produces: "application/pdf",
  },
  requestOrderLink: {
    method: "POST",
    path: "/order-links",
    body: OrderLinkRequestBodySchema,
    response: OrderLinkRequestResponseSchema,
    status: 202,
  },

  // Order returns (the return machine in the API's returns module).
  listReturnReasons: { method: "GET", path: "/order-returns/reasons", response: ReturnReasonsResponseSchema },
  listReturnResolutions: { method: "GET", path: "/order-returns/resolutions", response: ReturnResolutionsResponseSchema },
  createReturn: {
    method: "POST",
    path: "/order-returns",
    headers: IdempotentCallHeadersSchema,
    body: CreateReturnBodySchema,
    response: ReturnDetailResponseSchema,
    status: 201,
  },
  listReturns: { method: "GET", path: "/order-returns", query: ListReturnsQuerySchema, response: ListReturnsResponseSchema },
  getReturn: { method: "GET", path: "/order-returns/:id", params: ReturnParamsSchema, response: ReturnDetailResponseSchema },
} as const satisfies Record<string, Operation>;
