import { z } from "zod";
import { ProductSummarySchema } from "./catalog";
import { dataSchema, IdParamSchema, IdSchema, intParamSchema } from "./common";
import { DEFAULT_VIEWED_PRODUCTS, MAX_VIEWED_PRODUCTS } from "./constants";
import { EmailedTokenSchema } from "./identity";

// ---------------------------------------------------------------- back-in-stock notifications

/** Lower-cased and trimmed before it is checked. */
export const BackInStockEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address"));

/**
 * POST /notifications/back-in-stock: ask to be emailed once when an out-of-stock variant is back. Double
 * opt-in: an address is only ever notified once its owner has confirmed it.
 * - A signed-in customer may leave out `email`, or give their account email: their address is already
 *   verified, so the subscription is confirmed at once (`status: "subscribed"`).
 * - Any other address (every anonymous request, or a customer's other address) is stored unconfirmed and
 *   emailed a single-use link to /notifications/back-in-stock/confirm/:token, valid for
 *   `BACK_IN_STOCK_CONFIRMATION_DAYS` days (`status: "confirmation_sent"`). The answer is the same whether
 *   the address is new, already pending, already confirmed or past its mail limit (at most a few
 *   confirmation emails per address per day, across variants), so it reveals nothing about who subscribed.
 * Always 202. An anonymous visitor must give `email` (400 `email_required`). A variant in stock answers 409
 * `variant_in_stock`; an unknown or hidden one 404 `variant_not_found`. Each client address may ask a
 * limited number of times an hour: past it, 429 `too_many_requests` with Retry-After (seconds).
 */
export const BackInStockSubscribeBodySchema = z.object({ productVariantId: IdSchema, email: BackInStockEmailSchema.optional() }).strict();
export type BackInStockSubscribeBody = z.infer<typeof BackInStockSubscribeBodySchema>;

export const BackInStockSubscribeStatusSchema = z.enum(["confirmation_sent", "subscribed"]);
export type BackInStockSubscribeStatus = z.infer<typeof BackInStockSubscribeStatusSchema>;

export const BackInStockSubscribeResultSchema = z
  .object({
    productVariantId: IdSchema,
    /** The address the notice will go to: the one given, or the account's. */
    email: z.string(),
    status: BackInStockSubscribeStatusSchema,
  })
  .meta({ id: "BackInStockSubscribeResult" });
export type BackInStockSubscribeResult = z.infer<typeof BackInStockSubscribeResultSchema>;
export const BackInStockSubscribeResponseSchema = dataSchema(BackInStockSubscribeResultSchema);

/**
 * POST /notifications/back-in-stock/confirm: confirms the subscription an emailed link names (the token
 * travels in the body, not in a URL the API would log). 200 with `state: "confirmed"`, again on every later
 * call with the same link. When the variant is already back in stock by then, `backInStock` is true and no
 * notice will follow (the answer is the notice). 400 `back_in_stock_token_invalid` for an unknown link, 410
 * `back_in_stock_token_expired` for an unconfirmed one past its days.
 *
 * POST /notifications/back-in-stock/confirm/preview: the same answer without changing anything (`state`
 * "pending" until confirmed), for the page the link opens, which must not confirm on a mere visit.
 */
export const BackInStockConfirmBodySchema = z.object({ token: EmailedTokenSchema }).strict();

export type BackInStockConfirmBody = z.infer<typeof BackInStockConfirmBodySchema>;

export const BackInStockConfirmationSchema = z
  .object({
    state: z.enum(["pending", "confirmed"]),
    productVariantId: IdSchema,
    /** True when the variant can be ordered now. */
    backInStock: z.boolean(),
  })
  .meta({ id: "BackInStockConfirmation" });
export type BackInStockConfirmation = z.infer<typeof BackInStockConfirmationSchema>;
export const BackInStockConfirmationResponseSchema = dataSchema(BackInStockConfirmationSchema);

// ---------------------------------------------------------------- recently viewed products

/**
 * Who an anonymous visitor is for recently viewed products: an opaque id the storefront generates (at least
 * 128 random bits, URL-safe, e.g. base64url or a UUID) and keeps in a cookie. Signed-in customers need none;
 * an anonymous caller without one gets 400 `anonymous_id_required`.
 */
export const ViewerAnonymousIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, "Expected 22-64 URL-safe characters (at least 128 random bits)");

/** POST /viewed-products/variants/:id?anonymousId= records a view (answers 204); DELETE clears (204). */
export const ViewedVariantParamsSchema = z.object({ id: IdParamSchema }).strict();
export const ViewerQuerySchema = z.object({ anonymousId: ViewerAnonymousIdSchema.optional() }).strict();
export type ViewerQuery = z.infer<typeof ViewerQuerySchema>;

/**
 * GET /viewed-products: product cards of the products viewed most recently first, one per product, leaving
 * out those now hidden from the caller. `excludeProductId` leaves out the product page being shown.
 */
export const ListViewedProductsQuerySchema = ViewerQuerySchema.extend({
  limit: intParamSchema(1, MAX_VIEWED_PRODUCTS).default(DEFAULT_VIEWED_PRODUCTS),
  excludeProductId: IdParamSchema.optional(),
}).strict();
export type ListViewedProductsQuery = z.infer<typeof ListViewedProductsQuerySchema>;
export const ListViewedProductsResponseSchema = dataSchema(z.array(ProductSummarySchema));

/**
 * PUT /viewed-products/merge (signed in, else 401 `authentication_required`), called by the storefront on
 * every sign-in that holds an anonymous viewer id: the visitor's history in this store moves into the
 * customer's (a variant in both keeps its later view), the anonymous rows are deleted, and the customer keeps
 * their most recent views up to the history's cap. Answers 204. An unknown or already merged id changes
 * nothing, so a retried call or two sign-ins racing are harmless. A customer the shop blocks until they
 * change their password or accept the privacy policy may merge: like recording views, it is no protected call.
 */
export const MergeViewedProductsBodySchema = z.object({ anonymousId: ViewerAnonymousIdSchema }).strict();
export type MergeViewedProductsBody = z.infer<typeof MergeViewedProductsBodySchema>;
