import pg from "pg";

/** Runs once before the API tests. Under CI a missing database fails the run; it never skips. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (process.env.CI) throw new Error("TEST_DATABASE_URL must be set under CI: the API tests run against PostgreSQL");
    console.warn("TEST_DATABASE_URL is not set: API tests run against an in-memory PGlite");
    return;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    throw new Error(`Cannot reach TEST_DATABASE_URL (${url}): ${(error as Error).message}`, { cause: error });
  }
}
