import { UNPAID_ORDER_TIMEOUT_MINUTES, type CartNotificationCode, type PlaceOrderBody } from "@quire/contracts";
import { formatMoney, money } from "@quire/money";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { minimumOrderOf } from "../cart/cart-pricing";
import { lineDisplayName } from "../cart/cart-review";
import { settleReview, type CartOwner } from "../cart/cart.service";
import { cartMachine } from "../cart/cart-status";
import { carts } from "../cart/cart.tables";
import { assertMayCheckout, countDiscountUses, loadCheckout, type CheckoutContext } from "../checkout/checkout.service";
import { refuseDiscountCode } from "../checkout/discount-rules";
import { publishEvent } from "../jobs/job-queue";
import { transition } from "../state-machines/state-transitions.service";
import * as repository from "./orders.repository";

/** What the catalogue review may find that the shopper must see before ordering. */
const BASKET_CHANGES = new Set<CartNotificationCode>(["quantity_reduced", "item_removed", "addon_removed"]);

/** How long a repeated placement by a customer finds the order their last basket became (the idempotency window). */
const REPEAT_WINDOW_HOURS = 24;

export interface CreatedOrder {
  id: number;
  publicId: string;
  grandTotal: { amount: number; currencyCode: string };
}

/** Who places the order: a signed-in customer, or a guest by their basket's anonymousId. */
export type OrderPlacer = { customerId: number } | { anonymousId: string | null };

/**
 * POST /orders: turns the caller's basket into an order, exactly once (decision 024). In one transaction
 * holding the basket's lock: checks the terms, the policy and every checkout step; reviews the basket against
 * the catalogue (a basket that changed under the shopper is settled, and the shopper asked to look again);
 * recomputes every amount on the server; takes the stock, never below zero; consumes each discount code's use
 * within its limits; and closes the basket. A second placement for the same basket answers the order the
 * first made.
 */
