import { randomBytes } from "node:crypto";
import {
  MAX_CART_LINE_QUANTITY,
  REORDER_LINE_PROBLEMS,
  type AcknowledgeCartNotificationsBody,
  type AddToCartBody,
  type AddToCartBulkBody,
  type AddToCartBulkResult,
  type ApiError,
  type Cart,
  type CartNotification,
  type ChangeCartQuantityBody,
  type ReorderLineNotAdded,
  type ReorderLineProblem,
  type RemoveCartLinesBody,
  type SetCartAddonsBulkBody,
  type SetCartLineAddonsBody,
} from "@quire/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { getOffers, type AddonOptionOffer, type VariantOffer } from "../catalog/catalog-offers.service";
import { getCatalogVisibility } from "../catalog/catalog-policy";
import { priceCart } from "./cart-pricing";
import { lineDisplayName, reviewCart, type CartLineFacts, type CartReview, type ReviewNotification } from "./cart-review";
import { transition, type TransitionActor } from "../state-machines/state-transitions.service";
import { cartMachine } from "./cart-status";
import * as repository from "./cart.repository";
import { carts } from "./cart.tables";

/** What every cart use case needs to know about the request. */
export type CartContext = Pick<RequestContext, "store" | "currencyCode">;

/**
 * Whose cart a call is about: a signed-in customer's (one open cart per store), or an anonymous visitor's,
 * named by the anonymousId an earlier answer gave (null: none yet).
 */
export type CartOwner = { customerId: number } | { anonymousId: string | null };

/** Random bytes in a new anonymousId: 192 bits, well past the 128 that make an id impossible to guess. */
const ANONYMOUS_ID_BYTES = 24;

const cartNotFound = () => new AppError("cart_not_found", "Cart was not found");
const lineNotFound = () => new AppError("line_item_not_found", "Cart line was not found");

/**
 * Anonymous visitors may keep a cart only where the store shows them products and prices: under
 * HiddenForUnauthorized and HiddenPricesForUnauthorized they must sign in first. 401, like every "sign in to
 * continue", so the storefront sends them to /auth/login.
 */
function guestMayUseCart(ctx: CartContext) {
  const visibility = getCatalogVisibility({ store: ctx.store, customerId: null });
  return visibility.productsVisible && visibility.pricesVisible;
}
function assertGuestMayUseCart(ctx: CartContext) {
  if (!guestMayUseCart(ctx)) throw new AppError("sign_in_required", "Sign in to add items to your cart");
}

/**
 * The owner's open cart; null when they have none. `lock` row-locks it for the rest of the transaction, as
 * every change does before it reads what it changes; a read takes no lock.
 */
function findCart(tx: Db, ctx: CartContext, owner: CartOwner, options: { lock: boolean }) {
  if ("customerId" in owner) return repository.findOpenCustomerCart(tx, ctx.store.id, owner.customerId, options);
  if (owner.anonymousId === null) return Promise.resolve(null);
  return repository.findOpenGuestCart(tx, ctx.store.id, owner.anonymousId, options);
}

/** The cart a change applies to: guests must name theirs; a customer without one gets 404 too (nothing to change). */
async function requireCart(tx: Db, ctx: CartContext, owner: CartOwner) {
  if ("anonymousId" in owner) {
    assertGuestMayUseCart(ctx);
    if (owner.anonymousId === null)
      throw new AppError("anonymous_id_required", "Give the cart's anonymousId, or sign in", { field: "body.anonymousId" });
  }
  const cart = await findCart(tx, ctx, owner, { lock: true });
  if (!cart) throw cartNotFound();
  await repository.touchCart(tx, cart.id);
  return cart;
}

/** The priced answer for reviewed lines and the notices to show beside them. */
function priceReviewed(
  ctx: CartContext,
  cart: repository.LockedCart,
  review: CartReview,
  notifications: readonly ReviewNotification[],
): Cart {
  return priceCart({
    cart,
    lines: review.lines,
    notifications: groupNotifications(
      notifications,
      review.lines.map((line) => line.lineItemId),
    ),
    store: ctx.store,
    currencyCode: ctx.currencyCode,
  });
}

/**
 * Before the shop withdraws add-on options (deleted by the merchant), in the same transaction: each open basket that
 * chose one is told it comes off the line ('addon_removed'); the choice itself goes with the option. The line stays.
 */
export async function noticeWithdrawnAddonOptions(
  tx: Db,
  options: readonly { addonOptionId: number; addonName: string; optionName: string }[],
): Promise<void> {
  await repository.storeWithdrawnAddonNotices(tx, options);
}

/**
 * The cart's lines with what the catalogue says of each now, as cart-review.ts reviews them: the variant's
 * price and tiers in the currency, stock, publication, names and image, and each chosen add-on option's price,
 * names and whether the product still offers its add-on. The catalogue columns are null for a line whose
 * variant is gone. One call to the catalogue's offers for all the lines (one statement), none for an empty
 * cart; in the caller's transaction, so a read sees one snapshot and a change reads under the cart's lock.
 */
