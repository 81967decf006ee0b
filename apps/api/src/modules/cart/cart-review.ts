import type { CartNotificationCode, TaxClass } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { PolicyStore } from "../catalog/catalog-policy";
import { unitAmountAt, type TierPriceFact } from "./cart-pricing";

/*
 * What changed in a cart since the shopper last saw it, decided without a database: the cart's repository
 * loads every line in one statement and the catalogue's offers answer for all of them in one more
 * (cart.service.ts puts the two together), reviewCart says which lines to drop or shrink and which notices to
 * raise, and the repository writes that back in a fixed number of set-based statements.
 */

export interface CartLineAddonFacts {
  addonOptionId: number;
  addonId: number;
  addonName: string;
  optionName: string;
  /** Per-unit price in the request currency; null when the option has none in it. */
  amount: number | null;
  /** Whether the add-on is still offered with the line's product. */
  isOffered: boolean;
  /** How the add-on is taxed (gift wrap and cards: the standard rate). */
  taxClass: TaxClass;
}

/** A cart line with the catalogue facts it is priced from; the catalogue columns are null once the variant is deleted. */
export interface CartLineFacts {
  lineItemId: number;
  variantId: number | null;
  itemName: string;
  quantity: number;
  lastSeenUnitAmount: number | null;
  lastSeenCurrencyCode: string | null;
  sku: string | null;
  variantName: string | null;
  options: { code: string; name: string; value: string }[] | null;
  stockQuantity: number | null;
  productId: number | null;
  productSlug: string | null;
  productName: string | null;
  isPublished: boolean | null;
  /** How the product is taxed; null once the variant is deleted. */
  taxClass: TaxClass | null;
  image: { url: string; alt: string } | null;
  amount: number | null;
  originalAmount: number | null;
  /** While on sale, the lowest price of the 30 days before the reduction. */
  lowestPriorAmount: number | null;
  tierPrices: TierPriceFact[];
  addons: CartLineAddonFacts[];
}

/** A line that stays in the cart, at its reviewed quantity. */
export interface ReviewedLine extends CartLineFacts {
  variantId: number;
  sku: string;
  variantName: string;
  options: { code: string; name: string; value: string }[];
  stockQuantity: number;
  productId: number;
  productSlug: string;
  productName: string;
  taxClass: TaxClass;
  /** Unit price at the reviewed quantity (tier applied); null without a price in the request currency. */
  unitAmount: number | null;
}

export interface ReviewNotification {
  lineItemId: number | null;
  code: CartNotificationCode;
  message: string;
}

export interface CartReview {
  lines: ReviewedLine[];
  removedLineIds: number[];
  /** Lines whose quantity or last-seen price must be written back. */
  lineUpdates: { lineItemId: number; quantity: number; lastSeenUnitAmount: number | null; lastSeenCurrencyCode: string }[];
  removedAddons: { lineItemId: number; addonOptionId: number }[];
  notifications: ReviewNotification[];
}

/** How a line is named in notices: "Title (Hardback)". */
export function lineDisplayName(productName: string, variantName: string): string {
  return variantName && variantName !== productName ? `${productName} (${variantName})` : productName;
}

/**
 * Reviews every line against the catalogue as it is now:
 * - a deleted variant or an unpublished product takes the line out ('item_removed', generic);
 * - unless the store sells out-of-stock items, no stock takes the line out and less stock than the line
 *   holds reduces it ('quantity_reduced');
 * - an add-on no longer offered with the product comes off the line ('addon_removed');
 * - no price in the request currency (variant or add-on) keeps the line but makes it unpurchasable
 *   ('item_unavailable', once per currency);
 * - a unit price different from the one last shown in this currency raises 'price_changed', except on lines
 *   the caller has just changed (`touched`), whose new price follows from their own action (tier prices).
 */
