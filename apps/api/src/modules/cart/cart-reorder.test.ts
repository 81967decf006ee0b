import type { Cart, ReorderResponse } from "@quire/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAddon, createProduct } from "../../testing/factories";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { addonOptions, products, productVariants, variantPrices } from "../catalog/catalog.tables";
import { checkoutClient, createCheckoutTestShop, CUSTOMER_INFO, summaryOf, UK_ADDRESS } from "../checkout/checkout-test-shop";
import { cartClient, cartOf, errorCodeOf, type CartCaller } from "./cart-test-catalogue";
import { carts } from "./cart.tables";

// PUT /baskets/orders/:orderId/merge: a past order's lines back into the cart at today's prices and stock.
// No minimum order: the orders placed here are small.
const api = useTestApi((db) => createCheckoutTestShop(db, { minimumOrderPrices: {} }));
const cart = cartClient(() => api.app);
const checkout = checkoutClient(() => api.app);
const db = () => api.database.db;

let serial = 0;
/** A customer of their own for each test (no test shares a cart or an order), signed in. */
async function newCustomer(): Promise<CartCaller & { customerId: number }> {
  serial += 1;
  const customer = await createCustomer(db(), { storeId: api.seeded.store.id, email: `reorder-${serial}@example.com` });
  const { authorization } = await createSession(db(), customer.id);
  return { authorization, customerId: customer.id };
}

/** Books of their own for each test, so no test changes another's stock or prices: GBP 1000, 500 and 800, 20 in stock. */
async function newBooks(extra: { addonIds?: number[] } = {}) {
  serial += 1;
  const book = async (name: string, amount: number) => {
    const created = await createProduct(db(), {
      storeId: api.seeded.store.id,
      productTypeId: api.seeded.products.plain.productTypeId,
      slug: `${name.toLowerCase()}-${serial}`,
      name: `${name} ${serial}`,
      variants: [{ sku: `${name.toUpperCase()}-${serial}`, name: "Hardback", stockQuantity: 20, prices: { GBP: { amount } } }],
      ...extra,
    });
    return { productId: created.id, variantId: created.variants[0]!.id, name: `${name} ${serial} (Hardback)` };
  };
  return { atlas: await book("Atlas", 1000), bestiary: await book("Bestiary", 500), chronicle: await book("Chronicle", 800) };
}

/** Places an order of `items` from the customer's basket through the API (UK standard delivery); answers its id and number. */
async function placeOrder(caller: CartCaller, items: { productVariantId: number; quantity: number; addonOptionIds?: number[] }[]) {
  for (const item of items) cartOf(await cart.add(item, caller));
  summaryOf(await checkout.customerInfo(CUSTOMER_INFO, caller));
  summaryOf(await checkout.deliveryAddress({ address: UK_ADDRESS }, caller));
  summaryOf(await checkout.deliveryOption({ deliveryZoneOptionId: api.seeded.options.ukStandard }, caller));
  const placed = await checkout.placeOrder({ termsAccepted: true }, caller);
  if (placed.statusCode !== 201) throw new Error(`placing the order answered ${placed.statusCode}: ${placed.body}`);
  return placed.json().data as { id: number; publicId: string };
}

function reorder(orderId: number | string, caller: CartCaller, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: "PUT",
    url: `/baskets/orders/${orderId}/merge`,
    headers: { ...TEST_HEADERS, ...(caller.authorization ? { authorization: caller.authorization } : {}), ...headers },
  });
}

function reorderOf(response: { statusCode: number; body: string; json(): unknown }): ReorderResponse["data"] {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return (response.json() as ReorderResponse).data;
}

const setStock = (variantId: number, stockQuantity: number) =>
  db().update(productVariants).set({ stockQuantity }).where(eq(productVariants.id, variantId));
const lineOf = (basket: Cart, variantId: number) => basket.lineItems.find((line) => line.variant.id === variantId);

