import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { installJobQueue } from "../modules/jobs/job-queue";
import type { Database } from "./client";
import { readJournal } from "./migration-files";
import { sqlRows } from "./sql-rows";

/** The committed SQL migrations. Resolved from this file so it works from source and from the bundle. */
export const migrationsFolder = path.resolve(import.meta.dirname, "migrations");

/**
 * Applies every pending migration. Migration bookkeeping lives in the same schema as the tables. The job
 * queue's own schema (pg-boss, `pgboss`) is installed or upgraded first, so a migration may queue jobs.
 * A database migrated by the migrations the baseline replaced is refused before anything is changed.
 */
export async function runMigrations(database: Database, options: { folder?: string } = {}) {
  const folder = options.folder ?? migrationsFolder;
  await refuseMigrationsBeforeBaseline(database, folder);
  await installJobQueue(database.db);
  const config = {
    migrationsFolder: folder,
    migrationsSchema: "public",
    migrationsTable: "__migrations",
  };
  if (database.kind === "postgres") {
    await migrateNodePg(database.db as unknown as NodePgDatabase, config);
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  }
}

/**
 * The database holds migrations older than the folder's first one, the baseline that replaced them (decision
 * 043). Drizzle would apply the baseline on top of them and fail on its first table, which exists already.
 */
export class MigrationsBeforeBaselineError extends Error {
  override readonly name = "MigrationsBeforeBaselineError";
}

/**
 * Drizzle records each applied migration with its journal entry's time (`created_at`) and applies those whose
 * time is later than the latest recorded. The migrations squashed into the baseline (0000-0027) all have
 * earlier times than the baseline's, so a record earlier than the first journal entry is one of them.
 */
async function refuseMigrationsBeforeBaseline(database: Database, folder: string) {
  const baseline = (await readJournal(folder)).entries[0];
  if (!baseline) return;
  const [table] = await sqlRows<{ found: string | null }>(database.db, sql`select to_regclass('public.__migrations')::text as found`);
  if (!table!.found) return;
  const [older] = await sqlRows<{ count: number; database: string }>(
    database.db,
    sql`select count(*)::int as count, current_database() as database from public.__migrations where created_at < ${baseline.when}`,
  );
  if (older!.count === 0) return;

  const what = `${older!.count} migration${older!.count === 1 ? "" : "s"} from before the baseline`;
  const why =
    "Quire's migrations up to 0027 were squashed into one baseline before 1.0, with no upgrade from them " +
    "(docs/decisions/043-one-migration-baseline.md). Nothing was changed.";
  throw new MigrationsBeforeBaselineError(
    database.kind === "pglite"
      ? `The embedded database was made by an older Quire: it records ${what}.\n${why}\nIt holds the demo shop ` +
          "only: stop Quire, delete the data folder (.data/ in the repository, or the one DATA_DIR names) and run " +
          "npm start again for a fresh demo shop."
      : `The database "${older!.database}" at DATABASE_URL was made by an older Quire: it records ${what}.\n${why}\n` +
          "Point DATABASE_URL at a new, empty database (createdb) and run the migrations there; the data in this one is " +
          "not carried over.",
  );
}
