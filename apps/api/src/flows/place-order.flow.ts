import { UNPAID_ORDER_TIMEOUT_MINUTES, type CartNotificationCode, type PlaceOrderBody } from "@quire/contracts";
import { formatMoney, money } from "@quire/money";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { minimumOrderOf } from "../modules/cart/cart-pricing";
import { lineDisplayName, type ReviewedLine } from "../modules/cart/cart-review";
import { closeOrderedBasket, lockBasketToOrder, settleReview, type CartOwner } from "../modules/cart/cart.service";
import {
  assertMayCheckout,
  loadCheckout,
  useDiscountCodes,
  type CheckoutContext,
  type CheckoutState,
} from "../modules/checkout/checkout.service";
import { reserveStock } from "../modules/inventory/inventory.service";
import { countDiscountUses } from "../modules/orders/discount-code-uses.service";
import { findOrderOfBasket, recordOrder } from "../modules/orders/order-changes.service";
import { assertCreditCovers, assertPaymentProviderEnabled } from "../modules/payments/payments.service";
import type { TransitionActor } from "../modules/state-machines/state-machine";

/*
 * Placing an order (decision 024): the shopper's basket becomes an order exactly once, in one transaction that
 * holds the basket's lock. The steps, in order: lock the basket (a repeat finds the order it made), check the
 * terms, review the basket against the catalogue, price the order (every step of the checkout given, the
 * minimum met), reserve the stock, use the discount codes, record the order and close the basket. Every
 * amount is the server's; nothing the browser sent is a price.
 */

/** What the catalogue review may find that the shopper must see before ordering. */
const BASKET_CHANGES = new Set<CartNotificationCode>(["quantity_reduced", "item_removed", "addon_removed"]);

export interface CreatedOrder {
  id: number;
  publicId: string;
  grandTotal: { amount: number; currencyCode: string };
}

/** Who places the order: a signed-in customer, or a guest by their basket's anonymousId. */
export type OrderPlacer = { customerId: number } | { anonymousId: string | null };

interface PlacedOrder {
  id: number;
  publicId: string;
  grandTotal: number;
  currencyCode: string;
}

/** A basket line with a price in the currency, its add-ons priced too: what an order can be made of. */
type PricedAddon = ReviewedLine["addons"][number] & { amount: number };
type PricedLine = Omit<ReviewedLine, "unitAmount" | "addons"> & { unitAmount: number; addons: PricedAddon[] };

const isPriced = (line: ReviewedLine): line is PricedLine =>
  line.unitAmount !== null && line.addons.every((addon) => addon.amount !== null);

/**
 * POST /orders: turns the caller's basket into an order, exactly once. A basket that changed under the shopper
 * (lines gone or shrunk) is settled and the shopper asked to look again (409 `checkout_changed`); a second
 * placement of the same basket answers the order the first made.
 */
export async function placeOrder(db: Db, ctx: CheckoutContext, placer: OrderPlacer, body: PlaceOrderBody): Promise<CreatedOrder> {
  const owner: CartOwner = placer;
  assertMayCheckout(ctx, owner);
  const order = await db.transaction(async (tx) => {
    const basket = await lockBasketToOrder(tx, { storeId: ctx.store.id, owner });
    if (basket.ordered) {
      const placed = await findOrderOfBasket(tx, basket.id);
      if (!placed) throw new AppError("cart_not_found", "There is no basket to order");
      return placed;
    }
    assertTermsAccepted(ctx, body);
    const state = await reviewBasket(tx, ctx, owner);
    if (!state) return null;
    const priced = priceOrder(ctx, state);
    const customerId = "customerId" in placer ? placer.customerId : null;
    // A provider the merchant switched off is refused before any order is made for it (decision 052).
    if (body.paymentProviderId) await assertPaymentProviderEnabled(tx, { storeId: ctx.store.id, provider: body.paymentProviderId });
    if (body.paymentProviderId === "on-account") {
      await assertCreditCovers(tx, { customerId, currencyCode: ctx.currencyCode, amount: state.totals.grandTotal.amount });
    }
    const reserved = await reserveStock(tx, {
      storeId: ctx.store.id,
      allowShortfall: ctx.store.isOutOfStockPurchaseEnabled,
      lines: priced.lines.map((line) => ({
        variantId: line.variantId,
        quantity: line.quantity,
        name: lineDisplayName(line.productName, line.variantName),
      })),
    });
    await useDiscountCodes(tx, state.codes, {
      currencyCode: ctx.currencyCode,
      goodsSubTotal: state.totals.subTotal.amount,
      customerId,
      email: priced.buyer.email,
      now: new Date(),
      countDiscountUses,
    });
    const placed = await recordPlacedOrder(tx, ctx, { basket, state, priced, reserved, customerId, body });
    const actor: TransitionActor = customerId === null ? { type: "anonymous" } : { type: "customer", id: customerId };
    await closeOrderedBasket(tx, { cartId: basket.id, actor, orderPublicId: placed.publicId });
    return placed;
  });
  if (!order) {
    throw new AppError("checkout_changed", "Your basket changed since you last looked at it: check it and place the order again");
  }
  return { id: order.id, publicId: order.publicId, grandTotal: money(order.grandTotal, order.currencyCode) };
}

