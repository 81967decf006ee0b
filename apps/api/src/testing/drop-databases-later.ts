import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dropDatabasesStartingWith, dropTestDatabase } from "./server-databases";

/** A run's databases on the test server: every one whose name begins with `prefix` (its copies), then `name` (its template). */
export interface RunDatabases {
  serverUrl: string;
  prefix: string;
  name: string;
}

const root = path.resolve(import.meta.dirname, "..", "..", "..", "..");
const thisFile = fileURLToPath(import.meta.url);
/** Where the processes that drop runs' databases say what they did (test-results/ is ignored by git). */
export const DROP_LOG = path.join(root, "test-results", "database-drops.log");

/** Drops a run's copies, then its template. */
export async function dropRunDatabases({ serverUrl, prefix, name }: RunDatabases): Promise<void> {
  await dropDatabasesStartingWith(serverUrl, prefix);
  await dropTestDatabase(serverUrl, name);
}

/**
 * Drops a run's databases in a process of its own, and returns once that process has started: what a run's
 * teardown calls, so the tests' answer does not wait for the drops. PostgreSQL answers each DROP DATABASE
 * only after a checkpoint; a run of the API tests leaves some 110 copies, whose drops took 21 s at the end of
 * every run (decision 021). The process outlives the test run; it writes one line to `logFile` when it is done,
 * or why it failed. The server's address travels in its environment, not on its command line, which any user
 * of the machine can read.
 */
export function dropRunDatabasesLater(databases: RunDatabases, logFile = DROP_LOG): Promise<void> {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = openSync(logFile, "a");
  try {
    const child = spawn(process.execPath, ["--import", "tsx", thisFile], {
      cwd: root,
      detached: true,
      stdio: ["ignore", log, log],
      env: {
        ...process.env,
        QUIRE_DROP_SERVER_URL: databases.serverUrl,
        QUIRE_DROP_PREFIX: databases.prefix,
        QUIRE_DROP_NAME: databases.name,
      },
    });
    child.unref();
    return new Promise((resolve, reject) => child.once("spawn", resolve).once("error", reject));
  } finally {
    closeSync(log);
  }
}

async function main() {
  const { QUIRE_DROP_SERVER_URL: serverUrl, QUIRE_DROP_PREFIX: prefix, QUIRE_DROP_NAME: name } = process.env;
  if (!serverUrl || !prefix || !name) throw new Error("QUIRE_DROP_SERVER_URL, QUIRE_DROP_PREFIX and QUIRE_DROP_NAME must be set");
  const started = performance.now();
  await dropRunDatabases({ serverUrl, prefix, name });
  console.log(`${new Date().toISOString()} dropped ${name} and its copies in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] === thisFile) {
  main().catch((error: unknown) => {
    console.error(`${new Date().toISOString()} dropping a run's databases failed: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}
