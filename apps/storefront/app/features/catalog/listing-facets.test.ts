import type { Facet } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { listFacets, MAX_LISTED_VALUES } from "./listing-facets";

const value = (code: string, count: number, isSelected = false) => ({ code, label: code.toUpperCase(), count, isSelected });

describe("listFacets", () => {
  it("keeps a short facet whole, leaving out values no product has unless they are ticked", () => {
    const format: Facet = { code: "format", name: "Format", values: [value("hardback", 3), value("audio", 0), value("board", 0, true)] };
    expect(listFacets([format])).toEqual([{ ...format, values: [value("hardback", 3), value("board", 0, true)], unlisted: 0 }]);
  });

  it("lists the most common values of a long facet in the API's order, and counts the rest", () => {
    const author: Facet = {
      code: "author",
      name: "Author",
      values: [value("a", 1), value("b", 9), value("c", 4), value("d", 9), value("e", 2), value("f", 1, true)],
    };
    const [listed] = listFacets([author], 3);
    expect(listed!.values.map((entry) => entry.code)).toEqual(["b", "c", "d", "f"]);
    expect(listed!.unlisted).toBe(2);
  });

  it("breaks ties by the API's order and drops facets with nothing to offer", () => {
    const values = Array.from({ length: MAX_LISTED_VALUES + 4 }, (_, index) => value(`v${String(index).padStart(2, "0")}`, 5));
    const [tag, empty] = listFacets([
      { code: "tag", name: "Tag", values },
      { code: "none", name: "None", values: [value("x", 0)] },
    ]);
    expect(tag!.values).toEqual(values.slice(0, MAX_LISTED_VALUES));
    expect(tag!.unlisted).toBe(4);
    expect(empty).toBeUndefined();
  });
});
