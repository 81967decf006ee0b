import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { cartMachine, type CartStatus } from "../cart/cart-status";
import { carts } from "../cart/cart.tables";
import { listEdges, listRefusedEdges } from "./state-machine";
import { listTransitions, transition } from "./state-transitions.repository";
import { stateTransitions } from "./state-transitions.tables";

// The transition mechanism on real PostgreSQL, with the cart machine: a test per edge and per refused edge,
// generated from the machine, so an edge added later is tested the day it is added.

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const customer = await createCustomer(db, { storeId: store.id, email: "ada@example.com" });
  return { store, customer };
});

let sequence = 0;
async function cartIn(status: CartStatus) {
  sequence += 1;
  const [cart] = await api.database.db
    .insert(carts)
    .values({ storeId: api.seeded.store.id, anonymousId: `state-machine-test-cart-${String(sequence).padStart(6, "0")}`, status })
    .returning({ id: carts.id });
  return cart!.id;
}
const statusOf = async (id: number) =>
  (await api.database.db.select({ status: carts.status }).from(carts).where(eq(carts.id, id)))[0]?.status;
const historyOf = (id: number) => listTransitions(api.database.db, "cart", id);

describe("transition() with the cart machine", () => {
  for (const [from, to] of listEdges(cartMachine)) {
    it(`moves a cart from ${from} to ${to} and records who, when and why`, async () => {
      const id = await cartIn(from);
      const customerId = api.seeded.customer.id;
      await api.database.db.transaction((tx) =>
        transition(tx, cartMachine, carts, {
          entityId: id,
          from,
          to,
          actor: { type: "customer", id: customerId },
          reason: `test ${from} to ${to}`,
        }),
      );
      expect(await statusOf(id)).toBe(to);
      const history = await historyOf(id);
      expect(history).toEqual([
        {
          fromState: from,
          toState: to,
          actorType: "customer",
          actorId: customerId,
          // Only a merchant's change names who of the shop made it.
          actorLabel: null,
          reason: `test ${from} to ${to}`,
          createdAt: expect.any(Date),
        },
      ]);
    });
  }

  for (const [from, to] of listRefusedEdges(cartMachine)) {
    it(`refuses ${from} to ${to} with 409 invalid_state_transition, changing and recording nothing`, async () => {
      const id = await cartIn(from);
      const attempt = api.database.db.transaction((tx) =>
        transition(tx, cartMachine, carts, { entityId: id, from, to, actor: { type: "system" }, reason: "should not happen" }),
      );
      await expect(attempt).rejects.toMatchObject({ status: 409, code: "invalid_state_transition" });
      expect(await statusOf(id)).toBe(from);
      expect(await historyOf(id)).toEqual([]);
    });
  }

  it("answers 409 state_conflict when the row is no longer in the state the caller saw, and records nothing", async () => {
    const id = await cartIn("merged");
    const attempt = api.database.db.transaction((tx) =>
      transition(tx, cartMachine, carts, { entityId: id, from: "open", to: "ordered", actor: { type: "system" }, reason: "stale" }),
    );
    await expect(attempt).rejects.toMatchObject({ status: 409, code: "state_conflict" });
    expect(await statusOf(id)).toBe("merged");
    expect(await historyOf(id)).toEqual([]);
  });

  it("lets exactly one of two concurrent moves out of the same state win", async () => {
    const id = await cartIn("open");
    const move = (to: CartStatus) =>
      api.database.db.transaction((tx) =>
        transition(tx, cartMachine, carts, { entityId: id, from: "open", to, actor: { type: "system" }, reason: `race to ${to}` }),
      );
    const results = await Promise.allSettled([move("merged"), move("ordered")]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(refused?.reason).toMatchObject({ status: 409, code: "state_conflict" });
    const history = await historyOf(id);
    expect(history).toHaveLength(1);
    expect(await statusOf(id)).toBe(history[0]!.toState);
  });

  it("records nothing when the caller's transaction rolls back", async () => {
    const id = await cartIn("open");
    const attempt = api.database.db.transaction(async (tx) => {
      await transition(tx, cartMachine, carts, {
        entityId: id,
        from: "open",
        to: "ordered",
        actor: { type: "system" },
        reason: "rolled back",
      });
      throw new Error("the order could not be placed");
    });
    await expect(attempt).rejects.toThrow("the order could not be placed");
    expect(await statusOf(id)).toBe("open");
    const rows = await api.database.db
      .select()
      .from(stateTransitions)
      .where(and(eq(stateTransitions.machine, "cart"), eq(stateTransitions.entityId, id)));
    expect(rows).toEqual([]);
  });
});