async function withCatalogueFacts(tx: Db, ctx: CartContext, lines: readonly repository.StoredLine[]): Promise<CartLineFacts[]> {
  if (lines.length === 0) return [];
  const offers = await getOffers(tx, {
    storeId: ctx.store.id,
    currencyCode: ctx.currencyCode,
    variantIds: lines.flatMap((line) => line.variantId ?? []),
    addonOptionIds: lines.flatMap((line) => line.addonOptionIds),
  });
  const variants = new Map(offers.variants.map((variant) => [variant.id, variant]));
  return lines.map(({ addonOptionIds, ...line }): CartLineFacts => {
    const variant = line.variantId === null ? undefined : variants.get(line.variantId);
    const chosen = new Set(addonOptionIds);
    return {
      ...line,
      sku: variant?.sku ?? null,
      variantName: variant?.name ?? null,
      options: variant?.options ?? null,
      stockQuantity: variant?.stockQuantity ?? null,
      productId: variant?.productId ?? null,
      productSlug: variant?.productSlug ?? null,
      productName: variant?.productName ?? null,
      isPublished: variant?.isPublished ?? null,
      taxClass: variant?.taxClass ?? null,
      image: variant?.image ?? null,
      amount: variant?.amount ?? null,
      originalAmount: variant?.originalAmount ?? null,
      lowestPriorAmount: variant?.lowestPriorAmount ?? null,
      tierPrices: variant?.tierPrices ?? [],
      // In the catalogue's order of add-ons and options, as a product page lists them.
      addons: offers.addonOptions
        .filter((option) => chosen.has(option.id))
        .map((option) => ({
          addonOptionId: option.id,
          addonId: option.addonId,
          addonName: option.addonName,
          optionName: option.name,
          amount: option.amount,
          taxClass: option.taxClass,
          isOffered: variant?.addonIds.includes(option.addonId) ?? false,
        })),
    };
  });
}

/**
 * The answer to a change, under the cart's lock: reviews the cart against the catalogue and settles what the
 * review finds (lines that can no longer be bought come out, lines over stock shrink, the prices shown are
 * remembered), stores the notices that raises beside those not yet acknowledged, and answers them all. Lines
 * the caller has just changed are `touched` (their new price follows from their own action). A fixed number
 * of statements whatever the number of lines.
 */
async function answerChange(
  tx: Db,
  ctx: CartContext,
  cart: repository.LockedCart,
  touched: ReadonlySet<number> = new Set(),
): Promise<Cart> {
  const lines = await withCatalogueFacts(tx, ctx, await repository.loadCartLines(tx, cart.id));
  const review = reviewCart({ lines, store: ctx.store, currencyCode: ctx.currencyCode, touched });
  await repository.applyReview(tx, cart.id, review);
  await repository.dropNotificationsOfGoneLines(tx, cart.id);
  await repository.storeNotifications(tx, cart.id, review.notifications);
  return priceReviewed(ctx, cart, review, await repository.listNotifications(tx, cart.id));
}

/**
 * The answer to a read: the same review, computed and not written. The notices are the stored ones plus what
 * the review finds now, so they are answered until acknowledged; the totals are those of the reviewed lines
 * (quantities capped at stock, unavailable lines left out), which are what a checkout would charge, although
 * the rows themselves are corrected only by the next change or acknowledgement. Three statements: the cart, its
 * lines with its notices, and the catalogue's offers for them.
 */
async function answerRead(tx: Db, ctx: CartContext, cart: repository.LockedCart): Promise<Cart> {
  return (await readReviewed(tx, ctx, cart)).answer;
}

/** The review a read computes, and its answer; nothing is written. */
async function readReviewed(tx: Db, ctx: CartContext, cart: repository.LockedCart) {
  const { lines: stored, notifications } = await repository.loadCartLinesAndNotifications(tx, cart.id);
  const lines = await withCatalogueFacts(tx, ctx, stored);
  const review = reviewCart({ lines, store: ctx.store, currencyCode: ctx.currencyCode, touched: new Set() });
  return { review, answer: priceReviewed(ctx, cart, review, [...notifications, ...review.notifications]) };
}

/**
 * The checkout's view of the owner's open cart (checkout.service.ts, place-order.ts): the cart, locked when
 * `lock` (a change or an order), with its lines reviewed against the catalogue as a read reviews them, and the
 * cart answer for them; null when the owner has none. Guests must be allowed a cart by the store policy.
 */
export async function reviewOwnedCart(tx: Db, ctx: CartContext, owner: CartOwner, options: { lock: boolean }) {
  if ("anonymousId" in owner && !guestMayUseCart(ctx)) return null;
  const cart = await findCart(tx, ctx, owner, options);
  if (!cart) return null;
  return { cart, ...(await readReviewed(tx, ctx, cart)) };
}

/**
 * Settles a locked cart's review as a change does (lines that cannot be bought out, quantities down to stock)
 * and stores its notices, so the next answer shows them: what placing an order does when the basket changed
 * under the shopper.
 */
export async function settleReview(tx: Db, cartId: number, review: CartReview) {
  await repository.applyReview(tx, cartId, review);
  await repository.dropNotificationsOfGoneLines(tx, cartId);
  await repository.storeNotifications(tx, cartId, review.notifications);
}

/**
 * Orders notices as the cart shows them: 'generic' ones (no line) first, then each line's in line order.
 * A notice about a line that has since left the cart is dropped: there is nothing left to show it beside.
 */
function groupNotifications(notifications: readonly ReviewNotification[], lineIds: readonly number[]): CartNotification[] {
  const position = new Map(lineIds.map((id, index) => [id, index]));
  const rank = (notification: ReviewNotification) =>
    notification.lineItemId === null ? -1 : (position.get(notification.lineItemId) ?? Number.NaN);
  return notifications
    .map((notification, order) => ({ notification, order, rank: rank(notification) }))
    .filter((entry) => !Number.isNaN(entry.rank))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ notification }) => ({ lineItemId: notification.lineItemId, code: notification.code, message: notification.message }));
}

/** The answer for a caller with no cart yet: empty, in the request currency. */
function emptyCart(ctx: CartContext): Cart {
  return priceCart({
    cart: { id: null, anonymousId: null },
    lines: [],
    notifications: [],
    store: ctx.store,
    currencyCode: ctx.currencyCode,
  });
}

