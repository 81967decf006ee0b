import { describe, expect, it } from "vitest";
import { StoreCatalogueIndex, type CatalogueRows, type FacetValueMeta, type SortKey } from "./catalog-index";

// Three books: 10 (hardback, birthday), 20 (paperback), 30 (hardback); category 5 holds 10 and 20.
const values: FacetValueMeta[] = [
  { id: 1, attributeId: 1, attributeCode: "format", attributeName: "Format", code: "hardback", label: "Hardback", position: 0 },
  { id: 2, attributeId: 1, attributeCode: "format", attributeName: "Format", code: "paperback", label: "Paperback", position: 1 },
  { id: 3, attributeId: 2, attributeCode: "occasion", attributeName: "Occasion", code: "birthday", label: "Birthday", position: 0 },
];
const rows = (ids: number[], lists: number[][], categories: number[][], gbp: number[]): CatalogueRows => {
  const offsets = (of: number[][]) => Int32Array.from([0, ...of.map((_, index) => of.slice(0, index + 1).flat().length)]);
  return {
    ids: Int32Array.from(ids),
    valueOffsets: offsets(lists),
    valueIds: Int32Array.from(lists.flat()),
    categoryOffsets: offsets(categories),
    categoryIds: Int32Array.from(categories.flat()),
    prices: new Map([["GBP", Int32Array.from(gbp)]]),
  };
};
const orders = (popular: number[], price: number[]) =>
  new Map<SortKey, Int32Array>([
    ["popular", Int32Array.from(popular)],
    ["newest", Int32Array.from(popular)],
    ["name", Int32Array.from(popular)],
    ["price:GBP", Int32Array.from(price)],
  ]);
const index = StoreCatalogueIndex.build(
  rows([10, 20, 30], [[1, 3], [2], [1]], [[5], [5], [6]], [500, 300, -1]),
  orders([30, 10, 20], [20, 10]),
  values,
);
const base = { storeId: 1, currencyCode: "GBP", attributeFilters: [] };

describe("the catalogue index of a store", () => {
  it("counts a selected facet's values disjunctively and the others over the whole selection", () => {
    const facets = index.facets({ ...base, attributeFilters: [{ code: "format", valueIds: [1] }] });
    expect(facets.total).toBe(2);
    expect(facets.values.map((value) => [value.code, value.count, value.isSelected])).toEqual([
      ["hardback", 2, true],
      ["paperback", 1, false],
      ["birthday", 1, false],
    ]);
    expect([facets.minPrice, facets.maxPrice]).toEqual([500, 500]);
  });

  it("pages any sort, price sorts ending with the unpriced products", () => {
    expect(index.page(base, "popular", { offset: 0, limit: 2 })).toEqual({ total: 3, ids: [30, 10] });
    expect(index.page({ ...base, categoryIds: [5] }, "popular", { offset: 1, limit: 5 })).toEqual({ total: 2, ids: [20] });
    expect(index.page(base, "price-asc", { offset: 0, limit: 3 }).ids).toEqual([20, 10, 30]);
    expect(index.page(base, "price-desc", { offset: 0, limit: 3 }).ids).toEqual([10, 20, 30]);
    expect(index.page({ ...base, price: { min: 400 } }, "price-asc", { offset: 0, limit: 3 })).toEqual({ total: 1, ids: [10] });
  });

  it("follows changes by placing each changed product after its unchanged neighbour", () => {
    const changed = index.withChanges({
      changedIds: [20, 40],
      rows: rows([40], [[2]], [[5]], [100]),
      placements: new Map<SortKey, { id: number; after: number | null }[]>([
        ["popular", [{ id: 40, after: null }]],
        ["price:GBP", [{ id: 40, after: null }]],
      ]),
      values,
      searchRows: [],
    });
    expect(changed?.page(base, "popular", { offset: 0, limit: 5 })).toEqual({ total: 3, ids: [40, 30, 10] });
    expect(changed?.page(base, "price-asc", { offset: 0, limit: 5 }).ids).toEqual([40, 10, 30]);
    expect(index.page(base, "popular", { offset: 0, limit: 5 }).ids).toEqual([30, 10, 20]);
  });

  it("asks for a rebuild when a change names a neighbour it does not hold", () => {
    const changes = {
      changedIds: [40],
      rows: rows([40], [[]], [[]], [-1]),
      placements: new Map<SortKey, { id: number; after: number | null }[]>([["popular", [{ id: 40, after: 99 }]]]),
      values,
      searchRows: [],
    };
    expect(index.withChanges(changes)).toBeNull();
  });
});
