import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

/** One line the API logged (pino's JSON), or a line of other output kept as `msg`. */
export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** One of the API's real entry points running as a process of its own, as `npm start` or `npm run worker` runs it. */
export interface EntryPointProcess {
  /** Everything logged so far, oldest first; `stderr` holds any line written there. */
  lines: LogLine[];
  stderr: string[];
  /** Whether the process is still running. */
  isRunning(): boolean;
  /** Resolves with the first line `match` accepts, already logged or still to come; fails if the process exits. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** SIGTERM, then waits for the exit (SIGKILL after `killAfterMs`, 10 s unless given). */
  stop(options?: { killAfterMs?: number }): Promise<void>;
  /** SIGKILL, as a crash or the OOM killer ends a process: nothing runs after it. Waits for the exit. */
  kill(): Promise<void>;
  /** How the process ended: its exit code, or the signal that ended it; null while it runs. */
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | null;
}

/** The API (src/main.ts), listening at `url`. */
export interface ApiProcess extends EntryPointProcess {
  url: string;
}

/** The background jobs' worker (src/worker.ts), started once it logged "job worker started". */
export type WorkerProcess = EntryPointProcess;

const apiDir = path.resolve(import.meta.dirname, "..", "..");

/**
 * The sources a built entry point is made of: the API's own and the workspace packages it bundles in.
 * Test files are left out (none reaches the bundle; its build refuses the test runner).
 */
const bundledSources = [
  path.join(apiDir, "src"),
  ...["contracts", "money", "telemetry"].map((name) => path.join(apiDir, "..", "..", "packages", name, "src")),
];

/** The newest modification time of a file under `directory`, skipping tests. */
function newestSourceTime(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Whether every one of `builtFiles` exists and is newer than every source file (tests aside) under `sourceDirectories`. */
export function isBuildCurrent(builtFiles: string[], sourceDirectories: string[]): boolean {
  let builtAt: number;
  try {
    builtAt = Math.min(...builtFiles.map((file) => statSync(file).mtimeMs));
  } catch {
    return false;
  }
  return sourceDirectories.every((directory) => newestSourceTime(directory) < builtAt);
}

/**
 * What runs an entry point: its built bundle (`dist/main.js`, `dist/worker.js`), as `npm start` runs it, when
 * the build is newer than every source it was made from (`npm test` builds before the API tests); otherwise
 * the source under tsx, so a change not yet built is what the test runs. The bundle answers in less than half
 * the time (about 2 s against 4-6 s), which tsx spends compiling the API as it loads (decision 021). Decided
 * once per test process.
 */
let builtIsCurrent: boolean | undefined;
function commandFor(entryPoint: "main" | "worker"): string[] {
  builtIsCurrent ??= isBuildCurrent(
    ["main", "worker"].map((name) => path.join(apiDir, "dist", `${name}.js`)),
    bundledSources,
  );
  return builtIsCurrent ? [path.join(apiDir, "dist", `${entryPoint}.js`)] : ["--import", "tsx", `src/${entryPoint}.ts`];
}

/**
 * Starts the API (src/main.ts, or its current build) with `env` on top of a clean environment: the shell's own
 * database, mail and port settings never leak in. The API listens on a port the system picks (unless `env`
 * names one: a restarted API keeps its address); the URL is read from its "Server listening" log line.
 */
/**
 * How long a start may take: tsx compiles the API as it loads, which on two cores busy with the browser journeys
 * has taken over 30 s (the process still starts; it only says so late).
 */
const START_TIMEOUT_MS = 90_000;

export async function startApiProcess(env: Record<string, string>, startTimeoutMs = START_TIMEOUT_MS): Promise<ApiProcess> {
  const child = spawnEntryPoint("main", { API_HOST: "127.0.0.1", API_PORT: "0", ...env });
  try {
    const listening = await child.waitForLog((line) => /^Server listening at http:\/\/127\.0\.0\.1:\d+$/.test(line.msg), startTimeoutMs);
    return { ...child, url: listening.msg.replace("Server listening at ", "") };
  } catch (error) {
    await child.stop();
    throw error;
  }
}

/** Starts the worker (src/worker.ts, or its current build) the same way, resolving once it runs jobs. */
export async function startWorkerProcess(env: Record<string, string>, startTimeoutMs = START_TIMEOUT_MS): Promise<WorkerProcess> {
  const child = spawnEntryPoint("worker", env);
  try {
    await child.waitForLog((line) => line.msg === "job worker started", startTimeoutMs);
    return child;
  } catch (error) {
    await child.stop();
    throw error;
  }
}

function spawnEntryPoint(entryPoint: "main" | "worker", env: Record<string, string>): EntryPointProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_|SMTP_|API_|JOB_|LOG_LEVEL$|DATA_DIR$)/.test(name)),
  );
  const child = spawn(process.execPath, commandFor(entryPoint), {
    cwd: apiDir,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: LogLine[] = [];
  const stderr: string[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  createInterface({ input: child.stdout }).on("line", (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      line = { level: 30, msg: text };
    }
    lines.push(line);
    for (const waiter of waiters) {
      if (waiter.match(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  });
  createInterface({ input: child.stderr }).on("line", (text) => void stderr.push(text));

  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const describe = () => [...lines.slice(-30).map((line) => JSON.stringify(line)), ...stderr.slice(-30)].join("\n");

  function waitForLog(match: (line: LogLine) => boolean, timeoutMs = 10_000): Promise<LogLine> {
    const seen = lines.find(match);
    if (seen) return Promise.resolve(seen);
    if (!isRunning()) return Promise.reject(new Error(`The process has exited:\n${describe()}`));
    return new Promise<LogLine>((resolve, reject) => {
      const waiter = {
        match,
        resolve: (line: LogLine) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`The process did not log the expected line within ${timeoutMs} ms:\n${describe()}`));
      }, timeoutMs);
      waiters.add(waiter);
      void exited.then(() => {
        if (!waiters.delete(waiter)) return;
        clearTimeout(timer);
        reject(new Error(`The process exited (${child.exitCode ?? child.signalCode}):\n${describe()}`));
      });
    });
  }

  async function stop({ killAfterMs = 10_000 } = {}) {
    if (!isRunning()) return;
    const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.kill("SIGTERM");
    await exited;
    clearTimeout(timer);
  }

  async function kill() {
    if (!isRunning()) return;
    child.kill("SIGKILL");
    await exited;
  }

  const exitStatus = () => (isRunning() ? null : { code: child.exitCode, signal: child.signalCode });
  return { lines, stderr, isRunning, waitForLog, stop, kill, exitStatus };
}
