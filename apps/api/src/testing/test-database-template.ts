import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";

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
 * `drop` removes it when the run ends, with every copy made of it (copyPrefix).
 */
export async function createTestDatabaseTemplate(
  serverUrl: string | undefined,
): Promise<{ template: TestDatabaseTemplate; drop(): Promise<void> }> {
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
    return { template: { kind: "pglite", dumpFile }, drop: () => rm(folder, { recursive: true, force: true }) };
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
  const copies = copyPrefix(run);
  return {
    template: { kind: "postgres", serverUrl, name },
    async drop() {
      await dropCopies(serverUrl, copies);
      await dropTestDatabase(serverUrl, name);
    },
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

/**
 * Drops the copies a run made, a few at a time. They are left until the run ends (test-database.ts): PostgreSQL
 * answers DROP DATABASE only after a checkpoint, which writes every other test file's changed pages to disk as
 * well; one drop per file, 109 in a run, kept a core busy with the file system. Drops at the same time share
 * a checkpoint.
 */
async function dropCopies(serverUrl: string, prefix: string) {
  const rows = await adminQuery<{ datname: string }>(
    serverUrl,
    `SELECT datname FROM pg_database WHERE starts_with(datname, '${prefix}') ORDER BY datname`,
  );
  const names = rows.map((row) => row.datname);
  const atOnce = 8;
  for (let start = 0; start < names.length; start += atOnce) {
    await Promise.all(names.slice(start, start + atOnce).map((name) => dropTestDatabase(serverUrl, name)));
  }
}

/** The connection string of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a test database once its connections are gone. */
export async function dropTestDatabase(serverUrl: string, name: string) {
  // pg's pool.end() resolves once its connections are told to end, before they have; a FORCE drop in that gap
  // terminates them mid-goodbye, which surfaces as an unhandled pool error. Wait for them.
  await waitUntilNobodyIsConnected(serverUrl, name);
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Waits (up to a second) until no session is connected to database `name`. */
export async function waitUntilNobodyIsConnected(serverUrl: string, name: string) {
  await adminQuery(
    serverUrl,
    `DO $$ BEGIN
       FOR attempt IN 1..50 LOOP
         EXIT WHEN NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = '${name}');
         PERFORM pg_sleep(0.02);
       END LOOP;
     END $$`,
  );
}

/** Runs one statement on its own connection: CREATE and DROP DATABASE cannot run inside the database they name. */
export async function adminQuery<Row extends object = object>(serverUrl: string, statement: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<Row>(statement)).rows;
  } finally {
    await client.end();
  }
}
