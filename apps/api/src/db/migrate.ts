import path from "node:path";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { installJobQueue } from "../modules/jobs/job-queue";
import type { Database } from "./client";

/** The committed SQL migrations. Resolved from this file so it works from source and from the bundle. */
export const migrationsFolder = path.resolve(import.meta.dirname, "migrations");

/**
 * Applies every pending migration. Migration bookkeeping lives in the same schema as the tables. The job
 * queue's own schema (pg-boss, `pgboss`) is installed or upgraded first, so a migration may queue jobs.
 */
export async function runMigrations(database: Database, options: { folder?: string } = {}) {
  await installJobQueue(database.db);
  const config = {
    migrationsFolder: options.folder ?? migrationsFolder,
    migrationsSchema: "public",
    migrationsTable: "__migrations",
  };
  if (database.kind === "postgres") {
    await migrateNodePg(database.db as unknown as NodePgDatabase, config);
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  }
}
