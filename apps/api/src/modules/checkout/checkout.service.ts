import type {
  Address,
  BillingAddressBody,
  Cart,
  CheckoutFieldsBody,
  CheckoutSummary,
  CustomerInfoBody,
  DeliveryAddressBody,
  DeliveryOption,
  DeliveryOptionBody,
  DiscountCodeBody,
  TaxClass,
} from "@quire/contracts";
import { money } from "@quire/money";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { minimumOrderOf } from "../cart/cart-pricing";
import type { CartReview, ReviewedLine } from "../cart/cart-review";
import { createAddress } from "../addresses/addresses.service";
import { reviewOwnedCart, type CartOwner } from "../cart/cart.service";
import { toAddressAnswer } from "../addresses/address-format";
import { computeCheckoutTotals, type CheckoutTotals, type TaxablePart } from "./checkout-totals";
import * as repository from "./checkout.repository";
import { refuseCombination, refuseDiscountCode, toAppliedDiscounts } from "./discount-rules";

export type CheckoutContext = Pick<RequestContext, "store" | "currencyCode">;
export type { CartOwner as CheckoutOwner };

/**
 * A guest may check out only where the store allows it (AllowedUnauthorizedCheckout);
 * elsewhere the storefront sends them to sign in. 401, like every "sign in to continue".
 */
export function assertMayCheckout(ctx: CheckoutContext, owner: CartOwner) {
  if (!("anonymousId" in owner)) return;
  if (ctx.store.anonymousCustomerProductPolicy !== "AllowedUnauthorizedCheckout") throw new AppError("checkout_not_allowed");
  if (owner.anonymousId === null) {
    throw new AppError("anonymous_id_required", "Give the basket's anonymousId, or sign in", { field: "anonymousId" });
  }
}

/** What the totals price: each line's goods, and each of its add-ons, at their tax classes. Lines without a price are not for sale. */
export function taxablePartsOf(lines: readonly ReviewedLine[]): TaxablePart[] {
  return lines.flatMap((line) => {
    if (line.unitAmount === null || line.addons.some((addon) => addon.amount === null)) return [];
    return [
      { lineItemId: line.lineItemId, taxClass: line.taxClass, amount: line.unitAmount * line.quantity },
      ...line.addons.map((addon) => ({ lineItemId: line.lineItemId, taxClass: addon.taxClass, amount: addon.amount! * line.quantity })),
    ];
  });
}

/** An option as answers carry it, with what it would cost this basket now. */
function toDeliveryOption(row: repository.DeliveryOptionRow, currencyCode: string, goodsTotal: number): DeliveryOption {
  const free = row.freeOverAmount !== null && goodsTotal >= row.freeOverAmount;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    minDays: row.minDays,
    maxDays: row.maxDays,
    price: money(row.amount, currencyCode),
    freeOver: row.freeOverAmount === null ? null : money(row.freeOverAmount, currencyCode),
    charge: money(free ? 0 : row.amount, currencyCode),
  };
}

/** Everything a checkout is priced from, read in a fixed number of statements. */
export interface CheckoutState {
  cart: { id: number; anonymousId: string | null };
  lines: ReviewedLine[];
  /** The basket's review against the catalogue, as a read computes it (nothing written). */
  review: CartReview;
  answer: Cart;
  details: repository.CheckoutDetails | null;
  codes: repository.DiscountCodeRow[];
  /** The zone's options for the delivery country (none before a delivery address). */
  options: repository.DeliveryOptionRow[];
  chosenOption: repository.DeliveryOptionRow | null;
  taxCountryCode: string;
  tax: Awaited<ReturnType<typeof repository.findTaxSetup>>;
  totals: CheckoutTotals;
}

