import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

// Reading the storefront's built browser bundle (apps/storefront/build/client): which scripts a page loads,
// how much they weigh, and what they hold. React Router writes the route manifest the browser uses into
// assets/manifest-<version>.js; it names each route's module, the modules it imports and its parent.

interface ManifestModule {
  module: string;
  imports?: string[];
}
interface ClientManifest {
  entry: ManifestModule;
  routes: Record<string, ManifestModule & { parentId?: string }>;
}

/** The route manifest of a client build. */
export function readClientManifest(clientDir: string): ClientManifest {
  const file = readdirSync(path.join(clientDir, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${clientDir}/assets: is the storefront built?`);
  const source = readFileSync(path.join(clientDir, "assets", file), "utf8");
  const json = /^window\.__reactRouterManifest=(.*);\s*$/s.exec(source)?.[1];
  if (!json) throw new Error(`${file} is not the manifest React Router writes`);
  return JSON.parse(json) as ClientManifest;
}

/** Every script a page of `routeId` loads: the entry, then the route and each of its parents, with their imports. */
export function pageScripts(manifest: ClientManifest, routeId: string): string[] {
  const scripts = new Set<string>();
  const add = (entry: ManifestModule) => [entry.module, ...(entry.imports ?? [])].forEach((script) => scripts.add(script));
  add(manifest.entry);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`The manifest has no route ${id}`);
    add(route);
  }
  return [...scripts];
}

/** The sum of the scripts' sizes gzipped, in bytes: about what a browser downloads for them. */
export function gzipSizeOf(clientDir: string, scripts: string[]): number {
  return scripts.reduce((total, script) => total + gzipSync(readFileSync(path.join(clientDir, script))).length, 0);
}

/** The built scripts (relative to the client folder) whose text contains `marker`. */
export function scriptsContaining(clientDir: string, marker: string): string[] {
  const assets = path.join(clientDir, "assets");
  return readdirSync(assets)
    .filter((name) => name.endsWith(".js") && readFileSync(path.join(assets, name), "utf8").includes(marker))
    .map((name) => `/assets/${name}`);
}
