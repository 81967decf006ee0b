import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

/** One line the API logged (pino's JSON), or a line of other output kept as `msg`. */
export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** The API's real entry point (src/main.ts) running as a process of its own, as `npm start` runs it. */
export interface ApiProcess {
  url: string;
  /** Everything logged so far, oldest first; `stderr` holds any line written there. */
  lines: LogLine[];
  stderr: string[];
  /** Whether the process is still running. */
  isRunning(): boolean;
  /** Resolves with the first line `match` accepts, already logged or still to come; fails if the process exits. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** SIGTERM, then waits for the exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

const apiDir = path.resolve(import.meta.dirname, "..", "..");

/**
 * Starts `src/main.ts` under tsx (no build step) with `env` on top of a clean environment: the shell's own
 * database, mail and port settings never leak in. The API listens on a port the system picks; the URL is read
 * from its "Server listening" log line.
 */
export async function startApiProcess(env: Record<string, string>, startTimeoutMs = 30_000): Promise<ApiProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_|SMTP_|API_|JOB_|LOG_LEVEL$|DATA_DIR$)/.test(name)),
  );
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiDir,
    env: { ...inherited, API_HOST: "127.0.0.1", API_PORT: "0", ...env },
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
    if (!isRunning()) return Promise.reject(new Error(`The API has exited:\n${describe()}`));
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
        reject(new Error(`The API did not log the expected line within ${timeoutMs} ms:\n${describe()}`));
      }, timeoutMs);
      waiters.add(waiter);
      void exited.then(() => {
        if (!waiters.delete(waiter)) return;
        clearTimeout(timer);
        reject(new Error(`The API exited (${child.exitCode ?? child.signalCode}):\n${describe()}`));
      });
    });
  }

  async function stop() {
    if (!isRunning()) return;
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.kill("SIGTERM");
    await exited;
    clearTimeout(timer);
  }

  try {
    const listening = await waitForLog((line) => /^Server listening at http:\/\/127\.0\.0\.1:\d+$/.test(line.msg), startTimeoutMs);
    return { url: listening.msg.replace("Server listening at ", ""), lines, stderr, isRunning, waitForLog, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
