import { z } from "zod";
import { dataSchema } from "./common";
import { EmailSchema } from "./identity";

// Erasing a person's data (issue 30, part 2; GDPR article 17; decision 063): everything the shop holds about an account
// and an email address deleted, or, where the tax law needs the row (orders, returns, mails), kept with the person's
// fields replaced. The answer counts what was done in each section; it never repeats what was erased.

/** POST /admin/customers/erasures: the address whose account (if any) and guest rows are erased. */
export const AdminErasureBodySchema = z.object({ email: EmailSchema }).strict();
export type AdminErasureBody = z.infer<typeof AdminErasureBodySchema>;

const count = z.number().int().nonnegative();

/** How many rows of each section were deleted, or (orders, returns, mails) kept anonymised. */
export const PersonalDataErasureSchema = z
  .object({
    account: count.describe("1 when an account was erased (its row emptied and blocked), else 0"),
    sessions: count,
    signUps: count.describe("Registrations and trade invitations"),
    addresses: count,
    wishlists: count,
    recentlyViewed: count,
    backInStockRequests: count,
    contactMessages: count,
    marketingSubscriptions: count,
    baskets: count.describe("Open baskets deleted"),
    checkoutDetails: count.describe("Checkout details deleted from baskets, ordered ones included"),
    mails: count.describe("Mails kept with their recipient, subject and text replaced"),
    ordersAnonymised: count.describe("Orders kept for the tax law, their buyer anonymised"),
    returnsAnonymised: count.describe("Returns kept, their comment emptied"),
  })
  .strict()
  .meta({ id: "PersonalDataErasure" });
export type PersonalDataErasure = z.infer<typeof PersonalDataErasureSchema>;
export const PersonalDataErasureResponseSchema = dataSchema(PersonalDataErasureSchema);

/** POST /customers/erasure-request: the address the confirmation link was sent to (the account's own). */
export const ErasureRequestedResponseSchema = dataSchema(z.object({ sentTo: z.string() }).strict()).meta({ id: "ErasureRequested" });

/** POST /customers/erasure-request/confirm: the emailed link's token. */
export const ErasureConfirmBodySchema = z.object({ token: z.string().min(1).max(200) }).strict();
export type ErasureConfirmBody = z.infer<typeof ErasureConfirmBodySchema>;