/**
 * The caller's cart (GET /baskets). Without a cart yet the answer is an empty cart (never created by a
 * read). Anonymous visitors whom the store policy keeps from carts see an empty cart too; a guest cart made
 * before the policy changed is kept and still merges when they sign in. A read changes nothing and locks
 * nothing (decision 020): one read-only snapshot, so PostgreSQL itself would refuse a write here.
 */
export async function getCart(db: Db, ctx: CartContext, owner: CartOwner): Promise<Cart> {
  if ("anonymousId" in owner && (owner.anonymousId === null || !guestMayUseCart(ctx))) return emptyCart(ctx);
  return db.transaction(
    async (tx) => {
      const cart = await findCart(tx, ctx, owner, { lock: false });
      if (!cart) {
        if ("anonymousId" in owner) throw cartNotFound();
        return emptyCart(ctx);
      }
      return answerRead(tx, ctx, cart);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Acknowledges notices the shopper has been shown (PUT /baskets/notifications/acknowledge): settles what the
 * review finds, as a change does, and clears the notices named. A notice found since that the shopper has not
 * seen (the price moved again meanwhile) is kept for the next answer, as is anything still stored but unnamed.
 */
export async function acknowledgeNotifications(
  db: Db,
  ctx: CartContext,
  owner: CartOwner,
  body: AcknowledgeCartNotificationsBody,
): Promise<Cart> {
  const noticeKey = (notice: { lineItemId: number | null; code: string; message: string }) =>
    JSON.stringify([notice.lineItemId, notice.code, notice.message]);
  const shown = new Set(body.notifications.map(noticeKey));
  return db.transaction(async (tx) => {
    const cart = await requireCart(tx, ctx, owner);
    const lines = await withCatalogueFacts(tx, ctx, await repository.loadCartLines(tx, cart.id));
    const review = reviewCart({ lines, store: ctx.store, currencyCode: ctx.currencyCode, touched: new Set() });
    await repository.applyReview(tx, cart.id, review);
    const lineIds = new Set(review.lines.map((line) => line.lineItemId));
    const unseen = [...(await repository.takeNotifications(tx, cart.id)), ...review.notifications].filter(
      (notice) => !shown.has(noticeKey(notice)) && (notice.lineItemId === null || lineIds.has(notice.lineItemId)),
    );
    await repository.storeNotifications(tx, cart.id, unseen);
    return priceReviewed(ctx, cart, review, unseen);
  });
}

/** The catalogue's add-on options by id. */
const optionsById = (options: readonly AddonOptionOffer[]) => new Map(options.map((option) => [option.id, option]));

/**
 * Why add-on options do not fit a line, or null when they do: each must be an option of the store whose
 * add-on the line's product offers (`addonIds`), priced in the request currency, and a line takes at most one
 * option per add-on.
 */
function addonOptionsProblem(
  ctx: CartContext,
  options: ReadonlyMap<number, AddonOptionOffer>,
  selection: { addonIds: readonly number[]; optionIds: readonly number[] },
  field: string,
): AppError | null {
  const addonsChosen = new Set<number>();
  for (const optionId of selection.optionIds) {
    const option = options.get(optionId);
    if (!option || !selection.addonIds.includes(option.addonId)) {
      return new AppError("addon_option_invalid", `Add-on option ${optionId} is not offered with this product`, { field });
    }
    if (option.amount === null) {
      return new AppError("addon_option_invalid", `Add-on option ${optionId} is not sold in ${ctx.currencyCode}`, { field });
    }
    if (addonsChosen.has(option.addonId)) return new AppError("addon_option_conflict", { field });
    addonsChosen.add(option.addonId);
  }
  return null;
}

/** Why stock cannot cover a line of `quantity` units, unless the store sells out-of-stock items; null when it can. */
function stockProblem(ctx: CartContext, stockQuantity: number, quantity: number, alreadyInCart = 0): AppError | null {
  if (ctx.store.isOutOfStockPurchaseEnabled || quantity <= stockQuantity) return null;
  if (stockQuantity <= 0) return new AppError("out_of_stock");
  const held = alreadyInCart > 0 ? `; your cart already holds ${alreadyInCart}` : "";
  return new AppError("insufficient_stock", `Only ${stockQuantity} of this item ${stockQuantity === 1 ? "is" : "are"} in stock${held}`);
}

/** Refuses a quantity the variant's stock cannot cover (see stockProblem). */
function assertWithinStock(ctx: CartContext, stockQuantity: number, quantity: number) {
  const problem = stockProblem(ctx, stockQuantity, quantity);
  if (problem) throw problem;
}

/**
 * A line to add: the variant by id or by SKU, the units, the add-on options, and the names of the inputs a
 * refusal points at (`body.quantity` for PUT /baskets, `body.items.2.quantity` for the third line of a bulk add).
 */
interface LineToAdd {
  productVariantId?: number;
  sku?: string;
  quantity: number;
  optionIds: number[];
  fields: { variant?: string; quantity: string; addonOptionIds: string };
  /**
   * Take what fits (a reorder): where stock or the line limit cannot cover all the units, add those they can
   * and report the shortfall, instead of refusing the line.
   */
  partial?: boolean;
}

/**
 * What became of a line to add: the cart line it went to with the units added (fewer than asked only for a
 * `partial` line, whose `shortfall` says why; `held` is what the line held before), or why it was refused.
 */
type LineOutcome =
  | { added: true; lineItemId: number; quantity: number; held: number; shortfall: AppError | null }
  | { added: false; problem: AppError; held: number };

/** Why a line cannot be added whatever the cart holds (unknown, unpublished, unpriced, unfitting add-ons); null when it can. */
function catalogueProblem(
  ctx: CartContext,
  line: LineToAdd,
  variant: VariantOffer | undefined,
  options: ReadonlyMap<number, AddonOptionOffer>,
): AppError | null {
  const field = line.fields.variant === undefined ? {} : { field: line.fields.variant };
  if (!variant || !variant.isPublished) {
    return line.sku === undefined
      ? new AppError("variant_not_found", "Product variant was not found", field)
      : new AppError("sku_not_found", `No item has the SKU ${line.sku}.`, field);
  }
  if (variant.amount === null) return new AppError("price_unavailable", `This item is not sold in ${ctx.currencyCode}`, field);
  return addonOptionsProblem(ctx, options, { addonIds: variant.addonIds, optionIds: line.optionIds }, line.fields.addonOptionIds);
}

/**
 * The cart lines are added to, row-locked: a customer's (created when `create`), or the guest cart the
 * anonymousId names (404 when it names none); null for a guest without one, whose cart is made only once a
 * line is added to it.
 */
async function lockCartToAddTo(tx: Db, ctx: CartContext, owner: CartOwner, options: { create: boolean }) {
  if ("customerId" in owner) {
    if (options.create) return repository.lockOrCreateCustomerCart(tx, ctx.store.id, owner.customerId);
    return repository.findOpenCustomerCart(tx, ctx.store.id, owner.customerId, { lock: true });
  }
  if (owner.anonymousId === null) return null;
  const cart = await repository.findOpenGuestCart(tx, ctx.store.id, owner.anonymousId, { lock: true });
  if (!cart) throw cartNotFound();
  return cart;
}

/** Lines to add as checked against the catalogue: the variant each names, the options' facts, and the refusals so far. */
interface CheckedLines {
  lines: readonly LineToAdd[];
  variants: (VariantOffer | undefined)[];
  options: ReadonlyMap<number, AddonOptionOffer>;
  refusals: ((LineOutcome & { added: false }) | undefined)[];
}

/**
 * Checks lines to add against the catalogue, in one statement whatever their number (the catalogue's offers):
 * the variants they name (by id, or by SKU, also found typed in lower case as the quick order's lookup finds
 * it) and the add-on options they choose.
 */
async function checkLines(tx: Db, ctx: CartContext, lines: readonly LineToAdd[]): Promise<CheckedLines> {
  const offers = await getOffers(tx, {
    storeId: ctx.store.id,
    currencyCode: ctx.currencyCode,
    variantIds: lines.flatMap((line) => line.productVariantId ?? []),
    skus: lines.flatMap((line) => (line.sku === undefined ? [] : [line.sku, line.sku.toUpperCase()])),
    addonOptionIds: lines.flatMap((line) => line.optionIds),
  });
  const byId = new Map(offers.variants.map((variant) => [variant.id, variant]));
  const bySku = new Map(offers.variants.map((variant) => [variant.sku, variant]));
  const variants = lines.map((line) =>
    line.sku === undefined ? byId.get(line.productVariantId!) : (bySku.get(line.sku) ?? bySku.get(line.sku.toUpperCase())),
  );
  return checkAgainstCatalogue(ctx, lines, variants, optionsById(offers.addonOptions));
}

/** The lines with what the catalogue says of each: their variants, the options' facts, and the lines it refuses. */
function checkAgainstCatalogue(
  ctx: CartContext,
  lines: readonly LineToAdd[],
  variants: (VariantOffer | undefined)[],
  options: ReadonlyMap<number, AddonOptionOffer>,
): CheckedLines {
  const refusals = lines.map((line, index) => {
    const problem = catalogueProblem(ctx, line, variants[index], options);
    return problem ? { added: false as const, problem, held: 0 } : undefined;
  });
  return { lines, variants, options, refusals };
}

/**
 * Adds checked lines to the owner's cart, under its lock: the use case of PUT /baskets (one line), PUT
 * /baskets/bulk (several) and the reorder. The lines the catalogue accepted are checked in order against what
 * the cart holds, so lines naming one variant add up and each meets stock with the ones before it; those that
 * pass (or, for a `partial` line, the units that fit) are written together (a new line, or units added to the
 * variant's line; options join the line's, replacing another option of the same add-on) in a fixed number of
 * statements whatever their number. Answers the cart written to (null: a guest to whom nothing was added) and
 * the lines touched, for the answer (answerAdded).
 */
async function writeCheckedLines(
  tx: Db,
  ctx: CartContext,
  owner: CartOwner,
  checked: CheckedLines,
): Promise<{ cart: repository.LockedCart | null; touched: Set<number>; outcomes: LineOutcome[] }> {
  const { lines, variants, options } = checked;
  const outcomes: (LineOutcome | undefined)[] = [...checked.refusals];
  const candidates = lines.flatMap((line, index) => (outcomes[index] ? [] : [{ line, index, variant: variants[index]! }]));

  let cart = await lockCartToAddTo(tx, ctx, owner, { create: candidates.length > 0 });
  const held =
    cart && candidates.length > 0
      ? await repository.findLinesByVariant(
          tx,
          cart.id,
          candidates.map((c) => c.variant.id),
        )
      : [];
  // What each variant's line will hold, and its options by add-on, as the accepted lines add up.
  const pending = new Map<number, { variant: VariantOffer; quantity: number; optionByAddon: Map<number, number> }>();
  // The units each accepted line adds, and why fewer than asked (a partial line).
  const accepted = new Map<number, { quantity: number; held: number; shortfall: AppError | null }>();
  for (const { line, index, variant } of candidates) {
    const entry = pending.get(variant.id) ?? {
      variant,
      quantity: held.find((row) => row.variantId === variant.id)?.quantity ?? 0,
      optionByAddon: new Map<number, number>(),
    };
    const quantity = entry.quantity + line.quantity;
    const problem =
      quantity > MAX_CART_LINE_QUANTITY
        ? new AppError(
            "quantity_limit_exceeded",
            `A cart line holds at most ${MAX_CART_LINE_QUANTITY} units; it already holds ${entry.quantity}`,
            {
              field: line.fields.quantity,
            },
          )
        : stockProblem(ctx, variant.stockQuantity, quantity, entry.quantity);
    // What fits beside what the line holds: the problem above means fewer than line.quantity.
    const room = Math.min(
      MAX_CART_LINE_QUANTITY - entry.quantity,
      ctx.store.isOutOfStockPurchaseEnabled ? MAX_CART_LINE_QUANTITY : variant.stockQuantity - entry.quantity,
    );
    if (problem && (!line.partial || room <= 0)) {
      outcomes[index] = { added: false, problem, held: entry.quantity };
      continue;
    }
    const units = problem ? room : line.quantity;
    accepted.set(index, { quantity: units, held: entry.quantity, shortfall: problem });
    entry.quantity += units;
    for (const optionId of line.optionIds) entry.optionByAddon.set(options.get(optionId)!.addonId, optionId);
    pending.set(variant.id, entry);
  }

  const lineOfVariant = new Map<number, number>();
  if (pending.size > 0) {
    cart ??= await repository.createGuestCart(tx, ctx.store.id, randomBytes(ANONYMOUS_ID_BYTES).toString("base64url"));
    const entries = [...pending.values()];
    const written = await repository.upsertLines(
      tx,
      cart.id,
      entries.map(({ variant, quantity }) => ({
        variantId: variant.id,
        quantity,
        itemName: lineDisplayName(variant.productName, variant.name),
      })),
    );
    for (const row of written) lineOfVariant.set(row.variantId, row.id);
    await repository.addLineAddons(
      tx,
      entries.flatMap((entry) =>
        [...entry.optionByAddon.values()].map((addonOptionId) => ({
          lineItemId: lineOfVariant.get(entry.variant.id)!,
          addonOptionId,
          replaces: options.get(addonOptionId)!.optionIdsOfAddon,
        })),
      ),
    );
    await repository.touchCart(tx, cart.id);
  }
  return {
    cart,
    touched: new Set(lineOfVariant.values()),
    outcomes: lines.map(
      (_line, index) => outcomes[index] ?? { added: true, lineItemId: lineOfVariant.get(variants[index]!.id)!, ...accepted.get(index)! },
    ),
  };
}

/** The answer to adding lines: the cart as a change answers it, or an empty one for a guest to whom nothing was added. */
function answerAdded(tx: Db, ctx: CartContext, written: { cart: repository.LockedCart | null; touched: Set<number> }) {
  return written.cart ? answerChange(tx, ctx, written.cart, written.touched) : Promise.resolve(emptyCart(ctx));
}

/**
 * Adds units of a variant (PUT /baskets). A signed-in customer's open cart is created on first use; an
 * anonymous visitor without an anonymousId gets a new cart whose answer carries its id. A variant already
 * in the cart has the units added to its line; the chosen add-on options join the line's. A refusal is the
 * whole answer, and nothing is written.
 */
export async function addToCart(db: Db, ctx: CartContext, owner: CartOwner, body: AddToCartBody): Promise<Cart> {
  if ("anonymousId" in owner) assertGuestMayUseCart(ctx);
  const line: LineToAdd = {
    productVariantId: body.productVariantId,
    quantity: body.quantity,
    optionIds: [...new Set(body.addonOptionIds ?? [])],
    fields: { quantity: "body.quantity", addonOptionIds: "body.addonOptionIds" },
  };
  const throwRefusal = (outcomes: readonly (LineOutcome | undefined)[]) => {
    const [outcome] = outcomes;
    if (outcome && !outcome.added) throw outcome.problem;
  };
  return db.transaction(async (tx) => {
    // The catalogue's refusal comes first, before the cart is looked for (an unknown variant is a 404 of its own).
    const checked = await checkLines(tx, ctx, [line]);
    throwRefusal(checked.refusals);
    const written = await writeCheckedLines(tx, ctx, owner, checked);
    throwRefusal(written.outcomes);
    return answerAdded(tx, ctx, written);
  });
}

/**
 * Adds several lines at once (PUT /baskets/bulk, a quick order) in one transaction: the lines that can be
 * added are, each refused line says why with the code and message PUT /baskets would have answered, and the
 * answer is the cart with one result per line in request order.
 */
export async function addToCartBulk(
  db: Db,
  ctx: CartContext,
  owner: CartOwner,
  body: AddToCartBulkBody,
): Promise<{ cart: Cart; results: AddToCartBulkResult[] }> {
  if ("anonymousId" in owner) assertGuestMayUseCart(ctx);
  const lines = body.items.map((item, index): LineToAdd => {
    const prefix = `body.items.${index}`;
    return {
      ...("sku" in item ? { sku: item.sku } : { productVariantId: item.productVariantId }),
      quantity: item.quantity,
      optionIds: [...new Set(item.addonOptionIds ?? [])],
      fields: {
        variant: `${prefix}.${"sku" in item ? "sku" : "productVariantId"}`,
        quantity: `${prefix}.quantity`,
        addonOptionIds: `${prefix}.addonOptionIds`,
      },
    };
  });
  return db.transaction(async (tx) => {
    const written = await writeCheckedLines(tx, ctx, owner, await checkLines(tx, ctx, lines));
    const results = written.outcomes.map((outcome): AddToCartBulkResult =>
      outcome.added ? { added: true, lineItemId: outcome.lineItemId } : { added: false, error: apiErrorOf(outcome.problem) },
    );
    return { cart: await answerAdded(tx, ctx, written), results };
  });
}

/** A refusal as an answer's error object. */
function apiErrorOf(error: AppError): ApiError {
  return { code: error.code, message: error.message, ...(error.field === undefined ? {} : { field: error.field }) };
}

/** Sets a line's quantity (PUT /baskets/products/quantity); 0 removes the line. */
export async function changeLineQuantity(db: Db, ctx: CartContext, owner: CartOwner, body: ChangeCartQuantityBody): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cart = await requireCart(tx, ctx, owner);
    const [line] = await repository.findCartLines(tx, cart.id, [body.lineItemId]);
    if (!line) throw lineNotFound();
    if (body.quantity === 0) {
      await repository.deleteLines(tx, cart.id, [line.id]);
      return answerChange(tx, ctx, cart);
    }
    const [variant] =
      line.variantId === null
        ? []
        : (await getOffers(tx, { storeId: ctx.store.id, currencyCode: ctx.currencyCode, variantIds: [line.variantId] })).variants;
    if (!variant || !variant.isPublished) {
      throw new AppError("item_unavailable");
    }
    assertWithinStock(ctx, variant.stockQuantity, body.quantity);
    await repository.setLineQuantity(tx, line.id, body.quantity);
    return answerChange(tx, ctx, cart, new Set([line.id]));
  });
}

