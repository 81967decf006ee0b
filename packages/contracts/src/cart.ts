import { z } from "zod";
import { ImageSchema, PriceSchema, StockSchema, VariantOptionSchema } from "./catalog";
import { CurrencyCodeSchema, dataSchema, IdParamSchema, IdSchema, MoneySchema, textSchema } from "./common";
import {
  CART_NOTIFICATION_CODES,
  REORDER_LINE_PROBLEMS,
  MAX_ADDON_OPTIONS_PER_LINE,
  MAX_BULK_ADD_LINES,
  MAX_CART_ITEMS_PER_REQUEST,
  MAX_CART_LINE_QUANTITY,
} from "./constants";
import { ApiErrorSchema } from "./errors";

// Contracts of the cart calls: PUT/GET /baskets, line quantity, removal, add-ons, merge on sign-in; and ours
// beside them: several lines added at once, notices acknowledged (decision 020). Every amount in an answer was
// computed by the API; requests never carry a price.

// ---------------------------------------------------------------- inputs

/**
 * An anonymous cart's id: at least 128 random bits, base64url. It is a bearer secret (whoever holds it
 * holds the cart), so it lives in an HttpOnly cookie and is never logged.
 */
export const AnonymousIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, "Expected the anonymousId a cart answer gave");

/** Units to add: a whole number from 1 to MAX_CART_LINE_QUANTITY. */
export const CartAddQuantitySchema = z.number().int().min(1).max(MAX_CART_LINE_QUANTITY);
/** A line's new quantity; 0 removes the line. */
export const CartLineQuantitySchema = z.number().int().min(0).max(MAX_CART_LINE_QUANTITY);

const AddonOptionIdsSchema = z.array(IdSchema).max(MAX_ADDON_OPTIONS_PER_LINE);

/**
 * PUT /baskets: add units of a variant. Signed in: to the customer's cart (anonymousId is ignored).
 * Anonymous: to the cart `anonymousId` names, or to a new cart whose answer carries its anonymousId.
 * Adding a variant already in the cart adds to its quantity; `addonOptionIds` join the line's add-ons
 * (an option replaces another option of the same add-on).
 */
export const AddToCartBodySchema = z
  .object({
    productVariantId: IdSchema,
    quantity: CartAddQuantitySchema,
    addonOptionIds: AddonOptionIdsSchema.optional(),
    anonymousId: AnonymousIdSchema.optional(),
  })
  .strict();
export type AddToCartBody = z.infer<typeof AddToCartBodySchema>;

const BulkLineFields = { quantity: CartAddQuantitySchema, addonOptionIds: AddonOptionIdsSchema.optional() };
/**
 * One line of a bulk add: the variant named by `productVariantId` or by `sku`, one of them (a SKU is trimmed
 * and also found typed in lower case, as the quick order's lookup finds it), units to add, add-on options.
 */
export const AddToCartBulkLineSchema = z.union([
  z.object({ productVariantId: IdSchema, ...BulkLineFields }).strict(),
  z.object({ sku: textSchema({ trim: true, min: 1, max: 100 }), ...BulkLineFields }).strict(),
]);
export type AddToCartBulkLine = z.infer<typeof AddToCartBulkLineSchema>;

/**
 * PUT /baskets/bulk: add several lines at once, in one transaction (a quick order). Each line is added as
 * PUT /baskets would add it, or refused with the reason PUT /baskets would answer; the lines that can be
 * added are, whatever the others do. Lines naming the same variant add up, in order. A guest without an
 * anonymousId gets a new cart only when a line is added.
 */
export const AddToCartBulkBodySchema = z
  .object({
    items: z.array(AddToCartBulkLineSchema).min(1).max(MAX_BULK_ADD_LINES),
    anonymousId: AnonymousIdSchema.optional(),
  })
  .strict();
export type AddToCartBulkBody = z.infer<typeof AddToCartBulkBodySchema>;

/** GET /baskets?anonymousId= (anonymous) or GET /baskets (signed in). */
export const GetCartQuerySchema = z.object({ anonymousId: AnonymousIdSchema.optional() }).strict();
export type GetCartQuery = z.infer<typeof GetCartQuerySchema>;

/** PUT /baskets/products/quantity: set a line's quantity; 0 removes it. */
export const ChangeCartQuantityBodySchema = z
  .object({ lineItemId: IdSchema, quantity: CartLineQuantitySchema, anonymousId: AnonymousIdSchema.optional() })
  .strict();
export type ChangeCartQuantityBody = z.infer<typeof ChangeCartQuantityBodySchema>;

