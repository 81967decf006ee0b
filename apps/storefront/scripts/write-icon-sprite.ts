// Writes app/components/ui/icons.svg from the icon paths of app/components/ui/icon-paths.ts:
// `npx tsx apps/storefront/scripts/write-icon-sprite.ts`. icon-sprite.test.ts fails when it is out of date.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildIconSprite } from "../app/components/ui/icon-paths";

const target = fileURLToPath(new URL("../app/components/ui/icons.svg", import.meta.url));
writeFileSync(target, buildIconSprite());
console.log(`Wrote ${target}`);
