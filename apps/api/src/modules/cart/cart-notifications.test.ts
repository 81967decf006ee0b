import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productAddons, products, productVariants, variantPrices } from "../catalog/catalog.tables";
import { createAddon, createProduct, createProductType } from "../../testing/factories";
import { useTestApi } from "../../testing/test-api";
import { cartClient, cartOf, createCartTestShop } from "./cart-test-catalogue";
import { cartNotifications } from "./cart.tables";

// Each test builds its own products: they change the catalogue under a cart and must not disturb the others.
const api = useTestApi((db) => createCartTestShop(db));
const client = cartClient(() => api.app);

let serial = 0;
/** A fresh published product with one variant, so a test may change it freely. */
async function freshVariant(input: { stock?: number; gbp?: number; eur?: number; addonIds?: number[]; variantName?: string } = {}) {
  serial += 1;
  const type = await createProductType(api.database.db, { storeId: api.seeded.store.id, code: `type-${serial}`, name: "Book" });
  const prices: Record<string, { amount: number }> = { GBP: { amount: input.gbp ?? 1000 } };
  if (input.eur !== undefined) prices.EUR = { amount: input.eur };
  const product = await createProduct(api.database.db, {
    storeId: api.seeded.store.id,
    productTypeId: type.id,
    slug: `book-${serial}`,
    name: `Book ${serial}`,
    variants: [{ sku: `BOOK-${serial}`, name: input.variantName ?? "Hardback", stockQuantity: input.stock ?? 10, prices }],
    addonIds: input.addonIds,
  });
  return { productId: product.id, variantId: product.variants[0]!.id, name: `Book ${serial} (${input.variantName ?? "Hardback"})` };
}

async function guestCartWith(variantId: number, quantity = 1, addonOptionIds?: number[]) {
  const cart = cartOf(await client.add({ productVariantId: variantId, quantity, addonOptionIds }));
  return { anonymousId: cart.anonymousId!, lineItemId: cart.lineItems[0]!.lineItemId, cart };
}

const setStock = (variantId: number, stockQuantity: number) =>
  api.database.db.update(productVariants).set({ stockQuantity }).where(eq(productVariants.id, variantId));
const setPrice = (variantId: number, currencyCode: string, amount: number) =>
  api.database.db
    .update(variantPrices)
    .set({ amount })
    .where(and(eq(variantPrices.variantId, variantId), eq(variantPrices.currencyCode, currencyCode)));

