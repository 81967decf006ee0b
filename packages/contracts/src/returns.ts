import { z } from "zod";
import { dataSchema, IdParamSchema, IdSchema, MoneySchema, PageQuerySchema, pagedResultSchema, textSchema } from "./common";
import {
  ADMIN_RETURN_SORTS,
  MAX_RETURN_COMMENT_LENGTH,
  RETURN_REASONS,
  RETURN_RESOLUTIONS,
  RETURN_STATUSES,
  REFUND_STATUSES,
} from "./constants";

// Contracts of the order-return calls: the reasons and resolutions a customer picks
// from, asking to return lines of a delivered order, and following the returns asked for. The merchant's
// admin calls receive, approve (which settles the return as asked) or reject them.

export const ReturnReasonSchema = z.enum(RETURN_REASONS);
export const ReturnResolutionSchema = z.enum(RETURN_RESOLUTIONS);
export const ReturnStatusSchema = z.enum(RETURN_STATUSES);
export type ReturnReason = z.infer<typeof ReturnReasonSchema>;
export type ReturnResolution = z.infer<typeof ReturnResolutionSchema>;
export type ReturnStatus = z.infer<typeof ReturnStatusSchema>;

/** GET /order-returns/reasons: each reason's code and the words a customer reads. */
export const ReturnReasonsResponseSchema = dataSchema(
  z.object({ reasons: z.array(z.object({ code: ReturnReasonSchema, label: z.string() })) }),
);
/** GET /order-returns/resolutions: what a customer may ask for, with a sentence on what happens. */
export const ReturnResolutionsResponseSchema = dataSchema(
  z.object({ resolutions: z.array(z.object({ code: ReturnResolutionSchema, label: z.string(), description: z.string() })) }),
);

/** One order line to send back, and how many of it. */
export const ReturnLineInputSchema = z
  .object({
    orderLineId: IdSchema,
    quantity: z.number().int().min(1).max(10_000),
  })
  .strict();

/**
 * POST /order-returns: lines of one of the customer's delivered orders (each at most once, no more than was
 * delivered and not already returned), why, what they would like, and an optional comment.
 */
export const CreateReturnBodySchema = z
  .object({
    orderId: IdSchema,
    lines: z
      .array(ReturnLineInputSchema)
      .min(1, "Choose at least one item to return")
      .max(100)
      .refine((lines) => new Set(lines.map((line) => line.orderLineId)).size === lines.length, "Name each item once"),
    reason: ReturnReasonSchema,
    resolution: ReturnResolutionSchema,
    comment: textSchema({ trim: true, max: MAX_RETURN_COMMENT_LENGTH, multiline: true }).optional(),
  })
  .strict();
export type CreateReturnBody = z.infer<typeof CreateReturnBodySchema>;

export const ReturnParamsSchema = z.object({ id: IdParamSchema }).strict();
export const ListReturnsQuerySchema = PageQuerySchema.extend({ orderId: IdParamSchema.optional() }).strict();
export type ListReturnsQuery = z.infer<typeof ListReturnsQuerySchema>;

/** A return in a list: its number, order, status, what it asks for and what it is worth. */
export const ReturnSummarySchema = z
  .object({
    id: IdSchema,
    publicId: z.string(),
    orderId: IdSchema,
    orderPublicId: z.string(),
    status: ReturnStatusSchema,
    reason: ReturnReasonSchema,
    resolution: ReturnResolutionSchema,
    itemCount: z.number().int(),
    amount: MoneySchema,
    createdAt: z.string(),
  })
  .meta({ id: "ReturnSummary" });
export type ReturnSummary = z.infer<typeof ReturnSummarySchema>;
export const ListReturnsResponseSchema = dataSchema(pagedResultSchema(ReturnSummarySchema));

/** A return's status change, as its customer sees it (the merchant's own notes stay with the merchant). */
export const ReturnHistoryEntrySchema = z.object({ from: z.string(), to: ReturnStatusSchema, at: z.string() });

/** One return in full: its lines, comment, the merchant's answer, history and the money given back. */
export const ReturnDetailSchema = ReturnSummarySchema.extend({
  lines: z.array(
    z.object({
      orderLineId: IdSchema,
      sku: z.string(),
      productName: z.string(),
      variantName: z.string(),
      quantity: z.number().int(),
      amount: MoneySchema,
    }),
  ),
  comment: z.string(),
  /** Why the merchant rejected the return; null otherwise. */
  merchantNote: z.string().nullable(),
  history: z.array(ReturnHistoryEntrySchema),
  /** The money given back once the return is settled: to the order's payment, or as store credit. */
  refund: z.object({ kind: z.enum(["payment", "store_credit"]), amount: MoneySchema, status: z.enum(REFUND_STATUSES) }).nullable(),
}).meta({ id: "ReturnDetail" });
export type ReturnDetail = z.infer<typeof ReturnDetailSchema>;
export const ReturnDetailResponseSchema = dataSchema(ReturnDetailSchema);

// ---------------------------------------------------------------- the merchant's admin API

/** GET /admin/order-returns: a store's returns, newest first or oldest first (`sort`), of one status if asked. */
export const AdminListReturnsQuerySchema = PageQuerySchema.extend({
  status: ReturnStatusSchema.optional(),
  sort: z.enum(ADMIN_RETURN_SORTS).default("newest"),
}).strict();
export type AdminReturnSort = z.infer<typeof AdminListReturnsQuerySchema>["sort"];
export const AdminReturnSchema = ReturnDetailSchema.extend({
  customerId: IdSchema,
  email: z.string(),
}).meta({ id: "AdminReturn" });
export const AdminReturnResponseSchema = dataSchema(AdminReturnSchema);
export const AdminListReturnsResponseSchema = dataSchema(pagedResultSchema(ReturnSummarySchema.extend({ email: z.string() })));
/** PUT /admin/order-returns/:id/reject: the note the customer reads. */
export const RejectReturnBodySchema = z.object({ note: textSchema({ trim: true, min: 1, max: 500 }) }).strict();