/** Reads and prices the owner's checkout; `lock` for a change or an order. Null when the owner has no cart. */
export async function loadCheckout(
  tx: Db,
  ctx: CheckoutContext,
  owner: CartOwner,
  options: { lock: boolean },
): Promise<CheckoutState | null> {
  const reviewed = await reviewOwnedCart(tx, ctx, owner, options);
  if (!reviewed) return null;
  const { cart, review, answer } = reviewed;
  const details = await repository.findCheckoutDetails(tx, cart.id);
  const deliveryCountry = details?.deliveryAddress?.countryCode ?? null;
  const taxCountryCode = deliveryCountry ?? ctx.store.defaultCountryCode;
  // One after another: a transaction's statements share one connection, which runs one query at a time.
  const codes = await repository.listCartDiscountCodes(tx, { cartId: cart.id, currencyCode: ctx.currencyCode });
  const deliveryOptions = deliveryCountry
    ? await repository.listDeliveryOptions(tx, { storeId: ctx.store.id, countryCode: deliveryCountry, currencyCode: ctx.currencyCode })
    : [];
  const tax = await repository.findTaxSetup(tx, { storeId: ctx.store.id, countryCode: taxCountryCode, currencyCode: ctx.currencyCode });
  const chosenOption = deliveryOptions.find((option) => option.id === details?.deliveryZoneOptionId) ?? null;
  const parts = taxablePartsOf(review.lines);
  const goodsSubTotal = parts.reduce((sum, part) => sum + part.amount, 0);
  // A code that has stopped applying (expired, minimum no longer met) gives nothing; it stays listed until removed.
  const now = new Date();
  const usable = codes.filter(
    (code) => refuseDiscountCode(code, { now, currencyCode: ctx.currencyCode, goodsSubTotal, usesByCustomer: 0 }) === null,
  );
  const totals = computeCheckoutTotals({
    currencyCode: ctx.currencyCode,
    pricesIncludeTax: tax.pricesIncludeTax,
    parts,
    discounts: toAppliedDiscounts(usable),
    delivery: chosenOption ? { amount: chosenOption.amount, freeOverAmount: chosenOption.freeOverAmount } : null,
    taxRates: tax.rates,
  });
  return {
    cart: { id: cart.id, anonymousId: cart.anonymousId },
    lines: review.lines,
    review,
    answer,
    details,
    codes,
    options: deliveryOptions,
    chosenOption,
    taxCountryCode,
    tax,
    totals,
  };
}

/** What still stands between the shopper and the order, in checkout order. */
export function missingSteps(state: CheckoutState, ctx: CheckoutContext): CheckoutSummary["missing"] {
  const { details, totals } = state;
  const missing: CheckoutSummary["missing"] = [];
  if (state.totals.subTotal.amount === 0 && state.lines.length === 0) missing.push("items");
  if (!details?.email || !details.firstName || !details.lastName) missing.push("customer_info");
  if (!details?.deliveryAddress) missing.push("delivery_address");
  if (!state.chosenOption) missing.push("delivery_option");
  if (details && !details.billingSameAsDelivery && !details.billingAddress) missing.push("billing_address");
  const minimum = minimumOrderOf(ctx.store.minimumOrderPrices, totals.goodsTotal);
  if (minimum && !minimum.isMet) missing.push("minimum_order");
  return missing;
}