/** DELETE /baskets/products: remove lines. The ids travel in the JSON body (as the other cart calls do). */
export const RemoveCartLinesBodySchema = z
  .object({
    lineItemIds: z.array(IdSchema).min(1).max(MAX_CART_ITEMS_PER_REQUEST),
    anonymousId: AnonymousIdSchema.optional(),
  })
  .strict();
export type RemoveCartLinesBody = z.infer<typeof RemoveCartLinesBodySchema>;

/**
 * PUT /baskets/addons: replace a line's add-ons. Each option must belong to an add-on offered with the
 * line's product and be priced in the request currency; at most one option per add-on. [] clears them.
 */
export const SetCartLineAddonsBodySchema = z
  .object({ lineItemId: IdSchema, addonOptionIds: AddonOptionIdsSchema, anonymousId: AnonymousIdSchema.optional() })
  .strict();
export type SetCartLineAddonsBody = z.infer<typeof SetCartLineAddonsBodySchema>;

/** PUT /baskets/addons/bulk: replace the add-ons of several lines, all or nothing. */
export const SetCartAddonsBulkBodySchema = z
  .object({
    items: z
      .array(z.object({ lineItemId: IdSchema, addonOptionIds: AddonOptionIdsSchema }).strict())
      .min(1)
      .max(MAX_CART_ITEMS_PER_REQUEST),
    anonymousId: AnonymousIdSchema.optional(),
  })
  .strict();
export type SetCartAddonsBulkBody = z.infer<typeof SetCartAddonsBulkBodySchema>;

/** PUT /baskets/:id/merge (signed in): `id` is the guest cart's anonymousId. */
export const MergeCartParamsSchema = z.object({ id: AnonymousIdSchema }).strict();
export type MergeCartParams = z.infer<typeof MergeCartParamsSchema>;

// ---------------------------------------------------------------- the cart

export const CartLineAddonSchema = z
  .object({
    addonOptionId: IdSchema,
    addonId: IdSchema,
    addonName: z.string(),
    optionName: z.string(),
    /** Per unit of the line; null when the option has no price in the request currency. */
    price: MoneySchema.nullable(),
  })
  .meta({ id: "CartLineAddon" });
export type CartLineAddon = z.infer<typeof CartLineAddonSchema>;

export const CartLineItemSchema = z
  .object({
    lineItemId: IdSchema,
    productId: IdSchema,
    productSlug: z.string(),
    productName: z.string(),
    image: ImageSchema.nullable(),
    variant: z.object({ id: IdSchema, sku: z.string(), name: z.string(), options: z.array(VariantOptionSchema) }),
    quantity: z.number().int().min(1).max(MAX_CART_LINE_QUANTITY),
    /**
     * What one unit costs at this quantity (the best tier price that applies), with `originalPrice` when the
     * variant is on sale. Null when the variant has no price in the request currency.
     */
    unitPrice: PriceSchema.nullable(),
    addons: z.array(CartLineAddonSchema),
    /** (unit price + add-on prices) × quantity; null when any part has no price in the request currency. */
    lineTotal: MoneySchema.nullable(),
    /** As the store's inventoryAvailability mode shows stock; null under None. */
    stock: StockSchema.nullable(),
    /** False when the line cannot be bought now (no price in this currency); checkout refuses such a cart. */
    isPurchasable: z.boolean(),
  })
  .meta({ id: "CartLineItem" });
export type CartLineItem = z.infer<typeof CartLineItemSchema>;

export const CartNotificationCodeSchema = z.enum(CART_NOTIFICATION_CODES);
export type CartNotificationCode = z.infer<typeof CartNotificationCodeSchema>;

/**
 * Something that changed in the cart since the shopper last looked. Every answer carries it, reads included,
 * until the shopper acknowledges it (PUT /baskets/notifications/acknowledge); a read never clears it.
 * Grouping: `lineItemId` names the line still in the cart the notice belongs beside; null means 'generic'
 * (about the cart, or about a line that has been removed, which the message names). Generic notices come
 * first, then line notices in line order.
 */
export const CartNotificationSchema = z
  .object({ lineItemId: IdSchema.nullable(), code: CartNotificationCodeSchema, message: z.string() })
  .meta({ id: "CartNotification" });
export type CartNotification = z.infer<typeof CartNotificationSchema>;