/** The terms come first: without them nothing else matters, and no order is made. */
function assertTermsAccepted(ctx: CheckoutContext, body: PlaceOrderBody) {
  if (ctx.store.isCheckoutTermsAndConditionsEnabled && body.termsAccepted !== true) {
    throw new AppError("terms_not_accepted", { field: "body.termsAccepted" });
  }
}

/**
 * The checkout as it stands, reviewed against the catalogue with the basket locked. Lines gone or shrunk since
 * the shopper last looked are settled (their notices kept) and null is answered: the shopper looks again. A
 * changed price does not stop the order: the summary and the order both charge today's price.
 */
async function reviewBasket(tx: Db, ctx: CheckoutContext, owner: CartOwner): Promise<CheckoutState | null> {
  const state = await loadCheckout(tx, ctx, owner, { lock: true });
  if (!state) throw new AppError("cart_not_found", "There is no basket to order");
  if (state.review.notifications.some((notice) => BASKET_CHANGES.has(notice.code))) {
    await settleReview(tx, state.cart.id, state.review);
    return null;
  }
  return state;
}

/**
 * What the order is made of, checked: every line priced in the currency, the buyer, both addresses and the
 * delivery option given, and the store's minimum order met. Refuses with the step that is missing.
 */
function priceOrder(ctx: CheckoutContext, state: CheckoutState) {
  const lines = state.lines.filter(isPriced);
  if (lines.length === 0 || lines.length !== state.lines.length) throw new AppError(lines.length === 0 ? "cart_empty" : "item_unavailable");
  const { details, totals, chosenOption } = state;
  if (!details?.email || !details.firstName || !details.lastName) throw new AppError("customer_info_required");
  if (!details.deliveryAddress) throw new AppError("delivery_address_required");
  if (!chosenOption || !totals.deliveryCharge) throw new AppError("delivery_option_required");
  const billingAddress = details.billingSameAsDelivery ? details.deliveryAddress : details.billingAddress;
  if (!billingAddress) throw new AppError("billing_address_required");
  const minimum = minimumOrderOf(ctx.store.minimumOrderPrices, totals.goodsTotal);
  if (minimum && !minimum.isMet) {
    throw new AppError("minimum_order_not_met", `The minimum order is ${formatMoney(minimum.amount, minimum.currencyCode)}`);
  }
  return {
    lines,
    buyer: { email: details.email, firstName: details.firstName, lastName: details.lastName, phone: details.phone },
    deliveryAddress: details.deliveryAddress,
    billingAddress,
    deliveryOption: chosenOption,
    deliveryCharge: totals.deliveryCharge.amount,
  };
}

/** The order as placed: its snapshot of the checkout, its lines with the stock each took, and its codes' uses. */
async function recordPlacedOrder(
  tx: Db,
  ctx: CheckoutContext,
  input: {
    basket: { id: number; anonymousId: string | null };
    state: CheckoutState;
    priced: ReturnType<typeof priceOrder>;
    reserved: number[];
    customerId: number | null;
    body: PlaceOrderBody;
  },
): Promise<PlacedOrder> {
  const { state, priced, customerId, body } = input;
  const { totals, details } = state;
  const { id, publicId } = await recordOrder(
    tx,
    {
      storeId: ctx.store.id,
      cartId: input.basket.id,
      customerId,
      anonymousId: customerId === null ? input.basket.anonymousId : null,
      status: "awaiting_payment",
      ...priced.buyer,
      currencyCode: ctx.currencyCode,
      pricesIncludeTax: totals.taxes.included,
      subTotal: totals.subTotal.amount,
      discountTotal: totals.goodsDiscount.amount,
      deliveryCharge: priced.deliveryCharge,
      taxTotal: totals.taxes.amount.amount,
      deliveryTax: totals.deliveryTax.amount,
      grandTotal: totals.grandTotal.amount,
      taxLines: totals.taxes.lines,
      discountLines: totals.discounts.map((discount) => ({ code: discount.code, kind: discount.kind, amount: discount.amount.amount })),
      deliveryAddress: priced.deliveryAddress,
      billingAddress: priced.billingAddress,
      deliveryOptionId: priced.deliveryOption.id,
      deliveryOptionName: priced.deliveryOption.name,
      deliveryOptionKind: priced.deliveryOption.kind,
      referenceNumber: details?.referenceNumber ?? null,
      customerComment: details?.customerComment ?? null,
      privacyPolicyId: body.privacyPolicyId ?? null,
      termsAcceptedAt: body.termsAccepted ? new Date() : null,
      paymentDueBy: new Date(Date.now() + UNPAID_ORDER_TIMEOUT_MINUTES * 60_000),
    },
    priced.lines.map((line, position) => ({
      variantId: line.variantId,
      sku: line.sku,
      productName: line.productName,
      variantName: line.variantName,
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      taxClass: line.taxClass,
      addons: line.addons.map((addon) => ({
        name: `${addon.addonName}: ${addon.optionName}`,
        unitAmount: addon.amount,
        taxClass: addon.taxClass,
      })),
      total: (line.unitAmount + line.addons.reduce((sum, addon) => sum + addon.amount, 0)) * line.quantity,
      reservedQuantity: input.reserved[position] ?? 0,
      position,
    })),
    state.codes.map((code) => ({ discountCodeId: code.id, customerId, email: priced.buyer.email })),
  );
  return { id, publicId, grandTotal: totals.grandTotal.amount, currencyCode: ctx.currencyCode };
}
