import { allocateMoney, money, percentageOf, sumMoney, type Money } from "@quire/money";
import type { DiscountKind, TaxClass } from "@quire/contracts";

/*
 * A checkout's arithmetic, pure so it is unit- and property-tested without a database (decision 024).
 * Amounts are integer minor units in one currency. The same function prices the summary a shopper sees and
 * the order POST /orders creates, so what was shown is what is charged.
 */

/** Goods at one tax class: a line's book, or one of its add-ons (gift wrap is standard-rated, a book may not be). */
export interface TaxablePart {
  lineItemId: number;
  taxClass: TaxClass;
  /** What the shopper pays for this part before discounts: unit price × quantity, as the cart shows it. */
  amount: number;
}

export interface AppliedDiscount {
  code: string;
  kind: DiscountKind;
  /** percentage: the share off, in basis points (1250 = 12.5%). */
  basisPoints?: number;
  /** fixed_amount: minor units off, in the checkout's currency. */
  amountOff?: number;
}

export interface DeliveryPrice {
  amount: number;
  /** Goods worth at least this (after money-off discounts) ship free; null: never free by value. */
  freeOverAmount: number | null;
}

export interface CheckoutTotalsInput {
  currencyCode: string;
  /** Whether the currency's prices include tax (GBP and EUR do, as UK and EU shops show them; USD does not). */
  pricesIncludeTax: boolean;
  parts: readonly TaxablePart[];
  discounts: readonly AppliedDiscount[];
  /** The chosen delivery option's price in this currency; null before one is chosen. */
  delivery: DeliveryPrice | null;
  /** Basis points per tax class at the destination (or the store's country before an address is given). */
  taxRates: Readonly<Record<TaxClass, number>>;
}

export interface TaxLine {
  taxClass: TaxClass;
  basisPoints: number;
  /** Tax on the goods of this class and their share of the delivery charge. */
  amount: number;
}

export interface CheckoutTotals {
  subTotal: Money;
  /** Each code's money off; a free-delivery code's is the charge it waived. */
  discounts: { code: string; kind: DiscountKind; amount: Money }[];
  /** Money off the goods (percentage and fixed codes): the summary's cartAndCodeDiscount. */
  goodsDiscount: Money;
  /** Goods after money off: what the minimum order value and the free-delivery threshold are compared with. */
  goodsTotal: Money;
  /** The charge after any free-delivery code or threshold; null before an option is chosen. */
  deliveryCharge: Money | null;
  taxes: { amount: Money; included: boolean; lines: TaxLine[] };
  /** The part of the tax charged on the delivery (within `taxes`): what a return, which gives no delivery back, keeps. */
  deliveryTax: Money;
  grandTotal: Money;
  /** Goods after money off, per part, in the order of `parts` (what an order line records). */
  partTotals: Money[];
}

/** Tax in `gross` at `basisPoints` when the price includes it: gross × r / (1 + r), rounded half up. */
export function includedTax(gross: number, basisPoints: number): number {
  return Math.round((gross * basisPoints) / (10_000 + basisPoints));
}

/** Tax to add to `net` at `basisPoints` when prices exclude it, rounded half up. */
export function addedTax(net: number, basisPoints: number): number {
  return Math.round((net * basisPoints) / 10_000);
}

/**
 * Money off the goods: each percentage code takes its share of the goods, then each fixed code its amount,
 * never more than what is left (an order is never negative). Returns each code's amount in order.
 */
function goodsDiscounts(subTotal: Money, discounts: readonly AppliedDiscount[]): { code: string; amount: Money }[] {
  let remaining = subTotal.amount;
  const taken: { code: string; amount: Money }[] = [];
  const ordered = [...discounts.filter((d) => d.kind === "percentage"), ...discounts.filter((d) => d.kind === "fixed_amount")];
  for (const discount of ordered) {
    const wanted =
      discount.kind === "percentage" ? percentageOf(subTotal, discount.basisPoints ?? 0).amount : Math.max(0, discount.amountOff ?? 0);
    const amount = Math.min(wanted, remaining);
    remaining -= amount;
    taken.push({ code: discount.code, amount: money(amount, subTotal.currencyCode) });
  }
  return taken;
}

/** Splits `total` over `weights`, all of it to the first when every weight is zero. */
function allocateOver(total: Money, weights: readonly number[]): Money[] {
  if (weights.length === 0) return [];
  if (weights.every((weight) => weight === 0)) return weights.map((_, index) => money(index === 0 ? total.amount : 0, total.currencyCode));
  return allocateMoney(total, weights);
}