export const CartSchema = z
  .object({
    /** Null while the caller has no cart yet (nothing was ever added). */
    id: IdSchema.nullable(),
    /** The anonymous cart's id, to keep for later calls; null for a customer's cart. */
    anonymousId: AnonymousIdSchema.nullable(),
    currencyCode: CurrencyCodeSchema,
    /** Oldest line first. */
    lineItems: z.array(CartLineItemSchema),
    notifications: z.array(CartNotificationSchema),
    /** Sum of the purchasable lines' totals. */
    subTotal: MoneySchema,
    /** Units across all lines (the header's cart count). */
    itemCount: z.number().int().min(0),
    /** The store's minimum order for the request currency, and whether the subtotal reaches it; null when none. */
    minimumOrder: z.object({ amount: z.number().int().min(0), currencyCode: CurrencyCodeSchema, isMet: z.boolean() }).nullable(),
  })
  .meta({ id: "Cart" });
export type Cart = z.infer<typeof CartSchema>;
export const CartResponseSchema = dataSchema(CartSchema);
export type CartResponse = z.infer<typeof CartResponseSchema>;

// ---------------------------------------------------------------- bulk add and notices

/** What became of one line of a bulk add: added (to the line `lineItemId`), or refused with the API's reason. */
export const AddToCartBulkResultSchema = z
  .discriminatedUnion("added", [
    z.object({ added: z.literal(true), lineItemId: IdSchema }),
    z.object({ added: z.literal(false), error: ApiErrorSchema }),
  ])
  .meta({ id: "AddToCartBulkResult" });
export type AddToCartBulkResult = z.infer<typeof AddToCartBulkResultSchema>;

/** The cart after a bulk add, and one result per requested line, in request order. */
export const AddToCartBulkResponseSchema = dataSchema(z.object({ cart: CartSchema, results: z.array(AddToCartBulkResultSchema) }));
export type AddToCartBulkResponse = z.infer<typeof AddToCartBulkResponseSchema>;

/** A notice as the cart answered it, sent back to say it has been shown. */
export const ShownCartNotificationSchema = z
  .object({ lineItemId: IdSchema.nullable(), code: CartNotificationCodeSchema, message: textSchema({ min: 1, max: 1000 }) })
  .strict();

/**
 * PUT /baskets/notifications/acknowledge: the notices a cart answer carried have been shown to the shopper.
 * They are cleared and what they reported is settled in the cart (the last-seen prices, quantities cut to
 * stock, lines and add-ons no longer available taken out). A notice found since, which the shopper has not
 * seen, stays for the next answer. Reads never clear notices.
 */
export const AcknowledgeCartNotificationsBodySchema = z
  .object({
    notifications: z.array(ShownCartNotificationSchema).min(1).max(MAX_CART_ITEMS_PER_REQUEST),
    anonymousId: AnonymousIdSchema.optional(),
  })
  .strict();
export type AcknowledgeCartNotificationsBody = z.infer<typeof AcknowledgeCartNotificationsBodySchema>;

// ---------------------------------------------------------------- reorder

/** PUT /baskets/orders/:orderId/merge (signed in): `orderId` is one of the customer's orders. */
export const ReorderParamsSchema = z.object({ orderId: IdParamSchema }).strict();
export type ReorderParams = z.infer<typeof ReorderParamsSchema>;

export const ReorderLineProblemSchema = z.enum(REORDER_LINE_PROBLEMS);
export type ReorderLineProblem = z.infer<typeof ReorderLineProblemSchema>;

/**
 * A line of the order that was not added as ordered: nothing of it, part of it, or all of it without some of its
 * add-ons. Names are the order's (what the shopper bought), `message` says what happened in a sentence.
 */
export const ReorderLineNotAddedSchema = z
  .object({
    orderLineId: IdSchema,
    /** Null when the variant has since been deleted. */
    productVariantId: IdSchema.nullable(),
    sku: z.string(),
    productName: z.string(),
    variantName: z.string(),
    requestedQuantity: z.number().int().min(1),
    addedQuantity: z.number().int().min(0),
    reason: ReorderLineProblemSchema,
    /** The order line's add-ons ("Gift wrap: Kraft") that were not put back on the cart line. */
    addonsNotAdded: z.array(z.string()),
    message: z.string(),
  })
  .meta({ id: "ReorderLineNotAdded" });
export type ReorderLineNotAdded = z.infer<typeof ReorderLineNotAddedSchema>;

/**
 * The cart after a reorder, how many units were added, and each order line not added as ordered (in order
 * line order; empty when everything was). The same lines are reported as `reorder_line_not_added` cart notices.
 */
export const ReorderResponseSchema = dataSchema(
  z.object({
    cart: CartSchema,
    addedQuantity: z.number().int().min(0),
    linesNotAdded: z.array(ReorderLineNotAddedSchema),
  }),
);
export type ReorderResponse = z.infer<typeof ReorderResponseSchema>;
