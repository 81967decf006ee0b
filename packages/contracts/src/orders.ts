import { z } from "zod";
import { AdminRefundSchema, LatestPaymentSchema, OrderRefundSchema } from "./payments";
import { AnonymousIdSchema } from "./cart";
import { AddressAnswerSchema, DiscountKindSchema, TaxClassSchema, TaxLineSchema } from "./checkout";
import { dataSchema, IdSchema, intParamSchema, MoneySchema, PageQuerySchema, pagedResultSchema, textSchema } from "./common";
import { ApiErrorSchema } from "./errors";
import { ADMIN_ORDER_SORTS, INT32_MAX, MAX_PAGE_SIZE, ORDER_STATUSES, PAYMENT_PROVIDER_IDS } from "./constants";

// Contracts of the order calls: place an order from the basket, read and cancel
// orders. The order's amounts are recomputed by the API when it is placed (decision 024).

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/**
 * POST /orders. Signed-in callers send no body (or an empty one) beyond accepting the terms; a guest names
 * the basket (anonymousBasketId, the cart's anonymousId) and the privacy policy they were shown.
 */
export const PlaceOrderBodySchema = z
  .object({
    anonymousBasketId: AnonymousIdSchema.optional(),
    privacyPolicyId: textSchema({ trim: true, max: 100 }).optional(),
    /** The terms box, when the store asks for it (isCheckoutTermsAndConditionsEnabled). */
    termsAccepted: z.boolean().optional(),
    /**
     * How the buyer means to pay, when they have chosen: an order to be paid on account is refused (422
     * `credit_limit_exceeded`) before it is made when the customer's credit left cannot pay it, and one naming a
     * provider the shop has switched off (422 `payment_provider_unavailable`, decision 052).
     */
    paymentProviderId: z.enum(PAYMENT_PROVIDER_IDS).optional(),
  })
  .strict();
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

/** The created order: what the storefront needs to pay for it (its id and grand total). */
export const CreatedOrderSchema = z.object({ id: IdSchema, publicId: z.string(), grandTotal: MoneySchema }).meta({ id: "CreatedOrder" });
export const CreatedOrderResponseSchema = dataSchema(CreatedOrderSchema);

export const OrderLineSchema = z.object({
  id: IdSchema,
  productVariantId: IdSchema.nullable(),
  sku: z.string(),
  productName: z.string(),
  variantName: z.string(),
  quantity: z.number().int(),
  unitPrice: MoneySchema,
  addons: z.array(z.object({ name: z.string(), unitPrice: MoneySchema, taxClass: TaxClassSchema })),
  taxClass: TaxClassSchema,
  /** What the line costs before discounts. */
  total: MoneySchema,
  /** How many of the line may still be returned: 0 unless the order is delivered and within its return window. */
  returnableQuantity: z.number().int(),
});

/**
 * One change of an order's status as its buyer sees it: from which status to which, and when. Placing the
 * order is not a change (it is `placedAt`), so a new order's history is empty. Who made the change and why
 * are left out on purpose: the actor is the shop's business (which admin key, the command line or a job moved
 * it), and the reason is written for the shop, not the shopper: a merchant's cancellation reason is free text
 * that may say what a customer should not read ("suspected fraud"), and the others only restate the change
 * ("delivered", "shipped, tracking …"), which `to` and the order's trackingReference already say.
 * The merchant's view (AdminOrderSchema) has both.
 */
export const OrderStatusChangeSchema = z.object({ from: OrderStatusSchema, to: OrderStatusSchema, at: z.string() });
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

