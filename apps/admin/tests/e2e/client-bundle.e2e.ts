import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { gzipSizeOf, pageScripts, readClientManifest, scriptsContaining } from "../../../storefront/tests/e2e/client-bundle";

// The back office's browser bundle (decision 056), read from the build the browser tests run on. Its route modules
// check forms with the contracts' schemas in their actions, which React Router leaves out of the browser's build;
// the components take plain values from "@quire/contracts/constants". A module that imports the contracts' index
// for a value (or `import { type X }`, which keeps the import) puts the schemas and zod, 45 KB gzipped, into pages.

const CLIENT_BUILD = fileURLToPath(new URL("../../build/client", import.meta.url));
/** Strings only zod's code holds: its error class and its core type's name. */
const ZOD_MARKERS = ["ZodError", "$ZodType"];
/**
 * What any page's scripts may weigh on its first load, gzipped, in kilobytes of 1000 bytes: React DOM and React
 * Router are about 108 of them; the heaviest page (the product form) 117.5 in December 2026, and 120.9 once every page
 * had its keyboard shortcuts and fields that say their problem as they are left, and the product form its drop zone.
 */
const PAGE_BUDGET_KB = 122;

describe("the back office's browser bundle", () => {
  it("holds no zod in any script", () => {
    for (const marker of ZOD_MARKERS) expect(scriptsContaining(CLIENT_BUILD, marker), marker).toEqual([]);
  });

  it(`keeps every page's JavaScript within ${PAGE_BUDGET_KB} KB gzipped`, () => {
    const manifest = readClientManifest(CLIENT_BUILD);
    const weights = Object.keys(manifest.routes)
      .filter((routeId) => routeId !== "root")
      .map((routeId) => ({ routeId, kb: gzipSizeOf(CLIENT_BUILD, pageScripts(manifest, routeId)) / 1000 }))
      .sort((a, b) => b.kb - a.kb);
    console.info(
      `heaviest pages: ${weights
        .slice(0, 3)
        .map(({ routeId, kb }) => `${routeId} ${kb.toFixed(1)} KB`)
        .join(", ")}; lightest: ${weights.at(-1)!.routeId} ${weights.at(-1)!.kb.toFixed(1)} KB`,
    );
    expect(weights.filter(({ kb }) => kb > PAGE_BUDGET_KB)).toEqual([]);
  });
});
