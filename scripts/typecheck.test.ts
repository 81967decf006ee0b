import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkersFor, PROJECTS, projectsToCheck } from "./typecheck.mjs";

const root = path.resolve(import.meta.dirname, "..");

describe("npm run typecheck", () => {
  it("checks every TypeScript project the repository holds", () => {
    // A project added later (a new workspace, a test harness with a tsconfig of its own) is checked the day it is added.
    const tracked = spawnSync("git", ["ls-files", "*tsconfig.json"], { cwd: root, encoding: "utf8" });
    expect(tracked.status).toBe(0);
    const folders = tracked.stdout
      .split("\n")
      .filter((file) => file.endsWith("/tsconfig.json"))
      .map((file) => path.posix.dirname(file));
    expect([...PROJECTS].sort()).toEqual(folders.sort());
  });

  it("checks the projects named on its command line, relative to where it runs, and all without one", () => {
    expect(projectsToCheck([], path.join(root, "apps", "api"))).toBe(PROJECTS);
    expect(projectsToCheck(["."], path.join(root, "apps", "api"))).toEqual(["apps/api"]);
    expect(projectsToCheck(["bench", "scripts/topology"], root)).toEqual(["bench", "scripts/topology"]);
  });

  it("runs one type checker per two cores, at least one", () => {
    expect([1, 2, 3, 4, 8, 16].map(checkersFor)).toEqual([1, 1, 1, 2, 4, 8]);
  });

  it("fails, naming the project, when a project has a type error", () => {
    // A project of one file with an error on purpose (its tsconfig is not named tsconfig.json, so it is not one of
    // the repository's projects).
    const fixture = "scripts/typecheck-fixture/tsconfig.fixture.json";
    const result = spawnSync(process.execPath, [path.join(root, "scripts", "typecheck.mjs"), fixture], {
      cwd: root,
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`FAIL ${fixture}`);
    expect(result.stdout).toMatch(/broken\.ts\(\d+,\d+\): error TS2322/);
    expect(result.stderr).toContain(`Type errors in ${fixture}`);
  });
});