/** An order as its buyer sees it: on the order-confirmation page, in analytics, and in the account. */
export const OrderSchema = z
  .object({
    id: IdSchema,
    /** The human-friendly number on emails and the proforma invoice. */
    publicId: z.string(),
    status: OrderStatusSchema,
    placedAt: z.string(),
    email: z.string(),
    currencyCode: z.string(),
    items: z.array(OrderLineSchema),
    subTotal: MoneySchema,
    discountCodes: z.array(z.object({ code: z.string(), kind: DiscountKindSchema, amount: MoneySchema })),
    cartAndCodeDiscount: MoneySchema,
    deliveryCharge: MoneySchema,
    deliveryOption: z.object({ name: z.string(), kind: z.string() }),
    taxes: z.object({ amount: MoneySchema, included: z.boolean(), lines: z.array(TaxLineSchema) }),
    grandTotal: MoneySchema,
    deliveryAddress: AddressAnswerSchema,
    billingAddress: AddressAnswerSchema,
    referenceNumber: z.string().nullable(),
    customerComment: z.string().nullable(),
    latestPayment: LatestPaymentSchema.nullable(),
    /** Money given back, oldest first: for a cancelled paid order, a return, or a payment taken twice. */
    refunds: z.array(OrderRefundSchema),
    /** The carrier's reference, once the shop has shipped the order. */
    trackingReference: z.string().nullable(),
    /** Its status changes, oldest first. */
    history: z.array(OrderStatusChangeSchema),
    /** The last moment items may be returned (the return window after delivery); null when they may not be. */
    returnableUntil: z.string().nullable(),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof OrderSchema>;
export const OrderResponseSchema = dataSchema(OrderSchema);

export const OrderParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }).strict();

/** What POST /admin/orders/bulk does to each order: `deliver`, as PUT /admin/orders/:id/deliver. */
export const ADMIN_ORDER_BULK_ACTIONS = ["deliver"] as const;
export type AdminOrderBulkAction = (typeof ADMIN_ORDER_BULK_ACTIONS)[number];
/** At most this many orders in one POST /admin/orders/bulk (a page of the back office's list is 50). */
export const MAX_BULK_ORDERS = 200;

/** POST /admin/orders/bulk: one action for 1 to 200 orders, each named once; each order is changed on its own. */
export const BulkAdminOrdersBodySchema = z
  .object({
    action: z.enum(ADMIN_ORDER_BULK_ACTIONS),
    orderIds: z
      .array(IdSchema)
      .min(1, "Choose at least one order")
      .max(MAX_BULK_ORDERS)
      .refine((ids) => new Set(ids).size === ids.length, "Name each order once"),
  })
  .strict();
export type BulkAdminOrdersBody = z.infer<typeof BulkAdminOrdersBodySchema>;

/** What became of each order, in the order sent: done (also when it already was so), or refused with the reasons. */
export const BulkOrderResultSchema = z.discriminatedUnion("ok", [
  z.object({ orderId: IdSchema, ok: z.literal(true) }),
  z.object({ orderId: IdSchema, ok: z.literal(false), errors: z.array(ApiErrorSchema).min(1) }),
]);
export type BulkOrderResult = z.infer<typeof BulkOrderResultSchema>;
export const BulkAdminOrdersResponseSchema = dataSchema(z.object({ results: z.array(BulkOrderResultSchema) }));
/** GET /orders/:id for a guest: the anonymousId of the basket the order was placed from. */
export const OrderQuerySchema = z.object({ anonymousId: AnonymousIdSchema.optional() }).strict();

export const ListOrdersQuerySchema = PageQuerySchema;
export const OrderListItemSchema = OrderSchema.pick({ id: true, publicId: true, status: true, placedAt: true, grandTotal: true }).extend({
  itemCount: z.number().int(),
});
export type OrderListItem = z.infer<typeof OrderListItemSchema>;
export const ListOrdersResponseSchema = dataSchema(pagedResultSchema(OrderListItemSchema));

/** GET /orders/:id/summary: what the storefront reads after placing an order. */
export const OrderSummarySchema = OrderSchema.pick({
  id: true,
  publicId: true,
  status: true,
  grandTotal: true,
  latestPayment: true,
}).meta({ id: "OrderSummary" });
export const OrderSummaryResponseSchema = dataSchema(OrderSummarySchema);

// ---------------------------------------------------------------- the merchant's admin API

