import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// npm runs a dependency's install script only once the project has reviewed it (package.json's `allowScripts`;
// npm 11 warns on every install about the rest, npm 12 skips them). Every package in the lockfile that has
// one must be named there, so `npm install` stays quiet and nothing new runs at install time unreviewed.
const root = new URL("..", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { allowScripts?: Record<string, boolean> };
const lockfile = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

describe("install scripts", () => {
  it("are reviewed in package.json's allowScripts for every locked package that has one", () => {
    // Only dependencies: the root's own scripts (its postinstall) and the workspaces' are this repository's code.
    const withScripts = Object.entries(lockfile.packages)
      .filter(([path, entry]) => entry.hasInstallScript === true && path.includes("node_modules/"))
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.length).toBeGreaterThan(0);
    const allowed = manifest.allowScripts ?? {};
    expect(withScripts.filter((name) => allowed[name] === undefined)).toEqual([]);
  });
});