/** Removes lines (DELETE /baskets/products), all or none: an id that is not a line of this cart is a 404. */
export async function removeLines(db: Db, ctx: CartContext, owner: CartOwner, body: RemoveCartLinesBody): Promise<Cart> {
  const lineIds = [...new Set(body.lineItemIds)];
  return db.transaction(async (tx) => {
    const cart = await requireCart(tx, ctx, owner);
    const found = await repository.findCartLines(tx, cart.id, lineIds);
    if (found.length !== lineIds.length) throw lineNotFound();
    await repository.deleteLines(tx, cart.id, lineIds);
    return answerChange(tx, ctx, cart);
  });
}

/**
 * Replaces the add-ons of one or more lines (PUT /baskets/addons and /baskets/addons/bulk), all or nothing:
 * every line must be in the cart and every option must fit its line before anything is written.
 */
export async function setLineAddons(
  db: Db,
  ctx: CartContext,
  owner: CartOwner,
  items: SetCartAddonsBulkBody["items"],
  field: string,
): Promise<Cart> {
  const lineIds = items.map((item) => item.lineItemId);
  if (new Set(lineIds).size !== lineIds.length) {
    throw new AppError("duplicate_line_item", { field });
  }
  return db.transaction(async (tx) => {
    const cart = await requireCart(tx, ctx, owner);
    const lines = await repository.findCartLines(tx, cart.id, lineIds);
    if (lines.length !== lineIds.length) throw lineNotFound();
    // The lines' variants and the options chosen, in one statement.
    const offers = await getOffers(tx, {
      storeId: ctx.store.id,
      currencyCode: ctx.currencyCode,
      variantIds: lines.flatMap((line) => line.variantId ?? []),
      addonOptionIds: items.flatMap((item) => item.addonOptionIds),
    });
    const variants = new Map(offers.variants.map((variant) => [variant.id, variant]));
    const variantOf = new Map(lines.map((line) => [line.id, line.variantId === null ? undefined : variants.get(line.variantId)]));
    const selections = items.map((item) => {
      const variant = variantOf.get(item.lineItemId);
      if (!variant) {
        throw new AppError("item_unavailable");
      }
      return { addonIds: variant.addonIds, optionIds: [...new Set(item.addonOptionIds)] };
    });
    const options = optionsById(offers.addonOptions);
    for (const selection of selections) {
      const problem = addonOptionsProblem(ctx, options, selection, field);
      if (problem) throw problem;
    }
    await repository.replaceLineAddons(
      tx,
      lineIds,
      items.flatMap((item, index) => selections[index]!.optionIds.map((addonOptionId) => ({ lineItemId: item.lineItemId, addonOptionId }))),
    );
    return answerChange(tx, ctx, cart);
  });
}

