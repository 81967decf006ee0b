import { describe, expect, it } from "vitest";
import { parseJobsArgs } from "./jobs-command";

describe("the jobs command's arguments", () => {
  it("reads failed (with an optional --limit), retry <id> and status", () => {
    expect(parseJobsArgs(["failed"])).toEqual({ command: "failed", limit: 20 });
    expect(parseJobsArgs(["failed", "--limit", "5"])).toEqual({ command: "failed", limit: 5 });
    expect(parseJobsArgs(["retry", "7D5C2E3A-1B2C-4D5E-8F90-0123456789AB"])).toEqual({
      command: "retry",
      id: "7d5c2e3a-1b2c-4d5e-8f90-0123456789ab",
    });
    expect(parseJobsArgs(["status"])).toEqual({ command: "status" });
    for (const argv of [[], ["help"], ["--help"], ["failed", "-h"]]) expect(parseJobsArgs(argv)).toEqual({ command: "help" });
  });

  it("refuses what it does not understand with a readable message", () => {
    expect(() => parseJobsArgs(["failed", "--limit", "0"])).toThrow("--limit must be a whole number from 1 to 9999");
    expect(() => parseJobsArgs(["failed", "--limit", "many"])).toThrow("--limit must be a whole number");
    expect(() => parseJobsArgs(["retry"])).toThrow("retry takes one job id");
    expect(() => parseJobsArgs(["retry", "42"])).toThrow("retry takes one job id");
    expect(() => parseJobsArgs(["retry", "7d5c2e3a-1b2c-4d5e-8f90-0123456789ab", "again"])).toThrow("retry takes one job id");
    expect(() => parseJobsArgs(["status", "--limit", "3"])).toThrow("--limit goes with failed only");
    expect(() => parseJobsArgs(["purge"])).toThrow("Unknown command: purge");
    expect(() => parseJobsArgs(["failed", "--colour", "red"])).toThrow();
  });
});
