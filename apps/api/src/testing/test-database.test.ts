import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { migrationsFolder } from "../db/migrate";
import { sqlRows } from "../db/sql-rows";
import { JOB_QUEUES } from "../modules/jobs/job-catalogue";
import { SCHEDULED_JOBS_QUEUE } from "../modules/jobs/job-queue";
import { createTestDatabase } from "./test-database";
import { adminQuery, waitUntilNobodyIsConnected } from "./server-databases";
import { createTestDatabaseTemplate, databaseUrl, type TestDatabaseTemplate } from "./test-database-template";

// Every API test file starts from a copy of one database migrated per run (decision 021). These tests hold
// the copies to what a fresh migration gave each file: everything applied, and nothing shared between files.

async function appliedMigrations(db: Db) {
  const [row] = await sqlRows<{ count: number }>(db, sql`select count(*)::int as count from public.__migrations`);
  return row!.count;
}
async function committedMigrations() {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}
/** Every job's queue, and the one pg-boss's scheduler moves due scheduled jobs through. */
const installedQueues = [...Object.keys(JOB_QUEUES), SCHEDULED_JOBS_QUEUE].sort();
async function jobQueues(db: Db) {
  const rows = await sqlRows<{ name: string }>(db, sql`select name from pgboss.queue order by name`);
  return rows.map((row) => row.name);
}
async function hasTable(db: Db, name: string) {
  const [row] = await sqlRows<{ found: string | null }>(db, sql`select to_regclass(${name})::text as found`);
  return row!.found !== null;
}

describe("the test database a file gets", () => {
  it("has every committed migration applied and every job queue created", async () => {
    const database = await createTestDatabase();
    try {
      expect(database.queries, "the file's query log starts empty").toEqual([]);
      expect(await appliedMigrations(database.db)).toBe(await committedMigrations());
      expect(await jobQueues(database.db)).toEqual(installedQueues);
    } finally {
      await database.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
const drivers: { name: string; make: () => ReturnType<typeof createTestDatabaseTemplate> }[] = [
  { name: "an embedded PGlite", make: () => createTestDatabaseTemplate(undefined) },
];
if (serverUrl) drivers.push({ name: "the test server", make: () => createTestDatabaseTemplate(serverUrl) });

describe.each(drivers)("a template on $name", ({ make }) => {
  it("is copied whole into each database, the copies share nothing, and drop removes it", async () => {
    const { template, drop } = await make();
    try {
      const first = await createTestDatabase(template);
      const second = await createTestDatabase(template);
      try {
        for (const copy of [first, second]) {
          expect(await appliedMigrations(copy.db)).toBe(await committedMigrations());
          expect(await jobQueues(copy.db)).toEqual(installedQueues);
        }
        await first.db.execute(sql`create table only_in_the_first (id int primary key)`);
        await first.db.execute(sql`insert into only_in_the_first values (1)`);
        expect(await hasTable(first.db, "only_in_the_first")).toBe(true);
        expect(await hasTable(second.db, "only_in_the_first")).toBe(false);

        // A database copied after the first one changed starts from the template, not from the first.
        const third = await createTestDatabase(template);
        try {
          expect(await hasTable(third.db, "only_in_the_first")).toBe(false);
        } finally {
          await third.close();
        }
      } finally {
        await first.close();
        await second.close();
      }
    } finally {
      await drop();
    }
    expect(await templateExists(template)).toBe(false);
    // Migrates a template from nothing, then copies it three times: 30-40 s for PGlite on a loaded machine, past
    // 120 s with a load average of 12-16.
  }, 300_000);
});

async function templateExists(template: TestDatabaseTemplate) {
  if (template.kind === "pglite") return existsSync(template.dumpFile);
  return databaseExists(template.serverUrl, template.name);
}
async function databaseExists(serverUrl: string, name: string) {
  const rows = await adminQuery<{ count: number }>(serverUrl, `select count(*)::int as count from pg_database where datname = '${name}'`);
  return rows[0]!.count > 0;
}

// On the test server only: PostgreSQL copies the template database itself, which a test can mark.
describe.each(serverUrl ? [serverUrl] : [])("a copy on the test server", (url) => {
  it("holds what the template held when it was copied, and is dropped with the template when the run ends", async () => {
    const { template, drop } = await createTestDatabaseTemplate(url);
    const another = await createTestDatabaseTemplate(url);
    try {
      if (template.kind !== "postgres" || another.template.kind !== "postgres") throw new Error("expected server templates");
      const templateUrl = databaseUrl(template.serverUrl, template.name);
      await adminQuery(templateUrl, "create table marked_in_the_template (id int primary key)");
      await waitUntilNobodyIsConnected(template.serverUrl, template.name);

      const copy = await createTestDatabase(template);
      const name = new URL(copy.url!).pathname.slice(1);
      expect(name).toMatch(/^quire_test_[0-9a-f]{12}_[0-9a-f]{12}$/);
      expect(await hasTable(copy.db, "marked_in_the_template")).toBe(true);
      await copy.close();
      // Left for the run's end: a DROP DATABASE makes PostgreSQL checkpoint, which every file paid for.
      expect(await databaseExists(template.serverUrl, name)).toBe(true);
      const othersCopy = await createTestDatabase(another.template);
      await othersCopy.close();
      const othersName = new URL(othersCopy.url!).pathname.slice(1);

      await drop();
      expect(await databaseExists(template.serverUrl, name)).toBe(false);
      expect(await databaseExists(template.serverUrl, template.name)).toBe(false);
      expect(await databaseExists(template.serverUrl, othersName), "another run's copy").toBe(true);
    } finally {
      await drop();
      await another.drop();
    }
  });

  it("is dropped with the template by a process of its own when the run's teardown asks (dropLater)", async () => {
    const { template, drop, dropLater } = await createTestDatabaseTemplate(url);
    try {
      if (template.kind !== "postgres") throw new Error("expected a server template");
      const copy = await createTestDatabase(template);
      await copy.close();
      const name = new URL(copy.url!).pathname.slice(1);

      await dropLater();
      await expect.poll(() => databaseExists(template.serverUrl, name), { timeout: 30_000 }).toBe(false);
      await expect.poll(() => databaseExists(template.serverUrl, template.name), { timeout: 30_000 }).toBe(false);
    } finally {
      await drop();
    }
  });
});
