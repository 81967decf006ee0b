import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_DISCOUNT_CODES } from "./demo-checkout";

// The README tells a newcomer what the demo shop holds; what it says of the seed must stay what the seed does.
const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");

describe("the README's demo shop", () => {
  it("names every discount code the seed creates, and no other", () => {
    const table = readme.slice(readme.indexOf("Demo discount codes"));
    const named = [...table.slice(0, table.indexOf("\n\n", table.indexOf("|"))).matchAll(/^\| `([A-Z0-9]+)` \|/gm)].map(
      (match) => match[1],
    );
    expect(named.sort()).toEqual(DEMO_DISCOUNT_CODES.map((code) => code.code).sort());
  });
});
