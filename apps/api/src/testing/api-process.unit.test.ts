import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isBuildCurrent } from "./api-process";

/** A file at `relative` under `root`, last modified `secondsAgo` before now. */
function fileAt(root: string, relative: string, secondsAgo: number): string {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "");
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, when, when);
  return file;
}

describe("whether the fault tests may start the API's build instead of its source", () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const setUp = () => (root = mkdtempSync(path.join(os.tmpdir(), "quire-build-current-")));

  it("uses the build when it is newer than every source, in every folder and at any depth", () => {
    setUp();
    fileAt(root, "src/modules/cart/cart.service.ts", 60);
    fileAt(root, "packages/contracts/src/index.ts", 50);
    const built = [fileAt(root, "dist/main.js", 10), fileAt(root, "dist/worker.js", 5)];
    expect(isBuildCurrent(built, [path.join(root, "src"), path.join(root, "packages/contracts/src")])).toBe(true);
  });

  it("runs the source when any source file changed after the build, however deep, or a built file is missing", () => {
    setUp();
    fileAt(root, "src/app.ts", 60);
    const built = [fileAt(root, "dist/main.js", 10), fileAt(root, "dist/worker.js", 10)];
    const sources = [path.join(root, "src"), path.join(root, "packages/money/src")];
    fileAt(root, "packages/money/src/deep/down/money.ts", 1);
    expect(isBuildCurrent(built, sources)).toBe(false);
    expect(isBuildCurrent([...built, path.join(root, "dist/missing.js")], [path.join(root, "src")])).toBe(false);
  });

  it("does not count a test file changed after the build: tests are not in the bundle", () => {
    setUp();
    fileAt(root, "src/app.ts", 60);
    const built = [fileAt(root, "dist/main.js", 10)];
    fileAt(root, "src/modules/cart/cart.test.ts", 1);
    expect(isBuildCurrent(built, [path.join(root, "src")])).toBe(true);
  });
});
