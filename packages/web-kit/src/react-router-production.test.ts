import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const hookDir = import.meta.dirname;

/**
 * The modules a Node process loads when it registers the servers' hook (react-router-production.mjs) and then
 * imports what each server.mjs imports from React Router: every file URL, as a second hook (chained after it) sees them
 * being loaded.
 */
async function modulesLoadedWithTheHook(): Promise<string[]> {
  const recorder = `
    export async function load(url, context, nextLoad) {
      if (url.includes("/react-router/")) process.stdout.write(url + "\\n");
      return nextLoad(url, context);
    }`;
  const script = `
    import { register } from "node:module";
    register("./react-router-production.mjs", ${JSON.stringify(`${new URL(`file://${hookDir}/`)}`)});
    register("data:text/javascript,${encodeURIComponent(recorder)}");
    await import("@react-router/express");
    await import("react-router");`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { cwd: hookDir });
  return stdout.split("\n").filter(Boolean);
}

describe("the servers' React Router", () => {
  it("is the production build, one copy for the app and the Express adapter alike", async () => {
    const loaded = await modulesLoadedWithTheHook();
    expect(loaded.some((url) => url.includes("/react-router/dist/production/"))).toBe(true);
    expect(loaded.filter((url) => url.includes("/react-router/dist/development/"))).toEqual([]);
  });
});