describe("PUT /baskets/orders/:orderId/merge", () => {
  it("adds the order's lines to the cart at today's price, with nothing to report", async () => {
    const caller = await newCustomer();
    const { atlas, bestiary } = await newBooks();
    const order = await placeOrder(caller, [
      { productVariantId: atlas.variantId, quantity: 2 },
      { productVariantId: bestiary.variantId, quantity: 1 },
    ]);
    await db()
      .update(variantPrices)
      .set({ amount: 1250 })
      .where(and(eq(variantPrices.variantId, atlas.variantId), eq(variantPrices.currencyCode, "GBP")));

    const answer = reorderOf(await reorder(order.id, caller));
    expect(answer.linesNotAdded).toEqual([]);
    expect(answer.addedQuantity).toBe(3);
    expect(lineOf(answer.cart, atlas.variantId)).toMatchObject({ quantity: 2, unitPrice: { amount: 1250 }, lineTotal: { amount: 2500 } });
    expect(lineOf(answer.cart, bestiary.variantId)).toMatchObject({ quantity: 1, unitPrice: { amount: 500 } });
    expect(answer.cart.subTotal).toEqual({ amount: 3000, currencyCode: "GBP" });
    // A new line is priced as it is added: no "price changed" about the order's old price.
    expect(answer.cart.notifications).toEqual([]);
    expect(cartOf(await cart.get(caller))).toEqual(answer.cart);
  });

  it("reports an out-of-stock line, adds nothing of it, and tells the cart page", async () => {
    const caller = await newCustomer();
    const { atlas, bestiary } = await newBooks();
    const order = await placeOrder(caller, [
      { productVariantId: atlas.variantId, quantity: 2 },
      { productVariantId: bestiary.variantId, quantity: 1 },
    ]);
    await setStock(atlas.variantId, 0);

    const answer = reorderOf(await reorder(order.id, caller));
    expect(answer.addedQuantity).toBe(1);
    expect(answer.cart.lineItems.map((line) => line.variant.id)).toEqual([bestiary.variantId]);
    expect(answer.linesNotAdded).toEqual([
      expect.objectContaining({
        productVariantId: atlas.variantId,
        productName: atlas.name.replace(" (Hardback)", ""),
        variantName: "Hardback",
        requestedQuantity: 2,
        addedQuantity: 0,
        reason: "out_of_stock",
        addonsNotAdded: [],
        message: `${atlas.name} is out of stock, so it was not added.`,
      }),
    ]);
    // The cart page reads the same from GET /baskets: a generic notice naming the order.
    expect(cartOf(await cart.get(caller)).notifications).toEqual([
      {
        lineItemId: null,
        code: "reorder_line_not_added",
        message: `Order ${order.publicId}: ${atlas.name} is out of stock, so it was not added.`,
      },
    ]);
  });

  it("adds a partly available line as far as stock goes, counting what the cart already holds, and says so beside it", async () => {
    const caller = await newCustomer();
    const { atlas } = await newBooks();
    const order = await placeOrder(caller, [{ productVariantId: atlas.variantId, quantity: 3 }]);
    cartOf(await cart.add({ productVariantId: atlas.variantId, quantity: 1 }, caller));
    await setStock(atlas.variantId, 3);

    const answer = reorderOf(await reorder(order.id, caller));
    const line = lineOf(answer.cart, atlas.variantId)!;
    expect(line.quantity).toBe(3);
    expect(answer.addedQuantity).toBe(2);
    expect(answer.linesNotAdded).toMatchObject([
      {
        reason: "insufficient_stock",
        requestedQuantity: 3,
        addedQuantity: 2,
        message: `Only 3 of ${atlas.name} are in stock and your basket already held 1, so 2 of the 3 you ordered were added.`,
      },
    ]);
    expect(answer.cart.notifications).toEqual([
      {
        lineItemId: line.lineItemId,
        code: "reorder_line_not_added",
        message: `Order ${order.publicId}: ${answer.linesNotAdded[0]!.message}`,
      },
    ]);

    // With all of it in the cart already, nothing more is added, and that is said too.
    const again = reorderOf(await reorder(order.id, caller));
    expect(again.addedQuantity).toBe(0);
    expect(lineOf(again.cart, atlas.variantId)!.quantity).toBe(3);
    expect(again.linesNotAdded).toMatchObject([{ reason: "insufficient_stock", addedQuantity: 0 }]);
  });

  it("reports an unpublished product, a deleted variant, a variant not sold in the currency and the line limit", async () => {
    const caller = await newCustomer();
    const { atlas, bestiary, chronicle } = await newBooks();
    const order = await placeOrder(caller, [
      { productVariantId: atlas.variantId, quantity: 1 },
      { productVariantId: bestiary.variantId, quantity: 2 },
      { productVariantId: chronicle.variantId, quantity: 2 },
    ]);
    await db().update(products).set({ isPublished: false }).where(eq(products.id, atlas.productId));
    await db().delete(productVariants).where(eq(productVariants.id, bestiary.variantId));
    await setStock(chronicle.variantId, 2000);
    cartOf(await cart.add({ productVariantId: chronicle.variantId, quantity: 998 }, caller));

    const answer = reorderOf(await reorder(order.id, caller));
    expect(
      answer.linesNotAdded.map(({ reason, productVariantId, requestedQuantity, addedQuantity }) => ({
        reason,
        productVariantId,
        requestedQuantity,
        addedQuantity,
      })),
    ).toEqual([
      { reason: "variant_not_found", productVariantId: atlas.variantId, requestedQuantity: 1, addedQuantity: 0 },
      { reason: "variant_not_found", productVariantId: null, requestedQuantity: 2, addedQuantity: 0 },
      { reason: "quantity_limit_exceeded", productVariantId: chronicle.variantId, requestedQuantity: 2, addedQuantity: 1 },
    ]);
    expect(answer.linesNotAdded[1]!.message).toBe(`${bestiary.name} is no longer available, so it was not added.`);
    expect(answer.cart.lineItems.map((line) => [line.variant.id, line.quantity])).toEqual([[chronicle.variantId, 999]]);

    // In euros the chronicle has no price: nothing of it is added.
    const euros = reorderOf(await reorder(order.id, caller, { currencycode: "EUR" }));
    expect(euros.linesNotAdded.map((line) => line.reason)).toEqual(["variant_not_found", "variant_not_found", "price_unavailable"]);
    expect(euros.addedQuantity).toBe(0);
  });

  it("puts add-ons back where the product still offers them, and reports those it no longer does", async () => {
    serial += 1;
    const ribbonName = `Ribbon ${serial}`;
    const ribbon = await createAddon(db(), {
      storeId: api.seeded.store.id,
      code: `ribbon-${serial}`,
      name: ribbonName,
      options: [
        { name: "Blue", prices: { GBP: 100 } },
        { name: "Gold", prices: { GBP: 200 } },
      ],
    });
    const [blue, gold] = ribbon.options;
    const caller = await newCustomer();
    const { atlas, bestiary } = await newBooks({ addonIds: [ribbon.id] });
    const order = await placeOrder(caller, [
      { productVariantId: atlas.variantId, quantity: 1, addonOptionIds: [blue!.id] },
      { productVariantId: bestiary.variantId, quantity: 1, addonOptionIds: [gold!.id] },
    ]);
    await db().delete(addonOptions).where(eq(addonOptions.id, gold!.id));

    const answer = reorderOf(await reorder(order.id, caller));
    expect(lineOf(answer.cart, atlas.variantId)!.addons).toMatchObject([{ addonOptionId: blue!.id, optionName: "Blue" }]);
    expect(lineOf(answer.cart, bestiary.variantId)!.addons).toEqual([]);
    expect(answer.addedQuantity).toBe(2);
    expect(answer.linesNotAdded).toMatchObject([
      {
        productVariantId: bestiary.variantId,
        reason: "addon_unavailable",
        requestedQuantity: 1,
        addedQuantity: 1,
        addonsNotAdded: [`${ribbonName}: Gold`],
        message: `${bestiary.name} was added without ${ribbonName}: Gold, which is no longer offered with it.`,
      },
    ]);
  });

  it("puts one add-on option back on every line that had it, each checked against its own product", async () => {
    serial += 1;
    const ribbon = await createAddon(db(), {
      storeId: api.seeded.store.id,
      code: `ribbon-${serial}`,
      name: `Ribbon ${serial}`,
      options: [{ name: "Blue", prices: { GBP: 100 } }],
    });
    const blue = ribbon.options[0]!;
    const caller = await newCustomer();
    const { atlas, bestiary } = await newBooks({ addonIds: [ribbon.id] });
    const order = await placeOrder(caller, [
      { productVariantId: atlas.variantId, quantity: 1, addonOptionIds: [blue.id] },
      { productVariantId: bestiary.variantId, quantity: 1, addonOptionIds: [blue.id] },
    ]);

    const answer = reorderOf(await reorder(order.id, caller));
    expect(lineOf(answer.cart, atlas.variantId)!.addons).toMatchObject([{ addonOptionId: blue.id }]);
    expect(lineOf(answer.cart, bestiary.variantId)!.addons).toMatchObject([{ addonOptionId: blue.id }]);
    expect(answer.addedQuantity).toBe(2);
    expect(answer.linesNotAdded).toEqual([]);
  });

  it("answers 404 for another customer's order or an unknown one, 401 to a guest, and 400 with errors for a bad id", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const { atlas } = await newBooks();
    const order = await placeOrder(owner, [{ productVariantId: atlas.variantId, quantity: 1 }]);

    const theirs = await reorder(order.id, stranger);
    expect([theirs.statusCode, errorCodeOf(theirs)]).toEqual([404, "order_not_found"]);
    const unknown = await reorder(2_000_000_000, owner);
    expect([unknown.statusCode, errorCodeOf(unknown)]).toEqual([404, "order_not_found"]);
    const guest = await reorder(order.id, {});
    expect([guest.statusCode, errorCodeOf(guest)]).toEqual([401, "authentication_required"]);
    for (const bad of ["abc", "0", "-1", "1.5", "2147483648"]) {
      const response = await reorder(bad, owner);
      expect(response.statusCode, bad).toBe(400);
      expect((response.json() as { errors: { code: string; field?: string }[] }).errors).toEqual([
        expect.objectContaining({ code: "invalid_input", field: "params.orderId" }),
      ]);
    }
    // None of them touched a cart.
    expect(cartOf(await cart.get(stranger)).lineItems).toEqual([]);
    expect(cartOf(await cart.get(owner)).lineItems).toEqual([]);
  });

  it("adds the order again when reordered again, but once when a retry carries the same Idempotency-Key", async () => {
    const caller = await newCustomer();
    const { atlas } = await newBooks();
    const order = await placeOrder(caller, [{ productVariantId: atlas.variantId, quantity: 2 }]);

    const key = { "idempotency-key": `reorder-${order.id}-form-key-0001` };
    const first = await reorder(order.id, caller, key);
    const retry = await reorder(order.id, caller, key);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.body).toBe(first.body);
    expect(lineOf(cartOf(await cart.get(caller)), atlas.variantId)!.quantity).toBe(2);

    const again = reorderOf(await reorder(order.id, caller));
    expect(lineOf(again.cart, atlas.variantId)!.quantity).toBe(4);
  });

  it("never puts more in the cart than there is in stock when reorders run at once", async () => {
    const caller = await newCustomer();
    const { atlas } = await newBooks();
    const order = await placeOrder(caller, [{ productVariantId: atlas.variantId, quantity: 2 }]);
    await setStock(atlas.variantId, 5);

    const answers = (await Promise.all(Array.from({ length: 6 }, () => reorder(order.id, caller)))).map(reorderOf);
    expect(answers.reduce((sum, answer) => sum + answer.addedQuantity, 0)).toBe(5);
    expect(answers.map((answer) => answer.addedQuantity).sort()).toEqual([0, 0, 0, 1, 2, 2]);
    expect(lineOf(cartOf(await cart.get(caller)), atlas.variantId)!.quantity).toBe(5);
    expect(await db().$count(carts, and(eq(carts.customerId, caller.customerId), eq(carts.status, "open")))).toBe(1);
  });
});