describe("price changed", () => {
  it("tells the shopper once when a line's price moved since they last saw it", async () => {
    const book = await freshVariant({ gbp: 1000 });
    const { anonymousId, lineItemId } = await guestCartWith(book.variantId, 2);
    await setPrice(book.variantId, "GBP", 1100);

    const first = cartOf(await client.get({}, anonymousId));
    expect(first.notifications).toEqual([
      { lineItemId, code: "price_changed", message: `The price of ${book.name} has changed from £10.00 to £11.00.` },
    ]);
    expect(first.lineItems[0]).toMatchObject({ unitPrice: { amount: 1100 }, lineTotal: { amount: 2200 } });
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual([]);
  });

  it("does not report the new tier price of a line the shopper has just changed", async () => {
    const { anonymousId, lineItemId } = await guestCartWith(api.seeded.variants.tiered, 1);
    const changed = cartOf(await client.setQuantity({ lineItemId, quantity: 6, anonymousId }));
    expect(changed.lineItems[0]!.unitPrice!.amount).toBe(1800);
    expect(changed.notifications).toEqual([]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual([]);
  });

  it("does not report a currency switch as a price change", async () => {
    const book = await freshVariant({ gbp: 1000, eur: 1150 });
    const { anonymousId } = await guestCartWith(book.variantId);
    expect(cartOf(await client.get({ currencyCode: "EUR" }, anonymousId)).notifications).toEqual([]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual([]);
  });

  it("keeps a change found by a cart change for the GET that follows it, then clears it", async () => {
    const book = await freshVariant({ gbp: 1000 });
    const { anonymousId, lineItemId } = await guestCartWith(book.variantId);
    await setPrice(book.variantId, "GBP", 900);
    const change = cartOf(await client.add({ productVariantId: api.seeded.variants.sale, quantity: 1, anonymousId }));
    const notice = { lineItemId, code: "price_changed", message: `The price of ${book.name} has changed from £10.00 to £9.00.` };
    expect(change.notifications).toEqual([notice]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual([notice]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual([]);
  });
});

describe("stock fell", () => {
  it("reduces a line to the stock left and says so once", async () => {
    const book = await freshVariant({ stock: 10 });
    const { anonymousId, lineItemId } = await guestCartWith(book.variantId, 5);
    await setStock(book.variantId, 3);
    const cart = cartOf(await client.get({}, anonymousId));
    expect(cart.lineItems[0]).toMatchObject({ lineItemId, quantity: 3, lineTotal: { amount: 3000 } });
    expect(cart.notifications).toEqual([
      { lineItemId, code: "quantity_reduced", message: `Only 3 of ${book.name} are in stock, so the quantity was reduced from 5 to 3.` },
    ]);
    const again = cartOf(await client.get({}, anonymousId));
    expect(again.notifications).toEqual([]);
    expect(again.lineItems[0]!.quantity).toBe(3);
  });

  it("removes a line whose stock ran out, with a generic notice", async () => {
    const book = await freshVariant({ stock: 4 });
    const { anonymousId } = await guestCartWith(book.variantId, 2);
    await client.add({ productVariantId: api.seeded.variants.sale, quantity: 1, anonymousId });
    await setStock(book.variantId, 0);
    const cart = cartOf(await client.get({}, anonymousId));
    expect(cart.lineItems.map((line) => line.variant.id)).toEqual([api.seeded.variants.sale]);
    expect(cart.notifications).toEqual([
      { lineItemId: null, code: "item_removed", message: `${book.name} is out of stock and has been removed from your cart.` },
    ]);
    expect(cart.subTotal.amount).toBe(800);
  });
});

describe("item no longer available", () => {
  it("removes a line whose product was unpublished", async () => {
    const book = await freshVariant();
    const { anonymousId } = await guestCartWith(book.variantId);
    await api.database.db.update(products).set({ isPublished: false }).where(eq(products.id, book.productId));
    const cart = cartOf(await client.get({}, anonymousId));
    expect(cart.lineItems).toEqual([]);
    expect(cart.notifications).toEqual([
      { lineItemId: null, code: "item_removed", message: `${book.name} is no longer available and has been removed from your cart.` },
    ]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual([]);
  });

  it("removes a line whose variant the shop deleted, naming it as it was added", async () => {
    const book = await freshVariant({ variantName: "Gift edition" });
    const { anonymousId } = await guestCartWith(book.variantId);
    await api.database.db.delete(productVariants).where(eq(productVariants.id, book.variantId));
    const cart = cartOf(await client.get({}, anonymousId));
    expect(cart.lineItems).toEqual([]);
    expect(cart.notifications).toEqual([
      { lineItemId: null, code: "item_removed", message: `${book.name} is no longer available and has been removed from your cart.` },
    ]);
  });

  it("keeps a line with no price in the request currency but leaves it out of the subtotal, saying so once", async () => {
    const { variants } = api.seeded;
    const { anonymousId, lineItemId } = await guestCartWith(variants.gbpOnly, 1);
    await client.add({ productVariantId: variants.plainHardback, quantity: 1, anonymousId });
    const euros = cartOf(await client.get({ currencyCode: "EUR" }, anonymousId));
    expect(euros.lineItems[0]).toMatchObject({ lineItemId, unitPrice: null, lineTotal: null, isPurchasable: false });
    expect(euros.subTotal).toEqual({ amount: 1200, currencyCode: "EUR" });
    expect(euros.itemCount).toBe(2);
    expect(euros.notifications).toEqual([
      { lineItemId, code: "item_unavailable", message: "Gbp-only (Paperback) is not sold in EUR, so it cannot be bought in this currency." },
    ]);
    expect(cartOf(await client.get({ currencyCode: "EUR" }, anonymousId)).notifications).toEqual([]);
    // Back in pounds it can be bought again.
    const pounds = cartOf(await client.get({}, anonymousId));
    expect(pounds.lineItems[0]).toMatchObject({ unitPrice: { amount: 500 }, isPurchasable: true });
    expect(pounds.subTotal.amount).toBe(1500);
    expect(pounds.notifications).toEqual([]);
  });

  it("marks a line unpurchasable when an add-on on it has no price in the currency", async () => {
    const { variants, addons } = api.seeded;
    const { anonymousId, lineItemId } = await guestCartWith(variants.plainHardback, 1, [addons.red]);
    const euros = cartOf(await client.get({ currencyCode: "EUR" }, anonymousId));
    expect(euros.lineItems[0]).toMatchObject({ unitPrice: { amount: 1200 }, lineTotal: null, isPurchasable: false });
    expect(euros.lineItems[0]!.addons[0]!.price).toBeNull();
    expect(euros.subTotal.amount).toBe(0);
    expect(euros.notifications).toEqual([
      { lineItemId, code: "item_unavailable", message: "Gift wrap (Red) is not sold in EUR; remove it to buy Plain (Hardback)." },
    ]);
  });

  it("takes off an add-on the product no longer offers", async () => {
    const ribbon = await createAddon(api.database.db, {
      storeId: api.seeded.store.id,
      code: "ribbon",
      name: "Ribbon",
      options: [{ name: "Silk", prices: { GBP: 50 } }],
    });
    const book = await freshVariant({ addonIds: [ribbon.id] });
    const { anonymousId, lineItemId } = await guestCartWith(book.variantId, 2, [ribbon.options[0]!.id]);
    await api.database.db.delete(productAddons).where(and(eq(productAddons.productId, book.productId), eq(productAddons.addonId, ribbon.id)));
    const cart = cartOf(await client.get({}, anonymousId));
    expect(cart.lineItems[0]).toMatchObject({ addons: [], lineTotal: { amount: 2000 } });
    expect(cart.notifications).toEqual([
      { lineItemId, code: "addon_removed", message: `Ribbon (Silk) is no longer offered with ${book.name} and has been taken off it.` },
    ]);
  });
});

describe("grouping and clearing", () => {
  it("lists generic notices first, then each line's in line order, and clears them all once answered", async () => {
    const first = await freshVariant({ stock: 10 });
    const second = await freshVariant({ stock: 10 });
    const gone = await freshVariant({ stock: 10 });
    const { anonymousId, lineItemId: firstLine } = await guestCartWith(first.variantId, 4);
    const withSecond = cartOf(await client.add({ productVariantId: second.variantId, quantity: 1, anonymousId }));
    const secondLine = withSecond.lineItems[1]!.lineItemId;
    await client.add({ productVariantId: gone.variantId, quantity: 1, anonymousId });
    await setPrice(second.variantId, "GBP", 1200);
    await setStock(first.variantId, 2);
    await setStock(gone.variantId, 0);

    const cart = cartOf(await client.get({}, anonymousId));
    expect(cart.notifications.map((notice) => [notice.lineItemId, notice.code])).toEqual([
      [null, "item_removed"],
      [firstLine, "quantity_reduced"],
      [secondLine, "price_changed"],
    ]);
    const stored = await api.database.db.select().from(cartNotifications).where(eq(cartNotifications.cartId, cart.id!));
    expect(stored).toEqual([]);
  });
});
