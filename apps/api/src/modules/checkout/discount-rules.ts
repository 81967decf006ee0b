import type { ApiErrorCode, DiscountKind } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { AppliedDiscount } from "./checkout-totals";
import type { DiscountCodeRow } from "./checkout.repository";

/*
 * When a discount code may be used (decision 024), pure so every rule is unit-tested. The same checks run when
 * a code is applied and again when the order is placed; only the order consumes a use, atomically, so a
 * code applied to many baskets is still used no more than its limit.
 *
 * Combining: a basket carries at most one money-off code (percentage or fixed amount) and at most one
 * free-delivery code. Two money-off codes would compound in ways a merchant rarely means; delivery is a
 * separate charge, so waiving it combines with either.
 */

export interface DiscountRefusal {
  code: ApiErrorCode;
  message: string;
}

const moneyOff = (kind: DiscountKind) => kind === "percentage" || kind === "fixed_amount";

/** Why `code` cannot be used now on goods worth `goodsSubTotal` (before discounts); null when it can. */
export function refuseDiscountCode(
  code: DiscountCodeRow,
  input: { now: Date; currencyCode: string; goodsSubTotal: number; usesByCustomer: number },
): DiscountRefusal | null {
  if (!code.isActive) return { code: "discount_code_invalid", message: "This discount code is not valid" };
  if (code.startsAt && input.now < code.startsAt)
    return { code: "discount_code_not_started", message: "This discount code is not valid yet" };
  if (code.endsAt && input.now >= code.endsAt) return { code: "discount_code_expired", message: "This discount code has expired" };
  // A fixed code is an amount in some currency: without one in this currency it cannot be used in it.
  if (code.kind === "fixed_amount" && code.amountOff === null) {
    return { code: "discount_code_invalid", message: `This discount code cannot be used in ${input.currencyCode}` };
  }
  if (code.minimumSpend !== null && input.goodsSubTotal < code.minimumSpend) {
    return {
      code: "discount_code_minimum_not_met",
      message: `Spend at least ${formatMoney(code.minimumSpend, input.currencyCode)} to use this discount code`,
    };
  }
  if (code.usageLimit !== null && code.timesUsed >= code.usageLimit) {
    return { code: "discount_code_used_up", message: "This discount code has been used up" };
  }
  if (code.perCustomerLimit !== null && input.usesByCustomer >= code.perCustomerLimit) {
    return { code: "discount_code_already_used", message: "You have already used this discount code" };
  }
  return null;
}

/** Why `candidate` cannot join the codes already on the basket; null when it can. */
export function refuseCombination(candidate: DiscountCodeRow, applied: readonly DiscountCodeRow[]): DiscountRefusal | null {
  const clash = applied.find(
    (code) => code.id !== candidate.id && (moneyOff(code.kind) ? moneyOff(candidate.kind) : code.kind === candidate.kind),
  );
  if (!clash) return null;
  return {
    code: "discount_code_not_combinable",
    message: moneyOff(candidate.kind)
      ? `Only one money-off code can be used per order: remove ${clash.code} to use ${candidate.code}`
      : `${clash.code} already gives free delivery`,
  };
}

/** The codes as the totals apply them. */
export function toAppliedDiscounts(codes: readonly DiscountCodeRow[]): AppliedDiscount[] {
  return codes.map((code) => ({
    code: code.code,
    kind: code.kind,
    ...(code.basisPoints !== null ? { basisPoints: code.basisPoints } : {}),
    ...(code.amountOff !== null ? { amountOff: code.amountOff } : {}),
  }));
}
