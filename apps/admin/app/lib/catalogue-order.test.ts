import { describe, expect, it } from "vitest";
import { nextPosition, orderMoves } from "./catalogue-order";

describe("moving a category or an attribute among its siblings", () => {
  it("swaps it with its neighbour and numbers the siblings in their new order, sending only the changes", () => {
    const siblings = [
      { id: 7, position: 0 },
      { id: 3, position: 0 },
      { id: 9, position: 5 },
    ];
    // In the API's order (position, then id): 3, 7, 9. Moving 9 up: 3, 9, 7.
    expect(orderMoves(siblings, 9, "up")).toEqual([
      { id: 9, position: 1 },
      { id: 7, position: 2 },
    ]);
    // Moving 3 down: 7, 3, 9 (7 keeps its 0).
    expect(orderMoves(siblings, 3, "down")).toEqual([
      { id: 3, position: 1 },
      { id: 9, position: 2 },
    ]);
  });

  it("does not move the first up, the last down, or one that is not there", () => {
    const siblings = [
      { id: 1, position: 0 },
      { id: 2, position: 1 },
    ];
    expect(orderMoves(siblings, 1, "up")).toEqual([]);
    expect(orderMoves(siblings, 2, "down")).toEqual([]);
    expect(orderMoves(siblings, 5, "up")).toEqual([]);
  });

  it("puts a new one after the last", () => {
    expect(nextPosition([])).toBe(0);
    expect(nextPosition([{ position: 4 }, { position: 2 }])).toBe(5);
  });
});
