#!/usr/bin/env node
// `npm run test:quick`: the contributor's quick loop. What a change since a base revision can break, checked in
// about two minutes: every workspace's type check (a change anywhere can break a type anywhere), ESLint and
// Prettier on the changed files, and the unit and API tests that import a changed file (vitest --changed
// follows the module graph). The browser journeys and the topology test stay in `npm test`, which CI runs.
//
//   npm run test:quick                     changes since origin/main (or, without it, uncommitted changes)
//   npm run test:quick -- --since HEAD~3   changes since a revision of your choice
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Files ESLint checks (eslint.config.js), and files Prettier formats (.prettierignore leaves Markdown out). */
const LINTED = /\.(?:[cm]?[jt]sx?)$/;
const FORMATTED = /\.(?:[cm]?[jt]sx?|json|css|ya?ml|html)$/;

/**
 * What the quick loop runs for a list of changed paths (relative to the repository root, deleted ones left out):
 * the lint and format checks on those files, the type check, and the tests related to the change.
 */
export function quickPlan(changed, since) {
  const lint = changed.filter((file) => LINTED.test(file));
  const format = changed.filter((file) => FORMATTED.test(file));
  const steps = [{ name: "typecheck", command: "npm", args: ["run", "typecheck"] }];
  if (lint.length > 0) steps.push({ name: "eslint", command: "npx", args: ["eslint", "--no-warn-ignored", ...lint] });
  if (format.length > 0) steps.push({ name: "prettier", command: "npx", args: ["prettier", "--check", "--ignore-unknown", ...format] });
  // One run per project: vitest runs projects with different worker counts only in separate runs.
  for (const project of ["unit", "api"]) {
    steps.push({
      name: `${project} tests`,
      command: "npx",
      args: ["vitest", "run", "--project", project, `--changed=${since}`, "--passWithNoTests"],
    });
  }
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
    process.exitCode = (await run(quickPlan(changed, base))) ? 0 : 1;
  }
}
