import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildIconSprite, ICON_PATHS } from "./icon-paths";

describe("the icon sprite", () => {
  it("is the one the icon paths make (after changing a path: npx tsx apps/storefront/scripts/write-icon-sprite.ts)", () => {
    expect(readFileSync(new URL("./icons.svg", import.meta.url), "utf8")).toBe(buildIconSprite());
  });

  it("holds a symbol for every icon, named as the icon", () => {
    const sprite = buildIconSprite();
    for (const name of Object.keys(ICON_PATHS)) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
  });
});
