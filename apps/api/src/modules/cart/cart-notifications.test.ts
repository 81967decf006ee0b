import type { Cart } from "@quire/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setVariantPrices } from "../catalog/catalog-writes";
import { productAddons, products, productVariants } from "../catalog/catalog.tables";
import { createAddon, createProduct, createProductType } from "../../testing/factories";
import { createSession } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { cartClient, cartOf, createCartTestShop, errorCodeOf } from "./cart-test-catalogue";
import { cartLineAddons, cartLines, cartNotifications, carts } from "./cart.tables";

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
/** Says the notices of an answer have been shown, as the storefront does once it has displayed them. */
const acknowledge = (cart: Cart, caller: { currencyCode?: string } = {}) =>
  client.acknowledge({ notifications: cart.notifications, anonymousId: cart.anonymousId }, caller);
/** The stored quantity and last-seen price of a line, as the database holds them. */
const storedLine = async (lineItemId: number) => (await api.database.db.select().from(cartLines).where(eq(cartLines.id, lineItemId)))[0];

/** Reprices a variant in one currency through the catalogue's writer, as a merchant's change would. */
const setPrice = async (variantId: number, currencyCode: string, amount: number) => {
  expect(await setVariantPrices(api.database.db, variantId, { [currencyCode]: { amount } })).toBe(true);
};