/** Replaces one line's add-ons (PUT /baskets/addons). */
export function setOneLineAddons(db: Db, ctx: CartContext, owner: CartOwner, body: SetCartLineAddonsBody) {
  return setLineAddons(db, ctx, owner, [{ lineItemId: body.lineItemId, addonOptionIds: body.addonOptionIds }], "body.addonOptionIds");
}

/**
 * Merges a guest cart into the signed-in customer's (PUT /baskets/:id/merge), the rule of
 * docs/decisions/006: lines are added, quantities summed (then capped at stock by the review, which says
 * so), add-ons united, and the guest cart closed with its id retired, in one transaction. The guest cart's
 * row lock is taken first, so of two sign-ins racing with the same id one merges and the other, once the
 * first commits, finds the cart already merged into this customer's and answers that cart unchanged.
 */
export async function mergeGuestCart(db: Db, ctx: CartContext, customerId: number, anonymousId: string): Promise<Cart> {
  return db.transaction(async (tx) => {
    const guest = await repository.lockCartByAnonymousId(tx, ctx.store.id, anonymousId);
    const alreadyMergedHere = guest?.status === "merged" && guest.customerId === customerId;
    if (!guest || (!alreadyMergedHere && (guest.status !== "open" || guest.customerId !== null))) throw cartNotFound();

    const cart = await repository.lockOrCreateCustomerCart(tx, ctx.store.id, customerId);
    if (!alreadyMergedHere) {
      // Which add-on each option chosen in either cart belongs to, asked of the catalogue when the guest chose any.
      const chosen = await repository.listChosenAddonOptions(tx, [guest.id, cart.id]);
      const addonOptions = chosen.some((option) => option.cartId === guest.id)
        ? (
            await getOffers(tx, {
              storeId: ctx.store.id,
              currencyCode: ctx.currencyCode,
              addonOptionIds: chosen.map((option) => option.addonOptionId),
            })
          ).addonOptions
        : [];
      await repository.mergeLines(tx, {
        guestCartId: guest.id,
        customerCartId: cart.id,
        maxQuantity: MAX_CART_LINE_QUANTITY,
        addonOfOption: addonOptions.map((option) => ({ optionId: option.id, addonId: option.addonId })),
      });
      // The guest cart closes through its machine (decision 017); its anonymousId stays on the closed row,
      // retired: every guest lookup wants an open cart, and a repeated merge by this customer is recognised.
      await transition(tx, cartMachine, carts, {
        entityId: guest.id,
        from: "open",
        to: "merged",
        actor: { type: "customer", id: customerId },
        reason: "signed in",
        alsoSet: repository.mergedCartColumns({ customerCartId: cart.id, customerId }),
      });
      await repository.touchCart(tx, cart.id);
    }
    return answerChange(tx, ctx, cart);
  });
}

