import { z } from "zod";
import { AnonymousIdSchema } from "./cart";
import {
  CurrencyCodeSchema,
  dataSchema,
  IdempotencyKeySchema,
  IdSchema,
  MoneySchema,
  PageQuerySchema,
  pagedResultSchema,
  textSchema,
} from "./common";
import {
  INT32_MAX,
  MAX_CREDIT_OPEN_ORDERS,
  ORDER_STATUSES,
  PAYMENT_PROVIDER_IDS,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
} from "./constants";

// Contracts of the payment calls (decision 025). A payment's state comes from the
// gateway or from the shop's own rules (credit, bank transfer), never from the browser.

export const PaymentProviderIdSchema = z.enum(PAYMENT_PROVIDER_IDS);
export type PaymentProviderId = z.infer<typeof PaymentProviderIdSchema>;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** An order's latest payment (the summary's latestPayment.publicPaymentId), with how it is paid and how far it got. */
export const LatestPaymentSchema = z
  .object({ publicPaymentId: z.string(), paymentProviderId: PaymentProviderIdSchema, status: PaymentStatusSchema })
  .meta({ id: "LatestPayment" });
export type LatestPayment = z.infer<typeof LatestPaymentSchema>;

/** GET /payment-providers: the store's providers for this currency and customer. */
export const PaymentProvidersQuerySchema = z.object({ anonymousId: AnonymousIdSchema.optional() }).strict();
export const PaymentProviderSchema = z
  .object({
    id: PaymentProviderIdSchema,
    settings: z.object({
      name: z.string(),
      description: z.string(),
      /** hosted: the gateway's own payment page; on_account: against the customer's credit; proforma: a bank transfer. */
      kind: z.enum(["hosted", "on_account", "proforma"]),
      /** Card brands a card provider takes, whose icons the payment step shows. */
      cardBrands: z.array(z.enum(["visa", "mastercard", "american-express"])),
    }),
  })
  .meta({ id: "PaymentProvider" });
export const PaymentProvidersResponseSchema = dataSchema(z.object({ paymentProviders: z.array(PaymentProviderSchema) }));

/**
 * POST /payments: pays an order with a provider. Amount and currency repeat the order's
 * grand total: a payment for anything else is refused (400), so a tampered amount never reaches a gateway.
 */
export const CreatePaymentBodySchema = z
  .object({
    orderId: IdSchema,
    paymentProviderId: PaymentProviderIdSchema,
    amount: z.number().int().min(0).max(INT32_MAX),
    currencyCode: CurrencyCodeSchema,
    /** A guest's basket id, to show the order is theirs. */
    anonymousId: AnonymousIdSchema.optional(),
  })
  .strict();
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>;

export const PaymentSchema = z
  .object({
    publicPaymentId: z.string(),
    orderId: IdSchema,
    paymentProviderId: PaymentProviderIdSchema,
    status: PaymentStatusSchema,
    amount: MoneySchema,
    /** Where to send the shopper to pay (a hosted gateway page); null when nothing is left for them to do there. */
    redirectUrl: z.string().nullable(),
  })
  .meta({ id: "Payment" });
export type Payment = z.infer<typeof PaymentSchema>;
export const PaymentResponseSchema = dataSchema(PaymentSchema);

/** A trade customer's credit for paying on account in one currency (and PUT /admin/customers/:id/credit's answer). */
export const CustomerCreditsSchema = z
  .object({ limit: MoneySchema, used: MoneySchema, available: MoneySchema })
  .meta({ id: "CustomerCredits" });
export const CustomerCreditsResponseSchema = dataSchema(CustomerCreditsSchema);

/** An order paid on account whose payment still holds the customer's credit (captured, not refunded). */
export const CreditOrderSchema = z
  .object({
    id: IdSchema,
    publicId: z.string(),
    placedAt: z.string(),
    status: z.enum(ORDER_STATUSES),
    /** What the order charged to the account (its on-account payment). */
    amount: MoneySchema,
  })
  .meta({ id: "CreditOrder" });
export type CreditOrder = z.infer<typeof CreditOrderSchema>;

/**
 * GET /customers/credits: the request currency's credit as before (what checkout shows), the customer's credit
 * in every currency they have one (empty for a customer who does not buy on account), and the open on-account
 * orders that use it: the newest MAX_CREDIT_OPEN_ORDERS in any currency, and how many there are in all.
 */
export const CustomerCreditAccountSchema = CustomerCreditsSchema.extend({
  currencies: z.array(CustomerCreditsSchema),
  openOrders: z.object({
    results: z.array(CreditOrderSchema).max(MAX_CREDIT_OPEN_ORDERS),
    total: z.number().int().min(0),
  }),
}).meta({ id: "CustomerCreditAccount" });
export type CustomerCreditAccount = z.infer<typeof CustomerCreditAccountSchema>;
export const CustomerCreditAccountResponseSchema = dataSchema(CustomerCreditAccountSchema);

/** PUT /admin/customers/:id/credit: a trade customer's credit limit in a currency (never below what is used). */
export const SetCreditLimitBodySchema = z
  .object({ currencyCode: CurrencyCodeSchema, limitAmount: z.number().int().min(0).max(INT32_MAX) })
  .strict();
export const CustomerParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(INT32_MAX) }).strict();

