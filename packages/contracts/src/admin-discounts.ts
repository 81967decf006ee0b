import { z } from "zod";
import { CurrencyCodeSchema, dataSchema, IdParamSchema, IdSchema, intParamSchema, textPageKeySchema, textSchema } from "./common";
import { ADMIN_DISCOUNT_CODE_SORTS, DISCOUNT_KINDS, INT32_MAX, MAX_PAGE_SIZE } from "./constants";

// Contracts of the merchant's discount codes (admin API, permission `discounts`, decision 048): every rule the
// checkout honours (a percentage, money off per currency, free delivery; dates; a minimum spend per currency;
// limits in all and per customer), and how often each code was used.

/** Letters, digits, dashes and underscores; stored upper-cased, as shoppers' input is matched. */
export const AdminDiscountCodeTextSchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z0-9_-]{3,50}$/, "Use 3 to 50 letters, digits, dashes or underscores"));

const perCurrency = z
  .record(CurrencyCodeSchema, z.number().int().min(1).max(INT32_MAX))
  .refine((amounts) => Object.keys(amounts).length <= 10, "At most 10 currencies");

const ruleFields = {
  description: textSchema({ trim: true, max: 300 }),
  /** Percentage codes: the share off, in percent with up to two decimals (12.5). */
  percentOff: z.number().min(0.01).max(100).multipleOf(0.01),
  /** Fixed-amount codes: the money off per currency, in minor units; the code works only in these currencies. */
  amountOff: perCurrency,
  /** The goods value an order must reach per currency, in minor units; none in a currency: no minimum there. */
  minimumSpend: perCurrency,
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  /** Orders that may use the code in all; null: no limit. */
  usageLimit: z.number().int().min(1).max(INT32_MAX).nullable(),
  /** Orders one customer (or one guest email) may use it for; null: no limit. */
  perCustomerLimit: z.number().int().min(1).max(INT32_MAX).nullable(),
  isActive: z.boolean(),
};

/**
 * POST /admin/discount-codes. A percentage code needs `percentOff`, a fixed-amount code `amountOff`, a free-delivery
 * code neither. 409 `discount_code_taken`; 400 `currency_not_supported` for a currency the store does not sell in.
 */
export const CreateAdminDiscountCodeBodySchema = z
  .object({
    code: AdminDiscountCodeTextSchema,
    kind: z.enum(DISCOUNT_KINDS),
    description: ruleFields.description.optional(),
    percentOff: ruleFields.percentOff.optional(),
    amountOff: ruleFields.amountOff.optional(),
    minimumSpend: ruleFields.minimumSpend.optional(),
    startsAt: ruleFields.startsAt.optional(),
    endsAt: ruleFields.endsAt.optional(),
    usageLimit: ruleFields.usageLimit.optional(),
    perCustomerLimit: ruleFields.perCustomerLimit.optional(),
    isActive: ruleFields.isActive.optional(),
  })
  .strict()
  .refine((body) => (body.kind === "percentage") === (body.percentOff !== undefined), {
    message: "A percentage code needs percentOff, and only a percentage code takes it",
    path: ["percentOff"],
  })
  .refine((body) => (body.kind === "fixed_amount") === (body.amountOff !== undefined && Object.keys(body.amountOff).length > 0), {
    message: "A fixed-amount code needs amountOff in at least one currency, and only a fixed-amount code takes it",
    path: ["amountOff"],
  })
  .refine((body) => !body.startsAt || !body.endsAt || body.startsAt < body.endsAt, {
    message: "The code must end after it starts",
    path: ["endsAt"],
  });
export type CreateAdminDiscountCodeBody = z.infer<typeof CreateAdminDiscountCodeBodySchema>;

/**
 * PUT /admin/discount-codes/:id: the rules sent change (the code and its kind stay: make a new code instead);
 * `isActive: false` stops it at once for baskets not yet ordered. 409 `discount_limit_below_uses` for a limit lower
 * than the orders that already used it.
 */
