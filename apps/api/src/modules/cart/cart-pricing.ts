import type { Cart, CartLineItem, CartNotification, StoreSettings } from "@quire/contracts";
import { addMoney, money, multiplyMoney, sumMoney, type Money } from "@quire/money";
import { exposeStock, isPurchasable, type PolicyStore } from "../catalog/catalog-policy";
import type { ReviewedLine } from "./cart-review";

/*
 * The cart's arithmetic, pure so it is unit- and property-tested without a database. Every amount is
 * integer minor units in one currency; @quire/money refuses fractions and mixed currencies.
 */

export interface TierPriceFact {
  minQuantity: number;
  amount: number;
}

/**
 * What one unit costs when `quantity` units are bought: the base price, or the lowest tier price whose
 * minimum the quantity reaches. The lowest, not the "largest break": buying more never costs more per
 * unit, even if a sale later undercuts a tier set before it.
 */
export function unitAmountAt(baseAmount: number, tiers: readonly TierPriceFact[], quantity: number): number {
  let amount = baseAmount;
  for (const tier of tiers) {
    if (quantity >= tier.minQuantity && tier.amount < amount) amount = tier.amount;
  }
  return amount;
}

/** A line's total: (unit price + each add-on's price) × quantity. Add-ons are priced per unit (each copy is wrapped). */
/**
 * The sale a line's unit announces: its pre-sale price only when that is above what the unit now costs, and with it
 * the lowest price of the 30 days before the reduction (decision 058).
 */
export function saleOf(
  line: { originalAmount: number | null; lowestPriorAmount: number | null },
  unitAmount: number,
): { originalPrice: number | null; lowestPriorPrice: number | null } {
  if (line.originalAmount === null || line.originalAmount <= unitAmount) return { originalPrice: null, lowestPriorPrice: null };
  return { originalPrice: line.originalAmount, lowestPriorPrice: line.lowestPriorAmount };
}

export function lineTotalOf(unit: Money, addonPrices: readonly Money[], quantity: number): Money {
  return multiplyMoney(addMoney(unit, sumMoney(addonPrices, unit.currencyCode)), quantity);
}

/** Sum of the lines that can be bought; lines without a total (no price in this currency) do not count. */
export function subTotalOf(lineTotals: readonly (Money | null)[], currencyCode: string): Money {
  return sumMoney(
    lineTotals.filter((total): total is Money => total !== null),
    currencyCode,
  );
}

/** The store's minimum order in the request currency and whether the subtotal reaches it; null without one. */
export function minimumOrderOf(
  minimums: readonly { currencyCode: string; amount: number }[],
  subTotal: Money,
): { amount: number; currencyCode: string; isMet: boolean } | null {
  const minimum = minimums.find((entry) => entry.currencyCode === subTotal.currencyCode);
  if (!minimum) return null;
  return { amount: minimum.amount, currencyCode: minimum.currencyCode, isMet: subTotal.amount >= minimum.amount };
}

/** The cart answer (lines, notices, subtotal) from reviewed lines: every amount is computed here, never by a client. */
export function priceCart(input: {
  cart: { id: number | null; anonymousId: string | null };
  lines: readonly ReviewedLine[];
  notifications: CartNotification[];
  store: PolicyStore & Pick<StoreSettings, "minimumOrderPrices">;
  currencyCode: string;
}): Cart {
  const { currencyCode, store } = input;
  const lineItems: CartLineItem[] = input.lines.map((line) => {
    const unit = line.unitAmount === null ? null : money(line.unitAmount, currencyCode);
    const addons = line.addons.map((addon) => ({
      addonOptionId: addon.addonOptionId,
      addonId: addon.addonId,
      addonName: addon.addonName,
      optionName: addon.optionName,
      price: addon.amount === null ? null : money(addon.amount, currencyCode),
    }));
    const addonPrices = addons.map((addon) => addon.price);
    const isPriced = unit !== null && addonPrices.every((price) => price !== null);
    return {
      lineItemId: line.lineItemId,
      productId: line.productId,
      productSlug: line.productSlug,
      productName: line.productName,
      image: line.image,
      variant: { id: line.variantId, sku: line.sku, name: line.variantName, options: line.options },
      quantity: line.quantity,
      unitPrice:
        unit === null
          ? null
          : {
              amount: unit.amount,
              ...saleOf(line, unit.amount),
              currencyCode,
            },
      addons,
      lineTotal: isPriced ? lineTotalOf(unit, addonPrices as Money[], line.quantity) : null,
      stock: exposeStock(store, line.stockQuantity),
      isPurchasable: isPriced && isPurchasable(store, line.stockQuantity, true),
    };
  });
  const subTotal = subTotalOf(
    lineItems.map((line) => (line.isPurchasable ? line.lineTotal : null)),
    currencyCode,
  );
  return {
    id: input.cart.id,
    anonymousId: input.cart.anonymousId,
    currencyCode,
    lineItems,
    notifications: input.notifications,
    subTotal,
    itemCount: lineItems.reduce((count, line) => count + line.quantity, 0),
    minimumOrder: minimumOrderOf(store.minimumOrderPrices, subTotal),
  };
}
