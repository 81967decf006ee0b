import { describe, expect, it } from "vitest";
import { parseSeedArgs } from "./run-seed";

describe("parseSeedArgs", () => {
  it("defaults to replacing the demo store with no large catalogue", () => {
    expect(parseSeedArgs([])).toEqual({ ifEmpty: false, products: 0, help: false });
  });

  it("reads --if-empty and --products N (underscores allowed as digit separators)", () => {
    expect(parseSeedArgs(["--if-empty", "--products", "100_000"])).toEqual({ ifEmpty: true, products: 100_000, help: false });
    expect(parseSeedArgs(["--products=500"])).toMatchObject({ products: 500 });
  });

  it.each([["--products", "many"], ["--products", "-5"], ["--products", "1.5"], ["--products", "9000000"], ["--wipe"], ["extra"]])(
    "refuses %s %s",
    (...argv) => {
      expect(() => parseSeedArgs(argv)).toThrow();
    },
  );
});
