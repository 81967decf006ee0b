import { z } from "zod";
import { dataSchema, IdParamSchema, IdSchema, intParamSchema, MoneySchema, textSchema } from "./common";
import { INT32_MAX, MAX_PAGE_SIZE } from "./constants";
import { EmailSchema, PersonNameSchema } from "./identity";

// Contracts of the merchant's customers (admin API, permission `customers`, decision 049): find them, see one with
// their orders and credit, block or unblock their sign-in, invite trade buyers.

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

/** GET /admin/customers: newest first in keyset pages; `search` matches part of the email, the name or the company. */
export const AdminListCustomersQuerySchema = z
  .object({
    before: intParamSchema(1, INT32_MAX).optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    search: textSchema({ trim: true, min: 1, max: 100 }).optional(),
    trade: z.enum(["true", "false"]).optional(),
    blocked: z.enum(["true", "false"]).optional(),
  })
  .strict();
export type AdminListCustomersQuery = z.infer<typeof AdminListCustomersQuerySchema>;
export const AdminListCustomersResponseSchema = dataSchema(
  z.object({ customers: z.array(AdminCustomerListItemSchema), nextBefore: z.number().int().nullable() }),
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
  addressCount: z.number().int(),
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
