import { z } from "zod";
import { dataSchema, IdParamSchema, IdSchema, intParamSchema, MoneySchema, textPageKeySchema, textSchema } from "./common";
import { ADMIN_COMPANY_SORTS, ADMIN_CUSTOMER_SORTS, INT32_MAX, MAX_LISTED_COMPANY_BUYERS, MAX_PAGE_SIZE } from "./constants";
import { CompanyAddressSchema, SavedAddressSchema } from "./addresses";
import { EmailSchema, PersonNameSchema } from "./identity";

// Contracts of the merchant's customers (admin API, permission `customers`, decision 049): find them, see one with
// their orders, addresses and credit, block or unblock their sign-in, invite trade buyers; find the trade
// buyers' companies and see each with its buyers and shared addresses.

export const AdminCustomerListItemSchema = z
  .object({
    id: IdSchema,
    email: z.string(),
    name: z.string(),
    companyName: z.string(),
    isTrade: z.boolean(),
    blocked: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "AdminCustomerListItem" });

/** `after` of GET /admin/customers: a page key as `writeTextPageKey` writes it (`<id>`, or `<id>:<email>` by email). */
export const AdminCustomerPageKeySchema = textPageKeySchema(254);

/**
 * GET /admin/customers: newest first (or as `sort` says) in keyset pages; `search` matches part of the email, the name
 * or the company. Newest first pages with `before` (the answer's `nextBefore`), oldest first and by email with `after`
 * (the answer's `nextAfter`); a key of another order is refused (400 `conflicting_parameters`).
 */
export const AdminListCustomersQuerySchema = z
  .object({
    sort: z.enum(ADMIN_CUSTOMER_SORTS).default("newest"),
    before: intParamSchema(1, INT32_MAX).optional(),
    after: AdminCustomerPageKeySchema.optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    search: textSchema({ trim: true, min: 1, max: 100 }).optional(),
    trade: z.enum(["true", "false"]).optional(),
    blocked: z.enum(["true", "false"]).optional(),
  })
  .strict();
export type AdminListCustomersQuery = z.infer<typeof AdminListCustomersQuerySchema>;
export type AdminCustomerSort = AdminListCustomersQuery["sort"];
export const AdminListCustomersResponseSchema = dataSchema(
  z.object({
    customers: z.array(AdminCustomerListItemSchema),
    /** Newest first: the next page's `before`, or null on the last page (and always null in another order). */
    nextBefore: z.number().int().nullable(),
    /** Another order: the next page's `after`, or null on the last page (and always null newest first). */
    nextAfter: z.string().nullable(),
  }),
);

export const AdminCustomerSchema = AdminCustomerListItemSchema.extend({
  phone: z.string(),
  marketingOptIn: z.boolean(),
  blockedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Orders placed, and the latest few (newest first). */
  orderCount: z.number().int(),
  latestOrders: z.array(
    z.object({
      id: IdSchema,
      publicId: z.string(),
      status: z.string(),
      placedAt: z.iso.datetime({ offset: true }),
      grandTotal: MoneySchema,
    }),
  ),
  /** How many addresses their own book holds: the length of `addresses`. */
  addressCount: z.number().int(),
  /** Their own address book (at most MAX_CUSTOMER_ADDRESSES), oldest first, with its defaults. */
  addresses: z.array(SavedAddressSchema),
  /** The company a trade buyer buys for, whose addresses they share. */
  company: z.object({ id: IdSchema, name: z.string() }).nullable(),
}).meta({ id: "AdminCustomer" });
export const AdminCustomerResponseSchema = dataSchema(AdminCustomerSchema);
export const AdminCustomerParamsSchema = z.object({ id: IdParamSchema }).strict();

/** PUT /admin/customers/:id/sign-in: block (their sessions end at once; signing in answers 403) or unblock. */
export const SetCustomerSignInBodySchema = z.object({ blocked: z.boolean() }).strict();

/**
 * POST /admin/customers/invitations: invites a trade buyer, as `npm run invite` does: the email carries a link to
 * set their password, valid `expiresInDays` (default 14). 409 `email_already_registered` for a customer's email.
 */
export const InviteTradeBuyerBodySchema = z
  .object({
    email: EmailSchema,
    firstName: PersonNameSchema,
    lastName: PersonNameSchema,
    companyName: textSchema({ trim: true, min: 1, max: 100 }),
    expiresInDays: z.number().int().min(1).max(365).optional(),
  })
  .strict();
export const TradeInvitationResponseSchema = dataSchema(
  z.object({ id: IdSchema, email: z.string(), expiresAt: z.iso.datetime({ offset: true }) }).meta({ id: "TradeInvitation" }),
);

export const AdminCompanyListItemSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    /** Trade buyers who buy for it. */
    buyerCount: z.number().int(),
    /** Addresses its buyers share (at most MAX_COMPANY_ADDRESSES). */
    addressCount: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "AdminCompanyListItem" });

/** `after` of GET /admin/companies: a page key as `writeTextPageKey` writes it (`<id>`, or `<id>:<name>` by name). */
export const AdminCompanyPageKeySchema = textPageKeySchema(100);

/**
 * GET /admin/companies: newest first (or as `sort` says) in keyset pages; `search` matches part of the name. Newest
 * first pages with `before` (the answer's `nextBefore`), oldest first and by name with `after` (the answer's
 * `nextAfter`); a key of another order is refused (400 `conflicting_parameters`).
 */
export const AdminListCompaniesQuerySchema = z
  .object({
    sort: z.enum(ADMIN_COMPANY_SORTS).default("newest"),
    before: intParamSchema(1, INT32_MAX).optional(),
    after: AdminCompanyPageKeySchema.optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    search: textSchema({ trim: true, min: 1, max: 100 }).optional(),
  })
  .strict();
export type AdminListCompaniesQuery = z.infer<typeof AdminListCompaniesQuerySchema>;
export type AdminCompanySort = AdminListCompaniesQuery["sort"];
export const AdminListCompaniesResponseSchema = dataSchema(
  z.object({
    companies: z.array(AdminCompanyListItemSchema),
    /** Newest first: the next page's `before`, or null on the last page (and always null in another order). */
    nextBefore: z.number().int().nullable(),
    /** Another order: the next page's `after`, or null on the last page (and always null newest first). */
    nextAfter: z.string().nullable(),
  }),
);

/** GET /admin/companies/:id: the company, its buyers and the addresses they share; 404 `company_not_found`. */
export const AdminCompanySchema = AdminCompanyListItemSchema.extend({
  buyers: z.array(AdminCustomerListItemSchema).max(MAX_LISTED_COMPANY_BUYERS),
  addresses: z.array(CompanyAddressSchema),
}).meta({ id: "AdminCompany" });
export const AdminCompanyResponseSchema = dataSchema(AdminCompanySchema);
export const AdminCompanyParamsSchema = z.object({ id: IdParamSchema }).strict();
