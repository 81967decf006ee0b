import { MAX_BULK_ADD_LINES, type AddToCartBulkResponse, type AddToCartBulkResult } from "@quire/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { cartClient, cartOf, createCartTestShop, errorCodeOf } from "./cart-test-catalogue";
import { carts } from "./cart.tables";

const api = useTestApi((db) => createCartTestShop(db));
const client = cartClient(() => api.app);

/** The answer of a 200 bulk add; fails the test with the body otherwise. */
function bulkOf(response: { statusCode: number; body: string; json(): unknown }): AddToCartBulkResponse["data"] {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return (response.json() as AddToCartBulkResponse).data;
}

const refused = (code: string, message: string | RegExp, field?: string): AddToCartBulkResult =>
  ({
    added: false,
    error: { code, message: typeof message === "string" ? message : expect.stringMatching(message), ...(field ? { field } : {}) },
  }) as AddToCartBulkResult;

let serial = 0;
async function newCustomer() {
  serial += 1;
  const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: `bulk-${serial}@example.com` });
  return {
    id: customer.id,
    session: async () => ({ authorization: (await createSession(api.database.db, customer.id)).authorization }),
  };
}

describe("PUT /baskets/bulk", () => {
  it("adds the lines it can in one call and one transaction, and says why each other line was refused", async () => {
    const { variants, addons } = api.seeded;
    const before = (await api.database.db.select({ id: carts.id }).from(carts)).length;
    const response = await client.addBulk({
      items: [
        { productVariantId: variants.plainHardback, quantity: 2, addonOptionIds: [addons.kraft] },
        { sku: "NO-SUCH-SKU", quantity: 1 },
        // Typed in lower case, with spaces around it: found all the same.
        { sku: "  plain-pb ", quantity: 1 },
        { sku: "SOLDOUT", quantity: 1 },
        { sku: "SCARCE", quantity: 3 },
        { productVariantId: variants.draft, quantity: 1 },
        { sku: "DRAFT", quantity: 1 },
        { productVariantId: variants.sale, quantity: 1, addonOptionIds: [addons.kraft] },
        { productVariantId: 999_999, quantity: 1 },
        { productVariantId: variants.tiered, quantity: 5 },
      ],
    });
    const { cart, results } = bulkOf(response);
    const lineOf = (variantId: number) => cart.lineItems.find((line) => line.variant.id === variantId)!.lineItemId;
    expect(results).toEqual([
      { added: true, lineItemId: lineOf(variants.plainHardback) },
      refused("sku_not_found", "No item has the SKU NO-SUCH-SKU.", "body.items.1.sku"),
      { added: true, lineItemId: lineOf(variants.plainPaperback) },
      refused("out_of_stock", "This item is out of stock"),
      refused("insufficient_stock", "Only 2 of this item are in stock"),
      refused("variant_not_found", "Product variant was not found", "body.items.5.productVariantId"),
      refused("sku_not_found", "No item has the SKU DRAFT.", "body.items.6.sku"),
      refused("addon_option_invalid", /is not offered with this product/, "body.items.7.addonOptionIds"),
      refused("variant_not_found", "Product variant was not found", "body.items.8.productVariantId"),
      { added: true, lineItemId: lineOf(variants.tiered) },
    ]);
    // A new guest cart, made once, holding exactly the added lines at their prices (tier included).
    expect(cart.anonymousId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cart.lineItems.map((line) => [line.variant.id, line.quantity, line.lineTotal?.amount])).toEqual([
      [variants.plainHardback, 2, (1000 + 250) * 2],
      [variants.plainPaperback, 1, 600],
      [variants.tiered, 5, 1800 * 5],
    ]);
    expect(cart.notifications).toEqual([]);
    expect((await api.database.db.select({ id: carts.id }).from(carts)).length).toBe(before + 1);
    // One transaction wrote the cart and all of its lines and add-ons: they carry one transaction id.
    const writers = await api.database.db.execute(
      sql`select xmin::text as writer from carts where id = ${cart.id}
          union select l.xmin::text from cart_lines l where l.cart_id = ${cart.id}
          union select la.xmin::text from cart_line_addons la join cart_lines l on l.id = la.cart_line_id where l.cart_id = ${cart.id}`,
    );
    expect((writers as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    expect(cartOf(await client.get({}, cart.anonymousId!))).toMatchObject({ lineItems: cart.lineItems, subTotal: cart.subTotal });
  });

  it("adds to the cart named, summing lines of one variant in order, each checked against stock with those before it", async () => {
    const { variants, addons } = api.seeded;
    const start = cartOf(await client.add({ productVariantId: variants.plainHardback, quantity: 1, addonOptionIds: [addons.kraft] }));
    const anonymousId = start.anonymousId!;
    const { cart, results } = bulkOf(
      await client.addBulk({
        items: [
          { sku: "SCARCE", quantity: 1 },
          { productVariantId: variants.scarce, quantity: 1 },
          { productVariantId: variants.scarce, quantity: 1 },
          // Red replaces kraft (one gift wrap), then the card joins; the units add to the existing line.
          { productVariantId: variants.plainHardback, quantity: 1, addonOptionIds: [addons.red] },
          { sku: "PLAIN-HB", quantity: 2, addonOptionIds: [addons.card] },
        ],
        anonymousId,
      }),
    );
    const scarceLine = cart.lineItems.find((line) => line.variant.id === variants.scarce)!;
    const plainLine = start.lineItems[0]!.lineItemId;
    expect(results).toEqual([
      { added: true, lineItemId: scarceLine.lineItemId },
      { added: true, lineItemId: scarceLine.lineItemId },
      refused("insufficient_stock", "Only 2 of this item are in stock; your cart already holds 2"),
      { added: true, lineItemId: plainLine },
      { added: true, lineItemId: plainLine },
    ]);
    expect(cart.id).toBe(start.id);
    expect(cart.anonymousId).toBe(anonymousId);
    expect(cart.lineItems.map((line) => [line.lineItemId, line.quantity, line.addons.map((addon) => addon.optionName)])).toEqual([
      [plainLine, 4, ["Red", "Card"]],
      [scarceLine.lineItemId, 2, []],
    ]);
  });

  it("refuses units past a line's limit, and a variant with no price in the request currency", async () => {
    const { variants } = api.seeded;
    const { cart, results } = bulkOf(
      await client.addBulk(
        {
          items: [
            { productVariantId: variants.tiered, quantity: 10 },
            { productVariantId: variants.gbpOnly, quantity: 1 },
            { productVariantId: variants.tiered, quantity: 999 },
          ],
        },
        { currencyCode: "EUR" },
      ),
    );
    expect(results.slice(1)).toEqual([
      refused("price_unavailable", "This item is not sold in EUR", "body.items.1.productVariantId"),
      refused("quantity_limit_exceeded", "A cart line holds at most 999 units; it already holds 10", "body.items.2.quantity"),
    ]);
    expect(cart.lineItems.map((line) => [line.variant.id, line.quantity])).toEqual([[variants.tiered, 10]]);
  });

  it("makes no cart when no line can be added", async () => {
    const before = (await api.database.db.select({ id: carts.id }).from(carts)).length;
    const guest = bulkOf(
      await client.addBulk({
        items: [
          { sku: "NOPE", quantity: 1 },
          { sku: "SOLDOUT", quantity: 1 },
        ],
      }),
    );
    expect(guest.cart).toMatchObject({ id: null, anonymousId: null, lineItems: [] });
    expect(guest.results.map((result) => result.added)).toEqual([false, false]);
    const customer = await (await newCustomer()).session();
    const theirs = bulkOf(await client.addBulk({ items: [{ sku: "NOPE", quantity: 1 }] }, customer));
    expect(theirs.cart).toMatchObject({ id: null, lineItems: [] });
    expect((await api.database.db.select({ id: carts.id }).from(carts)).length).toBe(before);
  });

  it("adds to a signed-in customer's own cart, and answers 404 for a guest cart it does not know", async () => {
    const { variants } = api.seeded;
    const shopper = await newCustomer();
    const session = await shopper.session();
    const added = bulkOf(await client.addBulk({ items: [{ productVariantId: variants.sale, quantity: 1 }] }, session));
    expect(added.cart).toMatchObject({ anonymousId: null, itemCount: 1 });
    const [own] = await api.database.db.select({ id: carts.id }).from(carts).where(eq(carts.customerId, shopper.id));
    expect(added.cart.id).toBe(own!.id);

    const unknown = await client.addBulk({ items: [{ productVariantId: variants.sale, quantity: 1 }], anonymousId: "F".repeat(32) });
    expect(unknown.statusCode).toBe(404);
    expect(errorCodeOf(unknown)).toBe("cart_not_found");
  });

  it.each([
    ["no items", { items: [] }],
    ["no list", {}],
    [`${MAX_BULK_ADD_LINES + 1} lines`, { items: Array.from({ length: MAX_BULK_ADD_LINES + 1 }, () => ({ sku: "SALE", quantity: 1 })) }],
    ["a line naming neither id nor SKU", { items: [{ quantity: 1 }] }],
    ["a line naming both", { items: [{ sku: "SALE", productVariantId: 1, quantity: 1 }] }],
    ["a blank SKU", { items: [{ sku: "  ", quantity: 1 }] }],
    ["a SKU with a NUL byte", { items: [{ sku: "SA\u0000LE", quantity: 1 }] }],
    ["quantity 0", { items: [{ sku: "SALE", quantity: 0 }] }],
    ["a price", { items: [{ sku: "SALE", quantity: 1, price: 1 }] }],
    ["a malformed anonymousId", { items: [{ sku: "SALE", quantity: 1 }], anonymousId: "short" }],
  ])("answers 400 for %s, adding nothing", async (_name, body) => {
    const response = await client.addBulk(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
  });

  it("replays the first answer for a retry with the same Idempotency-Key", async () => {
    const { anonymousId } = cartOf(await client.add({ productVariantId: api.seeded.variants.plainPaperback, quantity: 1 }));
    const body = { items: [{ sku: "TIER", quantity: 2 }], anonymousId };
    const send = () =>
      api.app.inject({
        method: "PUT",
        url: "/baskets/bulk",
        headers: { ...TEST_HEADERS, "idempotency-key": "quick-order-0001-retry" },
        payload: body,
      });
    const first = await send();
    const retry = await send();
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.body).toBe(first.body);
    expect(cartOf(await client.get({}, anonymousId!)).lineItems.map((line) => line.quantity)).toEqual([1, 2]);
  });

  it("takes a fixed number of statements whatever the number of lines", async () => {
    const statementsFor = async (items: { sku: string; quantity: number }[]) => {
      const { anonymousId } = cartOf(await client.add({ productVariantId: api.seeded.variants.plainHardback, quantity: 1 }));
      api.database.resetQueryLog();
      bulkOf(await client.addBulk({ items, anonymousId }));
      return api.database.queries.length;
    };
    const two = await statementsFor([
      { sku: "PLAIN-PB", quantity: 1 },
      { sku: "TIER", quantity: 1 },
    ]);
    const eight = await statementsFor([
      { sku: "PLAIN-PB", quantity: 1 },
      { sku: "TIER", quantity: 1 },
      { sku: "SALE", quantity: 1 },
      { sku: "GBPONLY", quantity: 1 },
      { sku: "SCARCE", quantity: 1 },
      { sku: "PLAIN-HB", quantity: 1 },
      { sku: "TIER", quantity: 2 },
      { sku: "NOPE", quantity: 1 },
    ]);
    expect(eight).toBe(two);
    expect(two).toBeLessThanOrEqual(16);
  });
});

describe("concurrent bulk adds", () => {
  it("two bulk adds on one cart both land whole", async () => {
    const { variants } = api.seeded;
    const { anonymousId } = cartOf(await client.add({ productVariantId: variants.tiered, quantity: 1 }));
    const answers = await Promise.all([
      client.addBulk({
        items: [
          { productVariantId: variants.tiered, quantity: 2 },
          { sku: "PLAIN-PB", quantity: 1 },
        ],
        anonymousId,
      }),
      client.addBulk({
        items: [
          { sku: "TIER", quantity: 3 },
          { productVariantId: variants.sale, quantity: 1 },
          { sku: "PLAIN-PB", quantity: 2 },
        ],
        anonymousId,
      }),
    ]);
    for (const answer of answers) expect(bulkOf(answer).results.every((result) => result.added)).toBe(true);
    const cart = cartOf(await client.get({}, anonymousId!));
    expect(Object.fromEntries(cart.lineItems.map((line) => [line.variant.id, line.quantity]))).toEqual({
      [variants.tiered]: 6,
      [variants.plainPaperback]: 3,
      [variants.sale]: 1,
    });
  });

  it("two bulk adds to a customer's not-yet-created cart give one cart holding every line", async () => {
    const { variants } = api.seeded;
    const shopper = await newCustomer();
    const [first, second] = await Promise.all([shopper.session(), shopper.session()]);
    const answers = await Promise.all([
      client.addBulk(
        {
          items: [
            { sku: "TIER", quantity: 1 },
            { sku: "PLAIN-HB", quantity: 1 },
          ],
        },
        first,
      ),
      client.addBulk(
        {
          items: [
            { sku: "TIER", quantity: 2 },
            { sku: "SALE", quantity: 1 },
          ],
        },
        second,
      ),
    ]);
    expect(new Set(answers.map((answer) => bulkOf(answer).cart.id)).size).toBe(1);
    expect(await api.database.db.select({ id: carts.id }).from(carts).where(eq(carts.customerId, shopper.id))).toHaveLength(1);
    const cart = cartOf(await client.get(first));
    expect(Object.fromEntries(cart.lineItems.map((line) => [line.variant.id, line.quantity]))).toEqual({
      [variants.tiered]: 3,
      [variants.plainHardback]: 1,
      [variants.sale]: 1,
    });
  });

  it("never takes a line past stock, whichever lands first", async () => {
    const { anonymousId } = cartOf(await client.add({ productVariantId: api.seeded.variants.sale, quantity: 1 }));
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => client.addBulk({ items: [{ sku: "SCARCE", quantity: 1 }], anonymousId })),
    );
    const added = answers.map((answer) => bulkOf(answer).results[0]!.added).filter(Boolean);
    expect(added).toHaveLength(2);
    expect(
      cartOf(await client.get({}, anonymousId!)).lineItems.find((line) => line.variant.id === api.seeded.variants.scarce)!.quantity,
    ).toBe(2);
  });
});
