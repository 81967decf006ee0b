import { describe, expect, it } from "vitest";
import { keysetPage } from "./keyset-page";

const rows = (...ids: number[]) => ids.map((id) => ({ id }));

describe("keysetPage", () => {
  it("shows `limit` rows and keys the next page by the last one shown when a row more came back", () => {
    expect(keysetPage(rows(9, 8, 7, 6), 3, (row) => row.id)).toEqual({ page: rows(9, 8, 7), next: 7 });
  });

  it("has no next page when no row more came back, even a full one", () => {
    expect(keysetPage(rows(9, 8, 7), 3, (row) => row.id)).toEqual({ page: rows(9, 8, 7), next: null });
    expect(keysetPage(rows(2), 3, (row) => row.id)).toEqual({ page: rows(2), next: null });
    expect(keysetPage([], 3, (row: { id: number }) => row.id)).toEqual({ page: [], next: null });
  });

  it("keys by whatever the list is ordered by", () => {
    const jobs = [
      { at: 30, id: 4 },
      { at: 20, id: 9 },
      { at: 10, id: 2 },
    ];
    expect(keysetPage(jobs, 2, (job) => `${job.at}_${job.id}`).next).toBe("20_9");
  });
});
