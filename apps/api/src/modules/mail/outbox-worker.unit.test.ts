import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "./outbox-worker";

describe("retryDelaySeconds", () => {
  it("doubles from one minute after each failed attempt, up to an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelaySeconds)).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });
});
