#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository checked by TypeScript 7, the compiler written
// in Go (decision 057), one project after another: it reads and parses a project on every core by itself (and
// checks it with checkersFor's count of checkers), so running several at once only makes them fight. TypeScript 6 stays installed as `typescript` for the tools that use the
// compiler's JavaScript API (typescript-eslint, the structure tests in scripts/), which TypeScript 7 does not offer.
//
//   npm run typecheck                      every project
//   node scripts/typecheck.mjs apps/api    one project (a workspace's `npm run typecheck` runs its own)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every folder holding a tsconfig.json that is checked: the workspaces, the benchmark and the topology test. */
export const PROJECTS = [
  "packages/contracts",
  "packages/money",
  "packages/telemetry",
  "packages/web-kit",
  "apps/api",
  "apps/storefront",
  "apps/admin",
  "apps/payment-sandbox",
  "bench",
  "scripts/topology",
];

/** TypeScript 7's command line, installed under the alias `typescript-native` (package.json). */
function nativeCompiler() {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("typescript-native/package.json")), "bin", "tsc");
}

/** The projects named on the command line (relative to where it ran), as repository paths; all without any. */
export function projectsToCheck(argv, cwd = process.cwd()) {
  if (argv.length === 0) return PROJECTS;
  return argv.map((arg) => path.relative(root, path.resolve(cwd, arg)).split(path.sep).join("/"));
}

/**
 * How many type checkers TypeScript 7 runs side by side: half the machine's cores, at least one. Its default, four,
 * checks each file's types once per checker that meets them; on two cores, checking the API took 17 CPU-seconds and
 * 8.9 s with four, 7 CPU-seconds and 5.2 s with one (the storefront 11.5 and 5.9 against 4.7 and 3.4), and
 * `npm test` runs the type checks beside ESLint and the build.
 */
export function checkersFor(cores) {
  return Math.max(1, Math.floor(cores / 2));
}

function run(command, args, cwd) {
  return spawnSync(command, args, { cwd, stdio: "inherit" }).status === 0;
}

function main() {
  const compiler = nativeCompiler();
  const failed = [];
  for (const project of projectsToCheck(process.argv.slice(2))) {
    const folder = path.join(root, project);
    const started = performance.now();
    // A React Router app's route modules import types it generates from the routes file (`./+types/...`).
    const typegen = existsSync(path.join(folder, "react-router.config.ts")) ? run("npx", ["react-router", "typegen"], folder) : true;
    const checkers = String(checkersFor(os.availableParallelism()));
    const ok = typegen && run(process.execPath, [compiler, "--noEmit", "--checkers", checkers, "-p", folder], root);
    if (!ok) failed.push(project);
    console.log(`${ok ? "ok  " : "FAIL"} ${project} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  if (failed.length > 0) {
    console.error(`Type errors in ${failed.join(", ")}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
