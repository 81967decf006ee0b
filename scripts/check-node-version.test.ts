import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem, supportedNodeRange } from "./check-node-version.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** Runs `node <args>` with process.version (and process.versions.node) reading `fakeVersion`, as an older or newer Node would. */
function runWithNodeVersion(fakeVersion: string, args: string[]) {
  const preload = [
    `Object.defineProperty(process, "version", { value: "v${fakeVersion}" });`,
    `Object.defineProperty(process.versions, "node", { value: "${fakeVersion}" });`,
  ].join("");
  return run(process.execPath, ["--import", `data:text/javascript,${encodeURIComponent(preload)}`, ...args]);
}

function run(command: string, args: string[]) {
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** npm's own entry script, beside this Node as its installers lay it out (Linux/macOS, then Windows). */
function npmCli() {
  const candidates = [
    path.join(path.dirname(process.execPath), "..", "lib", "node_modules", "npm", "bin", "npm-cli.js"),
    path.join(path.dirname(process.execPath), "node_modules", "npm", "bin", "npm-cli.js"),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`npm-cli.js not found beside ${process.execPath} (looked in ${candidates.join(", ")})`);
  return found;
}

describe("the supported Node versions", () => {
  const range = supportedNodeRange();

  it("start at 20.19, what CI runs, and follow the tools' own ranges on 22 and later", () => {
    expect(range).toBe("^20.19.0 || ^22.13.0 || >=24");
    for (const supported of ["v20.19.0", "v20.20.2", "v22.13.0", "v22.20.1", "v24.0.0", "v25.1.0", "v26.0.0-nightly20261101abcdef"]) {
      expect(nodeVersionProblem(supported, range), supported).toBeNull();
    }
  });

  it("refuses older ones, and the odd and early releases the build tools do not support, with one clear line", () => {
    expect(nodeVersionProblem("v18.20.4", range)).toBe(
      "Quire needs Node 20.19 or newer (supported: ^20.19.0 || ^22.13.0 || >=24); this is v18.20.4.",
    );
    for (const unsupported of ["v20.18.3", "v20.0.0", "v21.7.3", "v22.12.0", "v23.11.0", "v16.20.2"]) {
      expect(nodeVersionProblem(unsupported, range), unsupported).toContain(`this is ${unsupported}.`);
    }
  });
});

describe("npm start and npm run dev", () => {
  it("check the version first", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts.prestart).toBe("node scripts/check-node-version.mjs");
    expect(scripts.predev).toBe("node scripts/check-node-version.mjs");
  });

  it("stop on an unsupported Node with the message and exit code 1", async () => {
    const result = await runWithNodeVersion("20.18.1", ["scripts/check-node-version.mjs"]);
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: "Quire needs Node 20.19 or newer (supported: ^20.19.0 || ^22.13.0 || >=24); this is v20.18.1.\n",
    });
  });

  it("go on silently on a supported one", async () => {
    expect(await runWithNodeVersion("20.19.0", ["scripts/check-node-version.mjs"])).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await run(process.execPath, ["scripts/check-node-version.mjs"])).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("npm install", () => {
  it("refuses an unsupported Node before installing anything (engine-strict in .npmrc)", async () => {
    const result = await runWithNodeVersion("20.18.1", [npmCli(), "install", "--dry-run", "--no-audit", "--no-fund"]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("EBADENGINE");
    expect(result.stderr).toContain("Not compatible with your version of node/npm: quire@");
    expect(result.stderr).toContain('Required: {"node":"^20.19.0 || ^22.13.0 || >=24"}');
  }, 60_000);
});
