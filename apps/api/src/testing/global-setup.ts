import pg from "pg";
import type { TestProject } from "vitest/node";
import { createTestDatabaseTemplate } from "./test-database-template";

/**
 * Runs once before the API tests. Under CI a missing database fails the run; it never skips. Then migrates the
 * one database every test file copies (decision 021), and returns the teardown that drops it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // `npm run test:api:embedded` (TEST_EMBEDDED_DATABASE=1) asks for PGlite on purpose, under CI too.
    if (process.env.CI && !process.env.TEST_EMBEDDED_DATABASE) {
      throw new Error("TEST_DATABASE_URL must be set under CI: the API tests run against PostgreSQL");
    }
    console.warn("TEST_DATABASE_URL is not set: API tests run against an in-memory PGlite");
  } else {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
    } catch (error) {
      throw new Error(`Cannot reach TEST_DATABASE_URL (${url}): ${(error as Error).message}`, { cause: error });
    }
  }

  let { template, drop, dropLater } = await createTestDatabaseTemplate(url);
  project.provide("testDatabaseTemplate", template);
  // Watch mode: a rerun may follow a new migration, so it starts from a template migrated again.
  project.onTestsRerun(async () => {
    await drop();
    ({ template, drop, dropLater } = await createTestDatabaseTemplate(url));
    project.provide("testDatabaseTemplate", template);
  });
  // The run's answer does not wait for its databases to be dropped (drop-databases-later.ts).
  return () => dropLater();
}
