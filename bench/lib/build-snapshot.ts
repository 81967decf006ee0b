import { cpSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";

/** What a run serves from: its own copy of the built apps, laid out as in the repository. */
export interface BuildSnapshot {
  root: string;
  apiDir: string;
  storefrontDir: string;
}

const BUILT_FILES = ["apps/api/dist/main.js", "apps/api/dist/migrate.js", "apps/api/dist/seed.js", "apps/storefront/build/server/index.js"];

/**
 * Copies the built API and storefront into `into`, beside links to the repository's node_modules, so the
 * whole run measures one build even if the apps are rebuilt meanwhile (a rebuild deletes dist/ and build/).
 */
export function snapshotBuild(root: string, into: string): BuildSnapshot {
  const missing = BUILT_FILES.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) throw new Error(`${missing.join(", ")} missing: run npm run build (or drop --skip-build)`);
  const copy = (relative: string) => cpSync(path.join(root, relative), path.join(into, relative), { recursive: true });
  const link = (relative: string) => {
    if (existsSync(path.join(root, relative))) symlinkSync(path.join(root, relative), path.join(into, relative), "dir");
  };
  mkdirSync(path.join(into, "apps", "api"), { recursive: true });
  mkdirSync(path.join(into, "apps", "storefront"), { recursive: true });
  // The package.json files say the built .js files are ES modules.
  for (const file of ["package.json", "apps/api/package.json", "apps/storefront/package.json"]) copy(file);
  copy("apps/api/dist");
  copy("apps/storefront/build");
  copy("apps/storefront/server.mjs");
  for (const modules of ["node_modules", "apps/api/node_modules", "apps/storefront/node_modules"]) link(modules);
  return { root: into, apiDir: path.join(into, "apps", "api"), storefrontDir: path.join(into, "apps", "storefront") };
}
