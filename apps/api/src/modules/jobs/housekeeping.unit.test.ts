import { describe, expect, it } from "vitest";
import { deleteInBatches } from "./housekeeping";

describe("deleteInBatches", () => {
  it("deletes batch after batch until one comes back short, and answers the total", async () => {
    let left = 25;
    const batches: number[] = [];
    const total = await deleteInBatches(async (limit) => {
      const deleted = Math.min(limit, left);
      left -= deleted;
      batches.push(deleted);
      return deleted;
    }, 10);
    expect(batches).toEqual([10, 10, 5]);
    expect(total).toBe(25);
  });

  it("stops after one empty batch when nothing is past retention", async () => {
    let calls = 0;
    expect(await deleteInBatches(async () => (calls++, 0), 10)).toBe(0);
    expect(calls).toBe(1);
  });
});