/**
 * The checkout's totals. Money off is shared over the parts in proportion to their amounts, so each part is
 * taxed on what is really paid for it; the delivery charge is shared the same way over the discounted parts
 * and taxed at each part's rate (the apportionment HMRC asks of mixed zero- and standard-rated goods), at the
 * standard rate when the goods cost nothing. Tax is rounded per part and class, then summed.
 */
export function computeCheckoutTotals(input: CheckoutTotalsInput): CheckoutTotals {
  const { currencyCode } = input;
  const subTotal = sumMoney(
    input.parts.map((part) => money(part.amount, currencyCode)),
    currencyCode,
  );
  const offGoods = goodsDiscounts(subTotal, input.discounts);
  const goodsDiscount = sumMoney(
    offGoods.map((entry) => entry.amount),
    currencyCode,
  );
  const goodsTotal = money(subTotal.amount - goodsDiscount.amount, currencyCode);

  const freeDeliveryCode = input.discounts.find((discount) => discount.kind === "free_delivery");
  let deliveryCharge: Money | null = null;
  let waived = 0;
  if (input.delivery) {
    const overThreshold = input.delivery.freeOverAmount !== null && goodsTotal.amount >= input.delivery.freeOverAmount;
    if (overThreshold) deliveryCharge = money(0, currencyCode);
    else if (freeDeliveryCode) {
      waived = input.delivery.amount;
      deliveryCharge = money(0, currencyCode);
    } else deliveryCharge = money(input.delivery.amount, currencyCode);
  }

  const discountShares = allocateOver(
    goodsDiscount,
    input.parts.map((part) => part.amount),
  );
  const partTotals = input.parts.map((part, index) => money(part.amount - discountShares[index]!.amount, currencyCode));

  // Delivery follows the goods: shared over the parts, or all standard-rated when nothing is bought for money.
  const deliveryParts: { taxClass: TaxClass; amount: number }[] = [];
  if (deliveryCharge && deliveryCharge.amount > 0) {
    if (goodsTotal.amount > 0) {
      const shares = allocateOver(
        deliveryCharge,
        partTotals.map((total) => total.amount),
      );
      input.parts.forEach((part, index) => deliveryParts.push({ taxClass: part.taxClass, amount: shares[index]!.amount }));
    } else deliveryParts.push({ taxClass: "standard", amount: deliveryCharge.amount });
  }

  const taxOf = input.pricesIncludeTax ? includedTax : addedTax;
  const byClass = new Map<TaxClass, number>();
  const taxed = [...input.parts.map((part, index) => ({ taxClass: part.taxClass, amount: partTotals[index]!.amount })), ...deliveryParts];
  for (const item of taxed) {
    const rate = input.taxRates[item.taxClass] ?? 0;
    byClass.set(item.taxClass, (byClass.get(item.taxClass) ?? 0) + taxOf(item.amount, rate));
  }
  const lines: TaxLine[] = [...byClass.entries()]
    .map(([taxClass, amount]) => ({ taxClass, basisPoints: input.taxRates[taxClass] ?? 0, amount }))
    .sort((a, b) => a.taxClass.localeCompare(b.taxClass));
  const taxAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  // Tax is rounded per part, so the delivery's share is exactly the sum of its parts' tax.
  const deliveryTax = deliveryParts.reduce((sum, part) => sum + taxOf(part.amount, input.taxRates[part.taxClass] ?? 0), 0);

  const delivered = deliveryCharge?.amount ?? 0;
  const grandTotal = money(goodsTotal.amount + delivered + (input.pricesIncludeTax ? 0 : taxAmount), currencyCode);

  const discounts = [
    ...offGoods.map((entry) => ({
      code: entry.code,
      kind: input.discounts.find((discount) => discount.code === entry.code)!.kind,
      amount: entry.amount,
    })),
    ...(freeDeliveryCode ? [{ code: freeDeliveryCode.code, kind: "free_delivery" as const, amount: money(waived, currencyCode) }] : []),
  ];
  return {
    subTotal,
    discounts,
    goodsDiscount,
    goodsTotal,
    deliveryCharge,
    taxes: { amount: money(taxAmount, currencyCode), included: input.pricesIncludeTax, lines },
    deliveryTax: money(deliveryTax, currencyCode),
    grandTotal,
    partTotals,
  };
}
