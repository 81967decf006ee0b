import { readFileSync } from "node:fs";
import { dirname, posix } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { loopsOf, sourceFiles } from "./import-loops";

// No two of the storefront's files import each other, directly or round a longer loop: a loop is files that
// cannot be read, changed or loaded apart (the layout once reached back to root.tsx through ten files; a dialog
// and its modal, a toast and its region, the basket's pricing and review imported each other). What two files
// share moves down into a third. Every import counts, types too; tests are left out.

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const APP = "apps/storefront/app";

/** Each file's imports of the storefront's other files ("~/..." and relative), as written. */
function fileGraph(): Map<string, Map<string, string>> {
  const files = new Set(sourceFiles(root, APP));
  const resolve = (from: string, specifier: string) => {
    const base = specifier.startsWith("~/")
      ? `${APP}/${specifier.slice(2)}`
      : specifier.startsWith(".")
        ? posix.normalize(posix.join(posix.dirname(from), specifier))
        : null;
    if (base === null) return null;
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => files.has(candidate)) ?? null;
  };
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const edges = new Map<string, string>();
    for (const imported of ts.preProcessFile(readFileSync(`${root}/${file}`, "utf8"), true, true).importedFiles) {
      const target = resolve(file, imported.fileName);
      if (target && target !== file) edges.set(target, imported.fileName);
    }
    graph.set(file, edges);
  }
  return graph;
}

describe("the storefront's files", () => {
  it("import each other round no loop", () => {
    const graph = fileGraph();
    expect(graph.size, "the storefront's files were found").toBeGreaterThan(100);
    // The graph is read: the root imports files of its own.
    expect(graph.get(`${APP}/root.tsx`)?.size).toBeGreaterThan(0);
    expect(loopsOf(graph)).toEqual([]);
  });
});
