import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// `patches/` holds the few one-line corrections Quire applies to a pinned dependency at install time
// (patch-package, run by the root `postinstall`; docs/decisions/045). Each must name the exact version the
// lockfile installs, or patch-package would refuse it, and each must have taken effect in node_modules.
const root = new URL("..", import.meta.url);
const lockfile = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
  packages: Record<string, { version?: string }>;
};

describe("dependency patches", () => {
  it("each patch names the version the lockfile installs", () => {
    const patches = readdirSync(new URL("patches/", root)).filter((name) => name.endsWith(".patch"));
    expect(patches.length).toBeGreaterThan(0);
    for (const patch of patches) {
      const [, scopedName, version] = /^(.+)\+([^+]+)\.patch$/.exec(patch) ?? [];
      const name = scopedName?.replace("+", "/") ?? "";
      expect(lockfile.packages[`node_modules/${name}`]?.version, patch).toBe(version);
    }
  });

  it("React Router's build no longer hands Vite the deprecated `envFile` option (one warning per build step)", () => {
    for (const file of ["dist/vite.js", "dist/cli/index.js"]) {
      const source = readFileSync(new URL(`node_modules/@react-router/dev/${file}`, root), "utf8");
      expect(source, file).not.toMatch(/\benvFile:\s*false/);
      expect(source, file).toMatch(/\benvDir:\s*false/);
    }
  });
});
