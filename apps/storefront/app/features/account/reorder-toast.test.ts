import type { ReorderLineNotAdded } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { reorderToastOf } from "./reorder-toast";

const notAdded = { reason: "out_of_stock" } as ReorderLineNotAdded;

describe("reorderToastOf", () => {
  it("says how many items were added, as a success when everything was", () => {
    expect(reorderToastOf({ addedQuantity: 1, linesNotAdded: [] })).toEqual({
      kind: "success",
      message: "Added 1 item from this order to your basket.",
    });
  });

  it("warns and points to the basket when some lines could not be added as ordered", () => {
    expect(reorderToastOf({ addedQuantity: 3, linesNotAdded: [notAdded] })).toEqual({
      kind: "warn",
      message: "Added 3 items from this order to your basket. One item could not be added as ordered; your basket says why.",
    });
    expect(reorderToastOf({ addedQuantity: 2, linesNotAdded: [notAdded, notAdded] }).message).toContain("2 items could not be added");
  });

  it("warns when nothing could be added", () => {
    expect(reorderToastOf({ addedQuantity: 0, linesNotAdded: [notAdded] })).toEqual({
      kind: "warn",
      message: "Nothing from this order could be added to your basket. Your basket says why.",
    });
  });
});
