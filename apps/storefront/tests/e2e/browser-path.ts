import { existsSync } from "node:fs";

/**
 * Debian's Chromium builds, best first for tests: the headless shell (package chromium-headless-shell) renders
 * pages as Chromium does without the browser's own interface, which the full browser's headless mode still
 * runs (its interface renderers took a third of a core in the journeys); it cut a journey file's CPU time by
 * 20-30%. The full browser serves when the shell is not installed.
 */
const CANDIDATES = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"];

/** The browser the journeys drive: CHROME_PATH when set, else the first of Debian's builds that is installed. */
export function chromiumPath(): string {
  return process.env.CHROME_PATH || (CANDIDATES.find((candidate) => existsSync(candidate)) ?? CANDIDATES.at(-1)!);
}