/** A payment's public id, as POST /payments answered it. */
export const PublicPaymentIdSchema = z.string().regex(/^pay_[A-Za-z0-9_-]{22}$/, "Expected a payment id such as pay_…");
export const PaymentParamsSchema = z.object({ id: PublicPaymentIdSchema }).strict();
/** PUT /payments/:id/process: a guest names their basket to show the payment is theirs. */
export const ProcessPaymentBodySchema = z.object({ anonymousId: AnonymousIdSchema.optional() }).strict();
/** POST /payments/refresh: what the storefront knows of a payment when the shopper comes back. */
export const RefreshPaymentBodySchema = z
  .object({
    orderId: IdSchema,
    paymentId: PublicPaymentIdSchema,
    paymentProviderId: PaymentProviderIdSchema,
    /** The gateway's reference the return URL carried, if any; the gateway's own record is what counts. */
    transactionId: z.string().trim().max(200).optional(),
    anonymousId: AnonymousIdSchema.optional(),
  })
  .strict();

/** The gateways that notify the shop by webhook (a hosted payment page's outcome, a refund). */
export const WEBHOOK_PROVIDERS = ["stripe", "paypal", "adyen", "mollie"] as const;
export const WebhookParamsSchema = z.object({ provider: z.enum(WEBHOOK_PROVIDERS) }).strict();
/**
 * POST /webhooks/:provider: the gateway's event exactly as it sent it. Its signature, over the raw bytes, is
 * checked before anything in it is read; the gateway's own record of the payment is what the shop believes.
 */
export const WebhookBodySchema = z.record(z.string().max(200), z.unknown()).meta({ id: "WebhookEvent" });
export const WebhookResponseSchema = z.object({ received: z.literal(true) });

// ---------------------------------------------------------------- refunds (the merchant's admin API)

export const RefundReasonSchema = z.enum(REFUND_REASONS);
export type RefundReason = z.infer<typeof RefundReasonSchema>;
export const RefundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof RefundStatusSchema>;

/**
 * Money going back to a payer, as the merchant sees it: why, how much, through which provider, how far it got,
 * and the gateway's reference once it answered. A refund of a bank transfer is `owed` until the merchant has
 * paid it back; a failed one says why.
 */
export const AdminRefundSchema = z
  .object({
    id: IdSchema,
    orderId: IdSchema,
    orderPublicId: z.string(),
    publicPaymentId: z.string(),
    paymentProviderId: PaymentProviderIdSchema,
    reason: RefundReasonSchema,
    status: RefundStatusSchema,
    amount: MoneySchema,
    /** The gateway's id of the refund, once it answered. */
    providerReference: z.string().nullable(),
    failureReason: z.string().nullable(),
    /** The merchant's note on a refund they made (`merchant_refund`); null for any other. */
    note: z.string().nullable(),
    /** How many times the merchant has had it tried again after it failed (POST /admin/refunds/:id/retry). */
    retries: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminRefund" });
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

/**
 * Money going back to the buyer, as they see it on their order: how much, why, and how far it got (`pending`
 * until the gateway has it, `owed` while the shop pays a bank transfer back by hand, `failed` until the shop
 * tries again).
 */
export const OrderRefundSchema = AdminRefundSchema.pick({ reason: true, status: true, amount: true, createdAt: true }).meta({
  id: "OrderRefund",
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;
export const AdminRefundResponseSchema = dataSchema(AdminRefundSchema);

/**
 * GET /admin/refunds: the store's refunds, newest first; `reason=capture_given_back` lists the captures the shop
 * gave back unasked, `status=owed` what the merchant still has to transfer back.
 */
export const AdminListRefundsQuerySchema = PageQuerySchema.extend({
  status: RefundStatusSchema.optional(),
  reason: RefundReasonSchema.optional(),
});
export const AdminListRefundsResponseSchema = dataSchema(pagedResultSchema(AdminRefundSchema));
/**
 * POST /admin/orders/:id/refunds: the merchant gives back part or all of what a paid order's payment still holds,
 * in the order's currency, in minor units. Bounded here by what storage holds; an amount of nothing or less, above
 * what remains, or in another currency is the API's 422 to answer, with a code the back office can show.
 */
export const CreateOrderRefundBodySchema = z
  .object({
    amount: z.object({ amount: z.number().int().min(-INT32_MAX).max(INT32_MAX), currencyCode: CurrencyCodeSchema }).strict(),
    note: textSchema({ trim: true, max: 500, multiline: true }).optional(),
  })
  .strict();
export type CreateOrderRefundBody = z.infer<typeof CreateOrderRefundBodySchema>;
/** A call that moves money and must never run twice: its Idempotency-Key is required, not optional. */
export const RequiredIdempotencyKeyHeadersSchema = z.object({ "idempotency-key": IdempotencyKeySchema });
export const RefundParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(INT32_MAX) }).strict();

/**
 * POST /admin/refunds/:id/retry: a failed refund asked of its gateway again. `retries` is the refund's `retries` as the
 * merchant saw it: a refund tried again since (a second click, a resent form) is answered as it stands and not asked
 * of the gateway once more, so one decision to try again is one call.
 */
export const RetryRefundBodySchema = z.object({ retries: z.number().int().min(0).max(INT32_MAX) }).strict();
export type RetryRefundBody = z.infer<typeof RetryRefundBodySchema>;
