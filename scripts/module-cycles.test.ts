import { readFileSync } from "node:fs";
import { dirname, posix } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { loopsOf, sourceFiles } from "./import-loops";

// No two of the API's modules depend on each other, directly or round a longer loop (docs/decisions/040): a module
// that needs another's data calls its service, and one that needs it the other way round leaves the work to a
// flow (apps/api/src/flows), which may call both. The lint (eslint.config.js) refuses imports of another module's
// repository or tables; it cannot see a loop of service imports, so this test draws the modules' graph and
// refuses any loop in it. Every import counts, types and a tables file's foreign keys too: a loop of types is
// still two modules that cannot change apart. Tests and the modules' test helpers (`*-test-*.ts`) are left out:
// they set up data across modules.

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const MODULES = "apps/api/src/modules";

/** Each module's imports of other modules: module -> imported module -> the importing lines, as "file -> path". */
type ModuleGraph = Map<string, Map<string, string[]>>;

function moduleGraph(): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const file of sourceFiles(root, MODULES)) {
    const module = file.slice(MODULES.length + 1).split("/")[0]!;
    const edges = graph.get(module) ?? new Map<string, string[]>();
    graph.set(module, edges);
    // TypeScript's own reading of a file's imports and exports (`import type` and `import("...")` included).
    for (const imported of ts.preProcessFile(readFileSync(`${root}/${file}`, "utf8"), true, true).importedFiles) {
      if (!imported.fileName.startsWith(".")) continue;
      const target = posix.normalize(posix.join(posix.dirname(file), imported.fileName));
      if (!target.startsWith(`${MODULES}/`)) continue;
      const other = target.slice(MODULES.length + 1).split("/")[0]!;
      if (other === module) continue;
      edges.set(other, [...(edges.get(other) ?? []), `${file} -> ${imported.fileName}`]);
    }
  }
  return graph;
}

describe("the API's modules", () => {
  it("finds a loop of two and one round three, and none in a line", () => {
    const graphOf = (edges: [string, string][]) => {
      const graph = new Map<string, Map<string, true>>();
      for (const [from, to] of edges) {
        graph.set(from, (graph.get(from) ?? new Map<string, true>()).set(to, true));
        if (!graph.has(to)) graph.set(to, new Map());
      }
      return graph;
    };
    expect(
      loopsOf(
        graphOf([
          ["orders", "payments"],
          ["payments", "orders"],
          ["cart", "catalog"],
        ]),
      ),
    ).toEqual([["orders", "payments"]]);
    expect(
      loopsOf(
        graphOf([
          ["checkout", "orders"],
          ["orders", "payments"],
          ["payments", "checkout"],
        ]),
      ),
    ).toEqual([["checkout", "orders", "payments"]]);
    expect(
      loopsOf(
        graphOf([
          ["checkout", "orders"],
          ["orders", "payments"],
          ["checkout", "payments"],
        ]),
      ),
    ).toEqual([]);
  });

  it("import each other round no loop", () => {
    const graph = moduleGraph();
    expect(graph.size, "the modules were found").toBeGreaterThan(10);
    const loops = loopsOf(graph).map((loop) =>
      [`${loop.join(", ")}:`, ...loop.flatMap((module) => loop.flatMap((other) => graph.get(module)?.get(other) ?? []))].join("\n  "),
    );
    expect(loops).toEqual([]);
  });
});