/** The order summary the checkout shows, from a loaded checkout. */
export function toSummary(state: CheckoutState, ctx: CheckoutContext): CheckoutSummary {
  const { details, totals, currency } = { ...state, currency: ctx.currencyCode };
  const delivery = details?.deliveryAddress ?? null;
  const billing = details?.billingSameAsDelivery === false ? (details.billingAddress ?? null) : delivery;
  const minimum = minimumOrderOf(ctx.store.minimumOrderPrices, totals.goodsTotal);
  return {
    basketDetails: {
      currencyCode: currency,
      anonymousId: state.cart.anonymousId,
      customerInfo:
        details?.email && details.firstName && details.lastName
          ? { email: details.email, firstName: details.firstName, lastName: details.lastName, phone: details.phone }
          : null,
      discountCodes: state.codes.map((code) => {
        const applied = totals.discounts.find((discount) => discount.code === code.code);
        return { code: code.code, kind: code.kind, amount: applied?.amount ?? money(0, currency) };
      }),
      cartAndCodeDiscount: totals.goodsDiscount,
      deliveryCharge: totals.deliveryCharge ?? money(0, currency),
      subTotal: totals.subTotal,
      lineItems: state.answer.lineItems,
      notifications: state.answer.notifications,
      referenceNumber: details?.referenceNumber ?? null,
      customerComment: details?.customerComment ?? null,
    },
    deliveryAddress: delivery ? toAddressAnswer(delivery) : null,
    billingAddress: billing ? toAddressAnswer(billing) : null,
    billingSameAsDelivery: details?.billingSameAsDelivery ?? true,
    deliveryZoneOption: state.chosenOption
      ? { id: state.chosenOption.id, deliveryOption: toDeliveryOption(state.chosenOption, currency, totals.goodsTotal.amount) }
      : null,
    taxes: {
      amount: totals.taxes.amount,
      included: totals.taxes.included,
      countryCode: state.taxCountryCode,
      lines: totals.taxes.lines.map((line) => ({
        taxClass: line.taxClass as TaxClass,
        ratePercent: line.basisPoints / 100,
        amount: money(line.amount, currency),
      })),
    },
    grandTotal: totals.grandTotal,
    minimumOrder: minimum ? { amount: money(minimum.amount, currency), isMet: minimum.isMet } : null,
    missing: missingSteps(state, ctx),
    termsAndConditions: {
      required: ctx.store.isCheckoutTermsAndConditionsEnabled,
      text: ctx.store.checkoutTermsAndConditionsText,
    },
    latestPayment: null,
  };
}

