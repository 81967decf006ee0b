import { z } from "zod";
import { dataSchema, IdParamSchema, IdSchema, MoneySchema, PageQuerySchema, pagedResultSchema } from "./common";
import { ADMIN_WITHDRAWAL_SORTS, WITHDRAWAL_EXEMPTIONS, WITHDRAWAL_STATUSES } from "./constants";
import { EmailSchema } from "./identity";
import { OrderLinkRequestBodySchema, OrderLinkTokenSchema } from "./order-links";

// Withdrawing from a contract (the EU's withdrawal function and the UK's cancellation right; decision 061): the buyer
// names the order (signed in, from an order mail's link, or by its number and email), says which items (all, when
// none are named), and confirms; the shop acknowledges at once, on screen and by email, and refunds through the
// refund flow within WITHDRAWAL_REFUND_DAYS. No reason is asked. The merchant follows withdrawals with their
// deadlines through the admin API.

export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;
export const WithdrawalExemptionSchema = z.enum(WITHDRAWAL_EXEMPTIONS);
export type WithdrawalExemption = z.infer<typeof WithdrawalExemptionSchema>;

/**
 * Which order, one of three ways: `orderId` (one of the signed-in customer's orders), `token` (an order mail's link), or
 * `orderNumber` with `email` (the address the order was placed with). A number and email that do not match answer as
 * an unknown order does (404 `order_not_found`), a few times an hour per client (then 429).
 */
const orderKeys = {
  byNumber: { orderNumber: OrderLinkRequestBodySchema.shape.orderNumber, email: EmailSchema },
  byLink: { token: OrderLinkTokenSchema },
  byId: { orderId: IdSchema },
};

/** POST /withdrawals/order: the order to withdraw from, and what of it may still be withdrawn. */
export const WithdrawalOrderBodySchema = z.union([
  z.object(orderKeys.byNumber).strict(),
  z.object(orderKeys.byLink).strict(),
  z.object(orderKeys.byId).strict(),
]);
export type WithdrawalOrderBody = z.infer<typeof WithdrawalOrderBodySchema>;

/** An order line as the withdrawal page lists it: how many were bought, how many may still be withdrawn, and why not. */
export const WithdrawableLineSchema = z
  .object({
    orderLineId: IdSchema,
    sku: z.string(),
    productName: z.string(),
    variantName: z.string(),
    quantity: z.number().int(),
    /** 0 when the line is exempt, or already withdrawn or returned. */
    withdrawableQuantity: z.number().int().min(0),
    /** Why the line cannot be withdrawn from, when it cannot (the product's mark). */
    exemption: WithdrawalExemptionSchema.nullable(),
    /** The words a buyer reads for the exemption; null when none. */
    exemptionMessage: z.string().nullable(),
  })
  .meta({ id: "WithdrawableLine" });

export const WithdrawableOrderSchema = z
  .object({
    orderId: IdSchema,
    orderNumber: z.string(),
    placedAt: z.string(),
    deliveredAt: z.string().nullable(),
    /** The last moment to withdraw: the period's end after delivery; null while the order is not delivered yet. */
    withdrawableUntil: z.string().nullable(),
    periodDays: z.number().int(),
    lines: z.array(WithdrawableLineSchema),
  })
  .meta({ id: "WithdrawableOrder" });
export type WithdrawableOrder = z.infer<typeof WithdrawableOrderSchema>;
export const WithdrawableOrderResponseSchema = dataSchema(WithdrawableOrderSchema);

/**
 * POST /withdrawals: the buyer's withdrawal from the order (named as for POST /withdrawals/order). `lines` names the
 * items and how many of each, for a partial withdrawal; left out, every item that may be withdrawn is. 422
 * `order_not_withdrawable` (not paid yet, cancelled, or past the period), `withdrawal_item_exempt` (an exempt item
 * named), `withdrawal_quantity_exceeded` (more than may still be withdrawn). Idempotent with an Idempotency-Key.
 */
