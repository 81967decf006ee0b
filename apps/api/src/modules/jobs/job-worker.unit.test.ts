import { describe, expect, it } from "vitest";
import { outagePollDelayMs } from "./job-worker";

describe("outagePollDelayMs", () => {
  it("doubles the poll interval after each poll that found the database away, up to 5 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 60].map((failed) => outagePollDelayMs(100, failed))).toEqual([
      200, 400, 800, 1600, 3200, 5000, 5000, 5000,
    ]);
  });

  it("never polls more often during an outage than the interval asks", () => {
    expect(outagePollDelayMs(60_000, 1)).toBe(60_000);
    expect(outagePollDelayMs(60_000, 20)).toBe(60_000);
  });
});