/** The answer to a reorder: the cart, the units added, and each order line not added as ordered. */
export interface ReorderAnswer {
  cart: Cart;
  addedQuantity: number;
  linesNotAdded: ReorderLineNotAdded[];
}

const isReorderProblem = (code: string): code is ReorderLineProblem => (REORDER_LINE_PROBLEMS as readonly string[]).includes(code);

/** "is" or "are" for a count. */
const isOrAre = (count: number) => (count === 1 ? "is" : "are");

/** One sentence on what became of an order line not added as ordered; the storefront shows it as it is. */
function reorderMessage(
  ctx: CartContext,
  facts: { name: string; reason: ReorderLineProblem; requested: number; added: number; held: number; stock: number; addons: string[] },
): string {
  const { name, requested, added, held, stock, addons } = facts;
  const withoutAddons = addons.length > 0 && added > 0 ? ` It was added without ${addons.join(", ")}, no longer offered with it.` : "";
  const someAdded = added > 0 ? `${added} of the ${requested} you ordered ${added === 1 ? "was" : "were"} added` : "none was added";
  switch (facts.reason) {
    case "variant_not_found":
      return `${name} is no longer available, so it was not added.`;
    case "price_unavailable":
      return `${name} is not sold in ${ctx.currencyCode}, so it was not added.`;
    case "out_of_stock":
      return `${name} is out of stock, so it was not added.`;
    case "insufficient_stock":
      return (
        `Only ${stock} of ${name} ${isOrAre(stock)} in stock` +
        (held > 0 ? ` and your basket already held ${held}` : "") +
        `, so ${someAdded}.${withoutAddons}`
      );
    case "quantity_limit_exceeded":
      return `${name}: a basket line holds at most ${MAX_CART_LINE_QUANTITY} of an item, so ${someAdded}.${withoutAddons}`;
    case "addon_unavailable":
      return `${name} was added without ${addons.join(", ")}, which ${isOrAre(addons.length)} no longer offered with it.`;
  }
}