const withdrawalLines = {
  lines: z
    .array(z.object({ orderLineId: IdSchema, quantity: z.number().int().min(1).max(10_000) }).strict())
    .min(1, "Choose at least one item, or leave the list out to withdraw from the whole order")
    .max(100)
    .refine((lines) => new Set(lines.map((line) => line.orderLineId)).size === lines.length, "Name each item once")
    .optional(),
};
export const CreateWithdrawalBodySchema = z.union([
  z.object({ ...orderKeys.byNumber, ...withdrawalLines }).strict(),
  z.object({ ...orderKeys.byLink, ...withdrawalLines }).strict(),
  z.object({ ...orderKeys.byId, ...withdrawalLines }).strict(),
]);
export type CreateWithdrawalBody = z.infer<typeof CreateWithdrawalBodySchema>;

export const WithdrawalLineSchema = z.object({
  orderLineId: IdSchema,
  sku: z.string(),
  productName: z.string(),
  variantName: z.string(),
  quantity: z.number().int().min(1),
  /** The line's share of what was paid for the goods, for this quantity. */
  amount: MoneySchema,
});

/** The shop's acknowledgement of a withdrawal: when it was received, what was withdrawn, and the refund it owes. */
export const WithdrawalSchema = z
  .object({
    id: IdSchema,
    /** Its number for people ("WDL-700001"). */
    publicId: z.string(),
    orderId: IdSchema,
    orderNumber: z.string(),
    status: WithdrawalStatusSchema,
    /** True when, with this withdrawal, every item of the order is withdrawn from: the delivery charge is refunded too. */
    wholeOrder: z.boolean(),
    lines: z.array(WithdrawalLineSchema),
    /** The delivery charge refunded with it; zero unless the whole order is withdrawn from. */
    delivery: MoneySchema,
    /** What the shop refunds: the lines' amounts and the delivery. */
    amount: MoneySchema,
    /** When the shop received the withdrawal. */
    declaredAt: z.string(),
    /** The refund's deadline: WITHDRAWAL_REFUND_DAYS after the withdrawal. */
    refundDueBy: z.string(),
  })
  .meta({ id: "Withdrawal" });
export type Withdrawal = z.infer<typeof WithdrawalSchema>;
export const WithdrawalResponseSchema = dataSchema(WithdrawalSchema);

// ---------------------------------------------------------------- the merchant (permission `orders`)

export const AdminWithdrawalSortSchema = z.enum(ADMIN_WITHDRAWAL_SORTS);
export type AdminWithdrawalSort = z.infer<typeof AdminWithdrawalSortSchema>;

/** GET /admin/withdrawals: the store's withdrawals, those whose refund is due soonest first (or newest first). */
export const AdminWithdrawalsQuerySchema = PageQuerySchema.extend({
  status: WithdrawalStatusSchema.optional(),
  sort: AdminWithdrawalSortSchema.optional(),
}).strict();
export type AdminWithdrawalsQuery = z.infer<typeof AdminWithdrawalsQuerySchema>;

export const AdminWithdrawalSchema = WithdrawalSchema.extend({
  email: z.string(),
  /** True when the refund's deadline has passed and it has not been refunded. */
  overdue: z.boolean(),
  /** The refund through the order's payment, once recorded. */
  refund: z.object({ id: IdSchema, status: z.string(), amount: MoneySchema }).nullable(),
  history: z.array(z.object({ from: WithdrawalStatusSchema.nullable(), to: WithdrawalStatusSchema, at: z.string() })),
}).meta({ id: "AdminWithdrawal" });
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;
export const AdminWithdrawalResponseSchema = dataSchema(AdminWithdrawalSchema);
export const AdminWithdrawalsResponseSchema = dataSchema(pagedResultSchema(AdminWithdrawalSchema.omit({ history: true, lines: true })));
export const AdminWithdrawalParamsSchema = z.object({ id: IdParamSchema }).strict();
