// Writes the cut Latin font files of scripts/font-subsets.ts to app/fonts:
// `npx tsx apps/storefront/scripts/write-font-subsets.ts`. font-subsets.test.ts fails when they are out of date.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildFontSubset, FONT_SUBSETS } from "./font-subsets";

for (const subset of FONT_SUBSETS) {
  const target = fileURLToPath(new URL(`../app/fonts/${subset.file}`, import.meta.url));
  const bytes = await buildFontSubset(subset);
  writeFileSync(target, bytes);
  console.log(`Wrote ${target} (${bytes.length} bytes)`);
}