/** GET /baskets/checkout/summary: read-only, one snapshot (decision 020). */
export async function getCheckoutSummary(db: Db, ctx: CheckoutContext, owner: CartOwner): Promise<CheckoutSummary> {
  assertMayCheckout(ctx, owner);
  return db.transaction(
    async (tx) => {
      const state = await loadCheckout(tx, ctx, owner, { lock: false });
      if (!state) throw new AppError("cart_not_found", "There is no basket to check out");
      return toSummary(state, ctx);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Runs a checkout change under the cart's lock and answers the summary after it: `change` gets the loaded
 * checkout and writes; the checkout is then loaded again to price what it changed.
 */
async function changeCheckout(db: Db, ctx: CheckoutContext, owner: CartOwner, change: (tx: Db, state: CheckoutState) => Promise<void>) {
  assertMayCheckout(ctx, owner);
  return db.transaction(async (tx) => {
    const state = await loadCheckout(tx, ctx, owner, { lock: true });
    if (!state) throw new AppError("cart_not_found", "There is no basket to check out");
    await change(tx, state);
    const after = await loadCheckout(tx, ctx, owner, { lock: false });
    return toSummary(after!, ctx);
  });
}

/** PUT /baskets/checkout/customer-info. */
export function setCustomerInfo(db: Db, ctx: CheckoutContext, owner: CartOwner, body: CustomerInfoBody) {
  return changeCheckout(db, ctx, owner, (tx, state) =>
    repository.saveCheckoutDetails(tx, state.cart.id, {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone || null,
    }),
  );
}

/** The store must deliver to the address's country, and a zone must serve it. */
async function assertCountryServed(tx: Db, ctx: CheckoutContext, countryCode: string, field: string) {
  const served =
    ctx.store.countryCodes.includes(countryCode) &&
    (await repository.listDeliveryOptions(tx, { storeId: ctx.store.id, countryCode, currencyCode: ctx.currencyCode })).length > 0;
  if (!served) throw new AppError("country_not_served", `We do not deliver to ${countryCode} in ${ctx.currencyCode}`, { field });
}

/**
 * With `saveToAddressBook`, a signed-in customer's address also goes into their address book, in the checkout
 * change's transaction: both are saved, or (a full book) neither. A guest has no book; the flag is ignored.
 */
async function keepInAddressBook(tx: Db, ctx: CheckoutContext, owner: CartOwner, body: { address: Address; saveToAddressBook?: boolean }) {
  if (!body.saveToAddressBook || !("customerId" in owner)) return;
  await createAddress(tx, { customerId: owner.customerId, countryCodes: ctx.store.countryCodes }, { address: body.address });
}

/** PUT /baskets/checkout/delivery-address: saving it clears the chosen delivery option (the new address may not offer it). */
export function setDeliveryAddress(db: Db, ctx: CheckoutContext, owner: CartOwner, body: DeliveryAddressBody) {
  return changeCheckout(db, ctx, owner, async (tx, state) => {
    await assertCountryServed(tx, ctx, body.address.countryCode, "body.address.countryCode");
    await repository.saveCheckoutDetails(tx, state.cart.id, { deliveryAddress: body.address, deliveryZoneOptionId: null });
    await keepInAddressBook(tx, ctx, owner, body);
  });
}

/** PUT /baskets/checkout/billing-address: an address of its own, or the delivery address again. */
export function setBillingAddress(db: Db, ctx: CheckoutContext, owner: CartOwner, body: BillingAddressBody) {
  return changeCheckout(db, ctx, owner, async (tx, state) => {
    if ("sameAsDelivery" in body) {
      await repository.saveCheckoutDetails(tx, state.cart.id, { billingSameAsDelivery: true, billingAddress: null });
      return;
    }
    await repository.saveCheckoutDetails(tx, state.cart.id, { billingSameAsDelivery: false, billingAddress: body.address });
    await keepInAddressBook(tx, ctx, owner, body);
  });
}

/** GET /baskets/checkout/delivery/available-options: only once a delivery address exists; options depend on it. */
export async function listAvailableDeliveryOptions(db: Db, ctx: CheckoutContext, owner: CartOwner) {
  assertMayCheckout(ctx, owner);
  return db.transaction(
    async (tx) => {
      const state = await loadCheckout(tx, ctx, owner, { lock: false });
      if (!state) throw new AppError("cart_not_found", "There is no basket to check out");
      const address = state.details?.deliveryAddress;
      if (!address) throw new AppError("delivery_address_required");
      return {
        zoneName: state.options[0]?.zoneName ?? "",
        countryCode: address.countryCode,
        options: state.options.map((option) => toDeliveryOption(option, ctx.currencyCode, state.totals.goodsTotal.amount)),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** PUT /baskets/checkout/delivery/options: one of the options the delivery address's zone offers. */
export function setDeliveryOption(db: Db, ctx: CheckoutContext, owner: CartOwner, body: DeliveryOptionBody) {
  return changeCheckout(db, ctx, owner, async (tx, state) => {
    if (!state.details?.deliveryAddress) throw new AppError("delivery_address_required");
    if (!state.options.some((option) => option.id === body.deliveryZoneOptionId)) {
      throw new AppError("delivery_option_not_found", "This delivery option is not offered for the delivery address", {
        field: "body.deliveryZoneOptionId",
      });
    }
    await repository.saveCheckoutDetails(tx, state.cart.id, { deliveryZoneOptionId: body.deliveryZoneOptionId });
  });
}

/**
 * How many orders used a code by this customer or this email, in the caller's transaction. The uses are the
 * orders module's (an order records the codes it used), so the flow that checks a code hands this in.
 */
export type CountDiscountUses = (
  db: Db,
  input: { discountCodeId: number; customerId: number | null; email: string | null },
) => Promise<number>;

/**
 * PUT /baskets/checkout/discount-codes: applies a code if it can be used now on this basket and combines with
 * those already on it. Using it is only checked here; the order consumes it (place-order.flow.ts).
 */
export function applyDiscountCode(
  db: Db,
  ctx: CheckoutContext,
  owner: CartOwner,
  body: DiscountCodeBody,
  customer: { customerId: number | null; countDiscountUses: CountDiscountUses },
) {
  const { customerId, countDiscountUses } = customer;
  return changeCheckout(db, ctx, owner, async (tx, state) => {
    const code = await repository.findDiscountCode(tx, { storeId: ctx.store.id, code: body.discountCode, currencyCode: ctx.currencyCode });
    if (!code) throw new AppError("discount_code_invalid", { field: "body.discountCode" });
    const usesByCustomer =
      code.perCustomerLimit === null
        ? 0
        : await countDiscountUses(tx, { discountCodeId: code.id, customerId, email: state.details?.email ?? null });
    const refusal =
      refuseDiscountCode(code, {
        now: new Date(),
        currencyCode: ctx.currencyCode,
        goodsSubTotal: state.totals.subTotal.amount,
        usesByCustomer,
      }) ?? refuseCombination(code, state.codes);
    if (refusal) throw new AppError(refusal.code, refusal.message, { field: "body.discountCode" });
    await repository.addCartDiscountCode(tx, state.cart.id, code.id);
  });
}

/** DELETE /baskets/checkout/discount-codes: takes the code off the basket. */
export function removeDiscountCode(db: Db, ctx: CheckoutContext, owner: CartOwner, body: DiscountCodeBody) {
  return changeCheckout(db, ctx, owner, async (tx, state) => {
    const code = state.codes.find((applied) => applied.code === body.discountCode);
    if (!code || (await repository.removeCartDiscountCodes(tx, state.cart.id, [code.id])) === 0) {
      throw new AppError("discount_code_not_applied", { field: "body.discountCode" });
    }
  });
}

/** PUT /baskets/checkout/customers-fields: the order note. */
export function setCheckoutFields(db: Db, ctx: CheckoutContext, owner: CartOwner, body: CheckoutFieldsBody) {
  return changeCheckout(db, ctx, owner, (tx, state) =>
    repository.saveCheckoutDetails(tx, state.cart.id, {
      referenceNumber: body.referenceNumber || null,
      customerComment: body.customerComment || null,
    }),
  );
}

/**
 * A basket change made from the checkout page (quantity, removal, add-ons): the cart's own change, in the
 * same transaction as the summary that answers it.
 */
export function changeCheckoutLines(db: Db, ctx: CheckoutContext, owner: CartOwner, change: (tx: Db) => Promise<unknown>) {
  assertMayCheckout(ctx, owner);
  return db.transaction(async (tx) => {
    await change(tx);
    const state = await loadCheckout(tx, ctx, owner, { lock: false });
    if (!state) throw new AppError("cart_not_found", "There is no basket to check out");
    return toSummary(state, ctx);
  });
}

/**
 * Uses the checkout's discount codes for an order, in the order's transaction: each must still be usable now
 * (not expired, its minimum met), then one use of each is taken within its limit, under the code's row lock,
 * and the buyer's own uses are checked against a per-customer limit. Refuses with the code's reason otherwise.
 */
export async function useDiscountCodes(
  tx: Db,
  codes: readonly repository.DiscountCodeRow[],
  input: {
    currencyCode: string;
    goodsSubTotal: number;
    customerId: number | null;
    email: string;
    now: Date;
    countDiscountUses: CountDiscountUses;
  },
): Promise<void> {
  const { countDiscountUses } = input;
  const rules = { now: input.now, currencyCode: input.currencyCode, goodsSubTotal: input.goodsSubTotal };
  // A code that stopped applying since it was added (used up, expired, minimum no longer met) is named.
  for (const code of codes) {
    const refusal = refuseDiscountCode(code, { ...rules, usesByCustomer: 0 });
    if (refusal) throw new AppError(refusal.code, refusal.message);
  }
  for (const code of codes) {
    if (!(await repository.consumeDiscountUse(tx, code.id))) throw new AppError("discount_code_used_up");
    const usesByCustomer =
      code.perCustomerLimit === null
        ? 0
        : await countDiscountUses(tx, { discountCodeId: code.id, customerId: input.customerId, email: input.email });
    const refusal = refuseDiscountCode({ ...code, timesUsed: 0 }, { ...rules, usesByCustomer });
    if (refusal) throw new AppError(refusal.code, refusal.message);
  }
}

/** A cancelled order's discount codes each count one use fewer (one per use it made), in its transaction. */
export async function giveDiscountUsesBack(tx: Db, discountCodeIds: readonly number[]): Promise<void> {
  await repository.releaseDiscountUses(tx, discountCodeIds);
}
