import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/*
 * Debian's Varnish in front of a storefront (or a balancer of several), configured by deploy/varnish/quire.vcl as an
 * operator would (decision 064): for the shared page cache's journey and the bench. Its files live in a folder of its
 * own, removed when it stops.
 */

export const VARNISHD = "/usr/sbin/varnishd";
const VCL = path.resolve(import.meta.dirname, "..", "..", "deploy", "varnish", "quire.vcl");

export interface Varnish {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts varnishd on `port` with quire.vcl and `backend` (an http URL) as its backends.vcl, and resolves once it
 * answers `readyPath` through the backend. Fails with varnishd's own words if it exits first, or after `timeoutMs`.
 */
export async function startVarnish(options: { port: number; backend: string; readyPath?: string; timeoutMs?: number }): Promise<Varnish> {
  if (!existsSync(VARNISHD)) throw new Error(`${VARNISHD} is missing: apt-get install -y varnish varnish-modules`);
  const folder = await mkdtemp(path.join(os.tmpdir(), "quire-varnish-"));
  await chmod(folder, 0o755);
  await copyFile(VCL, path.join(folder, "quire.vcl"));
  const backend = new URL(options.backend);
  await writeFile(
    path.join(folder, "backends.vcl"),
    `backend default {\n    .host = "${backend.hostname}";\n    .port = "${backend.port}";\n}\n`,
  );
  // In the foreground, without a jail (the caller's own files and user), its work files in its folder.
  const child: ChildProcess = spawn(
    VARNISHD,
    [
      "-F",
      "-j",
      "none",
      "-n",
      path.join(folder, "work"),
      "-a",
      `127.0.0.1:${options.port}`,
      "-f",
      path.join(folder, "quire.vcl"),
      "-s",
      "malloc,256m",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited: ${output.join("")}`);
    }
    const status = await fetch(`${url}${options.readyPath ?? "/health"}`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { url, pid: child.pid, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not answer ${options.readyPath ?? "/health"} within the time: ${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
