import { describe, expect, it } from "vitest";
import { collectAllPages, type PageOfResults } from "./collect-pages";

/** A paged source over `rows`, recording which pages were asked for. */
function pagedSource(rows: number[], pageSize: number) {
  const asked: number[] = [];
  const readPage = async (pageNumber: number): Promise<PageOfResults<number>> => {
    asked.push(pageNumber);
    return { results: rows.slice((pageNumber - 1) * pageSize, pageNumber * pageSize), total: rows.length };
  };
  return { asked, readPage };
}

describe("collectAllPages", () => {
  it("reads one page when everything fits in it", async () => {
    const source = pagedSource([1, 2, 3], 50);
    expect(await collectAllPages(source.readPage)).toEqual([1, 2, 3]);
    expect(source.asked).toEqual([1]);
  });

  it("loops until the total is reached, and no further", async () => {
    const rows = Array.from({ length: 120 }, (_, index) => index + 1);
    const source = pagedSource(rows, 50);
    expect(await collectAllPages(source.readPage)).toEqual(rows);
    expect(source.asked).toEqual([1, 2, 3]);
  });

  it("stops after an exactly full last page without asking for an empty one", async () => {
    const rows = Array.from({ length: 100 }, (_, index) => index);
    const source = pagedSource(rows, 50);
    expect(await collectAllPages(source.readPage)).toHaveLength(100);
    expect(source.asked).toEqual([1, 2]);
  });

  it("asks once for an empty list", async () => {
    const source = pagedSource([], 50);
    expect(await collectAllPages(source.readPage)).toEqual([]);
    expect(source.asked).toEqual([1]);
  });

  it("stops on an empty page when the list shrank while it was read", async () => {
    const asked: number[] = [];
    // The first answer claims 80 rows; by the second page the rest were deleted.
    const readPage = async (pageNumber: number) => {
      asked.push(pageNumber);
      return pageNumber === 1 ? { results: [1, 2], total: 80 } : { results: [], total: 2 };
    };
    expect(await collectAllPages(readPage)).toEqual([1, 2]);
    expect(asked).toEqual([1, 2]);
  });

  it("gives up after maxPages when the total is never reached", async () => {
    const asked: number[] = [];
    const readPage = async (pageNumber: number) => {
      asked.push(pageNumber);
      return { results: [pageNumber], total: 1_000_000 };
    };
    expect(await collectAllPages(readPage, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([1, 2, 3, 4, 5]);
  });
});
