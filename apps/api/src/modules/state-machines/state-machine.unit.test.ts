import { describe, expect, it } from "vitest";
import { CART_STATUSES, cartMachine } from "../cart/cart-status";
import { canTransition, defineStateMachine, listEdges, listRefusedEdges } from "./state-machine";

describe("defineStateMachine", () => {
  it("refuses an edge to a state it does not define, and a state moving to itself", () => {
    expect(() => defineStateMachine<"a" | "b">("broken", { a: ["b", "c" as "b"], b: [] })).toThrow(/a → c/);
    expect(() => defineStateMachine<"a">("loop", { a: ["a"] })).toThrow(/a → a/);
  });

  it("lists every edge and every refused pair, which together cover all pairs of distinct states", () => {
    const machine = defineStateMachine<"draft" | "live" | "gone">("page", { draft: ["live", "gone"], live: ["gone"], gone: [] });
    expect(listEdges(machine)).toEqual([
      ["draft", "live"],
      ["draft", "gone"],
      ["live", "gone"],
    ]);
    expect(listRefusedEdges(machine)).toEqual([
      ["live", "draft"],
      ["gone", "draft"],
      ["gone", "live"],
    ]);
    expect(canTransition(machine, "draft", "live")).toBe(true);
    expect(canTransition(machine, "gone", "live")).toBe(false);
  });
});

describe("the cart machine", () => {
  it("has the states the carts table allows", () => {
    expect([...cartMachine.states].sort()).toEqual([...CART_STATUSES].sort());
  });

  it("lets an open cart be merged or ordered, and nothing else", () => {
    expect(listEdges(cartMachine)).toEqual([
      ["open", "merged"],
      ["open", "ordered"],
    ]);
  });
});
