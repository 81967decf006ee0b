import pg from "pg";

// The test server's databases, made and dropped by name: the API tests' copies (test-database-template.ts) and the
// browser journeys' stacks (apps/storefront/tests/e2e/stack.ts) use these. Nothing here loads the API's modules.

/**
 * Drops the databases whose names begin with `prefix` (a run's copies of its template), a few at a time. They are
 * left until the run ends (test-database.ts, and the browser journeys' stacks): PostgreSQL
 * answers DROP DATABASE only after a checkpoint, which writes every other test file's changed pages to disk as
 * well; one drop per file, 109 in a run, kept a core busy with the file system. Drops at the same time share
 * a checkpoint.
 */
export async function dropDatabasesStartingWith(serverUrl: string, prefix: string) {
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
