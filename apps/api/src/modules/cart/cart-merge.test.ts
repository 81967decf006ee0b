import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { listTransitions } from "../state-machines/state-transitions.service";
import { cartClient, cartOf, createCartTestShop, createOtherShop, errorCodeOf } from "./cart-test-catalogue";
import { cartLines, carts } from "./cart.tables";

const api = useTestApi(async (db) => ({ ...(await createCartTestShop(db)), other: await createOtherShop(db) }));
const client = cartClient(() => api.app);

let serial = 0;
/** A new customer of the test store with a live session. */
async function newCustomer() {
  serial += 1;
  const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: `shopper-${serial}@example.com` });
  const session = async () => ({ authorization: (await createSession(api.database.db, customer.id)).authorization });
  return { id: customer.id, session };
}

async function guestCart(items: { productVariantId: number; quantity: number; addonOptionIds?: number[] }[]) {
  let anonymousId: string | undefined;
  for (const item of items) anonymousId = cartOf(await client.add({ ...item, anonymousId })).anonymousId!;
  return anonymousId!;
}

const quantities = (lines: { variant: { id: number }; quantity: number }[]) => lines.map((line) => [line.variant.id, line.quantity]);

describe("PUT /baskets/:id/merge", () => {
  it("closes the guest cart through the cart machine, recording who merged it and why", async () => {
    const shopper = await newCustomer();
    const anonymousId = await guestCart([{ productVariantId: api.seeded.variants.plainHardback, quantity: 1 }]);
    const [guest] = await api.database.db.select({ id: carts.id }).from(carts).where(eq(carts.anonymousId, anonymousId));
    cartOf(await client.merge(anonymousId, await shopper.session()));
    expect(await listTransitions(api.database.db, "cart", guest!.id)).toEqual([
      {
        fromState: "open",
        toState: "merged",
        actorType: "customer",
        actorId: shopper.id,
        actorLabel: null,
        reason: "signed in",
        createdAt: expect.any(Date),
      },
    ]);
    // A repeated merge by the same customer changes nothing and records nothing more.
    cartOf(await client.merge(anonymousId, await shopper.session()));
    expect(await listTransitions(api.database.db, "cart", guest!.id)).toHaveLength(1);
  });

  it("adds the guest's lines to the customer's cart, sums quantities, unites add-ons and closes the guest cart", async () => {
    const { variants, addons } = api.seeded;
    const shopper = await newCustomer();
    const me = await shopper.session();
    await client.add({ productVariantId: variants.plainHardback, quantity: 2, addonOptionIds: [addons.kraft] }, me);
    const anonymousId = await guestCart([
      { productVariantId: variants.plainHardback, quantity: 3, addonOptionIds: [addons.card] },
      { productVariantId: variants.sale, quantity: 1 },
    ]);

    const merged = cartOf(await client.merge(anonymousId, me));
    expect(merged.anonymousId).toBeNull();
    expect(quantities(merged.lineItems)).toEqual([
      [variants.plainHardback, 5],
      [variants.sale, 1],
    ]);
    expect(merged.lineItems[0]!.addons.map((addon) => addon.addonOptionId)).toEqual([addons.kraft, addons.card]);
    expect(merged.subTotal.amount).toBe((1000 + 250 + 150) * 5 + 800);

    const [guestRow] = await api.database.db.select().from(carts).where(eq(carts.anonymousId, anonymousId));
    expect(guestRow).toMatchObject({ status: "merged", mergedIntoCartId: merged.id, customerId: shopper.id });
    // The id is retired: it opens, shows and changes nothing any more.
    expect((await client.get({}, anonymousId)).statusCode).toBe(404);
    expect((await client.add({ productVariantId: variants.sale, quantity: 1, anonymousId })).statusCode).toBe(404);
    expect(cartOf(await client.get(me)).id).toBe(merged.id);
  });

  it("keeps the customer's option where both carts chose one of the same add-on", async () => {
    const { variants, addons } = api.seeded;
    const me = await (await newCustomer()).session();
    await client.add({ productVariantId: variants.plainHardback, quantity: 1, addonOptionIds: [addons.kraft] }, me);
    const anonymousId = await guestCart([{ productVariantId: variants.plainHardback, quantity: 1, addonOptionIds: [addons.red] }]);
    const merged = cartOf(await client.merge(anonymousId, me));
    expect(merged.lineItems[0]!.addons.map((addon) => addon.addonOptionId)).toEqual([addons.kraft]);
  });

  it("caps summed quantities at stock and says so", async () => {
    const { variants } = api.seeded;
    const me = await (await newCustomer()).session();
    const mine = cartOf(await client.add({ productVariantId: variants.scarce, quantity: 1 }, me));
    const anonymousId = await guestCart([{ productVariantId: variants.scarce, quantity: 2 }]);
    const merged = cartOf(await client.merge(anonymousId, me));
    const lineItemId = mine.lineItems[0]!.lineItemId;
    expect(merged.lineItems).toMatchObject([{ lineItemId, quantity: 2 }]);
    expect(merged.notifications).toEqual([
      {
        lineItemId,
        code: "quantity_reduced",
        message: "Only 2 of Scarce (Paperback) are in stock, so the quantity was reduced from 3 to 2.",
      },
    ]);
    // The notice waits for the reads that follow the sign-in, until the shopper has been shown it.
    const read = cartOf(await client.get(me));
    expect(read.notifications).toEqual(merged.notifications);
    expect(cartOf(await client.get(me)).notifications).toEqual(merged.notifications);
    expect(cartOf(await client.acknowledge({ notifications: read.notifications }, me)).notifications).toEqual([]);
    expect(cartOf(await client.get(me)).notifications).toEqual([]);
  });

  it("makes the guest cart the customer's when they had none", async () => {
    const { variants } = api.seeded;
    const me = await (await newCustomer()).session();
    const anonymousId = await guestCart([{ productVariantId: variants.tiered, quantity: 6 }]);
    const merged = cartOf(await client.merge(anonymousId, me));
    expect(merged.id).not.toBeNull();
    expect(merged.lineItems).toMatchObject([{ variant: { id: variants.tiered }, quantity: 6, unitPrice: { amount: 1800 } }]);
  });

  it("answers a repeated merge by the same customer with their cart, unchanged", async () => {
    const { variants } = api.seeded;
    const shopper = await newCustomer();
    const anonymousId = await guestCart([{ productVariantId: variants.plainPaperback, quantity: 2 }]);
    const first = cartOf(await client.merge(anonymousId, await shopper.session()));
    const again = cartOf(await client.merge(anonymousId, await shopper.session()));
    expect(again.id).toBe(first.id);
    expect(quantities(again.lineItems)).toEqual([[variants.plainPaperback, 2]]);
  });

  it("lets no one else merge, see or reuse a guest cart merged by a customer", async () => {
    const anonymousId = await guestCart([{ productVariantId: api.seeded.variants.sale, quantity: 1 }]);
    cartOf(await client.merge(anonymousId, await (await newCustomer()).session()));
    const someoneElse = await (await newCustomer()).session();
    const response = await client.merge(anonymousId, someoneElse);
    expect(response.statusCode).toBe(404);
    expect(errorCodeOf(response)).toBe("cart_not_found");
    expect(response.body).not.toContain("Sale");
    expect(cartOf(await client.get(someoneElse)).lineItems).toEqual([]);
  });

  it("refuses anonymous callers, unknown and malformed ids, and another store's guest cart", async () => {
    const anonymousId = await guestCart([{ productVariantId: api.seeded.variants.sale, quantity: 1 }]);
    const anonymous = await client.merge(anonymousId, {});
    expect(anonymous.statusCode).toBe(401);
    expect(errorCodeOf(anonymous)).toBe("authentication_required");

    const me = await (await newCustomer()).session();
    const unknown = await client.merge("D".repeat(32), me);
    expect(unknown.statusCode).toBe(404);
    expect(errorCodeOf(unknown)).toBe("cart_not_found");
    const malformed = await client.merge("x!", me);
    expect(malformed.statusCode).toBe(400);

    const elsewhere = cartOf(await client.add({ productVariantId: api.seeded.other.variantId, quantity: 1 }, { storeKey: "other-store" }));
    const foreign = await client.merge(elsewhere.anonymousId!, me);
    expect(foreign.statusCode).toBe(404);
    // Still open in its own store.
    expect(cartOf(await client.get({ storeKey: "other-store" }, elsewhere.anonymousId!)).lineItems).toHaveLength(1);
  });
});

