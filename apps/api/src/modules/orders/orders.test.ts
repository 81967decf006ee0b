import { TERMS_NOT_ACCEPTED_MESSAGE } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { cartClient, cartOf, errorCodeOf } from "../cart/cart-test-catalogue";
import { carts } from "../cart/cart.tables";
import { productVariants } from "../catalog/catalog.tables";
import { checkoutClient, createCheckoutTestShop, CUSTOMER_INFO, summaryOf, UK_ADDRESS } from "../checkout/checkout-test-shop";
import { orders } from "./orders.tables";

const api = useTestApi((db) => createCheckoutTestShop(db));
const cart = cartClient(() => api.app);
const checkout = checkoutClient(() => api.app);

const stockOf = async (variantId: number) =>
  (
    await api.database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId))
  )[0]!.stock;

/** A guest basket with `quantity` of the variant, checked out up to placing the order; answers its anonymousId. */
async function readyGuest(variantId: number, quantity: number) {
  const anonymousId = cartOf(await cart.add({ productVariantId: variantId, quantity })).anonymousId!;
  summaryOf(await checkout.customerInfo({ ...CUSTOMER_INFO, anonymousId }));
  summaryOf(await checkout.deliveryAddress({ address: UK_ADDRESS, anonymousId }));
  return summaryOf(await checkout.deliveryOption({ deliveryZoneOptionId: api.seeded.options.ukStandard, anonymousId }));
}

describe("POST /orders", () => {
  it("places a guest's order at the summary's total, takes the stock and closes the basket", async () => {
    const { variants } = api.seeded;
    const stockBefore = await stockOf(variants.tiered);
    const summary = await readyGuest(variants.tiered, 2);
    const anonymousId = summary.basketDetails.anonymousId!;
    const placed = await checkout.placeOrder({ anonymousBasketId: anonymousId, privacyPolicyId: "privacy-2026", termsAccepted: true });
    expect(placed.statusCode, placed.body).toBe(201);
    const created = placed.json().data;
    expect(created.publicId).toMatch(/^QB-\d{6,}$/);
    expect(created.grandTotal).toEqual(summary.grandTotal);
    expect(await stockOf(variants.tiered)).toBe(stockBefore - 2);
    const [closed] = await api.database.db.select({ status: carts.status }).from(carts).where(eq(carts.anonymousId, anonymousId));
    expect(closed!.status).toBe("ordered");

    const order = (await checkout.order(created.id, {}, anonymousId)).json().data;
    expect(order).toMatchObject({
      publicId: created.publicId,
      status: "awaiting_payment",
      email: "ada@example.com",
      subTotal: { amount: 4000, currencyCode: "GBP" },
      deliveryCharge: { amount: 0, currencyCode: "GBP" },
      grandTotal: summary.grandTotal,
      deliveryOption: { name: "Standard", kind: "standard" },
    });
    expect(order.items).toMatchObject([{ sku: "TIER", quantity: 2, unitPrice: { amount: 2000 }, total: { amount: 4000 } }]);
    // Nobody else reads it: another basket's id, no id, a signed-in stranger.
    expect((await checkout.order(created.id, {}, "someone-elses-basket-aaaaaaaaaaa")).statusCode).toBe(404);
    expect((await checkout.order(created.id, {})).statusCode).toBe(404);
    const stranger = await createSession(api.database.db, api.seeded.customers.b.id);
    expect((await checkout.order(created.id, { authorization: stranger.authorization })).statusCode).toBe(404);
  });

  it("answers the same order when the same basket is ordered again, and replays an Idempotency-Key", async () => {
    const { variants } = api.seeded;
    const anonymousId = (await readyGuest(variants.tiered, 2)).basketDetails.anonymousId!;
    const body = { anonymousBasketId: anonymousId, termsAccepted: true };
    const key = { "idempotency-key": `order-replay-${anonymousId}` };
    const first = await checkout.placeOrder(body, {}, key);
    const replay = await checkout.placeOrder(body, {}, key);
    const again = await checkout.placeOrder(body);
    expect([first.statusCode, replay.statusCode, again.statusCode]).toEqual([201, 201, 201]);
    expect(replay.json()).toEqual(first.json());
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await api.database.db.$count(orders, eq(orders.cartId, await cartIdOf(anonymousId)))).toBe(1);
  });

  it("makes no order without the terms, and says so in the spec's words", async () => {
    const { variants } = api.seeded;
    const stockBefore = await stockOf(variants.tiered);
    const anonymousId = (await readyGuest(variants.tiered, 2)).basketDetails.anonymousId!;
    for (const body of [{ anonymousBasketId: anonymousId }, { anonymousBasketId: anonymousId, termsAccepted: false }]) {
      const refused = await checkout.placeOrder(body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({ code: "terms_not_accepted", message: TERMS_NOT_ACCEPTED_MESSAGE });
    }
    expect(await stockOf(variants.tiered)).toBe(stockBefore);
    expect(await api.database.db.$count(orders, eq(orders.cartId, await cartIdOf(anonymousId)))).toBe(0);
  });

  it("asks for each missing step, and for the minimum order value", async () => {
    const { variants, options } = api.seeded;
    const anonymousId = cartOf(await cart.add({ productVariantId: variants.plainPaperback, quantity: 1 })).anonymousId!;
    const place = () => checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true });
    expect(errorCodeOf(await place())).toBe("customer_info_required");
    await checkout.customerInfo({ ...CUSTOMER_INFO, anonymousId });
    expect(errorCodeOf(await place())).toBe("delivery_address_required");
    await checkout.deliveryAddress({ address: UK_ADDRESS, anonymousId });
    expect(errorCodeOf(await place())).toBe("delivery_option_required");
    await checkout.deliveryOption({ deliveryZoneOptionId: options.ukStandard, anonymousId });
    const belowMinimum = await place();
    expect(belowMinimum.statusCode).toBe(422);
    expect(belowMinimum.json().errors[0]).toMatchObject({ code: "minimum_order_not_met", message: "The minimum order is £25.00" });
  });

  it("tells the shopper when the basket changed under them, and keeps the notice for the basket", async () => {
    const { variants } = api.seeded;
    const anonymousId = (await readyGuest(variants.tiered, 3)).basketDetails.anonymousId!;
    await api.database.db.update(productVariants).set({ stockQuantity: 2 }).where(eq(productVariants.id, variants.tiered));
    try {
      const changed = await checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true });
      expect(changed.statusCode).toBe(409);
      expect(errorCodeOf(changed)).toBe("checkout_changed");
      const summary = summaryOf(await checkout.summary({}, anonymousId));
      expect(summary.basketDetails.lineItems[0]!.quantity).toBe(2);
      expect(summary.basketDetails.notifications.map((notice) => notice.code)).toContain("quantity_reduced");
    } finally {
      await api.database.db.update(productVariants).set({ stockQuantity: 50 }).where(eq(productVariants.id, variants.tiered));
    }
  });
});

async function cartIdOf(anonymousId: string) {
  const [row] = await api.database.db.select({ id: carts.id }).from(carts).where(eq(carts.anonymousId, anonymousId));
  return row!.id;
}

describe("POST /orders under concurrent requests on PostgreSQL", () => {
  it("gives one order for 50 concurrent placements of one basket", async () => {
    const { variants } = api.seeded;
    const anonymousId = (await readyGuest(variants.tiered, 2)).basketDetails.anonymousId!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    expect(await api.database.db.$count(orders, eq(orders.cartId, await cartIdOf(anonymousId)))).toBe(1);
  });
});
