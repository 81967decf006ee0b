#!/usr/bin/env node
// `npm run test:quick`: the contributor's quick loop. What a change since a base revision can break, checked in
// about two minutes: every workspace's type check (a change anywhere can break a type anywhere), ESLint and
// Prettier on the changed files, the unit tests that import a changed file (vitest --changed follows the module
// graph; the whole unit project takes half a minute), and the API tests nearest the change: those changed,
// those beside a changed file and those that import one directly. Not every API test a change reaches: nearly
// all of them build the whole app, so the module graph named 71 of 89 files (three minutes) for a change to one
// service. The browser journeys, the topology test and the rest of the API tests stay in `npm test`, which CI runs.
//
//   npm run test:quick                     changes since origin/main (or, without it, uncommitted changes)
//   npm run test:quick -- --since HEAD~3   changes since a revision of your choice
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Files ESLint checks (eslint.config.js), and files Prettier formats (.prettierignore leaves Markdown out). */
const LINTED = /\.(?:[cm]?[jt]sx?)$/;
const FORMATTED = /\.(?:[cm]?[jt]sx?|json|css|ya?ml|html)$/;

/** An API test file: a .test.ts under apps/api/src that is not a unit test (.unit.test.ts) beside the code. */
const API_TEST = /^apps\/api\/src\/.*(?<!\.unit)\.test\.ts$/;
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

/** A path without its script extension: what an import names (`./cart.service` for cart.service.ts). */
const withoutExtension = (file) => file.replace(/\.(?:[cm]?[jt]sx?)$/, "");

/** The repository paths (without extension) that `source`, the text of `file`, imports by a relative specifier. */
function relativeImports(file, source) {
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g)].map((match) => match[1]);
  return specifiers.map((specifier) => withoutExtension(path.posix.join(path.posix.dirname(file), specifier)));
}

/**
 * The API test files nearest a change, from `apiTests` ({ file, source } for each, paths from the repository
 * root): the changed ones, those in the folder of a changed source file, and those that import a changed file
 * (or the folder's index it is) by a relative path. Sorted, each once.
 */
export function nearestApiTests(changed, apiTests) {
  const changedModules = new Set(changed.filter((file) => SOURCE.test(file)).map(withoutExtension));
  const changedFolders = new Set(
    changed.filter((file) => file.startsWith("apps/api/src/") && SOURCE.test(file)).map((file) => path.posix.dirname(file)),
  );
  const near = apiTests.filter(({ file, source }) => {
    if (changed.includes(file) || changedFolders.has(path.posix.dirname(file))) return true;
    return relativeImports(file, source).some((imported) => changedModules.has(imported) || changedModules.has(`${imported}/index`));
  });
  return near.map(({ file }) => file).sort();
}

/**
 * What the quick loop runs for a list of changed paths (relative to the repository root, deleted ones left out):
 * the lint and format checks on those files, the type check, and the tests related to the change. `apiTests`
 * lists the API test files with their text, to find those nearest the change.
 */
export function quickPlan(changed, since, apiTests = []) {
  const lint = changed.filter((file) => LINTED.test(file));
  const format = changed.filter((file) => FORMATTED.test(file));
  const steps = [{ name: "typecheck", command: "npm", args: ["run", "typecheck"] }];
  if (lint.length > 0) steps.push({ name: "eslint", command: "npx", args: ["eslint", "--no-warn-ignored", ...lint] });
  if (format.length > 0) steps.push({ name: "prettier", command: "npx", args: ["prettier", "--check", "--ignore-unknown", ...format] });
  // One run per project: vitest runs projects with different worker counts only in separate runs.
  steps.push({
    name: "unit tests",
    command: "npx",
    args: ["vitest", "run", "--project", "unit", `--changed=${since}`, "--passWithNoTests"],
  });
  const near = nearestApiTests(changed, apiTests);
  if (near.length > 0) steps.push({ name: "api tests", command: "npx", args: ["vitest", "run", "--project", "api", ...near] });
  return steps;
}

function git(...args) {
  const result = spawnSync("git", args, { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The revision to compare with: `--since`, else where this branch left origin/main, else HEAD. */
function baseRevision(argv) {
  const at = argv.indexOf("--since");
  if (at !== -1 && argv[at + 1]) return argv[at + 1];
  return git("merge-base", "HEAD", "origin/main") ?? "HEAD";
}

/** Changed and new files since `base`, committed or not; files since deleted are left out. */
function changedFiles(base) {
  const changed = (git("diff", "--name-only", "--diff-filter=d", base) ?? "").split("\n");
  const untracked = (git("ls-files", "--others", "--exclude-standard") ?? "").split("\n");
  return [...new Set([...changed, ...untracked])].filter(Boolean).sort();
}

/** Runs the steps side by side; prints each one's output whole when it ends, then how long each took. */
async function run(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      (step) =>
        new Promise((resolve) => {
          const begun = Date.now();
          const child = spawn(step.command, step.args, { env: { ...process.env, FORCE_COLOR: "1" } });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (code) => {
            process.stdout.write(`\n── ${step.name} (${code === 0 ? "passed" : `failed, exit ${code}`}) ──\n${output}`);
            resolve({ name: step.name, code, seconds: (Date.now() - begun) / 1000 });
          });
        }),
    ),
  );
  console.log("\n── test:quick ──");
  for (const result of results)
    console.log(`${result.code === 0 ? "ok  " : "FAIL"} ${result.name.padEnd(10)} ${result.seconds.toFixed(1)} s`);
  console.log(`     total      ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return results.every((result) => result.code === 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = baseRevision(process.argv.slice(2));
  const changed = changedFiles(base);
  console.log(`test:quick: ${changed.length} file${changed.length === 1 ? "" : "s"} changed since ${base}`);
  if (changed.length === 0) {
    console.log("Nothing to check. `npm test` runs everything.");
  } else {
    const root = git("rev-parse", "--show-toplevel") ?? process.cwd();
    const apiTests = (git("ls-files", "--cached", "--others", "--exclude-standard", "apps/api/src") ?? "")
      .split("\n")
      .filter((file) => API_TEST.test(file))
      .map((file) => ({ file, source: readFileSync(path.join(root, file), "utf8") }));
    process.exitCode = (await run(quickPlan(changed, base, apiTests))) ? 0 : 1;
  }
}
