import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-database";
import type { Db } from "./client";
import { MigrationsBeforeBaselineError, runMigrations } from "./migrate";
import { sqlRows } from "./sql-rows";
import journal from "./migrations/meta/_journal.json";

// Migrations 0000-0027 were squashed into one baseline before 1.0 (decision 043). A database they made is not
// upgraded: the migration step refuses it, says what to do, and changes nothing (before, drizzle would have
// applied the baseline on top and failed on its first table). Each test starts from a copy the baseline made:
// an embedded PGlite, or a database on TEST_DATABASE_URL's server.

/** The records the squashed migrations left in `__migrations`: the first's and the last's (hash, time). */
const RECORDS_BEFORE_THE_BASELINE = [
  { hash: "045fa879b9898e01a1e312908aaa8ee2931473276a75e17c69da170c60099227", createdAt: 1795295312200 }, // 0000_init
  { hash: "08a59663ee35a39d13fd5e3c7027b6b6c69b0f1e897b01cf8ffaeef576f14ecc", createdAt: 1795953289568 }, // 0027_outbox-dedupe-key
];

/** What a migration run could change: its records, a message waiting in the outbox, the jobs queued to mail it. */
async function whatMigrationsCouldChange(db: Db) {
  return {
    records: await sqlRows(db, sql`select hash, created_at::text from public.__migrations order by id`),
    outbox: await sqlRows(db, sql`select recipient, sent_at from outbox_messages order by id`),
    mailJobs: await sqlRows(db, sql`select count(*)::int as count from pgboss.job where name = 'mail-delivery'`),
  };
}

describe("a database migrated before the baseline", () => {
  it("is refused with what to do, and nothing in it changes", async () => {
    const database = await createTestDatabase();
    try {
      // As the 28 migrations left one: the baseline's tables (decision 043 compares the two schemas), their
      // records instead of the baseline's, and a mail queued and not yet sent.
      await database.db.execute(sql`delete from public.__migrations`);
      for (const record of RECORDS_BEFORE_THE_BASELINE) {
        await database.db.execute(sql`insert into public.__migrations (hash, created_at) values (${record.hash}, ${record.createdAt})`);
      }
      await database.db.execute(
        sql`insert into outbox_messages (kind, recipient, subject, text_body) values ('signup_request', 'waiting@example.com', 'Hello', 'Hello')`,
      );
      const before = await whatMigrationsCouldChange(database.db);

      const refusal = await runMigrations(database).then(
        () => expect.unreachable("migrated a database made before the baseline"),
        (error: unknown) => error as Error,
      );
      expect(refusal).toBeInstanceOf(MigrationsBeforeBaselineError);
      expect(refusal.message).toContain("was made by an older Quire: it records 2 migrations from before the baseline.");
      expect(refusal.message).toContain("(docs/decisions/043-one-migration-baseline.md). Nothing was changed.");
      if (database.kind === "pglite") {
        expect(refusal.message).toContain(
          "delete the data folder (.data/ in the repository, or the one DATA_DIR names) and run npm start again",
        );
      } else {
        const name = new URL(database.url!).pathname.slice(1);
        expect(refusal.message).toContain(`The database "${name}" at DATABASE_URL`);
        expect(refusal.message).toContain("Point DATABASE_URL at a new, empty database (createdb)");
      }
      expect(await whatMigrationsCouldChange(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it("is told apart from one the baseline made, which migrates again with nothing to do", async () => {
    const database = await createTestDatabase();
    try {
      const before = await whatMigrationsCouldChange(database.db);
      // The baseline's record and one per migration after it, as the journal lists them.
      expect(before.records).toHaveLength(journal.entries.length);
      await runMigrations(database);
      expect(await whatMigrationsCouldChange(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  });
});
