import { randomBytes } from "node:crypto";
import {
  MAX_CART_LINE_QUANTITY,
  type AddToCartBody,
  type Cart,
  type CartNotification,
  type ChangeCartQuantityBody,
  type RemoveCartLinesBody,
  type SetCartAddonsBulkBody,
  type SetCartLineAddonsBody,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { getCatalogVisibility } from "../catalog/catalog-policy";
import { priceCart } from "./cart-pricing";
import { lineDisplayName, reviewCart, type ReviewNotification } from "./cart-review";
import { transition } from "../state-machines/state-transitions.repository";
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

/** Random bytes in a new anonymousId: 192 bits, well past the 128 the spec's threat model needs. */
const ANONYMOUS_ID_BYTES = 24;

const cartNotFound = () => new AppError("cart_not_found", "Cart was not found");
const lineNotFound = () => new AppError("line_item_not_found", "Cart line was not found");

/**
 * Anonymous visitors may keep a cart only where the store shows them products and prices (spec sections
 * 4-6): under HiddenForUnauthorized and HiddenPricesForUnauthorized they must sign in first. 401, like every
 * "sign in to continue", so the storefront sends them to /auth/login.
 */
function guestMayUseCart(ctx: CartContext) {
  const visibility = getCatalogVisibility({ store: ctx.store, customerId: null });
  return visibility.productsVisible && visibility.pricesVisible;
}
function assertGuestMayUseCart(ctx: CartContext) {
  if (!guestMayUseCart(ctx)) throw new AppError("sign_in_required", "Sign in to add items to your cart");
}

/** The owner's open cart, row-locked for the rest of the transaction; null when they have none. */
async function lockCart(tx: Db, ctx: CartContext, owner: CartOwner) {
  if ("customerId" in owner) return repository.lockOpenCustomerCart(tx, ctx.store.id, owner.customerId);
  if (owner.anonymousId === null) return null;
  return repository.lockOpenGuestCart(tx, ctx.store.id, owner.anonymousId);
}

/** The cart a change applies to: guests must name theirs; a customer without one gets 404 too (nothing to change). */
async function requireCart(tx: Db, ctx: CartContext, owner: CartOwner) {
  if ("anonymousId" in owner) {
    assertGuestMayUseCart(ctx);
    if (owner.anonymousId === null) throw new AppError("anonymous_id_required", "Give the cart's anonymousId, or sign in", { field: "body.anonymousId" });
  }
  const cart = await lockCart(tx, ctx, owner);
  if (!cart) throw cartNotFound();
  await repository.touchCart(tx, cart.id);
  return cart;
}

/**
 * Reviews the cart against the catalogue and prices it: lines that can no longer be bought come out, lines
 * over stock shrink, and what changed becomes notices. A GET hands the stored notices out and clears them
 * (each is shown once); a change stores what it found and lists what is pending, for the GET that follows
 * it (a storefront that posts and redirects shows the cart from that GET). A fixed number of statements
 * whatever the number of lines.
 */
async function answerCart(
  tx: Db,
  ctx: CartContext,
  cart: repository.LockedCart,
  options: { touched?: ReadonlySet<number>; clearNotifications: boolean },
): Promise<Cart> {
  const lines = await repository.loadCartLines(tx, cart.id, ctx.currencyCode);
  const review = reviewCart({ lines, store: ctx.store, currencyCode: ctx.currencyCode, touched: options.touched ?? new Set() });
  await repository.applyReview(tx, cart.id, review);
  let notifications: ReviewNotification[];
  if (options.clearNotifications) {
    notifications = [...(await repository.takeNotifications(tx, cart.id)), ...review.notifications];
  } else {
    await repository.storeNotifications(tx, cart.id, review.notifications);
    notifications = await repository.listNotifications(tx, cart.id);
  }
  return priceCart({
    cart,
    lines: review.lines,
    notifications: groupNotifications(notifications, review.lines.map((line) => line.lineItemId)),
    store: ctx.store,
    currencyCode: ctx.currencyCode,
  });
}

/**
 * Orders notices as the spec groups them: 'generic' ones (no line) first, then each line's in line order.
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
  return priceCart({ cart: { id: null, anonymousId: null }, lines: [], notifications: [], store: ctx.store, currencyCode: ctx.currencyCode });
}

/**
 * The caller's cart (GET /baskets). Without a cart yet the answer is an empty cart (never created by a
 * read). Anonymous visitors whom the store policy keeps from carts see an empty cart too; a guest cart made
 * before the policy changed is kept and still merges when they sign in.
 */
export async function getCart(db: Db, ctx: CartContext, owner: CartOwner): Promise<Cart> {
  if ("anonymousId" in owner && (owner.anonymousId === null || !guestMayUseCart(ctx))) return emptyCart(ctx);
  return db.transaction(async (tx) => {
    const cart = await lockCart(tx, ctx, owner);
    if (!cart) {
      if ("anonymousId" in owner) throw cartNotFound();
      return emptyCart(ctx);
    }
    return answerCart(tx, ctx, cart, { clearNotifications: true });
  });
}

/**
 * Checks the add-on options chosen for lines: each must be an option of the store whose add-on the line's
 * product offers, priced in the request currency, and a line takes at most one option per add-on.
 */
async function assertAddonOptionsFit(
  tx: Db,
  ctx: CartContext,
  selections: readonly { productId: number; optionIds: readonly number[] }[],
  field: string,
) {
  const optionIds = [...new Set(selections.flatMap((selection) => selection.optionIds))];
  if (optionIds.length === 0) return;
  const facts = await repository.describeAddonOptions(tx, {
    storeId: ctx.store.id,
    optionIds,
    productIds: [...new Set(selections.map((selection) => selection.productId))],
    currencyCode: ctx.currencyCode,
  });
  const byId = new Map(facts.map((option) => [option.id, option]));
  for (const selection of selections) {
    const addonsChosen = new Set<number>();
    for (const optionId of selection.optionIds) {
      const option = byId.get(optionId);
      if (!option || !option.offeredWithProductIds.includes(selection.productId)) {
        throw new AppError("addon_option_invalid", `Add-on option ${optionId} is not offered with this product`, { field });
      }
      if (option.amount === null) {
        throw new AppError("addon_option_invalid", `Add-on option ${optionId} is not sold in ${ctx.currencyCode}`, { field });
      }
      if (addonsChosen.has(option.addonId)) {
        throw new AppError("addon_option_conflict", { field });
      }
      addonsChosen.add(option.addonId);
    }
  }
}

/** Refuses a quantity the variant's stock cannot cover, unless the store sells out-of-stock items. */
function assertWithinStock(ctx: CartContext, stockQuantity: number, quantity: number, alreadyInCart = 0) {
  if (ctx.store.isOutOfStockPurchaseEnabled || quantity <= stockQuantity) return;
  if (stockQuantity <= 0) throw new AppError("out_of_stock");
  const held = alreadyInCart > 0 ? `; your cart already holds ${alreadyInCart}` : "";
  throw new AppError("insufficient_stock", `Only ${stockQuantity} of this item ${stockQuantity === 1 ? "is" : "are"} in stock${held}`);
}

/**
 * Adds units of a variant (PUT /baskets). A signed-in customer's open cart is created on first use; an
 * anonymous visitor without an anonymousId gets a new cart whose answer carries its id. A variant already
 * in the cart has the units added to its line; the chosen add-on options join the line's.
 */
export async function addToCart(db: Db, ctx: CartContext, owner: CartOwner, body: AddToCartBody): Promise<Cart> {
  if ("anonymousId" in owner) assertGuestMayUseCart(ctx);
  const optionIds = [...new Set(body.addonOptionIds ?? [])];
  return db.transaction(async (tx) => {
    const variant = await repository.findVariantForCart(tx, {
      storeId: ctx.store.id,
      variantId: body.productVariantId,
      currencyCode: ctx.currencyCode,
    });
    if (!variant || !variant.isPublished) throw new AppError("variant_not_found", "Product variant was not found");
    if (variant.amount === null) {
      throw new AppError("price_unavailable", `This item is not sold in ${ctx.currencyCode}`);
    }
    await assertAddonOptionsFit(tx, ctx, [{ productId: variant.productId, optionIds }], "body.addonOptionIds");

    let cart: repository.LockedCart;
    if ("customerId" in owner) cart = await repository.lockOrCreateCustomerCart(tx, ctx.store.id, owner.customerId);
    else if (owner.anonymousId === null) {
      cart = await repository.createGuestCart(tx, ctx.store.id, randomBytes(ANONYMOUS_ID_BYTES).toString("base64url"));
    } else {
      const found = await repository.lockOpenGuestCart(tx, ctx.store.id, owner.anonymousId);
      if (!found) throw cartNotFound();
      cart = found;
    }

    const existing = await repository.findLineByVariant(tx, cart.id, variant.id);
    const quantity = (existing?.quantity ?? 0) + body.quantity;
    if (quantity > MAX_CART_LINE_QUANTITY) {
      const message = `A cart line holds at most ${MAX_CART_LINE_QUANTITY} units; it already holds ${existing?.quantity ?? 0}`;
      throw new AppError("quantity_limit_exceeded", message, { field: "body.quantity" });
    }
    assertWithinStock(ctx, variant.stockQuantity, quantity, existing?.quantity ?? 0);
    const lineId = await repository.upsertLine(tx, {
      cartId: cart.id,
      variantId: variant.id,
      quantity,
      itemName: lineDisplayName(variant.productName, variant.variantName),
    });
    await repository.addLineAddons(tx, lineId, optionIds);
    await repository.touchCart(tx, cart.id);
    return answerCart(tx, ctx, cart, { touched: new Set([lineId]), clearNotifications: false });
  });
}

/** Sets a line's quantity (PUT /baskets/products/quantity); 0 removes the line. */
export async function changeLineQuantity(db: Db, ctx: CartContext, owner: CartOwner, body: ChangeCartQuantityBody): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cart = await requireCart(tx, ctx, owner);
    const [line] = await repository.findCartLines(tx, cart.id, [body.lineItemId]);
    if (!line) throw lineNotFound();
    if (body.quantity === 0) {
      await repository.deleteLines(tx, cart.id, [line.id]);
      return answerCart(tx, ctx, cart, { clearNotifications: false });
    }
    if (line.stockQuantity === null || !line.isPublished) {
      throw new AppError("item_unavailable");
    }
    assertWithinStock(ctx, line.stockQuantity, body.quantity);
    await repository.setLineQuantity(tx, line.id, body.quantity);
    return answerCart(tx, ctx, cart, { touched: new Set([line.id]), clearNotifications: false });
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
    return answerCart(tx, ctx, cart, { clearNotifications: false });
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
    const productOf = new Map(lines.map((line) => [line.id, line.productId]));
    const selections = items.map((item) => {
      const productId = productOf.get(item.lineItemId);
      if (productId === null || productId === undefined) {
        throw new AppError("item_unavailable");
      }
      return { productId, optionIds: [...new Set(item.addonOptionIds)] };
    });
    await assertAddonOptionsFit(tx, ctx, selections, field);
    await repository.replaceLineAddons(
      tx,
      lineIds,
      items.flatMap((item, index) => selections[index]!.optionIds.map((addonOptionId) => ({ lineItemId: item.lineItemId, addonOptionId }))),
    );
    return answerCart(tx, ctx, cart, { clearNotifications: false });
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
      await repository.mergeLines(tx, { guestCartId: guest.id, customerCartId: cart.id, maxQuantity: MAX_CART_LINE_QUANTITY });
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
    return answerCart(tx, ctx, cart, { clearNotifications: false });
  });
}
