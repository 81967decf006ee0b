import { MAX_CUSTOMER_ADDRESSES } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { createSession } from "../../testing/identity-factories";
import { refusedFields } from "../../testing/error-answers";
import { cartClient, cartOf, errorCodeOf } from "../cart/cart-test-catalogue";
import { stores } from "../stores/stores.tables";
import { eq } from "drizzle-orm";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { checkoutClient, createCheckoutTestShop, CUSTOMER_INFO, summaryOf, UK_ADDRESS, US_ADDRESS } from "./checkout-test-shop";

const api = useTestApi((db) => createCheckoutTestShop(db));
const cart = cartClient(() => api.app);
const checkout = checkoutClient(() => api.app);

/** A new guest basket holding `items`; answers its anonymousId. */
async function guestBasket(items: { productVariantId: number; quantity: number; addonOptionIds?: number[] }[], currencyCode?: string) {
  const caller = currencyCode ? { currencyCode } : {};
  let anonymousId: string | undefined;
  for (const item of items) {
    const answer = cartOf(await cart.add({ ...item, ...(anonymousId ? { anonymousId } : {}) }, caller));
    anonymousId = answer.anonymousId!;
  }
  return anonymousId!;
}

describe("checkout", () => {
  it("takes a guest from basket to a priced summary: buyer, address, options, delivery, billing", async () => {
    const { variants, addons, options } = api.seeded;
    const anonymousId = await guestBasket([{ productVariantId: variants.plainHardback, quantity: 2, addonOptionIds: [addons.kraft] }]);

    const empty = summaryOf(await checkout.summary({}, anonymousId));
    expect(empty.missing).toEqual(["customer_info", "delivery_address", "delivery_option"]);
    expect(empty.taxes).toMatchObject({ countryCode: "GB", included: true });
    // Options wait for an address: they depend on where the parcel goes.
    expect(errorCodeOf(await checkout.options({}, anonymousId))).toBe("delivery_address_required");

    const withInfo = summaryOf(await checkout.customerInfo({ ...CUSTOMER_INFO, anonymousId }));
    expect(withInfo.basketDetails.customerInfo).toEqual({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", phone: null });

    const withAddress = summaryOf(await checkout.deliveryAddress({ address: UK_ADDRESS, anonymousId }));
    expect(withAddress.deliveryAddress).toMatchObject({
      postcode: "SW1Y 4JH",
      formattedAddress: "Ada Lovelace, 12 St James's Square, London SW1Y 4JH, United Kingdom",
    });
    expect(withAddress.billingAddress?.formattedAddress).toBe(withAddress.deliveryAddress?.formattedAddress);

    const offered = (await checkout.options({}, anonymousId)).json().data;
    // Goods are 2 × (1000 + 250) = 2500, under the 3000 that makes standard delivery free.
    expect(offered.options.map((o: { id: number; charge: { amount: number } }) => [o.id, o.charge.amount])).toEqual([
      [options.ukStandard, 395],
      [options.ukExpress, 695],
    ]);

    const chosen = summaryOf(await checkout.deliveryOption({ deliveryZoneOptionId: options.ukStandard, anonymousId }));
    expect(chosen.missing).toEqual([]);
    expect(chosen.basketDetails.subTotal.amount).toBe(2500);
    expect(chosen.basketDetails.deliveryCharge.amount).toBe(395);
    // VAT is inside the prices: none on the books, 20% of the wrap (500 → 83) and of its fifth of delivery (79 → 13).
    expect(chosen.taxes.amount.amount).toBe(83 + 13);
    expect(chosen.grandTotal.amount).toBe(2895);

    const billed = summaryOf(
      await checkout.billingAddress({
        address: { ...UK_ADDRESS, line1: "1 Other Road", postcode: "M1 1AE", city: "Manchester" },
        anonymousId,
      }),
    );
    expect(billed.billingSameAsDelivery).toBe(false);
    expect(billed.billingAddress?.formattedAddress).toBe("Ada Lovelace, 1 Other Road, Manchester M1 1AE, United Kingdom");
    const noted = summaryOf(await checkout.fields({ referenceNumber: "PO-7", customerComment: "Leave with\nthe neighbour", anonymousId }));
    expect(noted.basketDetails).toMatchObject({ referenceNumber: "PO-7", customerComment: "Leave with\nthe neighbour" });

    // A new delivery address clears the option chosen for the old one.
    const moved = summaryOf(await checkout.deliveryAddress({ address: US_ADDRESS, anonymousId }));
    expect(moved.deliveryZoneOption).toBeNull();
    expect(moved.missing).toEqual(["delivery_option"]);
    expect(moved.deliveryAddress?.formattedAddress).toBe("Grace Hopper, 1 Market St, San Francisco, CA 94105, United States");
    expect(errorCodeOf(await checkout.deliveryOption({ deliveryZoneOptionId: options.ukStandard, anonymousId }))).toBe(
      "delivery_option_not_found",
    );
  });

  it("adds US sales tax to dollar prices, on the goods and the delivery", async () => {
    const { variants, options } = api.seeded;
    const anonymousId = await guestBasket([{ productVariantId: variants.plainPaperback, quantity: 1 }], "USD");
    const usd = { currencyCode: "USD" };
    await checkout.customerInfo({ ...CUSTOMER_INFO, anonymousId }, usd);
    summaryOf(await checkout.deliveryAddress({ address: US_ADDRESS, anonymousId }, usd));
    const summary = summaryOf(await checkout.deliveryOption({ deliveryZoneOptionId: options.usAirmail, anonymousId }, usd));
    expect(summary.taxes).toMatchObject({ included: false, countryCode: "US" });
    expect(summary.basketDetails.subTotal).toEqual({ amount: 899, currencyCode: "USD" });
    // 6% of 899 (53.94 → 54) and of 1299 (77.94 → 78).
    expect(summary.taxes.amount.amount).toBe(54 + 78);
    expect(summary.grandTotal.amount).toBe(899 + 1299 + 132);
  });

  it("refuses an address its country's post would not deliver, naming the field", async () => {
    const { variants } = api.seeded;
    const anonymousId = await guestBasket([{ productVariantId: variants.plainHardback, quantity: 1 }]);
    const badPostcode = await checkout.deliveryAddress({ address: { ...UK_ADDRESS, postcode: "12345" }, anonymousId });
    expect(badPostcode.statusCode).toBe(400);
    expect(refusedFields(badPostcode)).toEqual(["body.address.postcode"]);
    const noState = await checkout.deliveryAddress({ address: { ...US_ADDRESS, region: undefined }, anonymousId });
    expect(refusedFields(noState)).toEqual(["body.address.region"]);
    const notServed = await checkout.deliveryAddress({ address: { ...UK_ADDRESS, countryCode: "DE", postcode: "10115" }, anonymousId });
    expect(notServed.statusCode).toBe(422);
    expect(errorCodeOf(notServed)).toBe("country_not_served");
    // The store lists France but has no zone for it: not served either.
    expect(
      errorCodeOf(await checkout.deliveryAddress({ address: { ...UK_ADDRESS, countryCode: "FR", postcode: "75001" }, anonymousId })),
    ).toBe("country_not_served");
  });

  it("applies codes by their rules: one money-off code, free delivery beside it, dates and minimums checked", async () => {
    const { variants, options } = api.seeded;
    const anonymousId = await guestBasket([{ productVariantId: variants.plainHardback, quantity: 3 }]);
    await checkout.deliveryAddress({ address: UK_ADDRESS, anonymousId });
    await checkout.deliveryOption({ deliveryZoneOptionId: options.ukExpress, anonymousId });

    const tenOff = summaryOf(await checkout.applyCode({ discountCode: " tenoff ", anonymousId }));
    expect(tenOff.basketDetails.discountCodes).toEqual([
      { code: "TENOFF", kind: "percentage", amount: { amount: 300, currencyCode: "GBP" } },
    ]);
    expect(tenOff.basketDetails.cartAndCodeDiscount.amount).toBe(300);
    expect(tenOff.grandTotal.amount).toBe(3000 - 300 + 695);

    const second = await checkout.applyCode({ discountCode: "FIVEOFF", anonymousId });
    expect(second.statusCode).toBe(422);
    expect(errorCodeOf(second)).toBe("discount_code_minimum_not_met");
    const withPost = summaryOf(await checkout.applyCode({ discountCode: "FREEPOST", anonymousId }));
    expect(withPost.basketDetails.deliveryCharge.amount).toBe(0);
    expect(withPost.grandTotal.amount).toBe(2700);

    for (const [code, expected] of [
      ["EXPIRED", "discount_code_expired"],
      ["LATER", "discount_code_not_started"],
      ["NOSUCHCODE", "discount_code_invalid"],
    ] as const) {
      expect(errorCodeOf(await checkout.applyCode({ discountCode: code, anonymousId })), code).toBe(expected);
    }
    const removed = summaryOf(await checkout.removeCode({ discountCode: "TENOFF", anonymousId }));
    expect(removed.basketDetails.discountCodes.map((code) => code.code)).toEqual(["FREEPOST"]);
    expect(errorCodeOf(await checkout.removeCode({ discountCode: "TENOFF", anonymousId }))).toBe("discount_code_not_applied");
    // With the percentage code gone, another money-off code may take its place.
    summaryOf(await checkout.applyCode({ discountCode: "ONCE", anonymousId }));
    expect(errorCodeOf(await checkout.applyCode({ discountCode: "TENOFF", anonymousId }))).toBe("discount_code_not_combinable");
  });

  it("serves a signed-in customer's own basket, without an anonymousId", async () => {
    const { variants, customers } = api.seeded;
    const { authorization } = await createSession(api.database.db, customers.a.id);
    cartOf(await cart.add({ productVariantId: variants.plainHardback, quantity: 1 }, { authorization }));
    const summary = summaryOf(await checkout.customerInfo(CUSTOMER_INFO, { authorization }));
    expect(summary.basketDetails.anonymousId).toBeNull();
    expect(summary.basketDetails.lineItems).toHaveLength(1);
  });

  it("keeps a typed address in the signed-in customer's address book in the same call, or saves neither when the book is full", async () => {
    const { variants, customers } = api.seeded;
    const { authorization } = await createSession(api.database.db, customers.b.id);
    const book = async () => (await api.get("/customers/addresses", { authorization })).json().data.addresses as { line1: string }[];
    cartOf(await cart.add({ productVariantId: variants.plainHardback, quantity: 1 }, { authorization }));

    const delivered = summaryOf(await checkout.deliveryAddress({ address: UK_ADDRESS, saveToAddressBook: true }, { authorization }));
    expect(delivered.deliveryAddress?.line1).toBe(UK_ADDRESS.line1);
    const billing = { ...UK_ADDRESS, line1: "1 Billing Row" };
    summaryOf(await checkout.billingAddress({ address: billing, saveToAddressBook: true }, { authorization }));
    summaryOf(await checkout.billingAddress({ address: { ...billing, line1: "2 Not Kept Lane" } }, { authorization }));
    expect((await book()).map((address) => address.line1)).toEqual(expect.arrayContaining([UK_ADDRESS.line1, "1 Billing Row"]));
    expect(await book()).toHaveLength(2);

    for (let n = (await book()).length; n < MAX_CUSTOMER_ADDRESSES; n++) {
      const added = await api.app.inject({
        method: "POST",
        url: "/customers/addresses",
        headers: { ...TEST_HEADERS, authorization },
        payload: { address: { ...UK_ADDRESS, line1: `${n} Filler Street` } },
      });
      expect(added.statusCode).toBe(201);
    }
    const full = await checkout.deliveryAddress(
      { address: { ...UK_ADDRESS, line1: "3 Full Book Road" }, saveToAddressBook: true },
      { authorization },
    );
    expect(errorCodeOf(full)).toBe("address_limit_reached");
    expect(summaryOf(await checkout.summary({ authorization })).deliveryAddress?.line1).toBe(UK_ADDRESS.line1);
  });

  it("refuses guests where the store does not allow guest checkout, and baskets that do not exist", async () => {
    const { variants, store } = api.seeded;
    const anonymousId = await guestBasket([{ productVariantId: variants.plainHardback, quantity: 1 }]);
    await api.database.db.update(stores).set({ anonymousCustomerProductPolicy: "None" }).where(eq(stores.id, store.id));
    try {
      const refused = await checkout.summary({}, anonymousId);
      expect(refused.statusCode).toBe(401);
      expect(errorCodeOf(refused)).toBe("checkout_not_allowed");
    } finally {
      await api.database.db
        .update(stores)
        .set({ anonymousCustomerProductPolicy: "AllowedUnauthorizedCheckout" })
        .where(eq(stores.id, store.id));
    }
    expect(errorCodeOf(await checkout.summary({}))).toBe("anonymous_id_required");
    expect(errorCodeOf(await checkout.summary({}, "no-such-basket-aaaaaaaaaaaaaaaa"))).toBe("cart_not_found");
  });
});

describe("changing the basket from the checkout", () => {
  it("changes quantities, add-ons and lines through the cart's rules, and answers the repriced summary", async () => {
    const { variants, addons, options } = api.seeded;
    const anonymousId = await guestBasket([
      { productVariantId: variants.plainHardback, quantity: 1 },
      { productVariantId: variants.tiered, quantity: 1 },
    ]);
    await checkout.deliveryAddress({ address: UK_ADDRESS, anonymousId });
    await checkout.deliveryOption({ deliveryZoneOptionId: options.ukStandard, anonymousId });
    const start = summaryOf(await checkout.summary({}, anonymousId));
    const [plain, tiered] = start.basketDetails.lineItems;
    expect(start.basketDetails.deliveryCharge.amount).toBe(0); // 3000 of goods: free

    const more = summaryOf(
      await checkout.send("PUT", "/baskets/checkout/products/quantity", {}, { lineItemId: tiered!.lineItemId, quantity: 5, anonymousId }),
    );
    expect(more.basketDetails.subTotal.amount).toBe(1000 + 5 * 1800);
    const wrapped = summaryOf(
      await checkout.send(
        "PUT",
        "/baskets/checkout/products/addons",
        {},
        { lineItemId: plain!.lineItemId, addonOptionIds: [addons.kraft], anonymousId },
      ),
    );
    expect(wrapped.taxes.amount.amount).toBe(42); // 20% inside the 250 of wrap
    const bulk = summaryOf(
      await checkout.send(
        "PUT",
        "/baskets/checkout/products/addons/bulk",
        {},
        { items: [{ lineItemId: plain!.lineItemId, addonOptionIds: [] }], anonymousId },
      ),
    );
    expect(bulk.taxes.amount.amount).toBe(0);
    const tooMany = await checkout.send(
      "PUT",
      "/baskets/checkout/products/quantity",
      {},
      { lineItemId: tiered!.lineItemId, quantity: 51, anonymousId },
    );
    expect(errorCodeOf(tooMany)).toBe("insufficient_stock");
    const removed = summaryOf(
      await checkout.send("DELETE", "/baskets/checkout/products", {}, { lineItemIds: [tiered!.lineItemId], anonymousId }),
    );
    expect(removed.basketDetails.lineItems.map((line) => line.lineItemId)).toEqual([plain!.lineItemId]);
    // 1000 of goods is under the free-delivery threshold again.
    expect(removed.basketDetails.deliveryCharge.amount).toBe(395);
  });
});
