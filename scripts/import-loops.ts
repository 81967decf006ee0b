import { readdirSync } from "node:fs";

// Loops in an import graph, for the tests that refuse them (module-cycles.test.ts, storefront-cycles.test.ts).

/** The TypeScript files under `dir` (from `root`), tests and test helpers (`-test-` in the name) left out. */
export function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(`${root}/${dir}`, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(root, path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/-test-/.test(entry.name) ? [path] : [];
  });
}

/** The loops of a graph: its strongly connected parts of more than one node (Tarjan's algorithm), each sorted. */
export function loopsOf(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (module: string) => {
    index.set(module, next);
    low.set(module, next);
    next += 1;
    stack.push(module);
    for (const other of graph.get(module)?.keys() ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(module, Math.min(low.get(module)!, low.get(other)!));
      } else if (stack.includes(other)) {
        low.set(module, Math.min(low.get(module)!, index.get(other)!));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      part.push(member);
    } while (member !== module);
    if (part.length > 1) loops.push(part.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return loops;
}