/** A line of a past order, as the order keeps it (the orders module's answer). */
export interface OrderedLine {
  orderLineId: number;
  orderPublicId: string;
  /** The variant ordered; null once deleted. */
  variantId: number | null;
  sku: string;
  productName: string;
  variantName: string;
  quantity: number;
  /** Its add-ons by name (`Add-on: Option`), as ordered. */
  addonNames: string[];
}

/** An ordered add-on ("Gift wrap: Kraft") and the option of the store it is today, if it can be added again. */
interface ReorderedAddon {
  name: string;
  /** Null when no option of that name is offered with the product and priced in the currency any more. */
  option: AddonOptionOffer | null;
}

/** A line of a past order, with its variant as the catalogue offers it now and its add-ons matched to today's. */
interface OrderLineToReorder extends Omit<OrderedLine, "addonNames"> {
  /** The variant now (publication, stock, price in the currency); undefined once deleted or not the store's. */
  variant: VariantOffer | undefined;
  addons: ReorderedAddon[];
}

/**
 * The lines of a past order, each with its variant's current offer and its add-ons matched to today's options,
 * in the lines' order: one call to the catalogue's offers for the variants, and one more for the options of the
 * add-ons their products offer when the order had add-ons. An add-on is matched by its name (`Add-on: Option`)
 * among the add-ons the product offers now, priced in the currency; of two options of one name, the older.
 */
async function findReorderFacts(tx: Db, ctx: CartContext, lines: readonly OrderedLine[]): Promise<OrderLineToReorder[]> {
  const ask = { storeId: ctx.store.id, currencyCode: ctx.currencyCode };
  const { variants } = await getOffers(tx, { ...ask, variantIds: lines.flatMap((line) => line.variantId ?? []) });
  const variantOf = new Map(variants.map((variant) => [variant.id, variant]));
  const withVariants = lines.map(({ addonNames, ...line }) => ({
    line,
    addonNames,
    variant: line.variantId === null ? undefined : variantOf.get(line.variantId),
  }));
  const addonIds = withVariants.flatMap(({ addonNames, variant }) => (addonNames.length > 0 && variant ? variant.addonIds : []));
  const { addonOptions } = addonIds.length > 0 ? await getOffers(tx, { ...ask, addonIds }) : { addonOptions: [] };
  const byName = (variant: VariantOffer | undefined, name: string) =>
    addonOptions
      .filter(
        (option) =>
          variant !== undefined &&
          variant.addonIds.includes(option.addonId) &&
          option.amount !== null &&
          `${option.addonName}: ${option.name}` === name,
      )
      .reduce<AddonOptionOffer | null>((oldest, option) => (oldest === null || option.id < oldest.id ? option : oldest), null);
  return withVariants.map(({ line, addonNames, variant }) => ({
    ...line,
    variant,
    addons: addonNames.map((name) => ({ name, option: byName(variant, name) })),
  }));
}