export const UpdateAdminDiscountCodeBodySchema = z
  .object({
    description: ruleFields.description.optional(),
    percentOff: ruleFields.percentOff.optional(),
    amountOff: ruleFields.amountOff.optional(),
    minimumSpend: ruleFields.minimumSpend.optional(),
    startsAt: ruleFields.startsAt.optional(),
    endsAt: ruleFields.endsAt.optional(),
    usageLimit: ruleFields.usageLimit.optional(),
    perCustomerLimit: ruleFields.perCustomerLimit.optional(),
    isActive: ruleFields.isActive.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one rule to change");
export type UpdateAdminDiscountCodeBody = z.infer<typeof UpdateAdminDiscountCodeBodySchema>;

export const AdminDiscountCodeSchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    description: z.string(),
    percentOff: z.number().nullable(),
    amountOff: z.record(z.string(), z.number().int()),
    minimumSpend: z.record(z.string(), z.number().int()),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    /** Orders that used it (a cancelled order gives its use back). */
    timesUsed: z.number().int(),
    isActive: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "AdminDiscountCode" });
export type AdminDiscountCode = z.infer<typeof AdminDiscountCodeSchema>;
export const AdminDiscountCodeResponseSchema = dataSchema(AdminDiscountCodeSchema);
export const AdminDiscountCodeParamsSchema = z.object({ id: IdParamSchema }).strict();

/** `after` of GET /admin/discount-codes: a page key as `writeTextPageKey` writes it (`<id>`, or `<id>:<code>` by code). */
export const AdminDiscountCodePageKeySchema = textPageKeySchema(50);

/**
 * GET /admin/discount-codes: newest first (or as `sort` says) in keyset pages; `search` matches part of the code.
 * Newest first pages with `before` (the answer's `nextBefore`), oldest first and by code with `after` (the answer's
 * `nextAfter`); a key of another order is refused (400 `conflicting_parameters`).
 */
export const AdminListDiscountCodesQuerySchema = z
  .object({
    sort: z.enum(ADMIN_DISCOUNT_CODE_SORTS).default("newest"),
    before: intParamSchema(1, INT32_MAX).optional(),
    after: AdminDiscountCodePageKeySchema.optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    search: textSchema({ trim: true, min: 1, max: 50 }).optional(),
    active: z.enum(["true", "false"]).optional(),
  })
  .strict();
export type AdminListDiscountCodesQuery = z.infer<typeof AdminListDiscountCodesQuerySchema>;
export type AdminDiscountCodeSort = AdminListDiscountCodesQuery["sort"];
export const AdminListDiscountCodesResponseSchema = dataSchema(
  z.object({
    discountCodes: z.array(AdminDiscountCodeSchema),
    /** Newest first: the next page's `before`, or null on the last page (and always null in another order). */
    nextBefore: z.number().int().nullable(),
    /** Another order: the next page's `after`, or null on the last page (and always null newest first). */
    nextAfter: z.string().nullable(),
  }),
);

/** GET /admin/discount-codes/:id/uses: the orders that used the code, newest first, in keyset pages by order. */
export const DiscountCodeUsesQuerySchema = z
  .object({
    before: intParamSchema(1, INT32_MAX).optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
  })
  .strict();
export const DiscountCodeUseSchema = z
  .object({
    orderId: IdSchema,
    /** The order's number, as the shopper and the admin order calls know it (QB-100001). */
    orderNumber: z.string(),
    placedAt: z.iso.datetime({ offset: true }),
    status: z.string(),
    email: z.string(),
    customerId: IdSchema.nullable(),
    currencyCode: z.string(),
    /** What the code took off the order, in its currency's minor units (0 for free delivery, shown in the delivery). */
    discountAmount: z.number().int(),
    grandTotal: z.number().int(),
  })
  .meta({ id: "DiscountCodeUse" });
export const DiscountCodeUsesResponseSchema = dataSchema(
  z.object({ uses: z.array(DiscountCodeUseSchema), nextBefore: z.number().int().nullable() }),
);
