import { z } from "zod";
import { ProductSummarySchema } from "./catalog";
import { dataSchema, IdParamSchema, IdSchema } from "./common";

// ---------------------------------------------------------------- back-in-stock notifications

/** A row id in a JSON body: bounded like IdParamSchema, so a huge number is a 400, not a database error. */
const RowIdSchema = IdSchema.max(2_147_483_647);

/** Lower-cased and trimmed before it is checked. */
export const BackInStockEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address"));

/**
 * POST /notifications/back-in-stock: ask to be emailed once when an out-of-stock variant is back. A signed-in
 * customer may leave out `email` (their account email is used); an anonymous visitor must give it (400
 * `email_required`). A variant in stock answers 409 `variant_in_stock`; an unknown or hidden one 404
 * `variant_not_found`. Asking again while the first request is pending answers 200 with the same
 * subscription (201 when it is new).
 */
export const BackInStockSubscribeBodySchema = z
  .object({ productVariantId: RowIdSchema, email: BackInStockEmailSchema.optional() })
  .strict();
export type BackInStockSubscribeBody = z.infer<typeof BackInStockSubscribeBodySchema>;

export const BackInStockSubscriptionSchema = z
  .object({
    productVariantId: IdSchema,
    email: z.string(),
    subscribedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "BackInStockSubscription" });
export type BackInStockSubscription = z.infer<typeof BackInStockSubscriptionSchema>;
export const BackInStockSubscriptionResponseSchema = dataSchema(BackInStockSubscriptionSchema);

// ---------------------------------------------------------------- recently viewed products

/**
 * Who an anonymous visitor is for recently viewed products: an opaque id the storefront generates (at least
 * 128 random bits, URL-safe, e.g. base64url or a UUID) and keeps in a cookie. Signed-in customers need none;
 * an anonymous caller without one gets 400 `anonymous_id_required`.
 */
export const ViewerAnonymousIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, "Expected 22-64 URL-safe characters (at least 128 random bits)");

/** How many products GET /viewed-products answers at most; a viewer's history keeps more variants than this. */
export const MAX_VIEWED_PRODUCTS = 24;
export const DEFAULT_VIEWED_PRODUCTS = 12;

/** POST /viewed-products/variants/:id?anonymousId= records a view (answers 204); DELETE clears (204). */
export const ViewedVariantParamsSchema = z.object({ id: IdParamSchema }).strict();
export const ViewerQuerySchema = z.object({ anonymousId: ViewerAnonymousIdSchema.optional() }).strict();
export type ViewerQuery = z.infer<typeof ViewerQuerySchema>;

/**
 * GET /viewed-products: product cards of the products viewed most recently first, one per product, leaving
 * out those now hidden from the caller. `excludeProductId` leaves out the product page being shown.
 */
export const ListViewedProductsQuerySchema = ViewerQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(MAX_VIEWED_PRODUCTS).default(DEFAULT_VIEWED_PRODUCTS),
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
