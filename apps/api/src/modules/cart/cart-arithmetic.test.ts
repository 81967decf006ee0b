import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useTestApi } from "../../testing/test-api";
import { cartClient, cartOf, createCartTestShop } from "./cart-test-catalogue";

const api = useTestApi((db) => createCartTestShop(db));
const client = cartClient(() => api.app);

/**
 * The catalogue as the model knows it, written out from createCartTestShop's table rather than read from
 * the API: GBP price, quantity breaks (from `min` units on, each costs `amount`) and stock.
 */
const MODEL_VARIANTS = {
  plainHardback: { price: 1000, tiers: [], stock: 10 },
  plainPaperback: { price: 600, tiers: [], stock: 10 },
  tiered: {
    price: 2000,
    tiers: [
      { min: 5, amount: 1800 },
      { min: 10, amount: 1500 },
    ],
    stock: 50,
  },
  sale: { price: 800, tiers: [], stock: 5 },
  scarce: { price: 300, tiers: [], stock: 2 },
} as const;
type VariantKey = keyof typeof MODEL_VARIANTS;

/** The unit price at a quantity: the break with the largest minimum the quantity reaches, else the list price. */
function modelUnitPrice(key: VariantKey, quantity: number) {
  const { price, tiers } = MODEL_VARIANTS[key];
  const reached = tiers.filter((tier) => quantity >= tier.min);
  return reached.length > 0 ? reached[reached.length - 1]!.amount : price;
}

type Command =
  | { kind: "add"; variant: VariantKey; quantity: number }
  | { kind: "set"; variant: VariantKey; quantity: number }
  | { kind: "remove"; variant: VariantKey };

const variantArb = fc.constantFrom(...(Object.keys(MODEL_VARIANTS) as VariantKey[]));
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), variant: variantArb, quantity: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant("set" as const), variant: variantArb, quantity: fc.integer({ min: 0, max: 12 }) }),
  fc.record({ kind: fc.constant("remove" as const), variant: variantArb }),
);

describe("cart arithmetic", () => {
  it("random sequences of add, change and remove give the model's lines and totals", async () => {
    const variantIds = api.seeded.variants;
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { maxLength: 14 }), async (commands) => {
        // Insertion order is line order: a line removed and added again goes to the end, as in the API.
        const model = new Map<VariantKey, number>();
        const lineIds = new Map<VariantKey, number>();
        let anonymousId: string | undefined;

        for (const command of commands) {
          const current = model.get(command.variant) ?? 0;
          let response;
          let expectedOk = true;
          if (command.kind === "add") {
            const next = current + command.quantity;
            expectedOk = next <= MODEL_VARIANTS[command.variant].stock;
            response = await client.add({ productVariantId: variantIds[command.variant], quantity: command.quantity, anonymousId });
            if (expectedOk) model.set(command.variant, next);
          } else {
            const lineItemId = lineIds.get(command.variant);
            if (lineItemId === undefined || anonymousId === undefined) continue;
            if (command.kind === "remove" || command.quantity === 0) {
              response =
                command.kind === "remove"
                  ? await client.remove({ lineItemIds: [lineItemId], anonymousId })
                  : await client.setQuantity({ lineItemId, quantity: 0, anonymousId });
              model.delete(command.variant);
              lineIds.delete(command.variant);
            } else {
              expectedOk = command.quantity <= MODEL_VARIANTS[command.variant].stock;
              response = await client.setQuantity({ lineItemId, quantity: command.quantity, anonymousId });
              if (expectedOk) model.set(command.variant, command.quantity);
            }
          }

          if (!expectedOk) {
            expect(response.statusCode, JSON.stringify(command)).toBe(409);
            continue;
          }
          const cart = cartOf(response);
          anonymousId = cart.anonymousId!;
          for (const line of cart.lineItems) {
            const key = (Object.keys(variantIds) as (keyof typeof variantIds)[]).find(
              (name) => variantIds[name] === line.variant.id,
            ) as VariantKey;
            lineIds.set(key, line.lineItemId);
          }
          const expectedLines = [...model].map(([key, quantity]) => ({
            variantId: variantIds[key],
            quantity,
            unit: modelUnitPrice(key, quantity),
            total: modelUnitPrice(key, quantity) * quantity,
          }));
          expect(
            cart.lineItems.map((line) => ({
              variantId: line.variant.id,
              quantity: line.quantity,
              unit: line.unitPrice!.amount,
              total: line.lineTotal!.amount,
            })),
          ).toEqual(expectedLines);
          expect(cart.subTotal).toEqual({ amount: expectedLines.reduce((sum, line) => sum + line.total, 0), currencyCode: "GBP" });
          expect(cart.itemCount).toBe(expectedLines.reduce((sum, line) => sum + line.quantity, 0));
          expect(cart.notifications).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  });
});
