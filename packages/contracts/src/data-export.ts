import { z } from "zod";
import { AddressAnswerSchema } from "./checkout";
import { dataSchema, MoneySchema } from "./common";
import { ConsentSubjectSchema } from "./consent";
import { NEWSLETTER_TOPICS, ORDER_STATUSES, RETURN_REASONS, RETURN_RESOLUTIONS, RETURN_STATUSES, WITHDRAWAL_STATUSES } from "./constants";
import { EmailSchema } from "./identity";

// A person's data as the shop holds it (issue 30, part 2; GDPR articles 15 and 20; decision 062): everything the
// database keeps about a customer or about an email address, as machine-readable JSON, never a secret (password
// hashes, session and emailed-link tokens, API keys). Each section is capped at PERSONAL_DATA_EXPORT_SECTION_LIMIT
// rows; a section that reached it is named in `truncatedSections`. Times are ISO 8601 strings.

/** The most rows one section of an export holds; a person with more is told so by `truncatedSections`. */
export const PERSONAL_DATA_EXPORT_SECTION_LIMIT = 10_000;

/**
 * GET /customers/data-export (and its summary): the signed-in customer's data. `consentSubject` is the browser's
 * pseudonymous consent id (the consent cookie's), which ties that browser's cookie decisions to the export.
 */
export const CustomerDataExportQuerySchema = z.object({ consentSubject: ConsentSubjectSchema.optional() }).strict();
export type CustomerDataExportQuery = z.infer<typeof CustomerDataExportQuerySchema>;

/** GET /admin/customers/data-export (and its summary): what the shop holds about an email address, account or guest. */
export const AdminDataExportQuerySchema = z.object({ email: EmailSchema, consentSubject: ConsentSubjectSchema.optional() }).strict();
export type AdminDataExportQuery = z.infer<typeof AdminDataExportQuerySchema>;

const at = z.string();
const nullableAt = z.string().nullable();

export const ExportedAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  companyName: z.string(),
  isTrade: z.boolean(),
  marketingOptIn: z.boolean(),
  blockedAt: nullableAt,
  acceptedPrivacyPolicyVersion: z.string().nullable(),
  createdAt: at,
  updatedAt: at,
});

export const ExportedSessionsSchema = z.object({
  /** Sign-ins recorded (sessions), whether still valid or not; their tokens are never exported. */
  count: z.number().int().min(0),
  lastSignInAt: nullableAt,
});

/** A registration or a trade invitation made for the address, with its emailed link's times (never its token). */
export const ExportedSignUpSchema = z.object({
  kind: z.enum(["registration", "trade_invitation"]),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  createdAt: at,
  expiresAt: at,
  completedAt: nullableAt,
});

export const ExportedAddressSchema = AddressAnswerSchema.extend({
  /** `customer`: the customer's own book; `company`: added by them to their company's shared list. */
  book: z.enum(["customer", "company"]),
  isDefaultDelivery: z.boolean(),
  isDefaultBilling: z.boolean(),
  createdAt: at,
  updatedAt: at,
});

export const ExportedOrderSchema = z.object({
  publicId: z.string(),
  status: z.enum(ORDER_STATUSES),
  placedAt: at,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  lines: z.array(
    z.object({
      sku: z.string(),
      productName: z.string(),
      variantName: z.string(),
      quantity: z.number().int(),
      unitPrice: MoneySchema,
      addons: z.array(z.object({ name: z.string(), unitPrice: MoneySchema })),
      total: MoneySchema,
    }),
  ),
  subTotal: MoneySchema,
  discountTotal: MoneySchema,
  discountCodes: z.array(z.string()),
  deliveryCharge: MoneySchema,
  taxTotal: MoneySchema,
  grandTotal: MoneySchema,
  deliveryOption: z.string(),
  deliveryAddress: AddressAnswerSchema,
  billingAddress: AddressAnswerSchema,
  referenceNumber: z.string().nullable(),
  customerComment: z.string().nullable(),
  termsAcceptedAt: nullableAt,
  trackingReference: z.string().nullable(),
  shippedAt: nullableAt,
  deliveredAt: nullableAt,
  /** The latest payment's method and status, as the buyer's order page shows it. */
  latestPayment: z.object({ method: z.string(), status: z.string() }).nullable(),
  /** The status changes as the buyer sees them: from, to and when (never who of the shop, or why). */
  statusHistory: z.array(z.object({ from: z.string(), to: z.string(), at })),
});

const ExportedReturnedLineSchema = z.object({
  orderLineSku: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  amount: MoneySchema,
});