export function reviewCart(input: {
  lines: readonly CartLineFacts[];
  store: Pick<PolicyStore, "isOutOfStockPurchaseEnabled">;
  currencyCode: string;
  touched: ReadonlySet<number>;
}): CartReview {
  const { currencyCode, store, touched } = input;
  const review: CartReview = { lines: [], removedLineIds: [], lineUpdates: [], removedAddons: [], notifications: [] };

  for (const line of input.lines) {
    const id = line.lineItemId;
    if (
      line.variantId === null ||
      line.productId === null ||
      !line.isPublished ||
      line.sku === null ||
      line.variantName === null ||
      line.productName === null ||
      line.productSlug === null ||
      line.stockQuantity === null
    ) {
      const name = line.productName && line.variantName ? lineDisplayName(line.productName, line.variantName) : line.itemName;
      review.removedLineIds.push(id);
      review.notifications.push({
        lineItemId: null,
        code: "item_removed",
        message: `${name || "An item"} is no longer available and has been removed from your cart.`,
      });
      continue;
    }
    const name = lineDisplayName(line.productName, line.variantName);

    let quantity = line.quantity;
    let quantityReduced = false;
    if (!store.isOutOfStockPurchaseEnabled && line.stockQuantity < quantity) {
      if (line.stockQuantity <= 0) {
        review.removedLineIds.push(id);
        review.notifications.push({
          lineItemId: null,
          code: "item_removed",
          message: `${name} is out of stock and has been removed from your cart.`,
        });
        continue;
      }
      review.notifications.push({
        lineItemId: id,
        code: "quantity_reduced",
        message: `Only ${line.stockQuantity} of ${name} ${line.stockQuantity === 1 ? "is" : "are"} in stock, so the quantity was reduced from ${quantity} to ${line.stockQuantity}.`,
      });
      quantity = line.stockQuantity;
      quantityReduced = true;
    }

    const addons: CartLineAddonFacts[] = [];
    for (const addon of line.addons) {
      if (addon.isOffered) {
        addons.push(addon);
        continue;
      }
      review.removedAddons.push({ lineItemId: id, addonOptionId: addon.addonOptionId });
      review.notifications.push({
        lineItemId: id,
        code: "addon_removed",
        message: `${addon.addonName} (${addon.optionName}) is no longer offered with ${name} and has been taken off it.`,
      });
    }

    const unitAmount = line.amount === null ? null : unitAmountAt(line.amount, line.tierPrices, quantity);
    const unpricedAddon = addons.find((addon) => addon.amount === null);
    // What the shopper is shown for this line in this currency: the unit price, or null when it cannot be bought.
    const seenAmount = unitAmount !== null && !unpricedAddon ? unitAmount : null;
    const sameCurrency = line.lastSeenCurrencyCode === currencyCode;
    if (seenAmount === null) {
      const alreadyTold = sameCurrency && line.lastSeenUnitAmount === null;
      if (!alreadyTold) {
        review.notifications.push({
          lineItemId: id,
          code: "item_unavailable",
          message:
            unitAmount === null
              ? `${name} is not sold in ${currencyCode}, so it cannot be bought in this currency.`
              : `${unpricedAddon!.addonName} (${unpricedAddon!.optionName}) is not sold in ${currencyCode}; remove it to buy ${name}.`,
        });
      }
    } else if (
      sameCurrency &&
      line.lastSeenUnitAmount !== null &&
      line.lastSeenUnitAmount !== seenAmount &&
      !touched.has(id) &&
      !quantityReduced
    ) {
      review.notifications.push({
        lineItemId: id,
        code: "price_changed",
        message: `The price of ${name} has changed from ${formatMoney(line.lastSeenUnitAmount, currencyCode)} to ${formatMoney(seenAmount, currencyCode)}.`,
      });
    }

    if (quantity !== line.quantity || !sameCurrency || line.lastSeenUnitAmount !== seenAmount) {
      review.lineUpdates.push({ lineItemId: id, quantity, lastSeenUnitAmount: seenAmount, lastSeenCurrencyCode: currencyCode });
    }
    review.lines.push({
      ...line,
      variantId: line.variantId,
      sku: line.sku,
      variantName: line.variantName,
      options: line.options ?? [],
      stockQuantity: line.stockQuantity,
      productId: line.productId,
      productSlug: line.productSlug,
      productName: line.productName,
      taxClass: line.taxClass ?? "books",
      quantity,
      addons,
      unitAmount,
    });
  }
  return review;
}