/**
 * Reorder (PUT /baskets/orders/:orderId/merge, flows/reorder.flow.ts): adds the lines of a past order to the customer's cart,
 * at today's prices, as adding each by hand would (the same catalogue, stock and line-limit rules), except that a
 * line stock or the limit cannot cover in full is added as far as it can. Its add-ons are put back where the
 * product still offers an option of the same name priced in the currency. Every line not added as ordered is
 * reported, in the answer and as a `reorder_line_not_added` notice in the cart (beside the line when some was
 * added), so the cart page says why. In the caller's transaction, holding the cart's lock; the lines' variants'
 * current state is one call to the catalogue (two when the order had add-ons).
 */
export async function reorderIntoCart(
  tx: Db,
  ctx: CartContext,
  customerId: number,
  orderedLines: readonly OrderedLine[],
): Promise<ReorderAnswer> {
  const ordered = await findReorderFacts(tx, ctx, orderedLines);
  // The cart is made (and locked) even when nothing can be added, so the notices have a cart to be shown in.
  const cart = await repository.lockOrCreateCustomerCart(tx, ctx.store.id, customerId);

  const lines = ordered.map((line, index): LineToAdd => {
    const matched = line.addons.flatMap((addon) => (addon.option ? [addon.option] : []));
    return {
      ...(line.variant ? { productVariantId: line.variant.id } : {}),
      quantity: Math.min(line.quantity, MAX_CART_LINE_QUANTITY),
      optionIds: matched.map((option) => option.id),
      fields: { quantity: `orderLines.${index}.quantity`, addonOptionIds: `orderLines.${index}.addons` },
      partial: true,
    };
  });
  const checked = checkAgainstCatalogue(
    ctx,
    lines,
    ordered.map((line) => line.variant),
    optionsById(ordered.flatMap((line) => line.addons.flatMap((addon) => addon.option ?? []))),
  );
  const written = await writeCheckedLines(tx, ctx, { customerId }, checked);

  const linesNotAdded: ReorderLineNotAdded[] = [];
  const notices: ReviewNotification[] = [];
  written.outcomes.forEach((outcome, index) => {
    const line = ordered[index]!;
    const added = outcome.added ? outcome.quantity : 0;
    const problem = outcome.added ? outcome.shortfall : outcome.problem;
    const addonsNotAdded = line.addons.filter((addon) => !outcome.added || addon.option === null).map((addon) => addon.name);
    const reason = problem ? problem.code : addonsNotAdded.length > 0 ? "addon_unavailable" : null;
    if (reason === null) return;
    if (!isReorderProblem(reason)) throw new Error(`a reorder line was refused with ${reason}, which reorder does not report`);
    const message = reorderMessage(ctx, {
      name: lineDisplayName(line.productName, line.variantName),
      reason,
      requested: line.quantity,
      added,
      held: outcome.held,
      stock: line.variant?.stockQuantity ?? 0,
      addons: addonsNotAdded,
    });
    linesNotAdded.push({
      orderLineId: line.orderLineId,
      productVariantId: line.variantId,
      sku: line.sku,
      productName: line.productName,
      variantName: line.variantName,
      requestedQuantity: line.quantity,
      addedQuantity: added,
      reason,
      addonsNotAdded,
      message,
    });
    notices.push({
      lineItemId: outcome.added ? outcome.lineItemId : null,
      code: "reorder_line_not_added",
      message: `Order ${line.orderPublicId}: ${message}`,
    });
  });
  await repository.storeNotifications(tx, cart.id, notices);
  return {
    cart: await answerChange(tx, ctx, cart, written.touched),
    addedQuantity: written.outcomes.reduce((sum, outcome) => sum + (outcome.added ? outcome.quantity : 0), 0),
    linesNotAdded,
  };
}

/** How long a repeated placement by a customer finds the basket they last ordered (the idempotency window). */
const ORDERED_BASKET_WINDOW_HOURS = 24;

/**
 * Locks the basket an order is placed from, whatever its status: a guest's by their anonymousId; a customer's
 * open basket, or the one they ordered in the last day (so a repeated placement finds the order it made).
 * 404 `cart_not_found` when there is none.
 */
export async function lockBasketToOrder(tx: Db, input: { storeId: number; owner: CartOwner }) {
  const { owner } = input;
  const who =
    "customerId" in owner ? { customerId: owner.customerId } : owner.anonymousId === null ? null : { anonymousId: owner.anonymousId };
  const cart = who ? await repository.lockCartToOrder(tx, { storeId: input.storeId, ...who }, ORDERED_BASKET_WINDOW_HOURS) : null;
  if (!cart || (cart.status !== "open" && cart.status !== "ordered")) throw new AppError("cart_not_found", "There is no basket to order");
  return { id: cart.id, anonymousId: cart.anonymousId, ordered: cart.status === "ordered" };
}

/** The basket became an order: it is closed (open → ordered), in the order's transaction. */
export async function closeOrderedBasket(tx: Db, input: { cartId: number; actor: TransitionActor; orderPublicId: string }) {
  await transition(tx, cartMachine, carts, {
    entityId: input.cartId,
    from: "open",
    to: "ordered",
    actor: input.actor,
    reason: `order ${input.orderPublicId} placed`,
    alsoSet: sql`updated_at = now()`,
  });
}
