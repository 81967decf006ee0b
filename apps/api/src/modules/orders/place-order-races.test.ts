import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { cartClient, cartOf } from "../cart/cart-test-catalogue";
import { productVariants } from "../catalog/catalog.tables";
import { discountCodes } from "../checkout/checkout.tables";
import { checkoutClient, createCheckoutTestShop, createReadyGuestBaskets, summaryOf, UK_ADDRESS } from "../checkout/checkout-test-shop";
import { createDiscountCode } from "../../testing/checkout-factories";
import { orders } from "./orders.tables";

// Races that decide money and stock, with real concurrent requests on PostgreSQL (decision 024). No minimum
// order here, so one unit is an order.
const api = useTestApi((db) => createCheckoutTestShop(db, { minimumOrderPrices: {} }));
const cart = cartClient(() => api.app);
const checkout = checkoutClient(() => api.app);

describe("placing orders concurrently", () => {
  it("sells a stock of 10 to exactly 10 of 500 concurrent buyers, and never below zero", async () => {
    const { variants, options, store } = api.seeded;
    await api.database.db.update(productVariants).set({ stockQuantity: 10 }).where(eq(productVariants.id, variants.sale));
    const baskets = await createReadyGuestBaskets(api.database.db, {
      storeId: store.id,
      count: 500,
      variantId: variants.sale,
      quantity: 1,
      deliveryOptionId: options.ukStandard,
      emailPrefix: "stock-race",
    });
    const answers = await Promise.all(
      baskets.map((anonymousId) => checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    // Everyone else is told the item is gone: out of stock, or (seen by the review first) the basket changed. On a
    // loaded machine the last of 500 requests can wait past the 5 s a call waits for one of the pool's 20
    // connections: they are answered 503 with Retry-After (the API sheds the burst, decision 010), never a 500.
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    const refusals = new Set(refused.map((answer) => answer.json().errors[0].code));
    expect(
      [...refusals].every((code) => code === "out_of_stock" || code === "checkout_changed" || code === "service_unavailable"),
      [...refusals].join(),
    ).toBe(true);
    for (const answer of refused.filter((candidate) => candidate.statusCode === 503)) expect(answer.headers["retry-after"]).toBeDefined();
    const [row] = await api.database.db
      .select({ stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.id, variants.sale));
    expect(row!.stock).toBe(0);
    expect(await api.database.db.$count(orders, eq(orders.storeId, store.id))).toBe(10);
    // 500 requests at once on a pool of 20: seconds alone, past 30 s with a load average of 12-16.
  }, 180_000);

  it("uses a code limited to one use once, among 100 customers placing orders at once", async () => {
    const { variants, options, store } = api.seeded;
    const code = await createDiscountCode(api.database.db, {
      storeId: store.id,
      code: "ONLYONE",
      kind: "percentage",
      basisPoints: 5000,
      usageLimit: 1,
    });
    await api.database.db.update(productVariants).set({ stockQuantity: 1000 }).where(eq(productVariants.id, variants.tiered));
    const buyers = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const customer = await createCustomer(api.database.db, { storeId: store.id, email: `limit-race-${index}@example.com` });
        const caller = { authorization: (await createSession(api.database.db, customer.id)).authorization };
        cartOf(await cart.add({ productVariantId: variants.tiered, quantity: 1 }, caller));
        await checkout.customerInfo({ email: `limit-race-${index}@example.com`, firstName: "Race", lastName: "Buyer" }, caller);
        await checkout.deliveryAddress({ address: UK_ADDRESS }, caller);
        await checkout.deliveryOption({ deliveryZoneOptionId: options.ukStandard }, caller);
        // Every basket may carry the code: it is only used when an order is placed.
        summaryOf(await checkout.applyCode({ discountCode: "ONLYONE" }, caller));
        return caller;
      }),
    );
    const answers = await Promise.all(buyers.map((caller) => checkout.placeOrder({ termsAccepted: true }, caller)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.json().errors[0].code);
    expect(new Set(refused)).toEqual(new Set(["discount_code_used_up"]));
    const [row] = await api.database.db
      .select({ timesUsed: discountCodes.timesUsed })
      .from(discountCodes)
      .where(eq(discountCodes.id, code.id));
    expect(row!.timesUsed).toBe(1);
    // 100 orders placed at once against real PostgreSQL: on a loaded 2-core machine, past the default 30 s.
  }, 120_000);

  it("lets a customer use a once-per-customer code once, even placing two baskets at the same moment", async () => {
    const { variants, options, store } = api.seeded;
    const customer = await createCustomer(api.database.db, { storeId: store.id, email: "twice@example.com" });
    // Two sessions of one customer share one basket; so the second basket is a guest's with the customer's email.
    const caller = { authorization: (await createSession(api.database.db, customer.id)).authorization };
    cartOf(await cart.add({ productVariantId: variants.tiered, quantity: 1 }, caller));
    const guest = cartOf(await cart.add({ productVariantId: variants.tiered, quantity: 1 })).anonymousId!;
    for (const [who, extra] of [
      [caller, {}],
      [{}, { anonymousId: guest }],
    ] as const) {
      await checkout.customerInfo({ email: "twice@example.com", firstName: "Twice", lastName: "Buyer", ...extra }, who);
      await checkout.deliveryAddress({ address: UK_ADDRESS, ...extra }, who);
      await checkout.deliveryOption({ deliveryZoneOptionId: options.ukStandard, ...extra }, who);
      summaryOf(await checkout.applyCode({ discountCode: "WELCOME", ...extra }, who));
    }
    const answers = await Promise.all([
      checkout.placeOrder({ termsAccepted: true }, caller),
      checkout.placeOrder({ anonymousBasketId: guest, termsAccepted: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().errors[0].code).toBe("discount_code_already_used");
  });
});
