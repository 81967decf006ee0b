import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildFontSubset, charactersOf, FONT_SUBSETS, LATIN_UNICODE_RANGE } from "../../scripts/font-subsets";

describe("the cut Latin fonts", () => {
  // Cutting both fonts takes about 6 s of one core; more beside the browser journeys.
  it(
    "are the files the subsets make (after an upgrade of @fontsource: npx tsx apps/storefront/scripts/write-font-subsets.ts)",
    { timeout: 60_000 },
    async () => {
      for (const subset of FONT_SUBSETS) {
        const committed = readFileSync(new URL(`./${subset.file}`, import.meta.url));
        expect((await buildFontSubset(subset)).equals(committed), subset.file).toBe(true);
      }
    },
  );

  it("are declared in app.css for the same characters and weights, after @fontsource's faces", () => {
    const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
    const lastImport = css.lastIndexOf("@import");
    const compact = (value: string) => value.replace(/\s+/g, "");
    for (const subset of FONT_SUBSETS) {
      const start = css.lastIndexOf("@font-face", css.indexOf(`url("./fonts/${subset.file}")`));
      const face = css.slice(start, css.indexOf("}", start));
      const declaration = (name: string) => new RegExp(`${name}:([^;]*);`).exec(face)?.[1]?.trim();
      expect(start, subset.file).toBeGreaterThan(lastImport);
      expect(declaration("font-weight"), subset.file).toBe(`${subset.weight.min} ${subset.weight.max}`);
      expect(compact(declaration("unicode-range") ?? ""), subset.file).toBe(LATIN_UNICODE_RANGE);
    }
  });

  it("reads a unicode-range as its characters", () => {
    expect(charactersOf("U+0041-0043,U+20AC")).toBe("ABC€");
  });
});