describe("races", () => {
  it("two sign-ins merging the same guest cart at once give one cart, no duplicate lines, quantities counted once", async () => {
    const { variants, addons } = api.seeded;
    for (let round = 0; round < 5; round += 1) {
      const shopper = await newCustomer();
      const [first, second] = [await shopper.session(), await shopper.session()];
      await client.add({ productVariantId: variants.plainHardback, quantity: 1 }, first);
      const anonymousId = await guestCart([
        { productVariantId: variants.plainHardback, quantity: 2, addonOptionIds: [addons.card] },
        { productVariantId: variants.tiered, quantity: 3 },
      ]);

      const answers = await Promise.all([client.merge(anonymousId, first), client.merge(anonymousId, second)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const [a, b] = answers.map(cartOf);
      expect(a!.id).toBe(b!.id);

      const open = await api.database.db
        .select({ id: carts.id })
        .from(carts)
        .where(and(eq(carts.customerId, shopper.id), eq(carts.status, "open")));
      expect(open).toEqual([{ id: a!.id }]);
      const lines = await api.database.db
        .select({ variantId: cartLines.variantId, quantity: cartLines.quantity })
        .from(cartLines)
        .where(eq(cartLines.cartId, a!.id!));
      expect(lines.sort((x, y) => x.variantId! - y.variantId!)).toEqual(
        [
          { variantId: variants.plainHardback, quantity: 3 },
          { variantId: variants.tiered, quantity: 3 },
        ].sort((x, y) => x.variantId - y.variantId),
      );
      expect(cartOf(await client.get(first)).lineItems[0]!.addons.map((addon) => addon.addonOptionId)).toEqual([addons.card]);
    }
  });

  it("concurrent adds to a customer's not-yet-created cart give one cart holding every unit", async () => {
    const { variants } = api.seeded;
    const shopper = await newCustomer();
    const sessions = await Promise.all(Array.from({ length: 6 }, () => shopper.session()));
    const answers = await Promise.all(
      sessions.map((session, index) =>
        client.add({ productVariantId: index % 2 === 0 ? variants.plainHardback : variants.tiered, quantity: 1 }, session),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => cartOf(answer).id)).size).toBe(1);
    const open = await api.database.db.select({ id: carts.id }).from(carts).where(eq(carts.customerId, shopper.id));
    expect(open).toHaveLength(1);
    const cart = cartOf(await client.get(sessions[0]!));
    expect(quantities(cart.lineItems).sort((x, y) => x[0]! - y[0]!)).toEqual(
      [
        [variants.plainHardback, 3],
        [variants.tiered, 3],
      ].sort((x, y) => x[0]! - y[0]!),
    );
  });

  it("concurrent adds never take a line past stock", async () => {
    const shopper = await newCustomer();
    const sessions = await Promise.all(Array.from({ length: 4 }, () => shopper.session()));
    const answers = await Promise.all(
      sessions.map((session) => client.add({ productVariantId: api.seeded.variants.scarce, quantity: 1 }, session)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409, 409]);
    expect(cartOf(await client.get(sessions[0]!)).lineItems[0]!.quantity).toBe(2);
  });
});
