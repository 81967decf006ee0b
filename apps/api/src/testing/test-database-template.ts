import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { dropRunDatabases, dropRunDatabasesLater } from "./drop-databases-later";
import { adminQuery, dropTestDatabase, waitUntilNobodyIsConnected } from "./server-databases";

/**
 * The migrated database every API test file starts from, made once per run by global-setup.ts (decision 021):
 * a database on the test server that `CREATE DATABASE … TEMPLATE` copies, or an embedded data directory's
 * tarball that each file's PGlite loads. Plain data, so vitest can hand it to the test workers.
 */
export type TestDatabaseTemplate = { kind: "postgres"; serverUrl: string; name: string } | { kind: "pglite"; dumpFile: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

/**
 * Migrates a database once (the committed migrations and the job queue's schema) to be copied by every test
 * file. On a server its name is new for each run, so runs side by side never copy or drop each other's.
 * `drop` removes it with every copy made of it (copyPrefix); `dropLater` does so in a process of its own.
 */
export async function createTestDatabaseTemplate(
  serverUrl: string | undefined,
): Promise<{ template: TestDatabaseTemplate; drop(): Promise<void>; dropLater(): Promise<void> }> {
  if (!serverUrl) {
    const database = await openDatabase({});
    let dump: Blob;
    try {
      await runMigrations(database);
      dump = await database.dumpDataDir!();
    } finally {
      await database.close();
    }
    const folder = await mkdtemp(path.join(os.tmpdir(), "quire-test-template-"));
    const dumpFile = path.join(folder, "pgdata.tar");
    await writeFile(dumpFile, new Uint8Array(await dump.arrayBuffer()));
    const drop = () => rm(folder, { recursive: true, force: true });
    return { template: { kind: "pglite", dumpFile }, drop, dropLater: drop };
  }

  const run = randomBytes(6).toString("hex");
  const name = `quire_template_${run}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  try {
    // One connection, closed and gone before any copy: PostgreSQL refuses to copy a database someone is in.
    const database = await openDatabase({ url: databaseUrl(serverUrl, name), maxConnections: 1 });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    await waitUntilNobodyIsConnected(serverUrl, name);
  } catch (error) {
    await dropTestDatabase(serverUrl, name);
    throw error;
  }
  const databases = { serverUrl, prefix: copyPrefix(run), name };
  return {
    template: { kind: "postgres", serverUrl, name },
    drop: () => dropRunDatabases(databases),
    // What the run's teardown calls: its answer need not wait for some 110 drops (drop-databases-later.ts).
    dropLater: () => dropRunDatabasesLater(databases),
  };
}

/** What the names of a run's copies of its template begin with (test-database.ts names them). */
function copyPrefix(run: string): string {
  return `quire_test_${run}_`;
}

/** The name for a new copy of `template`: the run's prefix and a part of its own. */
export function copyName(template: { name: string }): string {
  return `${copyPrefix(template.name.slice("quire_template_".length))}${randomBytes(6).toString("hex")}`;
}

/** The connection string of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