/** One status change of an order, as its history lists it. */
export const OrderHistoryEntrySchema = z.object({
  from: z.string(),
  to: z.string(),
  actorType: z.string(),
  /** Who of the shop made a merchant's change (a member of staff's email, a token's name); null for anyone else. */
  actorLabel: z.string().nullable(),
  reason: z.string(),
  at: z.string(),
});

/**
 * An order as the merchant sees it: the buyer's view, who bought it, shipping, and its history with who made
 * each change and why (the buyer's history leaves both out).
 */
export const AdminOrderSchema = OrderSchema.extend({
  customerId: IdSchema.nullable(),
  customerName: z.string(),
  phone: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  history: z.array(OrderHistoryEntrySchema),
  /** Money given back on this order (a paid order cancelled, returns, captures the shop did not want), oldest first. */
  refunds: z.array(AdminRefundSchema),
  /**
   * The mails queued to the buyer about this order (confirmation, bank transfer, shipping, delivery, cancellation,
   * refunds, returns, order links), oldest first, at most 100: their kind, subject, recipient, when queued and when
   * sent (null until the mail job has sent it).
   */
  mails: z.array(
    z.object({ kind: z.string(), subject: z.string(), recipient: z.string(), queuedAt: z.string(), sentAt: z.string().nullable() }),
  ),
}).meta({ id: "AdminOrder" });
export const AdminOrderResponseSchema = dataSchema(AdminOrderSchema);

/**
 * GET /admin/orders: newest first, in keyset pages (`before` = the answer's `nextBefore`). `search` finds an order
 * by its number (QB-100001, whole or its start), or by part of the buyer's email or name; `placedFrom` and
 * `placedTo` bound the time it was placed (from inclusive, to exclusive). Filters combine.
 */
export const AdminListOrdersQuerySchema = z
  .object({
    sort: z.enum(ADMIN_ORDER_SORTS).default("newest"),
    /** The next page of a newest-first list: orders older than this one (`nextBefore`). */
    before: intParamSchema(1, INT32_MAX).optional(),
    /** The next page of an oldest-first list: orders newer than this one (`nextAfter`). */
    after: intParamSchema(1, INT32_MAX).optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    status: OrderStatusSchema.optional(),
    search: textSchema({ trim: true, min: 1, max: 100 }).optional(),
    placedFrom: z.iso.datetime({ offset: true }).optional(),
    placedTo: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type AdminListOrdersQuery = z.infer<typeof AdminListOrdersQuerySchema>;
export type AdminOrderSort = AdminListOrdersQuery["sort"];
export const AdminOrderListItemSchema = OrderListItemSchema.extend({ email: z.string(), customerName: z.string() });
export const AdminListOrdersResponseSchema = dataSchema(
  z.object({
    orders: z.array(AdminOrderListItemSchema),
    /** Newest first: the next page's `before`, or null on the last page (and always null oldest first). */
    nextBefore: z.number().int().nullable(),
    /** Oldest first: the next page's `after`, or null on the last page (and always null newest first). */
    nextAfter: z.number().int().nullable(),
  }),
);
/** GET /admin/orders/export: the orders the same filters find, as CSV (no page: every one, oldest first). */
export const AdminExportOrdersQuerySchema = AdminListOrdersQuerySchema.omit({ sort: true, before: true, after: true, limit: true });
export type AdminExportOrdersQuery = z.infer<typeof AdminExportOrdersQuerySchema>;
/** A CSV document's text (UTF-8, a header row, RFC 4180 quoting; cells that a spreadsheet would run as a formula start with an apostrophe). */
export const CsvDocumentSchema = z.string().meta({ id: "CsvDocument", description: "A CSV document" });

export const ShipOrderBodySchema = z.object({ trackingReference: textSchema({ trim: true, min: 1, max: 100 }) }).strict();
export const AdminCancelOrderBodySchema = z.object({ reason: textSchema({ trim: true, min: 1, max: 200 }) }).strict();

/** A PDF document's bytes (GET /orders/:id/proforma-invoice). */
export const PdfDocumentSchema = z.string().meta({ id: "PdfDocument", format: "binary", description: "A PDF document" });