export async function placeOrder(db: Db, ctx: CheckoutContext, placer: OrderPlacer, body: PlaceOrderBody): Promise<CreatedOrder> {
  const owner: CartOwner = "customerId" in placer ? placer : { anonymousId: placer.anonymousId };
  assertMayCheckout(ctx, owner);
  const outcome = await db.transaction(async (tx) => {
    const cart = await repository.lockCartForOrder(
      tx,
      "customerId" in placer
        ? { storeId: ctx.store.id, customerId: placer.customerId }
        : { storeId: ctx.store.id, anonymousId: placer.anonymousId! },
      REPEAT_WINDOW_HOURS,
    );
    if (!cart) throw new AppError("cart_not_found", "There is no basket to order");
    if (cart.status === "ordered") {
      const existing = await repository.findOrderIdByCart(tx, cart.id);
      if (existing) return { kind: "placed" as const, order: existing };
    }
    if (cart.status !== "open") throw new AppError("cart_not_found", "There is no basket to order");
    // The terms come first: without them nothing else matters, and no order is made (spec section 5).
    if (ctx.store.isCheckoutTermsAndConditionsEnabled && body.termsAccepted !== true) {
      throw new AppError("terms_not_accepted", { field: "body.termsAccepted" });
    }

    const state = await loadCheckout(tx, ctx, owner, { lock: true });
    if (!state) throw new AppError("cart_not_found", "There is no basket to order");
    // Lines gone or shrunk since the shopper last looked: settle them, keep the notices, and let them look again.
    // A changed price does not stop the order: the summary and the order both charge today's price.
    if (state.review.notifications.some((notice) => BASKET_CHANGES.has(notice.code))) {
      await settleReview(tx, cart.id, state.review);
      return { kind: "changed" as const };
    }

    const { details, totals } = state;
    const buyable = state.lines.filter((line) => line.unitAmount !== null && line.addons.every((addon) => addon.amount !== null));
    if (buyable.length === 0 || buyable.length !== state.lines.length) {
      throw new AppError(buyable.length === 0 ? "cart_empty" : "item_unavailable");
    }
    if (!details?.email || !details.firstName || !details.lastName) throw new AppError("customer_info_required");
    if (!details.deliveryAddress) throw new AppError("delivery_address_required");
    if (!state.chosenOption || !totals.deliveryCharge) throw new AppError("delivery_option_required");
    const billingAddress = details.billingSameAsDelivery ? details.deliveryAddress : details.billingAddress;
    if (!billingAddress) throw new AppError("billing_address_required");
    const minimum = minimumOrderOf(ctx.store.minimumOrderPrices, totals.goodsTotal);
    if (minimum && !minimum.isMet) {
      throw new AppError("minimum_order_not_met", `The minimum order is ${formatMoney(minimum.amount, minimum.currencyCode)}`);
    }

    // Discount codes: still usable now, then one use each taken within the limits, under each code's row lock.
    const customerId = "customerId" in placer ? placer.customerId : null;
    // A code that stopped applying since it was added (used up, expired, minimum no longer met) is named.
    const now = new Date();
    for (const code of state.codes) {
      const refusal = refuseDiscountCode(code, {
        now,
        currencyCode: ctx.currencyCode,
        goodsSubTotal: totals.subTotal.amount,
        usesByCustomer: 0,
      });
      if (refusal) throw new AppError(refusal.code, refusal.message);
    }
    const appliedCodes = state.codes;
    for (const code of appliedCodes) {
      if (!(await repository.consumeDiscountUse(tx, code.id))) throw new AppError("discount_code_used_up");
      const usesByCustomer =
        code.perCustomerLimit === null ? 0 : await countDiscountUses(tx, { discountCodeId: code.id, customerId, email: details.email });
      const refusal = refuseDiscountCode(
        { ...code, timesUsed: 0 },
        { now, currencyCode: ctx.currencyCode, goodsSubTotal: totals.subTotal.amount, usesByCustomer },
      );
      if (refusal) throw new AppError(refusal.code, refusal.message);
    }

    // Stock: locked in id order, then taken; out-of-stock purchase (when the store allows it) takes what there is.
    const stock = new Map(
      (
        await repository.lockVariantStock(
          tx,
          buyable.map((line) => line.variantId),
        )
      ).map((row) => [row.id, row.stockQuantity]),
    );
    const reservations = buyable.map((line) => {
      const available = stock.get(line.variantId) ?? 0;
      if (available < line.quantity && !ctx.store.isOutOfStockPurchaseEnabled) {
        throw new AppError(
          available === 0 ? "out_of_stock" : "insufficient_stock",
          available === 0
            ? `${lineDisplayName(line.productName, line.variantName)} is out of stock`
            : `Only ${available} of ${lineDisplayName(line.productName, line.variantName)} left in stock`,
        );
      }
      return { variantId: line.variantId, quantity: Math.min(available, line.quantity) };
    });
    await repository.takeStock(tx, reservations);
    // Stock changes are told as inventory tells them (inventory.service.ts), so subscribers see every movement.
    for (const reservation of reservations) {
      if (reservation.quantity === 0) continue;
      const previousQuantity = stock.get(reservation.variantId)!;
      await publishEvent(tx, {
        type: "stock.changed",
        storeId: ctx.store.id,
        variantId: reservation.variantId,
        previousQuantity,
        quantity: previousQuantity - reservation.quantity,
      });
    }

    const publicId = await repository.nextOrderNumber(tx);
    const orderId = await repository.insertOrder(
      tx,
      {
        publicId,
        storeId: ctx.store.id,
        cartId: cart.id,
        customerId,
        anonymousId: customerId === null ? cart.anonymousId : null,
        status: "awaiting_payment",
        email: details.email,
        firstName: details.firstName,
        lastName: details.lastName,
        phone: details.phone,
        currencyCode: ctx.currencyCode,
        pricesIncludeTax: totals.taxes.included,
        subTotal: totals.subTotal.amount,
        discountTotal: totals.goodsDiscount.amount,
        deliveryCharge: totals.deliveryCharge.amount,
        taxTotal: totals.taxes.amount.amount,
        grandTotal: totals.grandTotal.amount,
        taxLines: totals.taxes.lines,
        discountLines: totals.discounts.map((discount) => ({ code: discount.code, kind: discount.kind, amount: discount.amount.amount })),
        deliveryAddress: details.deliveryAddress,
        billingAddress,
        deliveryOptionId: state.chosenOption.id,
        deliveryOptionName: state.chosenOption.name,
        deliveryOptionKind: state.chosenOption.kind,
        referenceNumber: details.referenceNumber,
        customerComment: details.customerComment,
        privacyPolicyId: body.privacyPolicyId ?? null,
        termsAcceptedAt: body.termsAccepted ? new Date() : null,
        paymentDueBy: new Date(Date.now() + UNPAID_ORDER_TIMEOUT_MINUTES * 60_000),
      },
      buyable.map((line, position) => ({
        variantId: line.variantId,
        sku: line.sku,
        productName: line.productName,
        variantName: line.variantName,
        quantity: line.quantity,
        unitAmount: line.unitAmount!,
        taxClass: line.taxClass,
        addons: line.addons.map((addon) => ({
          name: `${addon.addonName}: ${addon.optionName}`,
          unitAmount: addon.amount!,
          taxClass: addon.taxClass,
        })),
        total: (line.unitAmount! + line.addons.reduce((sum, addon) => sum + addon.amount!, 0)) * line.quantity,
        reservedQuantity: reservations[position]!.quantity,
        position,
      })),
      appliedCodes.map((code) => ({ discountCodeId: code.id, customerId, email: details.email! })),
    );
    await publishEvent(tx, { type: "order.placed", storeId: ctx.store.id, orderId });
    await transition(tx, cartMachine, carts, {
      entityId: cart.id,
      from: "open",
      to: "ordered",
      actor: customerId === null ? { type: "anonymous" } : { type: "customer", id: customerId },
      reason: `order ${publicId} placed`,
      alsoSet: sql`updated_at = now()`,
    });
    return {
      kind: "placed" as const,
      order: { id: orderId, publicId, grandTotal: totals.grandTotal.amount, currencyCode: ctx.currencyCode },
    };
  });
  if (outcome.kind === "changed") {
    throw new AppError("checkout_changed", "Your basket changed since you last looked at it: check it and place the order again");
  }
  const { order } = outcome;
  return { id: order.id, publicId: order.publicId, grandTotal: money(order.grandTotal, order.currencyCode) };
}