export const ExportedReturnSchema = z.object({
  publicId: z.string(),
  orderPublicId: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  resolution: z.enum(RETURN_RESOLUTIONS),
  comment: z.string(),
  amount: MoneySchema,
  lines: z.array(ExportedReturnedLineSchema),
  createdAt: at,
  updatedAt: at,
});

export const ExportedWithdrawalSchema = z.object({
  publicId: z.string(),
  orderPublicId: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  wholeOrder: z.boolean(),
  amount: MoneySchema,
  lines: z.array(ExportedReturnedLineSchema),
  declaredAt: at,
  refundDueBy: at,
});

export const ExportedStoreCreditSchema = z.object({ amount: MoneySchema, note: z.string(), createdAt: at });

export const ExportedWishlistSchema = z.object({
  name: z.string(),
  createdAt: at,
  items: z.array(z.object({ sku: z.string().nullable(), productName: z.string().nullable(), quantity: z.number().int(), addedAt: at })),
});

export const ExportedMarketingSubscriptionSchema = z.object({
  /** The subscription's id: the subject of its consent records (decision 060). */
  id: z.number().int(),
  email: z.string(),
  topics: z.array(z.enum(NEWSLETTER_TOPICS)),
  createdAt: at,
  updatedAt: at,
});

export const ExportedConsentRecordSchema = z.object({
  kind: z.enum(["cookies", "marketing"]),
  subject: z.string(),
  source: z.string(),
  analytics: z.boolean().nullable(),
  marketing: z.boolean().nullable(),
  subscribed: z.boolean().nullable(),
  topics: z.array(z.string()).nullable(),
  bannerVersion: z.number().int().nullable(),
  privacyPolicyVersion: z.string().nullable(),
  recordedAt: at,
});

export const ExportedBackInStockRequestSchema = z.object({
  email: z.string(),
  sku: z.string().nullable(),
  productName: z.string().nullable(),
  createdAt: at,
  confirmedAt: nullableAt,
  notifiedAt: nullableAt,
});

export const ExportedContactMessageSchema = z.object({
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: at,
});

export const ExportedViewedProductSchema = z.object({ sku: z.string().nullable(), productName: z.string().nullable(), viewedAt: at });

/** A mail the shop sent (or queued) to the address: what it was about, never its text, which holds sign-in links. */
export const ExportedMailSchema = z.object({ kind: z.string(), subject: z.string(), queuedAt: at, sentAt: nullableAt });

export const PERSONAL_DATA_EXPORT_SECTIONS = [
  "signUps",
  "addresses",
  "orders",
  "returns",
  "withdrawals",
  "storeCredit",
  "wishlists",
  "marketingSubscriptions",
  "consentRecords",
  "backInStockRequests",
  "contactMessages",
  "recentlyViewed",
  "mails",
] as const;
export type PersonalDataExportSection = (typeof PERSONAL_DATA_EXPORT_SECTIONS)[number];

export const PersonalDataExportSchema = z
  .object({
    exportedAt: at,
    store: z.object({ name: z.string() }),
    /** Whose data: a customer's account (and everything sent with its email), or an email address with no account. */
    subject: z.object({ kind: z.enum(["customer", "guest"]), email: z.string() }),
    account: ExportedAccountSchema.nullable(),
    sessions: ExportedSessionsSchema.nullable(),
    signUps: z.array(ExportedSignUpSchema),
    addresses: z.array(ExportedAddressSchema),
    orders: z.array(ExportedOrderSchema),
    returns: z.array(ExportedReturnSchema),
    withdrawals: z.array(ExportedWithdrawalSchema),
    storeCredit: z.array(ExportedStoreCreditSchema),
    wishlists: z.array(ExportedWishlistSchema),
    marketingSubscriptions: z.array(ExportedMarketingSubscriptionSchema),
    consentRecords: z.array(ExportedConsentRecordSchema),
    backInStockRequests: z.array(ExportedBackInStockRequestSchema),
    contactMessages: z.array(ExportedContactMessageSchema),
    recentlyViewed: z.array(ExportedViewedProductSchema),
    mails: z.array(ExportedMailSchema),
    /** The sections that reached PERSONAL_DATA_EXPORT_SECTION_LIMIT rows: more exist than the export holds. */
    truncatedSections: z.array(z.enum(PERSONAL_DATA_EXPORT_SECTIONS)),
    /** What the export leaves out, and why (data that is not kept, cannot be tied to the person, or is a secret). */
    notes: z.array(z.string()),
  })
  .meta({ id: "PersonalDataExport" });
export type PersonalDataExport = z.infer<typeof PersonalDataExportSchema>;

export const PersonalDataExportResponseSchema = dataSchema(PersonalDataExportSchema);

/** The summary's answer: the same content as plain text, in sentences and lists. */
export const PersonalDataSummarySchema = z.string().describe("The export as plain text (UTF-8)");
