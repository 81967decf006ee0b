import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../db/client";
import { runMigrations } from "../db/migrate";

export interface TestDatabase extends Database {
  /** Every SQL statement run since the last `resetQueryLog()`. */
  queries: string[];
  resetQueryLog(): void;
  /** Connection string of this test's database (real PostgreSQL only). */
  url?: string;
}

/**
 * A freshly migrated database of its own for one test file: a new database on TEST_DATABASE_URL's server
 * (real PostgreSQL, as CI runs), or an in-memory PGlite when the variable is unset. Dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const queries: string[] = [];
  const onQuery = (sql: string) => void queries.push(sql);
  const resetQueryLog = () => void (queries.length = 0);

  if (!serverUrl) {
    const database = await openDatabase({ onQuery });
    await runMigrations(database);
    resetQueryLog();
    return { ...database, queries, resetQueryLog };
  }

  const name = `quire_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), onQuery, maxConnections: 20 });
  await runMigrations(database);
  resetQueryLog();
  return {
    ...database,
    url: url.toString(),
    queries,
    resetQueryLog,
    async close() {
      await database.close();
      // pg's pool.end() resolves once its connections are told to end, before they have; a FORCE drop
      // in that gap terminates them mid-goodbye, which surfaces as an unhandled pool error. Wait for them.
      await adminQuery(
        serverUrl,
        `DO $$ BEGIN
           FOR attempt IN 1..50 LOOP
             EXIT WHEN NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = '${name}');
             PERFORM pg_sleep(0.02);
           END LOOP;
         END $$`,
      );
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
