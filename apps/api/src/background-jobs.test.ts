import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startInProcessJobs, type JobLog } from "./background-jobs";
import { sqlRows } from "./db/sql-rows";
import { loadEnv } from "./env";
import { JOB_SCHEDULES } from "./modules/jobs/job-catalogue";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";

// The API's in-process worker and its switch (JOBS_WORKER): what main.ts runs at start.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const quietLog = (): JobLog => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
/** The schedules pg-boss holds, by name. */
const schedules = () => sqlRows<{ name: string; cron: string }>(database.db, sql`select name, cron from pgboss.schedule order by name`);

describe("the API's background jobs", () => {
  it("with JOBS_WORKER=off, are not run by the API: no worker starts and nothing is scheduled", async () => {
    await database.db.execute(sql`delete from pgboss.schedule`);
    const log = quietLog();
    const env = loadEnv({ JOBS_WORKER: "off", DATABASE_URL: "postgres://quire@db.example/quire" });
    expect(await startInProcessJobs({ env, database, log })).toBeNull();
    expect(await schedules()).toEqual([]);
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^JOBS_WORKER=off: .*npm run worker/));
  });

  it("by default, run in the API's worker, which registers the catalogue's schedules when it starts", async () => {
    await database.db.execute(sql`delete from pgboss.schedule`);
    const worker = await startInProcessJobs({ env: loadEnv({}), database, log: quietLog() });
    try {
      expect(worker).not.toBeNull();
      const expected = Object.entries(JOB_SCHEDULES).map(([name, cron]) => ({ name, cron }));
      expect(await schedules()).toEqual(expected.sort((a, b) => a.name.localeCompare(b.name)));
    } finally {
      await worker?.stop();
    }
  });
});
