import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { gzipSizeOf, pageScripts, readClientManifest, scriptsContaining } from "./client-bundle";

// The browser's bundle holds no zod (docs/decisions/022). The lint rule keeps browser modules on the
// contracts' zod-free entry; route modules may import schemas for their loaders and actions, which React
// Router leaves out of the browser's build. This checks the outcome on the build the browser tests run on
// (the e2e project always builds first), so a schema that leaks through either way fails here.

const CLIENT_BUILD = fileURLToPath(new URL("../../build/client", import.meta.url));
/** Strings only zod's code holds: its error class and its core type's name. */
const ZOD_MARKERS = ["ZodError", "$ZodType"];

describe("the storefront's browser bundle", () => {
  it("holds no zod in any script", () => {
    for (const marker of ZOD_MARKERS) expect(scriptsContaining(CLIENT_BUILD, marker), marker).toEqual([]);
  });

  it("loads a product page's scripts from the route manifest, and they are of a sane size", () => {
    const scripts = pageScripts(readClientManifest(CLIENT_BUILD), "routes/store-product");
    // The entry, the root, the layout and the product route, with what they import.
    expect(scripts.length).toBeGreaterThan(4);
    const gzipBytes = gzipSizeOf(CLIENT_BUILD, scripts);
    console.info(`A product page loads ${scripts.length} scripts, ${(gzipBytes / 1024).toFixed(1)} KiB gzipped`);
    expect(gzipBytes).toBeGreaterThan(0);
  });
});
