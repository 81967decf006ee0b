import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

/** A server the benchmark started as a process of its own, on a loopback port. */
export interface Server {
  name: string;
  url: string;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Stops every server still running (on Ctrl-C or a failure), each by its own process id. */
export function stopAllServers() {
  for (const child of running) child.kill("SIGTERM");
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/**
 * Starts `node <args>` with its output in `logFile` and waits until `readyPath` answers (any status below 500).
 * Node is started directly, not through npm, so the process id is the server's own and its CPU time can be read.
 */
export async function startServer(options: {
  name: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  port: number;
  logFile: string;
  readyPath?: string;
  timeoutMs?: number;
}): Promise<Server> {
  const log = openSync(options.logFile, "a");
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", log, log],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await once(child, "exit");
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${options.name} exited with code ${child.exitCode}; its log: ${options.logFile}\n${tail(options.logFile)}`);
    }
    try {
      const response = await fetch(`${url}${options.readyPath ?? "/"}`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status < 500) return { name: options.name, url, pid: child.pid!, logFile: options.logFile, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`${options.name} did not answer within ${(options.timeoutMs ?? 60_000) / 1000} s; its log: ${options.logFile}`);
}

function tail(file: string): string {
  try {
    return readFileSync(file, "utf8").slice(-2000);
  } catch {
    return "";
  }
}

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux this runs on (USER_HZ). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has used so far, in milliseconds; Linux only. */
export function cpuMillisOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const userTicks = Number(fields[11]);
  const systemTicks = Number(fields[12]);
  return ((userTicks + systemTicks) * 1000) / CLOCK_TICKS_PER_SECOND;
}
