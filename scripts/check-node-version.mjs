// Stops `npm start` and `npm run dev` (their pre-scripts) with one clear line when this Node is outside the
// range Quire and its tools support, instead of a stack trace from deep inside the build or Vite.
// `npm install` is stopped earlier, by engine-strict in .npmrc (docs/decisions/015). The range is written
// once, in package.json's `engines.node`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** package.json's `engines.node`. */
export function supportedNodeRange() {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  return manifest.engines.node;
}

/**
 * Why `version` (as `process.version` spells it) cannot run Quire, or null when it can. Nightly and
 * pre-release builds count by their numbers.
 * @param {string} version
 * @param {string} range
 * @returns {string | null}
 */
export function nodeVersionProblem(version, range) {
  if (semver.satisfies(version, range, { includePrerelease: true })) return null;
  const minimum = semver.minVersion(range);
  return `Quire needs Node ${minimum.major}.${minimum.minor} or newer (supported: ${range}); this is ${version}.`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problem = nodeVersionProblem(process.version, supportedNodeRange());
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
