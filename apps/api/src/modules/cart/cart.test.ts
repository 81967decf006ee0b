import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { customers } from "../identity/identity.tables";
import { cartClient, cartOf, createCartTestShop, createOtherShop, errorCodeOf } from "./cart-test-catalogue";
import { carts } from "./cart.tables";

const api = useTestApi((db) => createCartTestShop(db));
const client = cartClient(() => api.app);

/** A new guest cart holding `quantity` of a variant; returns its anonymousId and answer. */
async function guestCartWith(variantId: number, quantity = 1) {
  const cart = cartOf(await client.add({ productVariantId: variantId, quantity }));
  return { anonymousId: cart.anonymousId!, cart };
}

/** A signed-in caller (a fresh session of the named customer). */
async function signedIn(customer: "a" | "b") {
  const { authorization } = await createSession(api.database.db, api.seeded.customers[customer].id);
  return { authorization };
}

describe("PUT /baskets as a guest", () => {
  it("creates a cart whose answer carries a new anonymousId of at least 128 random bits", async () => {
    const { variants } = api.seeded;
    const first = cartOf(await client.add({ productVariantId: variants.plainHardback, quantity: 2 }));
    const second = cartOf(await client.add({ productVariantId: variants.plainHardback, quantity: 2 }));
    expect(first.anonymousId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(first.anonymousId!, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(second.anonymousId).not.toBe(first.anonymousId);
    expect(second.id).not.toBe(first.id);
    expect(first).toMatchObject({
      currencyCode: "GBP",
      itemCount: 2,
      subTotal: { amount: 2000, currencyCode: "GBP" },
      notifications: [],
      lineItems: [
        {
          productId: api.seeded.products.plain.id,
          productSlug: "plain",
          productName: "Plain",
          image: { url: "/covers/plain.svg", alt: "plain" },
          variant: {
            id: variants.plainHardback,
            sku: "PLAIN-HB",
            name: "Hardback",
            options: [{ code: "format", name: "Format", value: "Hardback" }],
          },
          quantity: 2,
          unitPrice: { amount: 1000, originalPrice: null, lowestPriorPrice: null, currencyCode: "GBP" },
          addons: [],
          lineTotal: { amount: 2000, currencyCode: "GBP" },
          stock: { status: "InStock" },
          isPurchasable: true,
        },
      ],
    });
  });

  it("adds to the named cart, summing the quantity of a variant already in it", async () => {
    const { variants } = api.seeded;
    const { anonymousId, cart } = await guestCartWith(variants.plainHardback, 1);
    const again = cartOf(await client.add({ productVariantId: variants.plainHardback, quantity: 3, anonymousId }));
    const other = cartOf(await client.add({ productVariantId: variants.sale, quantity: 1, anonymousId }));
    expect(again.id).toBe(cart.id);
    expect(again.anonymousId).toBe(anonymousId);
    expect(again.lineItems).toHaveLength(1);
    expect(again.lineItems[0]).toMatchObject({ lineItemId: cart.lineItems[0]!.lineItemId, quantity: 4 });
    expect(other.lineItems.map((line) => [line.variant.id, line.quantity])).toEqual([
      [variants.plainHardback, 4],
      [variants.sale, 1],
    ]);
    expect(other.subTotal.amount).toBe(4000 + 800);
  });

  it("answers 404 cart_not_found for an unknown anonymousId, without creating a cart", async () => {
    const before = (await api.database.db.select({ id: carts.id }).from(carts)).length;
    const response = await client.add({ productVariantId: api.seeded.variants.plainHardback, quantity: 1, anonymousId: "A".repeat(32) });
    expect(response.statusCode).toBe(404);
    expect(errorCodeOf(response)).toBe("cart_not_found");
    expect((await api.database.db.select({ id: carts.id }).from(carts)).length).toBe(before);
  });
});

describe("PUT /baskets refuses what cannot be added", () => {
  it.each([
    ["quantity 0", { quantity: 0 }],
    ["a negative quantity", { quantity: -1 }],
    ["a fractional quantity", { quantity: 1.5 }],
    ["a huge quantity", { quantity: 1e12 }],
    ["a quantity over 999", { quantity: 1000 }],
    ["a quantity as text", { quantity: "2" }],
    ["a non-numeric quantity", { quantity: "abc" }],
    ["a null quantity", { quantity: null }],
    ["no quantity", { quantity: undefined }],
    ["a variant id as text", { productVariantId: "x" }],
    ["a variant id of 0", { productVariantId: 0 }],
    ["an unknown key", { price: 1 }],
    ["a malformed anonymousId", { anonymousId: "short" }],
    ["add-on ids that are not a list", { addonOptionIds: 5 }],
  ])("answers 400 with an errors list for %s", async (_name, change) => {
    const body = { productVariantId: api.seeded.variants.plainHardback, quantity: 1, ...change };
    const response = await client.add(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
  });

  it("answers 400 for a body that is not JSON, or none at all", async () => {
    const broken = await api.app.inject({
      method: "PUT",
      url: "/baskets",
      headers: { "api-key": "test-api-key-123", storekey: "test-store", "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors.length).toBe(1);
    const empty = await client.send("PUT", "/baskets", {});
    expect(empty.statusCode).toBe(400);
  });

  it("answers 404 variant_not_found for an unknown variant and an unpublished product", async () => {
    for (const productVariantId of [999_999, api.seeded.variants.draft]) {
      const response = await client.add({ productVariantId, quantity: 1 });
      expect(response.statusCode).toBe(404);
      expect(errorCodeOf(response)).toBe("variant_not_found");
    }
  });

  it("answers 409 price_unavailable for a variant with no price in the request currency", async () => {
    const response = await client.add({ productVariantId: api.seeded.variants.gbpOnly, quantity: 1 }, { currencyCode: "EUR" });
    expect(response.statusCode).toBe(409);
    expect(errorCodeOf(response)).toBe("price_unavailable");
    expect(response.json().errors[0].message).toContain("EUR");
  });

  it("answers 409 with the available quantity when stock cannot cover the line", async () => {
    const { variants } = api.seeded;
    const over = await client.add({ productVariantId: variants.scarce, quantity: 3 });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors[0]).toMatchObject({ code: "insufficient_stock", message: "Only 2 of this item are in stock" });

    const { anonymousId } = await guestCartWith(variants.scarce, 2);
    const more = await client.add({ productVariantId: variants.scarce, quantity: 1, anonymousId });
    expect(more.statusCode).toBe(409);
    expect(more.json().errors[0]).toMatchObject({
      code: "insufficient_stock",
      message: "Only 2 of this item are in stock; your cart already holds 2",
    });
    expect(cartOf(await client.get({}, anonymousId)).lineItems[0]!.quantity).toBe(2);

    const soldOut = await client.add({ productVariantId: variants.soldOut, quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(errorCodeOf(soldOut)).toBe("out_of_stock");
  });
});

describe("prices, tiers and totals", () => {
  it("applies the tier price for the line's quantity", async () => {
    const { variants } = api.seeded;
    const { anonymousId, cart } = await guestCartWith(variants.tiered, 4);
    expect(cart.lineItems[0]!.unitPrice!.amount).toBe(2000);
    expect(cart.lineItems[0]!.lineTotal!.amount).toBe(8000);
    const five = cartOf(await client.add({ productVariantId: variants.tiered, quantity: 1, anonymousId }));
    expect(five.lineItems[0]).toMatchObject({ quantity: 5, unitPrice: { amount: 1800 }, lineTotal: { amount: 9000 } });
    const lineItemId = five.lineItems[0]!.lineItemId;
    const ten = cartOf(await client.setQuantity({ lineItemId, quantity: 10, anonymousId }));
    expect(ten.lineItems[0]).toMatchObject({ quantity: 10, unitPrice: { amount: 1500 }, lineTotal: { amount: 15000 } });
    expect(ten.notifications).toEqual([]);
  });

  it("shows the pre-sale price of a variant on sale", async () => {
    const { cart } = await guestCartWith(api.seeded.variants.sale, 2);
    expect(cart.lineItems[0]!.unitPrice).toEqual({ amount: 800, originalPrice: 1000, lowestPriorPrice: 800, currencyCode: "GBP" });
    expect(cart.subTotal).toEqual({ amount: 1600, currencyCode: "GBP" });
  });

  it("flags the store's minimum order for the request currency", async () => {
    const { variants } = api.seeded;
    const empty = cartOf(await client.get());
    expect(empty).toMatchObject({ id: null, anonymousId: null, lineItems: [], itemCount: 0, subTotal: { amount: 0, currencyCode: "GBP" } });
    expect(empty.minimumOrder).toEqual({ amount: 2500, currencyCode: "GBP", isMet: false });

    const { anonymousId, cart } = await guestCartWith(variants.plainHardback, 2);
    expect(cart.minimumOrder).toEqual({ amount: 2500, currencyCode: "GBP", isMet: false });
    const reached = cartOf(await client.add({ productVariantId: variants.sale, quantity: 1, anonymousId }));
    expect(reached.subTotal.amount).toBe(2800);
    expect(reached.minimumOrder).toEqual({ amount: 2500, currencyCode: "GBP", isMet: true });
    // The store sets no minimum in euros.
    expect(cartOf(await client.get({ currencyCode: "EUR" }, anonymousId)).minimumOrder).toBeNull();
  });

  it("reprices the cart in the request currency", async () => {
    const { variants, addons } = api.seeded;
    const { anonymousId } = await guestCartWith(variants.plainHardback, 2);
    await client.add({ productVariantId: variants.tiered, quantity: 5, addonOptionIds: [addons.kraft], anonymousId });
    const euros = cartOf(await client.get({ currencyCode: "EUR" }, anonymousId));
    expect(euros.currencyCode).toBe("EUR");
    expect(euros.lineItems.map((line) => [line.unitPrice, line.lineTotal])).toEqual([
      [
        { amount: 1200, originalPrice: null, lowestPriorPrice: null, currencyCode: "EUR" },
        { amount: 2400, currencyCode: "EUR" },
      ],
      // No euro tiers: the base price applies; kraft wrap is 300 EUR a unit.
      [
        { amount: 2400, originalPrice: null, lowestPriorPrice: null, currencyCode: "EUR" },
        { amount: (2400 + 300) * 5, currencyCode: "EUR" },
      ],
    ]);
    expect(euros.lineItems[1]!.addons[0]!.price).toEqual({ amount: 300, currencyCode: "EUR" });
    expect(euros.subTotal).toEqual({ amount: 2400 + 13500, currencyCode: "EUR" });
    expect(euros.notifications).toEqual([]);
    const pounds = cartOf(await client.get({}, anonymousId));
    expect(pounds.subTotal).toEqual({ amount: 2000 + (1800 + 250) * 5, currencyCode: "GBP" });
    expect(pounds.notifications).toEqual([]);
  });
});

describe("add-ons", () => {
  it("adds options with the item, priced per unit, one option per add-on", async () => {
    const { variants, addons } = api.seeded;
    const cart = cartOf(await client.add({ productVariantId: variants.plainHardback, quantity: 2, addonOptionIds: [addons.kraft] }));
    const anonymousId = cart.anonymousId!;
    expect(cart.lineItems[0]!.addons).toEqual([
      {
        addonOptionId: addons.kraft,
        addonId: expect.any(Number),
        addonName: "Gift wrap",
        optionName: "Kraft",
        price: { amount: 250, currencyCode: "GBP" },
      },
    ]);
    expect(cart.lineItems[0]!.lineTotal).toEqual({ amount: (1000 + 250) * 2, currencyCode: "GBP" });
    // Red replaces kraft (both are gift wrap); the card joins.
    const changed = cartOf(
      await client.add({ productVariantId: variants.plainHardback, quantity: 1, addonOptionIds: [addons.red, addons.card], anonymousId }),
    );
    expect(changed.lineItems[0]!.addons.map((addon) => addon.optionName)).toEqual(["Red", "Card"]);
    expect(changed.lineItems[0]!.lineTotal!.amount).toBe((1000 + 295 + 150) * 3);
  });

  it("refuses options the product does not offer, two options of one add-on, and options not sold in the currency", async () => {
    const { variants, addons } = api.seeded;
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ productVariantId: variants.plainHardback, addonOptionIds: [addons.bookmark] }, "addon_option_invalid", {}],
      [{ productVariantId: variants.sale, addonOptionIds: [addons.kraft] }, "addon_option_invalid", {}],
      [{ productVariantId: variants.plainHardback, addonOptionIds: [999_999] }, "addon_option_invalid", {}],
      [{ productVariantId: variants.plainHardback, addonOptionIds: [addons.kraft, addons.red] }, "addon_option_conflict", {}],
      [{ productVariantId: variants.plainHardback, addonOptionIds: [addons.red] }, "addon_option_invalid", { currencyCode: "EUR" }],
    ];
    for (const [body, code, caller] of cases) {
      const response = await client.add({ quantity: 1, ...body }, caller);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ code, field: "body.addonOptionIds" });
    }
  });

  it("PUT /baskets/addons replaces one line's options, and [] clears them", async () => {
    const { variants, addons } = api.seeded;
    const { anonymousId, cart } = await guestCartWith(variants.plainHardback, 1);
    const lineItemId = cart.lineItems[0]!.lineItemId;
    const set = cartOf(await client.setAddons({ lineItemId, addonOptionIds: [addons.kraft, addons.card], anonymousId }));
    expect(set.lineItems[0]!.addons.map((addon) => addon.addonOptionId)).toEqual([addons.kraft, addons.card]);
    expect(set.lineItems[0]!.lineTotal!.amount).toBe(1000 + 250 + 150);
    const replaced = cartOf(await client.setAddons({ lineItemId, addonOptionIds: [addons.red], anonymousId }));
    expect(replaced.lineItems[0]!.addons.map((addon) => addon.addonOptionId)).toEqual([addons.red]);
    const cleared = cartOf(await client.setAddons({ lineItemId, addonOptionIds: [], anonymousId }));
    expect(cleared.lineItems[0]!.addons).toEqual([]);
  });

  it("PUT /baskets/addons refuses a bad option or line and leaves the line as it was", async () => {
    const { variants, addons } = api.seeded;
    const { anonymousId, cart } = await guestCartWith(variants.plainHardback, 1);
    const lineItemId = cart.lineItems[0]!.lineItemId;
    await client.setAddons({ lineItemId, addonOptionIds: [addons.kraft], anonymousId });

    const bad = await client.setAddons({ lineItemId, addonOptionIds: [addons.bookmark], anonymousId });
    expect(bad.statusCode).toBe(400);
    expect(errorCodeOf(bad)).toBe("addon_option_invalid");
    const unknownLine = await client.setAddons({ lineItemId: 999_999, addonOptionIds: [], anonymousId });
    expect(unknownLine.statusCode).toBe(404);
    expect(errorCodeOf(unknownLine)).toBe("line_item_not_found");
    for (const body of [
      { lineItemId, anonymousId },
      { lineItemId, addonOptionIds: "1", anonymousId },
      { lineItemId: -1, addonOptionIds: [], anonymousId },
    ]) {
      const response = await client.setAddons(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(cartOf(await client.get({}, anonymousId)).lineItems[0]!.addons.map((addon) => addon.addonOptionId)).toEqual([addons.kraft]);
  });

  it("PUT /baskets/addons/bulk replaces several lines' options, all or nothing", async () => {
    const { variants, addons } = api.seeded;
    const { anonymousId, cart } = await guestCartWith(variants.plainHardback, 1);
    const tiered = cartOf(await client.add({ productVariantId: variants.tiered, quantity: 1, anonymousId }));
    const [first, second] = [cart.lineItems[0]!.lineItemId, tiered.lineItems[1]!.lineItemId];

    const both = cartOf(
      await client.setAddonsBulk({
        items: [
          { lineItemId: first, addonOptionIds: [addons.card] },
          { lineItemId: second, addonOptionIds: [addons.kraft] },
        ],
        anonymousId,
      }),
    );
    expect(both.lineItems.map((line) => line.addons.map((addon) => addon.addonOptionId))).toEqual([[addons.card], [addons.kraft]]);

    // The card is not offered with the tiered book: nothing changes, not even the first line.
    const refused = await client.setAddonsBulk({
      items: [
        { lineItemId: first, addonOptionIds: [] },
        { lineItemId: second, addonOptionIds: [addons.card] },
      ],
      anonymousId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: "addon_option_invalid", field: "body.items" });
    const duplicate = await client.setAddonsBulk({
      items: [
        { lineItemId: first, addonOptionIds: [] },
        { lineItemId: first, addonOptionIds: [addons.kraft] },
      ],
      anonymousId,
    });
    expect(duplicate.statusCode).toBe(400);
    expect(errorCodeOf(duplicate)).toBe("duplicate_line_item");
    const unknownLine = await client.setAddonsBulk({
      items: [
        { lineItemId: first, addonOptionIds: [] },
        { lineItemId: 999_999, addonOptionIds: [] },
      ],
      anonymousId,
    });
    expect(unknownLine.statusCode).toBe(404);
    for (const body of [{ items: [], anonymousId }, { anonymousId }, { items: [{ lineItemId: first }], anonymousId }]) {
      expect((await client.setAddonsBulk(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(cartOf(await client.get({}, anonymousId)).lineItems.map((line) => line.addons.map((addon) => addon.addonOptionId))).toEqual([
      [addons.card],
      [addons.kraft],
    ]);
  });
});

describe("PUT /baskets/products/quantity", () => {
  it("sets the quantity, and 0 removes the line", async () => {
    const { variants } = api.seeded;
    const { anonymousId, cart } = await guestCartWith(variants.plainHardback, 1);
    await client.add({ productVariantId: variants.sale, quantity: 1, anonymousId });
    const lineItemId = cart.lineItems[0]!.lineItemId;
    const three = cartOf(await client.setQuantity({ lineItemId, quantity: 3, anonymousId }));
    expect(three.lineItems[0]).toMatchObject({ lineItemId, quantity: 3, lineTotal: { amount: 3000 } });
    expect(three.itemCount).toBe(4);
    const removed = cartOf(await client.setQuantity({ lineItemId, quantity: 0, anonymousId }));
    expect(removed.lineItems.map((line) => line.variant.id)).toEqual([variants.sale]);
    expect(removed.subTotal.amount).toBe(800);
  });

  it("refuses a quantity over stock with the available quantity", async () => {
    const { anonymousId, cart } = await guestCartWith(api.seeded.variants.scarce, 1);
    const response = await client.setQuantity({ lineItemId: cart.lineItems[0]!.lineItemId, quantity: 3, anonymousId });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toMatchObject({ code: "insufficient_stock", message: "Only 2 of this item are in stock" });
  });

  it.each([
    ["negative", -1],
    ["fractional", 2.5],
    ["huge", 1e9],
    ["over 999", 1000],
    ["text", "3"],
    ["non-numeric", "many"],
    ["missing", undefined],
  ])("answers 400 for a %s quantity", async (_name, quantity) => {
    const { anonymousId, cart } = await guestCartWith(api.seeded.variants.plainHardback, 1);
    const response = await client.setQuantity({ lineItemId: cart.lineItems[0]!.lineItemId, quantity, anonymousId });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: "invalid_input", field: "body.quantity" });
  });

  it("answers 404 for a line that is not in the caller's cart, 400 for a guest without an anonymousId", async () => {
    const { anonymousId } = await guestCartWith(api.seeded.variants.plainHardback, 1);
    const unknown = await client.setQuantity({ lineItemId: 999_999, quantity: 1, anonymousId });
    expect(unknown.statusCode).toBe(404);
    expect(errorCodeOf(unknown)).toBe("line_item_not_found");
    const noId = await client.setQuantity({ lineItemId: 1, quantity: 1 });
    expect(noId.statusCode).toBe(400);
    expect(errorCodeOf(noId)).toBe("anonymous_id_required");
    const noCart = await client.setQuantity({ lineItemId: 1, quantity: 1, anonymousId: "B".repeat(32) });
    expect(noCart.statusCode).toBe(404);
    expect(errorCodeOf(noCart)).toBe("cart_not_found");
  });
});

describe("DELETE /baskets/products", () => {
  it("removes the lines named in the body", async () => {
    const { variants } = api.seeded;
    const { anonymousId } = await guestCartWith(variants.plainHardback, 1);
    await client.add({ productVariantId: variants.sale, quantity: 1, anonymousId });
    const full = cartOf(await client.add({ productVariantId: variants.tiered, quantity: 1, anonymousId }));
    const [hardback, , tiered] = full.lineItems.map((line) => line.lineItemId);
    const left = cartOf(await client.remove({ lineItemIds: [hardback, tiered], anonymousId }));
    expect(left.lineItems.map((line) => line.variant.id)).toEqual([variants.sale]);
    expect(left.itemCount).toBe(1);
  });

  it("removes nothing when any id is not a line of this cart", async () => {
    const { variants } = api.seeded;
    const mine = await guestCartWith(variants.plainHardback, 1);
    const theirs = await guestCartWith(variants.sale, 1);
    const response = await client.remove({
      lineItemIds: [mine.cart.lineItems[0]!.lineItemId, theirs.cart.lineItems[0]!.lineItemId],
      anonymousId: mine.anonymousId,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [{ code: "line_item_not_found", message: "Cart line was not found" }] });
    expect(cartOf(await client.get({}, mine.anonymousId)).lineItems).toHaveLength(1);
    expect(cartOf(await client.get({}, theirs.anonymousId)).lineItems).toHaveLength(1);
  });

  it.each([
    ["an empty list", { lineItemIds: [] }],
    ["ids as text", { lineItemIds: ["a"] }],
    ["no list", {}],
    ["a list of 101 ids", { lineItemIds: Array.from({ length: 101 }, (_, index) => index + 1) }],
  ])("answers 400 for %s", async (_name, body) => {
    const { anonymousId } = await guestCartWith(api.seeded.variants.plainHardback, 1);
    const response = await client.remove({ ...body, anonymousId });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
  });
});

describe("GET /baskets", () => {
  it("answers an empty cart to a guest with no id, 404 for an unknown id and 400 for a malformed one", async () => {
    expect(cartOf(await client.get())).toMatchObject({ id: null, anonymousId: null, lineItems: [], notifications: [] });
    const unknown = await client.get({}, "C".repeat(32));
    expect(unknown.statusCode).toBe(404);
    expect(errorCodeOf(unknown)).toBe("cart_not_found");
    const malformed = await client.get({}, "not an id!");
    expect(malformed.statusCode).toBe(400);
    const extra = await client.send("GET", "/baskets?foo=1", {});
    expect(extra.statusCode).toBe(400);
    expect(errorCodeOf(extra)).toBe("unknown_parameter");
  });

  it("gives a signed-in customer their own cart, which has no anonymousId", async () => {
    const customer = await signedIn("a");
    expect(cartOf(await client.get(customer))).toMatchObject({ id: null, lineItems: [] });
    const added = cartOf(await client.add({ productVariantId: api.seeded.variants.sale, quantity: 1 }, customer));
    expect(added.anonymousId).toBeNull();
    const read = cartOf(await client.get(customer));
    expect(read.id).toBe(added.id);
    expect(read.lineItems.map((line) => line.variant.id)).toEqual([api.seeded.variants.sale]);
    // A session of the same customer sees the same cart.
    expect(cartOf(await client.get(await signedIn("a"))).id).toBe(added.id);
  });

  it("reads a cart in a fixed number of SQL statements, whatever its number of lines", async () => {
    const { variants } = api.seeded;
    const small = await guestCartWith(variants.plainHardback, 1);
    const large = await guestCartWith(variants.plainHardback, 1);
    for (const productVariantId of [variants.plainPaperback, variants.tiered, variants.sale, variants.gbpOnly, variants.scarce]) {
      await client.add({ productVariantId, quantity: 1, anonymousId: large.anonymousId });
    }
    const statementsFor = async (anonymousId: string) => {
      api.database.resetQueryLog();
      const cart = cartOf(await client.get({}, anonymousId));
      return { lines: cart.lineItems.length, statements: api.database.queries.length };
    };
    const one = await statementsFor(small.anonymousId);
    const six = await statementsFor(large.anonymousId);
    expect([one.lines, six.lines]).toEqual([1, 6]);
    expect(six.statements).toBe(one.statements);
    // The store lookup, begin (read only), the cart (no lock), its notices, its lines, commit.
    expect(six.statements).toBeLessThanOrEqual(6);
  });
});

describe("nobody reaches another's cart", () => {
  it("keeps customer A's cart and lines out of customer B's reach", async () => {
    const { variants, addons } = api.seeded;
    const ada = await signedIn("a");
    const bob = await signedIn("b");
    const adas = cartOf(await client.add({ productVariantId: variants.plainHardback, quantity: 1 }, ada));
    const lineItemId = adas.lineItems.find((line) => line.variant.id === variants.plainHardback)!.lineItemId;
    cartOf(await client.add({ productVariantId: variants.scarce, quantity: 1 }, bob));

    const attempts = [
      await client.setQuantity({ lineItemId, quantity: 2 }, bob),
      await client.remove({ lineItemIds: [lineItemId] }, bob),
      await client.setAddons({ lineItemId, addonOptionIds: [addons.kraft] }, bob),
      await client.setAddonsBulk({ items: [{ lineItemId, addonOptionIds: [addons.kraft] }] }, bob),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Plain");
    }
    const bobs = cartOf(await client.get(bob));
    expect(bobs.id).not.toBe(adas.id);
    expect(bobs.lineItems.map((line) => line.variant.id)).toEqual([variants.scarce]);
    const adaAfter = cartOf(await client.get(ada)).lineItems.find((line) => line.lineItemId === lineItemId)!;
    expect(adaAfter).toMatchObject({ quantity: 1, addons: [] });
  });

  it("keeps a customer's cart out of an anonymous caller's reach", async () => {
    const ada = await signedIn("a");
    const adas = cartOf(await client.add({ productVariantId: api.seeded.variants.tiered, quantity: 1 }, ada));
    const lineItemId = adas.lineItems.find((line) => line.variant.id === api.seeded.variants.tiered)!.lineItemId;
    const guest = await guestCartWith(api.seeded.variants.sale, 1);

    expect(cartOf(await client.get()).lineItems).toEqual([]);
    const change = await client.setQuantity({ lineItemId, quantity: 2, anonymousId: guest.anonymousId });
    expect(change.statusCode).toBe(404);
    const remove = await client.remove({ lineItemIds: [lineItemId], anonymousId: guest.anonymousId });
    expect(remove.statusCode).toBe(404);
    expect(change.body + remove.body).not.toContain("Tiered");
    expect(cartOf(await client.get(ada)).lineItems.find((line) => line.lineItemId === lineItemId)!.quantity).toBe(1);
  });

  it("ignores a guest cart's anonymousId sent by a signed-in customer: they work on their own cart", async () => {
    const guest = await guestCartWith(api.seeded.variants.scarce, 1);
    const bob = await signedIn("b");
    const read = cartOf(await client.get(bob, guest.anonymousId));
    expect(read.id).not.toBe(guest.cart.id);
    expect(read.anonymousId).toBeNull();
    const added = cartOf(
      await client.add({ productVariantId: api.seeded.variants.plainPaperback, quantity: 1, anonymousId: guest.anonymousId }, bob),
    );
    expect(added.id).toBe(read.id);
    expect(cartOf(await client.get({}, guest.anonymousId)).lineItems.map((line) => line.variant.id)).toEqual([api.seeded.variants.scarce]);
  });

  it("keeps a store's guest carts unreachable from another store", async () => {
    const other = await createOtherShop(api.database.db, "isolated-store");
    const guest = await guestCartWith(api.seeded.variants.plainHardback, 1);
    const elsewhere = { storeKey: "isolated-store" };
    const read = await client.get(elsewhere, guest.anonymousId);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain("Plain");
    const add = await client.add({ productVariantId: other.variantId, quantity: 1, anonymousId: guest.anonymousId }, elsewhere);
    expect(add.statusCode).toBe(404);
    // Nor can a variant of one store go into the other's cart.
    const foreign = await client.add({ productVariantId: api.seeded.variants.plainHardback, quantity: 1 }, elsewhere);
    expect(foreign.statusCode).toBe(404);
    expect(errorCodeOf(foreign)).toBe("variant_not_found");
    const stillThere = cartOf(await client.get({}, guest.anonymousId));
    expect(stillThere.lineItems).toHaveLength(1);
  });

  it("holds signed-in customers to the protected-call checks", async () => {
    const { db } = api.database;
    const customer = await createCustomer(db, {
      storeId: api.seeded.store.id,
      email: "forced@example.com",
      passwordChangeRequired: true,
    });
    const { authorization } = await createSession(db, customer.id);
    const response = await client.get({ authorization });
    expect(response.statusCode).toBe(403);
    expect(errorCodeOf(response)).toBe("password_change_required");
    await db.update(customers).set({ passwordChangeRequired: false }).where(eq(customers.id, customer.id));
    expect((await client.get({ authorization })).statusCode).toBe(200);
  });
});
