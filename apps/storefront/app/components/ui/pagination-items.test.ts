import { describe, expect, it } from "vitest";
import { getPaginationItems } from "./pagination-items";

describe("getPaginationItems", () => {
  it("lists every page when there are few", () => {
    expect(getPaginationItems(1, 1)).toEqual([1]);
    expect(getPaginationItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(getPaginationItems(1, 0)).toEqual([]);
  });

  it("keeps first, last and the current page's neighbours, with gaps between", () => {
    expect(getPaginationItems(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(getPaginationItems(1, 20)).toEqual([1, 2, "gap", 20]);
    expect(getPaginationItems(20, 20)).toEqual([1, "gap", 19, 20]);
  });

  it("shows a single skipped page instead of a gap", () => {
    expect(getPaginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(getPaginationItems(3, 10)).toEqual([1, 2, 3, 4, "gap", 10]);
  });

  it("clamps a current page outside the range", () => {
    expect(getPaginationItems(99, 5)).toEqual([1, "gap", 4, 5]);
  });
});
