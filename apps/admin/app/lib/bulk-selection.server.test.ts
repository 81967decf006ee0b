import { describe, expect, it } from "vitest";
import { tickedIds } from "./bulk-selection.server";

describe("a list's ticked rows", () => {
  it("are the ids sent, each once, and nothing else a hand-made form may carry", () => {
    const form = new FormData();
    for (const value of ["12", "7", "12", "0", "-3", "abc", "2147483648", "99999999999", " 5", "2147483647"]) form.append("orderId", value);
    form.append("productId", "8");
    expect(tickedIds(form, "orderId")).toEqual([12, 7, 2147483647]);
    expect(tickedIds(new FormData(), "orderId")).toEqual([]);
  });
});