describe("price changed", () => {
  it("tells the shopper when a line's price moved since they last saw it, until they acknowledge it", async () => {
    const book = await freshVariant({ gbp: 1000 });
    const { anonymousId, lineItemId } = await guestCartWith(book.variantId, 2);
    await setPrice(book.variantId, "GBP", 1100);

    const first = cartOf(await client.get({}, anonymousId));
    expect(first.notifications).toEqual([
      { lineItemId, code: "price_changed", message: `The price of ${book.name} has changed from £10.00 to £11.00.` },
    ]);
    expect(first.lineItems[0]).toMatchObject({ unitPrice: { amount: 1100 }, lineTotal: { amount: 2200 } });
    // A read clears nothing (decision 020): the notice stays until the shopper has been shown it.
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual(first.notifications);
    expect(await storedLine(lineItemId)).toMatchObject({ lastSeenUnitAmount: 1000 });

    const acknowledged = cartOf(await acknowledge(first));
    expect(acknowledged.notifications).toEqual([]);
    expect(acknowledged.lineItems[0]).toMatchObject({ unitPrice: { amount: 1100 }, lineTotal: { amount: 2200 } });
    expect(await storedLine(lineItemId)).toMatchObject({ lastSeenUnitAmount: 1100, lastSeenCurrencyCode: "GBP" });
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

  it("keeps a change found by a cart change for the reads that follow it, until acknowledged", async () => {
    const book = await freshVariant({ gbp: 1000 });
    const { anonymousId, lineItemId } = await guestCartWith(book.variantId);
    await setPrice(book.variantId, "GBP", 900);
    const change = cartOf(await client.add({ productVariantId: api.seeded.variants.sale, quantity: 1, anonymousId }));
    const notice = { lineItemId, code: "price_changed", message: `The price of ${book.name} has changed from £10.00 to £9.00.` };
    expect(change.notifications).toEqual([notice]);
    const read = cartOf(await client.get({}, anonymousId));
    expect(read.notifications).toEqual([notice]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual([notice]);
    expect(cartOf(await acknowledge(read)).notifications).toEqual([]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual([]);
  });

  it("keeps for the next answer a change the shopper has not seen yet when they acknowledge", async () => {
    const book = await freshVariant({ gbp: 1000 });
    const { anonymousId, lineItemId } = await guestCartWith(book.variantId);
    await setPrice(book.variantId, "GBP", 1100);
    const shown = cartOf(await client.get({}, anonymousId));
    // The price moves again between the page that showed the notice and its acknowledgement.
    await setPrice(book.variantId, "GBP", 1200);
    const unseen = { lineItemId, code: "price_changed", message: `The price of ${book.name} has changed from £10.00 to £12.00.` };
    expect(cartOf(await acknowledge(shown)).notifications).toEqual([unseen]);
    const next = cartOf(await client.get({}, anonymousId));
    expect(next.notifications).toEqual([unseen]);
    expect(cartOf(await acknowledge(next)).notifications).toEqual([]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual([]);
  });
});

describe("stock fell", () => {
  it("answers a line reduced to the stock left, with totals at that quantity, and says so until acknowledged", async () => {
    const book = await freshVariant({ stock: 10 });
    const { anonymousId, lineItemId } = await guestCartWith(book.variantId, 5);
    await setStock(book.variantId, 3);
    const cart = cartOf(await client.get({}, anonymousId));
    // What a checkout would charge, though the stored line is corrected only by the next change.
    expect(cart.lineItems[0]).toMatchObject({ lineItemId, quantity: 3, lineTotal: { amount: 3000 } });
    expect(cart).toMatchObject({ itemCount: 3, subTotal: { amount: 3000 } });
    expect(cart.notifications).toEqual([
      { lineItemId, code: "quantity_reduced", message: `Only 3 of ${book.name} are in stock, so the quantity was reduced from 5 to 3.` },
    ]);
    expect(await storedLine(lineItemId)).toMatchObject({ quantity: 5 });
    const again = cartOf(await client.get({}, anonymousId));
    expect(again.notifications).toEqual(cart.notifications);
    expect(again.lineItems[0]!.quantity).toBe(3);

    expect(cartOf(await acknowledge(again)).notifications).toEqual([]);
    expect(await storedLine(lineItemId)).toMatchObject({ quantity: 3 });
    expect(cartOf(await client.get({}, anonymousId))).toMatchObject({ notifications: [], itemCount: 3 });
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
    const { anonymousId, lineItemId } = await guestCartWith(book.variantId);
    await api.database.db.update(products).set({ isPublished: false }).where(eq(products.id, book.productId));
    const cart = cartOf(await client.get({}, anonymousId));
    expect(cart.lineItems).toEqual([]);
    expect(cart.notifications).toEqual([
      { lineItemId: null, code: "item_removed", message: `${book.name} is no longer available and has been removed from your cart.` },
    ]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual(cart.notifications);
    expect(await storedLine(lineItemId)).toBeDefined();
    expect(cartOf(await acknowledge(cart)).notifications).toEqual([]);
    expect(await storedLine(lineItemId)).toBeUndefined();
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

  it("keeps a line with no price in the request currency but leaves it out of the subtotal, saying so until acknowledged", async () => {
    const { variants } = api.seeded;
    const { anonymousId, lineItemId } = await guestCartWith(variants.gbpOnly, 1);
    await client.add({ productVariantId: variants.plainHardback, quantity: 1, anonymousId });
    const euros = cartOf(await client.get({ currencyCode: "EUR" }, anonymousId));
    expect(euros.lineItems[0]).toMatchObject({ lineItemId, unitPrice: null, lineTotal: null, isPurchasable: false });
    expect(euros.subTotal).toEqual({ amount: 1200, currencyCode: "EUR" });
    expect(euros.itemCount).toBe(2);
    expect(euros.notifications).toEqual([
      {
        lineItemId,
        code: "item_unavailable",
        message: "Gbp-only (Paperback) is not sold in EUR, so it cannot be bought in this currency.",
      },
    ]);
    expect(cartOf(await client.get({ currencyCode: "EUR" }, anonymousId)).notifications).toEqual(euros.notifications);
    expect(cartOf(await acknowledge(euros, { currencyCode: "EUR" })).notifications).toEqual([]);
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
    await api.database.db
      .delete(productAddons)
      .where(and(eq(productAddons.productId, book.productId), eq(productAddons.addonId, ribbon.id)));
    const cart = cartOf(await client.get({}, anonymousId));
    expect(cart.lineItems[0]).toMatchObject({ addons: [], lineTotal: { amount: 2000 } });
    expect(cart.notifications).toEqual([
      { lineItemId, code: "addon_removed", message: `Ribbon (Silk) is no longer offered with ${book.name} and has been taken off it.` },
    ]);
  });
});

describe("grouping and clearing", () => {
  it("lists generic notices first, then each line's in line order, and clears them all once acknowledged", async () => {
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
    const storedNotices = () => api.database.db.select().from(cartNotifications).where(eq(cartNotifications.cartId, cart.id!));
    expect(await storedNotices()).toEqual([]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual(cart.notifications);

    expect(cartOf(await acknowledge(cart)).notifications).toEqual([]);
    expect(await storedNotices()).toEqual([]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual([]);
  });
});

describe("PUT /baskets/notifications/acknowledge", () => {
  it("names the cart as every change does: a guest's by anonymousId, and no one else's", async () => {
    const book = await freshVariant({ gbp: 1000 });
    const { anonymousId } = await guestCartWith(book.variantId);
    await setPrice(book.variantId, "GBP", 1500);
    const shown = cartOf(await client.get({}, anonymousId));
    const { notifications } = shown;

    const noId = await client.acknowledge({ notifications });
    expect(noId.statusCode).toBe(400);
    expect(errorCodeOf(noId)).toBe("anonymous_id_required");
    const unknown = await client.acknowledge({ notifications, anonymousId: "D".repeat(32) });
    expect(unknown.statusCode).toBe(404);
    expect(errorCodeOf(unknown)).toBe("cart_not_found");
    // Another guest acknowledging the same words changes nothing in this cart.
    const other = await guestCartWith(api.seeded.variants.sale);
    expect(cartOf(await client.acknowledge({ notifications, anonymousId: other.anonymousId })).notifications).toEqual([]);
    expect(cartOf(await client.get({}, anonymousId)).notifications).toEqual(notifications);
  });

  it.each([
    ["no notices", { notifications: [] }],
    ["a notice without a message", { notifications: [{ lineItemId: 1, code: "price_changed" }] }],
    ["a code that is not a notice's", { notifications: [{ lineItemId: 1, code: "out_of_stock", message: "x" }] }],
    ["an unknown key", { notifications: [{ lineItemId: null, code: "item_removed", message: "x", id: 1 }] }],
  ])("answers 400 for %s", async (_name, body) => {
    const { anonymousId } = await guestCartWith(api.seeded.variants.sale);
    const response = await client.acknowledge({ ...body, anonymousId });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
  });
});

describe("a read changes nothing", () => {
  /** Every row a cart keeps, as the database holds it. */
  async function rowsOf(cartId: number) {
    const { db } = api.database;
    const lines = await db.select().from(cartLines).where(eq(cartLines.cartId, cartId)).orderBy(asc(cartLines.id));
    return {
      cart: await db.select().from(carts).where(eq(carts.id, cartId)),
      lines,
      addons: await db
        .select()
        .from(cartLineAddons)
        .where(
          inArray(
            cartLineAddons.cartLineId,
            lines.map((line) => line.id),
          ),
        ),
      notices: await db.select().from(cartNotifications).where(eq(cartNotifications.cartId, cartId)).orderBy(asc(cartNotifications.id)),
    };
  }

  /** Statements that write, or lock rows: none may come from a read. */
  const writesOrLocks = (statements: readonly string[]) =>
    statements.filter((statement) =>
      /^\s*(insert|update|delete|merge|truncate)\b|\bfor\s+(no\s+key\s+)?(update|share|key\s+share)\b/i.test(statement),
    );

  it("GET /baskets issues no INSERT, UPDATE or DELETE and takes no row lock, whatever the review finds", async () => {
    const ribbon = await createAddon(api.database.db, {
      storeId: api.seeded.store.id,
      code: "read-ribbon",
      name: "Ribbon",
      options: [{ name: "Satin", prices: { GBP: 40 } }],
    });
    const repriced = await freshVariant({ gbp: 1000 });
    const shrunk = await freshVariant({ stock: 10 });
    const withdrawn = await freshVariant();
    const unwrapped = await freshVariant({ addonIds: [ribbon.id] });
    const customer = await createSession(api.database.db, api.seeded.customers.a.id);
    const guest = await guestCartWith(repriced.variantId, 2);
    const callers = [
      [{}, guest.anonymousId],
      [customer, undefined],
    ] as const;
    const ownerOf = (anonymousId: string | undefined) => (anonymousId === undefined ? {} : { anonymousId });
    for (const [caller, anonymousId] of callers) {
      if (anonymousId === undefined) cartOf(await client.add({ productVariantId: repriced.variantId, quantity: 2 }, caller));
      cartOf(await client.add({ productVariantId: shrunk.variantId, quantity: 6, ...ownerOf(anonymousId) }, caller));
      cartOf(
        await client.add(
          { productVariantId: unwrapped.variantId, quantity: 1, addonOptionIds: [ribbon.options[0]!.id], ...ownerOf(anonymousId) },
          caller,
        ),
      );
    }
    // A stored notice: a change finds the price moved and keeps the notice until acknowledged.
    await setPrice(repriced.variantId, "GBP", 1100);
    for (const [caller, anonymousId] of callers) {
      expect(
        cartOf(await client.add({ productVariantId: withdrawn.variantId, quantity: 1, ...ownerOf(anonymousId) }, caller)).notifications,
      ).toHaveLength(1);
    }
    // And everything a review settles: the price moves again, stock falls, a product is withdrawn, an add-on
    // is no longer offered.
    await setPrice(repriced.variantId, "GBP", 1250);
    await setStock(shrunk.variantId, 4);
    await api.database.db.update(products).set({ isPublished: false }).where(eq(products.id, withdrawn.productId));
    await api.database.db.delete(productAddons).where(eq(productAddons.productId, unwrapped.productId));

    for (const [caller, anonymousId] of callers) {
      const cartId = cartOf(await client.get(caller, anonymousId)).id!;
      const before = await rowsOf(cartId);
      api.database.resetQueryLog();
      const read = cartOf(await client.get(caller, anonymousId));
      const statements = [...api.database.queries];
      expect(statements.length).toBeGreaterThan(0);
      expect(writesOrLocks(statements), statements.join("\n")).toEqual([]);
      expect(await rowsOf(cartId)).toEqual(before);
      // What it answers is the review's all the same: the stored notice and four found now, the withdrawn line
      // out, totals at the quantity stock allows.
      expect(read.notifications.map((notice) => notice.code).sort()).toEqual([
        "addon_removed",
        "item_removed",
        "price_changed",
        "price_changed",
        "quantity_reduced",
      ]);
      expect(read.lineItems.map((line) => [line.variant.id, line.quantity])).toEqual([
        [repriced.variantId, 2],
        [shrunk.variantId, 4],
        [unwrapped.variantId, 1],
      ]);
      expect(read.subTotal.amount).toBe(1250 * 2 + 1000 * 4 + 1000);
    }
  });
});
