import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { adminQuery } from "./server-databases";
import { copyName, databaseUrl, type TestDatabaseTemplate } from "./test-database-template";

export interface TestDatabase extends Database {
  /** Every SQL statement run since the last `resetQueryLog()`. */
  queries: string[];
  resetQueryLog(): void;
  /** Connection string of this test's database (real PostgreSQL only). */
  url?: string;
}

/**
 * A migrated database of its own for one test file, copied from the run's template (global-setup.ts, decision
 * 021): a new database on TEST_DATABASE_URL's server (real PostgreSQL, as CI runs), or an in-memory PGlite when
 * the variable is unset. Closing ends its connections; on the server the database itself is dropped with the
 * template when the run ends (test-database-template.ts says why), and nothing opens it again.
 */
export async function createTestDatabase(template: TestDatabaseTemplate = providedTemplate()): Promise<TestDatabase> {
  const queries: string[] = [];
  const onQuery = (sql: string) => void queries.push(sql);
  const resetQueryLog = () => void (queries.length = 0);

  if (template.kind === "pglite") {
    const database = await openDatabase({ loadDataDir: new Blob([await readFile(template.dumpFile)]), onQuery });
    return { ...database, queries, resetQueryLog };
  }

  const { serverUrl } = template;
  const name = copyName(template);
  await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template.name}"`);
  const url = databaseUrl(serverUrl, name);
  // The race tests send dozens of requests at once to a pool of 20, on a machine that also runs the browser
  // journeys: a connection may take longer than the API's 5 s to come free, and the call would answer 503 (as it
  // should under such a load in production). What they test is what the requests do with the rows, so they wait
  // as long as a test may (database-outage.test.ts holds the 5 s wait itself).
  const database = await openDatabase({ url, onQuery, maxConnections: 20, connectionTimeoutMs: 30_000 });
  return {
    ...database,
    url,
    queries,
    resetQueryLog,
    async close() {
      await database.close();
    },
  };
}

function providedTemplate(): TestDatabaseTemplate {
  const template = inject("testDatabaseTemplate");
  if (!template) throw new Error("No test database template: the api project's global setup (testing/global-setup.ts) makes it");
  return template;
}
